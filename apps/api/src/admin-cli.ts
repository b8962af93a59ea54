// `npm run admin:create`: creates an admin from the terminal (asks what is missing) or from flags.
import { stdin, stdout } from 'node:process';
import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { AppError } from '@tables-voisines/contract/errors';
import { CreateAdminBodySchema } from '@tables-voisines/contract/schemas/account';
import { ConfigError, loadConfig } from './config';
import { DataDirLockedError, openDatabase } from './db/client';
import { migrateDatabase, STARTUP_LOCK_KEY } from './db/migrate';
import { realClock } from './lib/clock';
import { createAdmin } from './modules/admins/admins.service';
import { WRITE_CONSUMERS } from './write-consumers';

const HELP = `Créer un administrateur.

  npm run admin:create                       pose les questions dans le terminal
  npm run admin:create -- --username chef --email chef@exemple.fr --password '...' \\
                          [--permission manage:all] [--permission read:establishment ...]

Sans --permission, l’administrateur reçoit manage:all (tous les droits).
La base de données est celle de la configuration (DATABASE_URL, sinon DATA_DIR) ; en mode embarqué,
arrêtez d’abord le serveur.`;

function parsePermission(value: string): { action: string; subject: string } {
  const [action = '', subject = ''] = value.split(':');
  return { action: action.trim(), subject: subject.trim() };
}

async function ask(question: string, hidden = false): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, callback) {
      if (!muted) stdout.write(chunk);
      callback();
    },
  });
  const rl = createInterface({ input: stdin, output, terminal: true });
  try {
    const answer = rl.question(question);
    muted = hidden;
    const value = await answer;
    if (hidden) stdout.write('\n');
    return value;
  } finally {
    rl.close();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      username: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      permission: { type: 'string', multiple: true },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    console.log(HELP);
    return;
  }
  const interactive = stdin.isTTY === true;
  let { username, email, password } = values;
  const missing = [
    username === undefined && '--username',
    email === undefined && '--email',
    password === undefined && '--password',
  ].filter(Boolean);
  if (missing.length > 0 && !interactive) {
    throw new Error(`Il manque ${missing.join(', ')} (ou lancez la commande dans un terminal).\n\n${HELP}`);
  }
  username ??= await ask('Nom d’utilisateur : ');
  email ??= await ask('Adresse e-mail : ');
  if (password === undefined) {
    password = await ask('Mot de passe (10 caractères au moins) : ', true);
    const again = await ask('Mot de passe, à nouveau : ', true);
    if (again !== password) throw new Error('Les deux mots de passe diffèrent.');
  }
  const permissions = (values.permission ?? ['manage:all']).map(parsePermission);

  const parsed = CreateAdminBodySchema.safeParse({ username, email, password, permissions });
  if (!parsed.success) {
    throw new Error(
      parsed.error.issues
        .map((issue) => `  - ${issue.path.join('.') || 'valeur'} : ${issue.message}`)
        .join('\n'),
    );
  }

  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const admin = await database.runExclusive(STARTUP_LOCK_KEY, async () => {
      await migrateDatabase(database);
      return createAdmin(
        { db: database.db, config, clock: realClock, writeConsumers: WRITE_CONSUMERS },
        null,
        parsed.data,
      );
    });
    const rights = admin.permissions.map((p) => `${p.action}:${p.subject}`).join(', ') || 'aucun droit';
    console.log(`Administrateur « ${admin.username} » créé (${rights}).`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof AppError) {
    const details = Array.isArray(error.details)
      ? (error.details as { message?: string }[]).map((d) => `\n  - ${d.message ?? ''}`).join('')
      : '';
    console.error(`${error.message}${details}`);
  } else if (error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof Error) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});

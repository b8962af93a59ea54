import { randomUUID } from 'node:crypto';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { passwordProblem, hashPassword } from '../lib/passwords';
import { countAdmins, insertAdmin } from '../modules/admins/admins.queries';

export class BootstrapAdminError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BootstrapAdminError';
  }
}

/**
 * When no admin exists and `ADMIN_USERNAME`/`ADMIN_PASSWORD` are set, creates that admin with `manage all`.
 * Runs at start inside the startup lock, so replicas starting together create it once. Answers the
 * username created, or `null` when nothing was done.
 */
export async function bootstrapAdmin(config: Config, db: Db): Promise<string | null> {
  const wanted = config.bootstrapAdmin;
  if (wanted === undefined || (await countAdmins(db)) > 0) return null;
  const problem = passwordProblem(wanted.password, [wanted.username]);
  if (problem !== null) throw new BootstrapAdminError(`ADMIN_PASSWORD : ${problem}`);
  const created = await insertAdmin(db, {
    id: randomUUID(),
    username: wanted.username,
    // The environment gives no address; the admin fills it in from the back office.
    email: '',
    passwordHash: await hashPassword(wanted.password),
    permissions: [{ action: 'manage', subject: 'all' }],
  });
  return created === null ? null : created.username;
}

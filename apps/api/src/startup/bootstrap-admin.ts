import { AppError } from '@tables-voisines/contract/errors';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { realClock } from '../lib/clock';
import { passwordProblem } from '../lib/passwords';
import { countAdmins } from '../modules/admins/admins.queries';
import { createAdmin } from '../modules/admins/admins.service';
import { WRITE_CONSUMERS } from '../write-consumers';

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
  try {
    const created = await createAdmin(
      { db, config, clock: realClock, writeConsumers: WRITE_CONSUMERS },
      null,
      {
        username: wanted.username,
        // The environment gives no address; the admin fills it in from the back office.
        email: '',
        password: wanted.password,
        permissions: [{ action: 'manage', subject: 'all' }],
      },
    );
    return created.username;
  } catch (error) {
    // Another replica created it meanwhile.
    if (error instanceof AppError && error.code === 'UsernameAlreadyUsed') return null;
    throw error;
  }
}

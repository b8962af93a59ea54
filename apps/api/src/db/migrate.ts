import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrationsDir } from '../paths';
import type { Database } from './client';

/** Held while migrating and seeding, so replicas starting together take turns. */
export const STARTUP_LOCK_KEY = 7_284_113_906;

/** Applies the checked-in migrations (apps/api/drizzle), the same SQL on both engines. */
export async function migrateDatabase(database: Database): Promise<void> {
  const config = { migrationsFolder: migrationsDir };
  // Each driver's migrator wants its own database type; both are the same PgDatabase underneath.
  if (database.engine === 'pglite') await migratePglite(database.db as never, config);
  else await migratePg(database.db as never, config);
}

import { asc } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { groups } from '../../db/schema';

export async function findGroups(db: DbOrTx) {
  return db.select().from(groups).orderBy(asc(groups.name), asc(groups.id));
}

export function toGroup(row: typeof groups.$inferSelect) {
  return {
    id: row.id,
    name: row.name,
    latitude: row.latitude,
    longitude: row.longitude,
    radius: row.radiusKm,
  };
}

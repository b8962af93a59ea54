import { asc, inArray, sql } from 'drizzle-orm';
import { circleContainsPoint, type LatLng } from '@tables-voisines/contract/geo';
import type { DbOrTx } from '../../db/client';
import { groupMembers, groups } from '../../db/schema';

/**
 * Groups whose circle contains the place, plus the groups it was added to by hand, by name. Circles are
 * tested with the contract's distance, the one the map uses, so the page and the map never disagree;
 * there are a few dozen groups at most.
 */
export async function findGroupsOfEstablishment(db: DbOrTx, establishment: { id: string; location: LatLng }) {
  const rows = await db
    .select({
      group: groups,
      member: sql<boolean>`exists (select 1 from ${groupMembers} where ${groupMembers.groupId} = ${groups.id} and ${groupMembers.establishmentId} = ${establishment.id})`,
    })
    .from(groups)
    .orderBy(asc(groups.name), asc(groups.id));
  return rows.filter((r) => isGroupOf(r.group, r.member, establishment.location)).map((r) => r.group);
}

const isGroupOf = (group: typeof groups.$inferSelect, member: boolean, location: LatLng) =>
  member ||
  circleContainsPoint({ latitude: group.latitude, longitude: group.longitude }, group.radiusKm, location);

/**
 * `findGroupsOfEstablishment` of each of these establishments, read at once (the static export reads its
 * pages by the hundred): by establishment id.
 */
export async function findGroupsOfEstablishments(
  db: DbOrTx,
  list: readonly { id: string; location: LatLng }[],
): Promise<Map<string, (typeof groups.$inferSelect)[]>> {
  const found = new Map(list.map((e) => [e.id, [] as (typeof groups.$inferSelect)[]]));
  if (list.length === 0) return found;
  const [all, members] = await Promise.all([
    db.select().from(groups).orderBy(asc(groups.name), asc(groups.id)),
    db
      .select({ groupId: groupMembers.groupId, establishmentId: groupMembers.establishmentId })
      .from(groupMembers)
      .where(
        inArray(
          groupMembers.establishmentId,
          list.map((e) => e.id),
        ),
      ),
  ]);
  const memberships = new Set(members.map((m) => `${m.groupId} ${m.establishmentId}`));
  for (const { id, location } of list) {
    found.set(
      id,
      all.filter((group) => isGroupOf(group, memberships.has(`${group.id} ${id}`), location)),
    );
  }
  return found;
}

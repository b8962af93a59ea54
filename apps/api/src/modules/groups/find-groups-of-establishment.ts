import { asc, sql } from 'drizzle-orm';
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
  return rows
    .filter(
      (r) =>
        r.member ||
        circleContainsPoint(
          { latitude: r.group.latitude, longitude: r.group.longitude },
          r.group.radiusKm,
          establishment.location,
        ),
    )
    .map((r) => r.group);
}

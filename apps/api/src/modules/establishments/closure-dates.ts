import { sql, type SQL } from 'drizzle-orm';
import { AppError } from '@tables-voisines/contract/errors';
import { closureDateIssues, type Closure } from '@tables-voisines/contract/closures';
import type { AppContext } from '../../context';
import { parisDay } from '@tables-voisines/contract/paris-time';

/**
 * Refuses closures dated where nobody means them (from a year back to two years ahead of today in Paris,
 * by the server's clock), at `closures.<index in the body>.from|to`; those already `stored` are kept as
 * they are. The rule needs today, which a schema does not know: it runs with the write.
 */
export function assertClosureDates(
  ctx: AppContext,
  closures: readonly Closure[] | undefined,
  stored: readonly Closure[] = [],
): void {
  if (closures === undefined) return;
  const issues = closureDateIssues(closures, parisDay(ctx.clock()), stored);
  if (issues.length > 0) {
    throw new AppError('ValidationError', 'Certaines fermetures sont datées hors des limites.', issues);
  }
}

/**
 * Whether an establishment is closed on a Paris day, as SQL over its `closures` and `opening_hours` (jsonb)
 * and the day (a `date`): a closure covers the day (both ends inclusive, `to` null has no end, as
 * `closureCovers` in the contract), or it has weekly hours and none of them opens on that weekday (Monday =
 * 1, PostgreSQL's `isodow`). A place with no hours at all is not known to be closed. Every board the API
 * answers carries it as `closedOnDate` (docs/api.md): the only place the rule is written, so that a board by
 * id, the day's board of a page and the map's search say the same. Containment reads the weekday without
 * unnesting the hours; the closures are unnested only when there are some.
 */
export function closedOnDateSql(place: { closures: SQL; openingHours: SQL }, day: SQL): SQL {
  return sql`((${place.closures} <> '[]'::jsonb and exists (
      select 1 from jsonb_array_elements(${place.closures}) c
      where (c->>'from')::date <= ${day} and (c->>'to' is null or ${day} <= (c->>'to')::date)))
    or (${place.openingHours} <> '[]'::jsonb
      and not ${place.openingHours} @> jsonb_build_array(jsonb_build_object('day', extract(isodow from ${day})::int))))`;
}

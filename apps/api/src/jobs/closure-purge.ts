import { asc, eq, sql } from 'drizzle-orm';
import { CLOSURE_PURGE_DAYS } from '@tables-voisines/contract/closures';
import { databaseNow, establishments } from '../db/schema';
import { SYSTEM_ACTOR } from '../modules/history/history';
import { deleteOldVerifyTokens } from '../modules/establishments/verify.service';
import { write } from '../writes/write';
import type { JobContext } from './verify-reminders';
import { recordEstablishmentChange } from '../modules/establishments/record-establishment-change';
import { dropBoardAnswersBefore } from '../modules/menu-boards/menu-boards.queries';
import { addDays, parisDay } from '@tables-voisines/contract/paris-time';

/**
 * The daily job (03:15 in Paris): closures that ended more than `CLOSURE_PURGE_DAYS` days before today (Paris
 * date of `ctx.clock()`) are removed, one write per establishment with a history entry of the system; then
 * the reminder links expired (or used) for more than as many days are deleted, and the surrounding search's
 * kept answers of the days before. Answers how many establishments changed.
 */
export async function purgeClosures(ctx: JobContext): Promise<number> {
  const now = ctx.clock();
  // A closure is kept while its last day is on or after this one.
  const keepFrom = addDays(parisDay(now), -CLOSURE_PURGE_DAYS);
  const stale = sql`exists (select 1 from jsonb_array_elements(${establishments.closures}) c
    where c->>'to' is not null and c->>'to' < ${keepFrom})`;
  const candidates = await ctx.db
    .select({ id: establishments.id })
    .from(establishments)
    .where(stale)
    .orderBy(asc(establishments.id));
  let changed = 0;
  for (const { id } of candidates) {
    const done = await write(ctx, { actor: SYSTEM_ACTOR }, async (w) => {
      const [row] = await w.tx
        .select({ closures: establishments.closures })
        .from(establishments)
        .where(eq(establishments.id, id))
        .for('update');
      if (row === undefined) return false;
      const kept = row.closures.filter((c) => c.to === null || c.to >= keepFrom);
      if (kept.length === row.closures.length) return false;
      await w.tx
        .update(establishments)
        .set({ closures: kept, updatedAt: databaseNow() })
        .where(eq(establishments.id, id));
      await recordEstablishmentChange(w, id, 'update', [{ field: 'closures', from: row.closures, to: kept }]);
      return true;
    });
    if (done) changed += 1;
  }
  await deleteOldVerifyTokens(ctx, now, CLOSURE_PURGE_DAYS);
  // The surrounding search asks only for today's boards (decision 0062).
  await dropBoardAnswersBefore(ctx.db, parisDay(now));
  return changed;
}

import { eq, isNull, sql } from 'drizzle-orm';
import type { MailMessage } from '../adapters/mail/mailer';
import type { AppContext } from '../context';
import { sideEffects } from '../db/schema';

/**
 * Mails an older version recorded in its outbox table (`side_effects`) and had not sent yet go on the job
 * queue, each moved in a transaction of its own (enqueued and deleted together, `skip locked`: replicas
 * starting together move each once). Those the old outbox had given up on stay in the table, for an operator
 * to read. Answers how many were moved. The table goes in a later version (decision 0079).
 */
export async function moveOutboxToQueue(ctx: Pick<AppContext, 'db' | 'jobs'>): Promise<number> {
  let moved = 0;
  for (;;) {
    const done = await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ id: sideEffects.id, payload: sideEffects.payload })
        .from(sideEffects)
        .where(isNull(sideEffects.failedAt))
        .orderBy(sideEffects.runAfter, sideEffects.id)
        .limit(1)
        .for('update', { skipLocked: true });
      if (row === undefined) return false;
      await ctx.jobs.sendInTransaction(tx, 'mail', row.payload as unknown as MailMessage);
      await tx.delete(sideEffects).where(eq(sideEffects.id, row.id));
      return true;
    });
    if (!done) break;
    moved += 1;
  }
  if (moved > 0) ctx.jobs.wake('mail');
  return moved;
}

/** Whether the old outbox still holds mails (for the tests of the move). */
export async function outboxSize(ctx: Pick<AppContext, 'db'>): Promise<number> {
  const [row] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(sideEffects);
  return row?.n ?? 0;
}

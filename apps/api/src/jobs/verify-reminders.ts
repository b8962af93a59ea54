import { and, asc, eq, sql } from 'drizzle-orm';
import { parisDayText } from '@tables-voisines/contract/closures';
import { establishmentPath } from '@tables-voisines/contract/site-paths';
import { verifyReminderMail } from '../adapters/mail/templates';
import type { AppContext } from '../context';
import { establishments, owners } from '../db/schema';
import { SYSTEM_ACTOR } from '../modules/history/history';
import { createVerifyToken, VERIFY_TOKEN_DAYS } from '../modules/establishments/verify.service';
import { OWNER_MAIL_COLUMNS } from '../modules/establishments/establishments.queries';
import { write } from '../writes/write';

const DAY_MS = 86_400_000;

/** What the reminder job needs of the app. */
export type JobContext = Pick<
  AppContext,
  'db' | 'config' | 'clock' | 'dataVersion' | 'jobs' | 'writeConsumers'
>;

/**
 * Who is due a reminder at `cutoff` (now minus `VERIFY_REMINDER_DAYS`): an enabled establishment with a
 * confirmed owner, not verified (nor created) since, and not reminded since.
 */
const due = (cutoff: Date) =>
  and(
    eq(establishments.disabled, false),
    sql`${establishments.closedForGoodAt} is null`,
    sql`coalesce(${establishments.verifiedAt}, ${establishments.createdAt}) < ${cutoff.toISOString()}::timestamptz`,
    sql`(${establishments.verifyRemindedAt} is null or ${establishments.verifyRemindedAt} < ${cutoff.toISOString()}::timestamptz)`,
    sql`exists (select 1 from ${owners} o where o.id = ${establishments.ownerId} and o.confirmed)`,
  );

/**
 * The hourly job: one reminder e-mail to each owner whose establishment is due, with a one-click link. Each
 * establishment is handled in a transaction of its own, its row taken `for update skip locked` and the
 * condition read again under the lock: `verify_reminded_at`, the token's hash and the e-mail (a side effect,
 * sent after the commit) are written together or not at all, so two replicas running the job at the same
 * moment send one e-mail, and a failure leaves the others unaffected. Answers how many were sent.
 */
export async function sendVerifyReminders(ctx: JobContext): Promise<number> {
  const now = ctx.clock();
  const cutoff = new Date(now.getTime() - ctx.config.verifyReminderDays * DAY_MS);
  const candidates = await ctx.db
    .select({ id: establishments.id })
    .from(establishments)
    .where(due(cutoff))
    .orderBy(asc(establishments.id));
  const site = { name: ctx.config.site.name, publicUrl: ctx.config.publicUrl };
  let sent = 0;
  for (const { id } of candidates) {
    const done = await write(ctx, { actor: SYSTEM_ACTOR }, async (w) => {
      const [row] = await w.tx
        .select({ ...OWNER_MAIL_COLUMNS, verifiedAt: establishments.verifiedAt })
        .from(establishments)
        .where(and(eq(establishments.id, id), due(cutoff)))
        .for('update', { skipLocked: true });
      if (row === undefined || row.ownerId === null) return false;
      const [owner] = await w.tx
        .select({ email: owners.email, firstName: owners.firstName })
        .from(owners)
        .where(eq(owners.id, row.ownerId));
      if (owner === undefined) return false;
      await w.tx.update(establishments).set({ verifyRemindedAt: now }).where(eq(establishments.id, id));
      const token = await createVerifyToken(w, id, now);
      await w.mail(
        verifyReminderMail(
          site,
          owner,
          {
            name: row.name,
            town: row.town,
            pageUrl: `${ctx.config.publicUrl}${establishmentPath(row.kind, row.uri)}`,
            lastVerified: row.verifiedAt === null ? null : parisDayText(row.verifiedAt),
          },
          `${ctx.config.publicUrl}/espace-restaurateur/verifier?jeton=${encodeURIComponent(token)}`,
          VERIFY_TOKEN_DAYS,
        ),
      );
      return true;
    });
    if (done) sent += 1;
  }
  return sent;
}

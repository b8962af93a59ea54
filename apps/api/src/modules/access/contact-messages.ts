/* « Nous contacter »: anyone's message, kept for the back office and mailed to the team (`CONTACT_EMAIL`). */
import { randomUUID } from 'node:crypto';
import { desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { AppError } from '@tables-voisines/contract/errors';
import {
  CreateContactMessageBodySchema,
  type ContactMessage,
  type ContactMessageCreated,
  type CreateContactMessageBody,
  type ListContactMessagesQuery,
  type PatchContactMessageBody,
} from '@tables-voisines/contract/schemas/access';
import { contactMessageTeamMail } from '../../adapters/mail/access-templates';
import type { AppContext } from '../../context';
import { contactMessages } from '../../db/schema';
import { SYSTEM_ACTOR } from '../history/history';
import { siteOf } from '../owners/owner-accounts';
import { write } from '../../writes/write';
import { limitByKey, mayMailTeam } from './limits';

/** Messages one client address may send in an hour. */
export const CONTACT_MESSAGES_PER_ADDRESS_HOUR = 5;
const HOUR_MS = 3_600_000;

const toContactMessage = (row: typeof contactMessages.$inferSelect): ContactMessage => ({
  id: row.id,
  name: row.name,
  email: row.email,
  message: row.message,
  createdAt: row.createdAt.toISOString(),
  handledAt: row.handledAt?.toISOString() ?? null,
});

/** A form's fields checked as the API's body is (the page's form works without JavaScript). */
export function parseContactMessageBody(body: unknown): CreateContactMessageBody {
  const parsed = CreateContactMessageBodySchema.safeParse(body);
  if (parsed.success) return parsed.data;
  throw new AppError(
    'ValidationError',
    undefined,
    parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
  );
}

export async function createContactMessage(
  ctx: AppContext,
  body: CreateContactMessageBody,
  clientAddress: string,
): Promise<ContactMessageCreated> {
  const wait = await limitByKey(ctx, 'contact', clientAddress, CONTACT_MESSAGES_PER_ADDRESS_HOUR, HOUR_MS);
  if (wait !== null) {
    throw new AppError(
      'RateLimited',
      'Trop de messages envoyés depuis votre connexion : réessayez dans une heure.',
      { retryAfter: wait },
    );
  }
  const id = randomUUID();
  const mailTeam = await mayMailTeam(ctx);
  const createdAt = await write(ctx, { actor: SYSTEM_ACTOR }, async (w) => {
    const [row] = await w.tx
      .insert(contactMessages)
      .values({ id, ...body })
      .returning({ createdAt: contactMessages.createdAt });
    if (mailTeam) await w.mail(contactMessageTeamMail(siteOf(ctx), ctx.config.contactEmail, body));
    return row!.createdAt;
  });
  return { id, createdAt: createdAt.toISOString() };
}

export async function listContactMessages(
  ctx: AppContext,
  query: ListContactMessagesQuery,
): Promise<{ messages: ContactMessage[]; total: number }> {
  const where: SQL | undefined =
    query.handled === undefined
      ? undefined
      : query.handled
        ? isNotNull(contactMessages.handledAt)
        : isNull(contactMessages.handledAt);
  const page = query.page ?? 1;
  const [rows, [count]] = await Promise.all([
    ctx.db
      .select()
      .from(contactMessages)
      .where(where)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(query.perPage)
      .offset((page - 1) * query.perPage),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(contactMessages)
      .where(where),
  ]);
  return { messages: rows.map(toContactMessage), total: count?.n ?? 0 };
}

/** Handled (dated now, or kept as it was when it already is), or back to be handled. */
export async function patchContactMessage(
  ctx: AppContext,
  id: string,
  body: PatchContactMessageBody,
): Promise<ContactMessage> {
  const [row] = await ctx.db
    .update(contactMessages)
    .set({
      handledAt: body.handled ? sql`coalesce(${contactMessages.handledAt}, now())` : null,
    })
    .where(eq(contactMessages.id, id))
    .returning();
  if (row === undefined) throw new AppError('NotFound', 'Ce message n’existe pas.');
  return toContactMessage(row);
}

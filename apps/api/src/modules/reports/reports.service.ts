import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { AppError, type ValidationIssue } from '@tables-voisines/contract/errors';
import {
  CreateReportBodySchema,
  type CreateReportBody,
  type ListReportsQuery,
  type OwnerAnswerBody,
  type OwnerReport,
  type PatchReportBody,
  type Report,
  type ReportCreated,
} from '@tables-voisines/contract/schemas/report';
import { establishmentPath } from '@tables-voisines/contract/site-paths';
import { reportHandledMail, reportMail } from '../../adapters/mail/templates';
import type { AppContext } from '../../context';
import { establishments, owners, reports } from '../../db/schema';
import { write } from '../../writes/write';
import { SYSTEM_ACTOR, type Actor } from '../history/history';
import { findReport, findReportsPage, toOwnerReport } from './reports.queries';
import { recordEstablishmentChange } from '../establishments/record-establishment-change';

/** Reports of a wrong page are counted per client address over an hour (`RATE_LIMIT_REPORTS`). */
const REPORT_WINDOW_MS = 3_600_000;

/**
 * Counts a visitor's report (`POST /api/establishment/{id}/reports` and the page's own form alike) against
 * its address: past `RATE_LIMIT_REPORTS` an hour, `429 RateLimited` with the seconds to wait (`Retry-After`).
 */
async function limitReports(ctx: Pick<AppContext, 'rateLimiter' | 'config'>, address: string): Promise<void> {
  const seconds = await ctx.rateLimiter.checkAddress(
    'report',
    address,
    ctx.config.rateLimitReports,
    REPORT_WINDOW_MS,
  );
  if (seconds === null) return;
  throw new AppError(
    'RateLimited',
    'Trop de signalements envoyés depuis votre connexion, réessayez dans une heure.',
    { retryAfter: seconds },
  );
}

const establishmentNotFound = () =>
  new AppError('NotFound', 'Cet établissement n’existe pas ou n’est plus visible.');
const reportNotFound = () => new AppError('NotFound', 'Ce signalement n’existe pas.');

/**
 * A visitor's report of a wrong page, from `POST /api/establishment/{id}/reports` or the page's own form:
 * counted against the client's address (`RATE_LIMIT_REPORTS` an hour), then, in one write, the report and
 * the e-mail to the establishment's owner when it has one (sent after the commit). An unknown or disabled
 * establishment is a 404 and nothing is written. The visitor is anonymous: no history entry.
 */
export async function createReport(
  ctx: AppContext,
  establishmentId: string,
  body: CreateReportBody,
  clientAddress: string,
): Promise<ReportCreated> {
  await limitReports(ctx, clientAddress);
  const id = randomUUID();
  return write(ctx, { actor: SYSTEM_ACTOR }, async (w) => {
    const [place] = await w.tx
      .select({
        name: establishments.name,
        town: establishments.town,
        disabled: establishments.disabled,
        ownerId: establishments.ownerId,
      })
      .from(establishments)
      .where(eq(establishments.id, establishmentId));
    if (place === undefined || place.disabled) throw establishmentNotFound();
    const [created] = await w.tx
      .insert(reports)
      .values({
        id,
        establishmentId,
        reason: body.reason,
        message: body.message,
        email: body.email,
        status: 'open',
        createdAt: ctx.clock(),
      })
      .returning({ createdAt: reports.createdAt });
    if (place.ownerId !== null) {
      const [owner] = await w.tx
        .select({ email: owners.email, firstName: owners.firstName })
        .from(owners)
        .where(eq(owners.id, place.ownerId));
      if (owner !== undefined) {
        const site = { name: ctx.config.site.name, publicUrl: ctx.config.publicUrl };
        await w.mail(reportMail(site, owner, place, body));
      }
    }
    return { id, status: 'open' as const, createdAt: created!.createdAt.toISOString() };
  });
}

/** The page's form sends its fields unchecked: the API's own rules, the same `ValidationError`. */
export function parseReportBody(body: unknown): CreateReportBody {
  const parsed = CreateReportBodySchema.safeParse(body);
  if (parsed.success) return parsed.data;
  const details: ValidationIssue[] = parsed.error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  throw new AppError('ValidationError', 'Certaines informations du signalement sont invalides.', details);
}

export function listReports(ctx: AppContext, query: ListReportsQuery) {
  const page = query.page ?? 1;
  return findReportsPage(
    ctx.db,
    { status: query.status },
    { limit: query.perPage, offset: (page - 1) * query.perPage },
  );
}

/**
 * An admin marks a report corrected or dismissed, or reopens it: who and when are kept on the report (a
 * reopened one has neither), and the establishment's history says it (« Signalement « Horaires erronés »
 * marqué corrigé », « … rouvert »). Asking again for the status it already has changes nothing. The visitor
 * who left an address is told the first time the report is corrected or dismissed, in the same write (sent
 * after the commit), and never again: `reporter_told_at` stays set through a reopening.
 */
export async function patchReport(
  ctx: AppContext,
  actor: Actor,
  id: string,
  body: PatchReportBody,
): Promise<Report> {
  await write(ctx, { actor }, async (w) => {
    const [before] = await w.tx.select().from(reports).where(eq(reports.id, id)).for('update');
    if (before === undefined) throw reportNotFound();
    if (before.status === body.status) return;
    const now = ctx.clock();
    const reopened = body.status === 'open';
    const tell = !reopened && before.email !== null && before.reporterToldAt === null;
    await w.tx
      .update(reports)
      .set({
        status: body.status,
        resolvedAt: reopened ? null : now,
        resolvedById: reopened ? null : actor.id,
        resolvedByName: reopened ? null : actor.name,
        ...(tell ? { reporterToldAt: now } : {}),
      })
      .where(eq(reports.id, id));
    // One line in the history: the reason travels with the status (history-text.ts reads both).
    await recordEstablishmentChange(w, before.establishmentId, 'report', [
      {
        field: 'report',
        from: { status: before.status, reason: before.reason },
        to: { status: body.status, reason: before.reason },
      },
    ]);
    if (tell && body.status !== 'open') {
      const [place] = await w.tx
        .select({
          name: establishments.name,
          town: establishments.town,
          kind: establishments.kind,
          uri: establishments.uri,
          disabled: establishments.disabled,
        })
        .from(establishments)
        .where(eq(establishments.id, before.establishmentId));
      if (place !== undefined) {
        const site = { name: ctx.config.site.name, publicUrl: ctx.config.publicUrl };
        const pageUrl = place.disabled
          ? null
          : `${ctx.config.publicUrl}${establishmentPath(place.kind, place.uri)}`;
        await w.mail(
          reportHandledMail(
            site,
            before.email!,
            { ...place, pageUrl },
            { reason: before.reason, outcome: body.status },
          ),
        );
      }
    }
  });
  const report = await findReport(ctx.db, id);
  if (report === null) throw reportNotFound();
  return report;
}

/**
 * An owner answers a report about its own page (the route checked it may change that establishment):
 * « C’est corrigé » or « C’est juste » with a line, kept on the report for the team's queue; a new answer
 * replaces the last one. The status is the team's to change: an answer does not close the report.
 */
export async function answerReport(ctx: AppContext, id: string, body: OwnerAnswerBody): Promise<OwnerReport> {
  const [row] = await ctx.db
    .update(reports)
    .set({ ownerAnswer: body.answer, ownerNote: body.note, ownerAnsweredAt: ctx.clock() })
    .where(eq(reports.id, id))
    .returning();
  if (row === undefined) throw reportNotFound();
  return toOwnerReport(row);
}

import { desc, eq, sql, type SQL } from 'drizzle-orm';
import type {
  OwnerAnswer,
  OwnerReport,
  Report,
  ReportStatus,
} from '@tables-voisines/contract/schemas/report';
import type { DbOrTx } from '../../db/client';
import { establishments, reports } from '../../db/schema';

type ReportRow = typeof reports.$inferSelect;

/** A report in the API's shape, with the few fields of its establishment the back office shows. */
export function toReport(row: ReportRow, establishment: { name: string; uri: string }): Report {
  return {
    id: row.id,
    establishment: { id: row.establishmentId, name: establishment.name, uri: establishment.uri },
    reason: row.reason,
    message: row.message,
    email: row.email,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    resolvedBy:
      row.resolvedById === null && row.resolvedByName === null
        ? null
        : { id: row.resolvedById, name: row.resolvedByName },
    ownerAnswer: ownerAnswerOf(row),
    reporterToldAt: row.reporterToldAt?.toISOString() ?? null,
  };
}

function ownerAnswerOf(row: ReportRow): OwnerAnswer | null {
  return row.ownerAnswer === null || row.ownerAnsweredAt === null
    ? null
    : { answer: row.ownerAnswer, note: row.ownerNote, at: row.ownerAnsweredAt.toISOString() };
}

/** A report as its establishment's owner reads it: never the visitor's address nor the admin's name. */
export function toOwnerReport(row: ReportRow): OwnerReport {
  return {
    id: row.id,
    reason: row.reason,
    message: row.message,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    ownerAnswer: ownerAnswerOf(row),
  };
}

/** Every report about one establishment, newest first (an owner's « Signalements »). */
export async function findEstablishmentReports(db: DbOrTx, establishmentId: string): Promise<OwnerReport[]> {
  const rows = await db
    .select()
    .from(reports)
    .where(eq(reports.establishmentId, establishmentId))
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(200);
  return rows.map(toOwnerReport);
}

const columns = { report: reports, name: establishments.name, uri: establishments.uri };

/** Reports newest first, of one status or all, a page of them and how many there are in all. */
export async function findReportsPage(
  db: DbOrTx,
  filter: { status: ReportStatus | undefined },
  page: { limit: number; offset: number },
): Promise<{ reports: Report[]; total: number }> {
  const where: SQL | undefined = filter.status === undefined ? undefined : eq(reports.status, filter.status);
  const [rows, [count]] = await Promise.all([
    db
      .select(columns)
      .from(reports)
      .innerJoin(establishments, eq(establishments.id, reports.establishmentId))
      .where(where)
      .orderBy(desc(reports.createdAt), desc(reports.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(reports)
      .where(where),
  ]);
  return { reports: rows.map((row) => toReport(row.report, row)), total: count?.n ?? 0 };
}

/** One report with its establishment's name and address; `null` when unknown. */
export async function findReport(db: DbOrTx, id: string): Promise<Report | null> {
  const [row] = await db
    .select(columns)
    .from(reports)
    .innerJoin(establishments, eq(establishments.id, reports.establishmentId))
    .where(eq(reports.id, id));
  return row === undefined ? null : toReport(row.report, row);
}

/** The establishment a report is about, for the permission check of its route; `null` when unknown. */
export async function findReportEstablishmentId(db: DbOrTx, id: string): Promise<string | null> {
  const [row] = await db
    .select({ establishmentId: reports.establishmentId })
    .from(reports)
    .where(eq(reports.id, id));
  return row?.establishmentId ?? null;
}

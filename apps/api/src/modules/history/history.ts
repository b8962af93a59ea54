import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { changeHistory } from '../../db/schema';
import type { Auth } from '../../lib/auth-account';

export type HistorySubject = (typeof changeHistory.$inferInsert)['subjectType'];
export type HistoryAction = (typeof changeHistory.$inferInsert)['action'];
export interface FieldChange {
  field: string;
  from: unknown;
  to: unknown;
}

/** Who made a change, as the history keeps it (the name survives the account). */
export interface Actor {
  role: 'admin' | 'restaurant-owner' | 'system';
  id: string | null;
  name: string | null;
}

export const SYSTEM_ACTOR: Actor = { role: 'system', id: null, name: null };

export function actorOf(auth: Auth | null): Actor {
  if (auth === null) return SYSTEM_ACTOR;
  const account = auth.account;
  return account.role === 'admin'
    ? { role: 'admin', id: account.id, name: account.username }
    : { role: 'restaurant-owner', id: account.id, name: account.email };
}

/** Secret fields appear in the history by name only: the values are never kept. */
const SECRET_FIELDS = new Set(['password', 'passwordHash', 'claimCode', 'token']);

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The fields of `after` whose value differs from `before` (compared as JSON), with both values. Secret
 * fields are listed with null values.
 */
export function diffFields(
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of Object.keys(after)) {
    if (sameValue(before[field], after[field])) continue;
    changes.push(
      SECRET_FIELDS.has(field)
        ? { field, from: null, to: null }
        : { field, from: before[field] ?? null, to: after[field] ?? null },
    );
  }
  return changes;
}

/** Every field of a created record (from null) or of a deleted one (to null). */
export function allFields(record: Readonly<Record<string, unknown>>, direction: 'create' | 'delete') {
  const empty = Object.fromEntries(Object.keys(record).map((k) => [k, null]));
  return direction === 'create' ? diffFields(empty, record) : diffFields(record, empty);
}

export interface ChangeRecord {
  subjectType: HistorySubject;
  subjectId: string;
  establishmentId?: string | null;
  action: HistoryAction;
  actor: Actor;
  changes: FieldChange[];
}

/**
 * Writes history entries in one statement (one, or an import's hundreds), in the order given; call it
 * inside the transaction that makes the changes.
 */
export async function recordChanges(tx: DbOrTx, changes: readonly ChangeRecord[]): Promise<void> {
  if (changes.length === 0) return;
  await tx.insert(changeHistory).values(
    changes.map((change) => ({
      id: randomUUID(),
      subjectType: change.subjectType,
      subjectId: change.subjectId,
      establishmentId: change.establishmentId ?? null,
      action: change.action,
      actorRole: change.actor.role,
      actorId: change.actor.id,
      actorName: change.actor.name,
      changes: change.changes,
      // Microseconds, not the transaction's start: entries of one transaction keep their order (read for
      // each row of a multi-row insert, in the order of its rows).
      at: sql`clock_timestamp()`,
    })),
  );
}

/** The history of one record, newest first. */
export async function findHistory(db: DbOrTx, subjectType: HistorySubject, subjectId: string) {
  const rows = await db
    .select()
    .from(changeHistory)
    .where(and(eq(changeHistory.subjectType, subjectType), eq(changeHistory.subjectId, subjectId)))
    .orderBy(desc(changeHistory.at), desc(changeHistory.id));
  return rows.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    action: row.action,
    actor: { role: row.actorRole, id: row.actorId, name: row.actorName },
    changes: row.changes,
  }));
}

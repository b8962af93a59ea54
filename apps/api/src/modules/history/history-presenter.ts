import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { owners } from '../../db/schema';
import type { Auth } from '../../lib/auth-account';
import type { findHistory } from './history';

type Entry = Awaited<ReturnType<typeof findHistory>>[number];

/** An owner as the history shows it; `email` null where the reader may not see it. */
export interface OwnerValue {
  id: string;
  email: string | null;
}

/**
 * The history as its reader may see it. Owners linked or unlinked are named by their e-mail address:
 * entries since the write path keep it (`{ id, email }`), older ones only the id, whose account is looked up
 * (a deleted account stays a bare id). An owner reading its page's history sees only its own address, and
 * no other owner's address as the author of a change.
 */
export async function presentHistory(db: DbOrTx, entries: Entry[], auth: Auth): Promise<Entry[]> {
  const bareIds = new Set<string>();
  for (const entry of entries) {
    for (const change of entry.changes) {
      if (change.field !== 'restaurantOwner') continue;
      for (const value of [change.from, change.to]) if (typeof value === 'string') bareIds.add(value);
    }
  }
  const emails = new Map<string, string>();
  if (bareIds.size > 0) {
    const rows = await db
      .select({ id: owners.id, email: owners.email })
      .from(owners)
      .where(inArray(owners.id, [...bareIds]));
    for (const row of rows) emails.set(row.id, row.email);
  }
  const readerOwnerId = auth.account.role === 'restaurant-owner' ? auth.account.id : null;
  const shown = (value: OwnerValue): OwnerValue =>
    readerOwnerId === null || value.id === readerOwnerId ? value : { id: value.id, email: null };
  const ownerValue = (value: unknown): unknown => {
    if (typeof value === 'string') {
      const email = emails.get(value);
      return email === undefined ? value : shown({ id: value, email });
    }
    if (typeof value === 'object' && value !== null && typeof (value as OwnerValue).id === 'string') {
      return shown(value as OwnerValue);
    }
    return value;
  };
  return entries.map((entry) => ({
    ...entry,
    actor:
      readerOwnerId !== null && entry.actor.role === 'restaurant-owner' && entry.actor.id !== readerOwnerId
        ? { ...entry.actor, name: null }
        : entry.actor,
    changes: entry.changes.map((change) =>
      change.field === 'restaurantOwner'
        ? { ...change, from: ownerValue(change.from), to: ownerValue(change.to) }
        : change,
    ),
  }));
}

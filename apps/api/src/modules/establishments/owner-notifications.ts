import { inArray } from 'drizzle-orm';
import { boardChange } from '@tables-voisines/contract/history-board-text';
import { changeText } from '@tables-voisines/contract/history-text';
import { establishmentPath } from '@tables-voisines/contract/site-paths';
import { teamChangeMail, type TeamChange } from '../../adapters/mail/templates';
import { establishments, owners } from '../../db/schema';
import type { WriteConsumer } from '../../writes/write';
import type { FieldChange } from '../history/history';
import { OWNER_MAIL_COLUMNS } from './establishments.queries';

/** Fields an owner is not told about: secrets, and what another entry already says. */
const UNTOLD_FIELDS = new Set(['claimCode', 'disabled', 'disabledReason', 'closedForGood']);

const ownerIdOf = (value: unknown): string | null =>
  typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'string'
    ? (value as { id: string }).id
    : null;

/**
 * The owners' side of a write made by the team (an admin): in the write's own transaction, an e-mail to each
 * owner whose page the team hid, showed again or changed, and to each owner it linked to a page or detached
 * from one (told apart from a deletion). Owners are not told of their own changes, nor of changes made by
 * the system. One e-mail per owner and page for the whole write.
 */
export const notifyOwnersOfTeamChanges: WriteConsumer = async (ctx, w, entries) => {
  const team = entries.filter((e) => e.actor.role === 'admin' && e.subjectType === 'establishment');
  if (team.length === 0) return;
  // Grouped once: an import's write holds one entry per place, 50,000 of them.
  const entriesOf = new Map<string, typeof team>();
  for (const entry of team) {
    const list = entriesOf.get(entry.subjectId);
    if (list === undefined) entriesOf.set(entry.subjectId, [entry]);
    else list.push(entry);
  }
  const establishmentIds = [...entriesOf.keys()];
  const rows = await w.tx
    .select({
      ...OWNER_MAIL_COLUMNS,
      disabled: establishments.disabled,
      disabledReason: establishments.disabledReason,
    })
    .from(establishments)
    .where(inArray(establishments.id, establishmentIds));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const site = { name: ctx.config.site.name, publicUrl: ctx.config.publicUrl };

  for (const establishmentId of establishmentIds) {
    const own = entriesOf.get(establishmentId)!;
    const row = byId.get(establishmentId);
    const deletion = own.find((e) => e.action === 'delete');
    const valueOf = (field: string) => deletion?.changes.find((c) => c.field === field)?.from;
    const page = {
      name: row?.name ?? String(valueOf('name') ?? ''),
      town: row?.town ?? String((valueOf('address') as { town?: string } | undefined)?.town ?? ''),
      pageUrl:
        row === undefined || row.disabled
          ? null
          : `${ctx.config.publicUrl}${establishmentPath(row.kind, row.uri)}`,
    };
    const told = new Map<string, TeamChange>();
    for (const entry of own) {
      const ownerChange = entry.changes.find((c) => c.field === 'restaurantOwner');
      if (entry.action === 'unlink' && ownerChange !== undefined) {
        const id = ownerIdOf(ownerChange.from);
        if (id !== null) told.set(id, { kind: 'detached', deleted: deletion !== undefined });
      } else if (entry.action === 'link' && ownerChange !== undefined) {
        const id = ownerIdOf(ownerChange.to);
        if (id !== null) told.set(id, { kind: 'linked' });
      }
    }
    const updates = own.filter((e) => e.action === 'update').flatMap((e) => e.changes);
    const ownerId = row?.ownerId ?? null;
    // A board the team changed is written of its own (menu-boards.service.ts): one mail per change.
    const board = updates.find((c) => c.field === 'menuBoard');
    if (board !== undefined && ownerId !== null && !told.has(ownerId)) {
      const change = boardChange(board.from, board.to);
      if (change !== null) told.set(ownerId, { kind: 'board', change });
    } else if (updates.length > 0 && ownerId !== null && !told.has(ownerId)) {
      const change = pageChange(updates, ownerId, row!.disabledReason);
      if (change !== null) told.set(ownerId, change);
    }
    if (told.size === 0) continue;
    const recipients = await w.tx
      .select({ id: owners.id, email: owners.email, firstName: owners.firstName })
      .from(owners)
      .where(inArray(owners.id, [...told.keys()]));
    for (const owner of recipients) {
      await w.mail(teamChangeMail(site, owner, page, told.get(owner.id)!));
    }
  }
};
// The team's entries on pages, but their creation: a create alone tells no owner (an import's 50,000).
notifyOwnersOfTeamChanges.wants = (entry) =>
  entry.actor.role === 'admin' && entry.subjectType === 'establishment' && entry.action !== 'create';

/** What the owner is told of the team's changes to its page; `null` when nothing it can see changed. */
function pageChange(
  changes: readonly FieldChange[],
  ownerId: string,
  reason: string | null,
): TeamChange | null {
  const reader = { role: 'restaurant-owner', ownerId } as const;
  const lines = changes.filter((c) => !UNTOLD_FIELDS.has(c.field)).map((c) => changeText(c, reader));
  const closed = changes.find((c) => c.field === 'closedForGood');
  if (closed?.to === true) return { kind: 'closed', lines };
  if (closed?.to === false) return { kind: 'reopened', lines };
  const visibility = changes.find((c) => c.field === 'disabled');
  if (visibility?.to === true) return { kind: 'hidden', reason, lines };
  if (visibility?.to === false) return { kind: 'shown', lines };
  return lines.length === 0 ? null : { kind: 'changed', lines };
}

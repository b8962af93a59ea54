import { randomInt, randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { AppError, type ValidationIssue } from '@tables-voisines/contract/errors';
import { subject, type AppAbility } from '@tables-voisines/contract/permissions';
import { nextFreeUri, slugify } from '@tables-voisines/contract/slug';
import { sortClosures } from '@tables-voisines/contract/closures';
import {
  CLAIM_CODE_ALPHABET,
  CLAIM_CODE_LENGTH,
  type CreateEstablishmentBody,
  type PatchEstablishmentBody,
} from '@tables-voisines/contract/schemas/establishment';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import {
  databaseNow,
  categories,
  establishmentCategories,
  establishmentTombstones,
  establishments,
  owners,
} from '../../db/schema';
import { write, type Write, type WriteConditions } from '../../writes/write';
import { allFields, diffFields, type Actor, type FieldChange } from '../history/history';
import { assertStoredPhoto } from '../uploads/photo-check';
import { toEstablishment } from './establishments.presenter';
import {
  detachOwnerElsewhere,
  findEstablishmentById,
  lockUriBase,
  replaceEstablishmentCategories,
  type EstablishmentRow,
} from './establishments.queries';
import { findTakenUris, isUriTaken } from './establishment-uris.queries';
import { assertClosureDates } from './closure-dates';
import { searchTextOf } from './search-text';
import { recordEstablishmentChange } from './record-establishment-change';

const notFound = () => new AppError('NotFound', 'Cet établissement n’existe pas.');
const uriTaken = () => new AppError('UriAlreadyUsed');

export function newClaimCode(): string {
  return Array.from(
    { length: CLAIM_CODE_LENGTH },
    () => CLAIM_CODE_ALPHABET[randomInt(CLAIM_CODE_ALPHABET.length)],
  ).join('');
}

/** The name of the unique index a database error violated, if it is one. */
export function violatedUniqueIndex(error: unknown): string | null {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 3; e = e.cause, depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
  }
  return null;
}

/** The uri is some establishment's, now or before: `establishments_uri_key` or `establishment_uris_pkey`. */
const isUriConflict = (index: string | null) =>
  index === 'establishments_uri_key' || index === 'establishment_uris_pkey';

export async function getEstablishment(ctx: AppContext, id: string): Promise<EstablishmentRow> {
  const row = await findEstablishmentById(ctx.db, id);
  if (row === null) throw notFound();
  return row;
}

/** An owner as the history names it: its e-mail address at the time, kept if the account goes. */
export interface OwnerRef {
  id: string;
  email: string;
}

export async function findOwnerRef(db: DbOrTx, ownerId: string | null): Promise<OwnerRef | null> {
  if (ownerId === null) return null;
  const [row] = await db
    .select({ id: owners.id, email: owners.email })
    .from(owners)
    .where(eq(owners.id, ownerId));
  return row ?? { id: ownerId, email: '' };
}

/**
 * What the history compares: the owner's view without its id, dates, version and earlier addresses (a uri
 * change says it). The owner link has entries of its own (`link`, `unlink`).
 */
function historyView(row: EstablishmentRow): Record<string, unknown> {
  const {
    id: _id,
    createdAt: _c,
    updatedAt: _u,
    disabledAt: _d,
    previousUris: _p,
    restaurantOwner: _o,
    ...fields
  } = toEstablishment(row);
  return fields;
}

async function assertCategoriesExist(db: DbOrTx, ids: readonly string[] | undefined): Promise<void> {
  if (ids === undefined || ids.length === 0) return;
  const rows = await db
    .select({ id: categories.id })
    .from(categories)
    .where(inArray(categories.id, [...ids]));
  const known = new Set(rows.map((r) => r.id));
  const issues: ValidationIssue[] = [];
  ids.forEach((id, index) => {
    if (!known.has(id)) issues.push({ path: `categories.${index}`, message: 'Catégorie inconnue.' });
  });
  if (issues.length > 0) {
    throw new AppError('ValidationError', 'Certaines catégories n’existent pas.', issues);
  }
}

/**
 * Changing an establishment's owner changes two owners' accounts too (the one linked leaves its previous
 * page, the one detached loses this one): it needs `update restaurant-owner` on each, beyond `update
 * establishment`, which the auth hook checked. Refused (403) before anything is written or mailed.
 * `ability` undefined: a write with no caller to check (none today but the tests of the service).
 */
function assertMayChangeOwner(ability: AppAbility | undefined, owners: readonly (string | null)[]): void {
  if (ability === undefined) return;
  for (const id of owners) {
    if (id !== null && !ability.can('update', subject('restaurant-owner', { id }), 'establishment')) {
      throw new AppError(
        'Forbidden',
        'Changer le restaurateur d’un établissement demande aussi le droit de modifier les comptes restaurateurs.',
      );
    }
  }
}

async function assertOwnerExists(db: DbOrTx, ownerId: string | null | undefined): Promise<void> {
  if (ownerId === undefined || ownerId === null) return;
  const rows = await db.select({ id: owners.id }).from(owners).where(eq(owners.id, ownerId));
  if (rows.length === 0) throw new AppError('NotFound', 'Ce compte restaurateur n’existe pas.');
}

/**
 * When the team takes a page from its owner, the page's claim code is renewed in the same write: the
 * detached owner knew the old one and would attach itself again at once (decision 0070). The new code is
 * only ever mailed to the page's `claim_email`, which no owner's edit changes. An owner's own moves (its
 * code typed for another page) leave the code as it is.
 */
async function renewCodeAfterDetach(w: Write, establishmentId: string): Promise<void> {
  if (w.actor.role !== 'admin') return;
  await w.tx
    .update(establishments)
    .set({ claimCode: newClaimCode(), updatedAt: databaseNow() })
    .where(eq(establishments.id, establishmentId));
  await recordEstablishmentChange(w, establishmentId, 'update', [
    { field: 'claimCode', from: null, to: null },
  ]);
}

/**
 * Gives the establishment `establishmentId` the owner `to` (or none), in the write's transaction: the owner
 * leaves any other establishment it had (an `unlink` there), the establishment's previous owner is
 * detached (an `unlink` here), and the new one linked (a `link`). Each is told by e-mail when the team does
 * it (owner-notifications.ts), and a page the team takes from an owner gets a new claim code.
 */
export async function relinkEstablishment(
  w: Write,
  establishmentId: string,
  from: string | null,
  to: string | null,
  options: { deleting?: boolean; ownerRecorded?: boolean } = {},
): Promise<void> {
  if (from === to) return;
  if (to !== null) {
    const toRef = await findOwnerRef(w.tx, to);
    for (const detachedId of await detachOwnerElsewhere(w.tx, to, establishmentId)) {
      await recordEstablishmentChange(w, detachedId, 'unlink', [
        { field: 'restaurantOwner', from: toRef, to: null },
      ]);
      await renewCodeAfterDetach(w, detachedId);
    }
  }
  await w.tx
    .update(establishments)
    .set({ ownerId: to, updatedAt: databaseNow() })
    .where(eq(establishments.id, establishmentId));
  if (from !== null) {
    await recordEstablishmentChange(w, establishmentId, 'unlink', [
      { field: 'restaurantOwner', from: await findOwnerRef(w.tx, from), to: null },
    ]);
    if (!options.deleting) await renewCodeAfterDetach(w, establishmentId);
    // In the detached owner's own history too: its space says when the team detached it (the owner's
    // form records its own change; a deleted account needs none).
    if (w.actor.role === 'admin' && options.ownerRecorded !== true) {
      await w.record({
        subjectType: 'restaurant-owner',
        subjectId: from,
        establishmentId,
        action: 'unlink',
        changes: [{ field: 'establishment', from: establishmentId, to: null }],
      });
    }
  }
  if (to !== null) {
    await recordEstablishmentChange(w, establishmentId, 'link', [
      { field: 'restaurantOwner', from: null, to: await findOwnerRef(w.tx, to) },
    ]);
  }
}

/** `disabled` and its reason as a write sets them: hiding dates it, showing again clears both. */
function visibilityValues(
  body: Pick<PatchEstablishmentBody, 'disabled' | 'disabledReason'>,
  before: { disabled: boolean } | null,
  now: Date,
): Partial<typeof establishments.$inferInsert> {
  const disabled = body.disabled ?? before?.disabled ?? false;
  if (!disabled)
    return body.disabled === undefined ? {} : { disabled, disabledAt: null, disabledReason: null };
  return {
    disabled,
    ...(before?.disabled === true ? {} : { disabledAt: now }),
    ...(body.disabledReason === undefined ? {} : { disabledReason: body.disabledReason }),
  };
}

/** An establishment to insert: its id, its uri (chosen by the caller, free), its body, where it was imported from. */
export interface NewEstablishment {
  id: string;
  uri: string;
  body: CreateEstablishmentBody;
  source?: { source: string; sourceId: string } | null;
}

/**
 * Inserts a new establishment with `uri` (chosen by the caller, free) in the write `w`, its categories and
 * its `create` history entry; `options.note` is one more change in that entry (the file an import came
 * from), `options.source` where it was imported from. The owner, if any, is linked by the caller.
 */
export async function insertEstablishment(
  w: Write,
  id: string,
  uri: string,
  body: CreateEstablishmentBody,
  options: { note?: FieldChange; source?: { source: string; sourceId: string } | null } = {},
): Promise<void> {
  await insertEstablishments(w, [{ id, uri, body, source: options.source ?? null }], options);
}

/**
 * `insertEstablishment` for many at once, in a few statements whatever their number (an import inserts its
 * rows by the hundred, decision 0084): the establishments, their categories, then their `create` history
 * entries from the rows as stored, each with `options.note` first.
 */
export async function insertEstablishments(
  w: Write,
  items: readonly NewEstablishment[],
  options: { note?: FieldChange } = {},
): Promise<void> {
  if (items.length === 0) return;
  const { tx } = w;
  const inserted = await tx
    .insert(establishments)
    .values(
      items.map(({ id, uri, body, source }) => ({
        id,
        uri,
        kind: body.kind,
        name: body.name,
        venueType: body.venueType,
        description: body.description ?? null,
        street: body.address.street ?? null,
        postcode: body.address.postcode ?? null,
        town: body.address.town,
        latitude: body.location.latitude,
        longitude: body.location.longitude,
        phone: body.phone ?? null,
        email: body.email ?? null,
        website: body.website ?? null,
        openingHours: body.openingHours ?? [],
        closures: sortClosures(body.closures ?? []),
        priceRange: body.priceRange ?? null,
        photoUrl: body.photo?.url ?? null,
        claimCode: newClaimCode(),
        // The team creates pages: their e-mail is the one the claim code may go to.
        claimEmail: body.email ?? null,
        closedForGoodAt: body.closedForGood === true ? w.now : null,
        ...visibilityValues(body, null, w.now),
        searchText: searchTextOf(body.name, body.address.town),
        source: source?.source ?? null,
        sourceId: source?.sourceId ?? null,
      })),
    )
    // The rows as stored (defaults, version): what the history entries list.
    .returning();
  const categoryRows = items.flatMap(({ id, body }) =>
    (body.categories ?? []).map((categoryId, position) => ({ establishmentId: id, categoryId, position })),
  );
  if (categoryRows.length > 0) await tx.insert(establishmentCategories).values(categoryRows);
  // As a read would give them: categories in their order, no earlier address yet.
  const categoriesOf = new Map(items.map((item) => [item.id, item.body.categories ?? []]));
  const created = new Map(
    inserted.map((row): [string, EstablishmentRow] => [
      row.id,
      { ...row, categoryIds: [...categoriesOf.get(row.id)!], previousUris: [] },
    ]),
  );
  await w.recordMany(
    items.map(({ id }) => {
      const changes = allFields(historyView(created.get(id)!), 'create');
      return {
        subjectType: 'establishment',
        subjectId: id,
        establishmentId: id,
        action: 'create',
        changes: options.note ? [options.note, ...changes] : changes,
      };
    }),
  );
}

/**
 * A new establishment. Without a `uri` in the body it is generated from name and town, with `-2`, `-3`...
 * when taken (now or before): the choice and the insert happen under a lock on that base, so simultaneous
 * creates of the same name and town get distinct uris.
 */
export async function createEstablishment(
  ctx: AppContext,
  actor: Actor,
  body: CreateEstablishmentBody,
  ability?: AppAbility,
): Promise<EstablishmentRow> {
  const ownerId = body.restaurantOwner ?? null;
  assertMayChangeOwner(ability, [ownerId]);
  assertClosureDates(ctx, body.closures);
  const id = randomUUID();
  const base = slugify(body.name, body.address.town);
  if (body.uri === undefined && base === '') {
    throw new AppError('ValidationError', 'Le nom et la ville ne donnent aucune adresse de page.', [
      { path: 'name', message: 'Le nom doit contenir au moins une lettre ou un chiffre.' },
    ]);
  }

  for (let attempt = 1; ; attempt++) {
    try {
      await write(ctx, { actor }, async (w) => {
        const { tx } = w;
        await assertCategoriesExist(tx, body.categories);
        await assertOwnerExists(tx, ownerId);
        if (body.photo) await assertStoredPhoto(ctx, body.photo.url, actor);
        let uri: string;
        if (body.uri !== undefined) {
          if (await isUriTaken(tx, body.uri)) throw uriTaken();
          uri = body.uri;
        } else {
          await lockUriBase(tx, base);
          uri = nextFreeUri(base, await findTakenUris(tx, base));
        }
        await insertEstablishment(w, id, uri, body);
        await relinkEstablishment(w, id, null, ownerId);
      });
      break;
    } catch (error) {
      const index = violatedUniqueIndex(error);
      if (isUriConflict(index) && body.uri !== undefined) throw uriTaken();
      // A claim code drawn twice, or a generated uri taken at the same instant: draw again.
      if (index !== null && attempt < 5 && index !== 'establishments_owner_key') continue;
      if (index === 'establishments_owner_key') throw new AppError('EstablishmentAlreadyClaimed');
      throw error;
    }
  }
  return getEstablishment(ctx, id);
}

/**
 * A patch of the establishment `id` in the write `w` (`patchEstablishment`'s work, also an import's for each
 * place it updates): answers the history's changes (none: nothing differed). `options.note` is one more
 * change in the entry (the file an import came from), `options.source` where it was imported from.
 */
export async function applyEstablishmentPatch(
  ctx: AppContext,
  w: Write,
  id: string,
  body: PatchEstablishmentBody,
  options: {
    ability?: AppAbility | undefined;
    note?: FieldChange;
    source?: { source: string; sourceId: string } | null;
  } = {},
): Promise<FieldChange[]> {
  const { tx } = w;
  const before = w.checkExisting(await findEstablishmentById(tx, id, { forUpdate: true }), notFound);
  // The same owner sent back (a whole record saved as read) changes nothing: not refused.
  if (body.restaurantOwner !== undefined && body.restaurantOwner !== before.ownerId) {
    assertMayChangeOwner(options.ability, [before.ownerId, body.restaurantOwner]);
  }
  assertClosureDates(ctx, body.closures, before.closures);
  await assertCategoriesExist(tx, body.categories);
  await assertOwnerExists(tx, body.restaurantOwner);
  // Its current photo is always accepted (kept as it is); a new one must be the caller's upload.
  if (body.photo && body.photo.url !== before.photoUrl) {
    await assertStoredPhoto(ctx, body.photo.url, w.actor);
  }
  if (body.uri !== undefined && body.uri !== before.uri && (await isUriTaken(tx, body.uri, id))) {
    throw uriTaken();
  }

  const name = body.name ?? before.name;
  const town = body.address?.town ?? before.town;
  const photoUrl = body.photo === undefined ? before.photoUrl : (body.photo?.url ?? null);
  const values: Partial<typeof establishments.$inferInsert> = {
    ...(body.kind === undefined ? {} : { kind: body.kind }),
    ...(body.name === undefined ? {} : { name: body.name }),
    ...(body.venueType === undefined ? {} : { venueType: body.venueType }),
    ...(body.uri === undefined ? {} : { uri: body.uri }),
    ...(body.description === undefined ? {} : { description: body.description }),
    ...(body.address?.street === undefined ? {} : { street: body.address.street }),
    ...(body.address?.postcode === undefined ? {} : { postcode: body.address.postcode }),
    ...(body.address?.town === undefined ? {} : { town: body.address.town }),
    ...(body.location === undefined
      ? {}
      : { latitude: body.location.latitude, longitude: body.location.longitude }),
    ...(body.phone === undefined ? {} : { phone: body.phone }),
    ...(body.email === undefined ? {} : { email: body.email }),
    // The address a claim code may go to follows the team's edits only, never an owner's (decision 0070).
    ...(body.email === undefined || w.actor.role !== 'admin' ? {} : { claimEmail: body.email }),
    ...(body.closedForGood === undefined || body.closedForGood === (before.closedForGoodAt !== null)
      ? {}
      : { closedForGoodAt: body.closedForGood ? w.now : null }),
    ...(body.website === undefined ? {} : { website: body.website }),
    ...(body.openingHours === undefined ? {} : { openingHours: body.openingHours }),
    // The whole list, in order of first days: it replaces the stored one.
    ...(body.closures === undefined ? {} : { closures: sortClosures(body.closures) }),
    ...(body.priceRange === undefined ? {} : { priceRange: body.priceRange }),
    ...visibilityValues(body, before, w.now),
    // A new photo has not been shared yet.
    ...(body.photo === undefined
      ? {}
      : {
          photoUrl,
          photoIsFacebookShared: photoUrl === before.photoUrl && before.photoIsFacebookShared,
        }),
    searchText: searchTextOf(name, town),
  };
  await tx
    .update(establishments)
    .set({ ...values, updatedAt: databaseNow() })
    .where(eq(establishments.id, id));
  if (body.categories !== undefined) await replaceEstablishmentCategories(tx, id, body.categories);
  const after = await findEstablishmentById(tx, id);
  const changes = diffFields(historyView(before), historyView(after!));
  if (changes.length > 0) {
    await recordEstablishmentChange(w, id, 'update', options.note ? [options.note, ...changes] : changes);
  }
  if (body.restaurantOwner !== undefined) {
    await relinkEstablishment(w, id, before.ownerId, body.restaurantOwner);
  }
  return changes;
}

/**
 * Any subset of the fields (the auth hook has already refused the fields the caller may not change).
 * `address` is merged key by key. The uri never follows a new name: only an explicit `uri` changes it, and
 * the one it had keeps answering with a redirect.
 */
export async function patchEstablishment(
  ctx: AppContext,
  actor: Actor,
  id: string,
  body: PatchEstablishmentBody,
  conditions?: WriteConditions,
  ability?: AppAbility,
): Promise<EstablishmentRow> {
  try {
    await write(ctx, { actor, conditions }, (w) => applyEstablishmentPatch(ctx, w, id, body, { ability }));
  } catch (error) {
    const index = violatedUniqueIndex(error);
    if (isUriConflict(index)) throw uriTaken();
    if (index === 'establishments_owner_key') throw new AppError('EstablishmentAlreadyClaimed');
    throw error;
  }
  return getEstablishment(ctx, id);
}

/**
 * Deletes the establishment with its categories, menu boards, group memberships and earlier addresses; its
 * history stays, and each of its addresses gets a tombstone (410 with places nearby, never reused). Its
 * owner, if any, is detached first (and told, when the team deletes it).
 */
export async function deleteEstablishment(
  ctx: AppContext,
  actor: Actor,
  id: string,
  conditions?: WriteConditions,
): Promise<void> {
  await write(ctx, { actor, conditions }, async (w) => {
    const before = w.checkExisting(await findEstablishmentById(w.tx, id, { forUpdate: true }), notFound);
    await relinkEstablishment(w, id, before.ownerId, null, { deleting: true });
    // Every address it had answers 410 for ever (printed posters) and is never given to another place.
    await w.tx
      .insert(establishmentTombstones)
      .values(
        [...new Set([before.uri, ...before.previousUris])].map((uri) => ({
          uri,
          establishmentId: id,
          kind: before.kind,
          name: before.name,
          town: before.town,
          latitude: before.latitude,
          longitude: before.longitude,
        })),
      )
      .onConflictDoNothing();
    await w.tx.delete(establishments).where(eq(establishments.id, id));
    await recordEstablishmentChange(w, id, 'delete', allFields(historyView(before), 'delete'));
  });
}

/** A new claim code: the old one stops working (given to the wrong person, say). */
export async function renewClaimCode(
  ctx: AppContext,
  actor: Actor,
  id: string,
  conditions?: WriteConditions,
): Promise<EstablishmentRow> {
  for (let attempt = 1; ; attempt++) {
    try {
      await write(ctx, { actor, conditions }, async (w) => {
        w.checkExisting(await findEstablishmentById(w.tx, id, { forUpdate: true }), notFound);
        await w.tx
          .update(establishments)
          .set({ claimCode: newClaimCode(), updatedAt: databaseNow() })
          .where(eq(establishments.id, id));
        await recordEstablishmentChange(w, id, 'update', [{ field: 'claimCode', from: null, to: null }]);
      });
      return getEstablishment(ctx, id);
    } catch (error) {
      if (violatedUniqueIndex(error) === 'establishments_claim_code_key' && attempt < 5) continue;
      throw error;
    }
  }
}

import { randomInt, randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { AppError, type ValidationIssue } from '@tables-voisines/contract/errors';
import { nextFreeUri, slugify } from '@tables-voisines/contract/slug';
import {
  CLAIM_CODE_ALPHABET,
  CLAIM_CODE_LENGTH,
  type CreateEstablishmentBody,
  type PatchEstablishmentBody,
} from '@tables-voisines/contract/schemas/establishment';
import { normalizeForSearch } from '@tables-voisines/contract/text';
import type { AppContext } from '../../context';
import type { DbOrTx, Tx } from '../../db/client';
import { categories, establishments, owners } from '../../db/schema';
import { allFields, diffFields, recordChange, type Actor } from '../history/history';
import { assertStoredPhoto } from '../uploads/photo-check';
import { toEstablishment } from './establishments.presenter';
import {
  detachOwnerElsewhere,
  findEstablishmentById,
  findTakenUris,
  isUriTaken,
  lockUriBase,
  replaceEstablishmentCategories,
  type EstablishmentRow,
} from './establishments.queries';

const notFound = () => new AppError('NotFound', 'Cet établissement n’existe pas.');
const uriTaken = () => new AppError('UriAlreadyUsed');

export function newClaimCode(): string {
  return Array.from(
    { length: CLAIM_CODE_LENGTH },
    () => CLAIM_CODE_ALPHABET[randomInt(CLAIM_CODE_ALPHABET.length)],
  ).join('');
}

/** The name of the unique index a database error violated, if it is one. */
function violatedUniqueIndex(error: unknown): string | null {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 3; e = e.cause, depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
  }
  return null;
}

export async function getEstablishment(ctx: AppContext, id: string): Promise<EstablishmentRow> {
  const row = await findEstablishmentById(ctx.db, id.toLowerCase());
  if (row === null) throw notFound();
  return row;
}

/** What the history compares: the owner's view without its id and dates. */
function historyView(row: EstablishmentRow): Record<string, unknown> {
  const { id: _id, createdAt: _c, updatedAt: _u, ...fields } = toEstablishment(row);
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
    if (!known.has(id.toLowerCase()))
      issues.push({ path: `categories.${index}`, message: 'Catégorie inconnue.' });
  });
  if (issues.length > 0) {
    throw new AppError('ValidationError', 'Certaines catégories n’existent pas.', issues);
  }
}

async function assertOwnerExists(db: DbOrTx, ownerId: string | null | undefined): Promise<void> {
  if (ownerId === undefined || ownerId === null) return;
  const rows = await db
    .select({ id: owners.id })
    .from(owners)
    .where(inArray(owners.id, [ownerId.toLowerCase()]));
  if (rows.length === 0) throw new AppError('NotFound', 'Ce compte restaurateur n’existe pas.');
}

/** Links `ownerId` to the establishment, detaching it from any other one (recorded on that one too). */
async function detachElsewhere(tx: Tx, ownerId: string, establishmentId: string, actor: Actor) {
  for (const detachedId of await detachOwnerElsewhere(tx, ownerId, establishmentId)) {
    await recordChange(tx, {
      subjectType: 'establishment',
      subjectId: detachedId,
      establishmentId: detachedId,
      action: 'unlink',
      actor,
      changes: [{ field: 'restaurantOwner', from: ownerId, to: null }],
    });
  }
}

/**
 * A new establishment. Without a `uri` in the body it is generated from name and town, with `-2`, `-3`...
 * when taken: the choice and the insert happen under a lock on that base, so simultaneous creates of the
 * same name and town get distinct uris.
 */
export async function createEstablishment(
  ctx: AppContext,
  actor: Actor,
  body: CreateEstablishmentBody,
): Promise<EstablishmentRow> {
  await assertCategoriesExist(ctx.db, body.categories);
  await assertOwnerExists(ctx.db, body.restaurantOwner);
  if (body.photo) await assertStoredPhoto(ctx, body.photo.url);
  const ownerId = body.restaurantOwner?.toLowerCase() ?? null;
  const id = randomUUID();
  const base = slugify(body.name, body.address.town);
  if (body.uri === undefined && base === '') {
    throw new AppError('ValidationError', 'Le nom et la ville ne donnent aucune adresse de page.', [
      { path: 'name', message: 'Le nom doit contenir au moins une lettre ou un chiffre.' },
    ]);
  }

  for (let attempt = 1; ; attempt++) {
    try {
      await ctx.db.transaction(async (tx) => {
        let uri: string;
        if (body.uri !== undefined) {
          if (await isUriTaken(tx, body.uri)) throw uriTaken();
          uri = body.uri;
        } else {
          await lockUriBase(tx, base);
          uri = nextFreeUri(base, await findTakenUris(tx, base));
        }
        if (ownerId !== null) await detachElsewhere(tx, ownerId, id, actor);
        await tx.insert(establishments).values({
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
          priceRange: body.priceRange ?? null,
          photoUrl: body.photo?.url ?? null,
          ownerId,
          claimCode: newClaimCode(),
          disabled: body.disabled ?? false,
          searchText: normalizeForSearch(`${body.name} ${body.address.town}`),
        });
        await replaceEstablishmentCategories(
          tx,
          id,
          (body.categories ?? []).map((c) => c.toLowerCase()),
        );
        const created = await findEstablishmentById(tx, id);
        await recordChange(tx, {
          subjectType: 'establishment',
          subjectId: id,
          establishmentId: id,
          action: 'create',
          actor,
          changes: allFields(historyView(created!), 'create'),
        });
      });
      break;
    } catch (error) {
      const index = violatedUniqueIndex(error);
      // A claim code drawn twice, or a uri given by an admin at the same instant: draw again.
      if (index !== null && attempt < 5 && index !== 'establishments_owner_key') {
        if (index === 'establishments_uri_key' && body.uri !== undefined) throw uriTaken();
        continue;
      }
      if (index === 'establishments_owner_key') throw new AppError('EstablishmentAlreadyClaimed');
      throw error;
    }
  }
  ctx.dataVersion.bump();
  return getEstablishment(ctx, id);
}

/**
 * Any subset of the fields (the auth hook has already refused the fields the caller may not change).
 * `address` is merged key by key. The uri never follows a new name: only an explicit `uri` changes it.
 */
export async function patchEstablishment(
  ctx: AppContext,
  actor: Actor,
  rawId: string,
  body: PatchEstablishmentBody,
): Promise<EstablishmentRow> {
  const id = rawId.toLowerCase();
  const existing = await getEstablishment(ctx, id);
  await assertCategoriesExist(ctx.db, body.categories);
  await assertOwnerExists(ctx.db, body.restaurantOwner);
  if (body.photo && body.photo.url !== existing.photoUrl) await assertStoredPhoto(ctx, body.photo.url);
  if (body.uri !== undefined && body.uri !== existing.uri && (await isUriTaken(ctx.db, body.uri, id))) {
    throw uriTaken();
  }

  const name = body.name ?? existing.name;
  const town = body.address?.town ?? existing.town;
  const ownerId =
    body.restaurantOwner === undefined ? existing.ownerId : (body.restaurantOwner?.toLowerCase() ?? null);
  const photoUrl = body.photo === undefined ? existing.photoUrl : (body.photo?.url ?? null);
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
    ...(body.website === undefined ? {} : { website: body.website }),
    ...(body.openingHours === undefined ? {} : { openingHours: body.openingHours }),
    ...(body.priceRange === undefined ? {} : { priceRange: body.priceRange }),
    ...(body.disabled === undefined ? {} : { disabled: body.disabled }),
    ...(body.restaurantOwner === undefined ? {} : { ownerId }),
    // A new photo has not been shared yet.
    ...(body.photo === undefined
      ? {}
      : {
          photoUrl,
          photoIsFacebookShared: photoUrl === existing.photoUrl && existing.photoIsFacebookShared,
        }),
    searchText: normalizeForSearch(`${name} ${town}`),
    updatedAt: new Date(),
  };

  try {
    await ctx.db.transaction(async (tx) => {
      const before = await findEstablishmentById(tx, id);
      if (before === null) throw notFound();
      if (ownerId !== null && ownerId !== before.ownerId) await detachElsewhere(tx, ownerId, id, actor);
      await tx
        .update(establishments)
        .set(values)
        .where(inArray(establishments.id, [id]));
      if (body.categories !== undefined) {
        await replaceEstablishmentCategories(
          tx,
          id,
          body.categories.map((c) => c.toLowerCase()),
        );
      }
      const after = await findEstablishmentById(tx, id);
      const changes = diffFields(historyView(before), historyView(after!));
      if (changes.length > 0) {
        await recordChange(tx, {
          subjectType: 'establishment',
          subjectId: id,
          establishmentId: id,
          action: 'update',
          actor,
          changes,
        });
      }
    });
  } catch (error) {
    const index = violatedUniqueIndex(error);
    if (index === 'establishments_uri_key') throw uriTaken();
    if (index === 'establishments_owner_key') throw new AppError('EstablishmentAlreadyClaimed');
    throw error;
  }
  ctx.dataVersion.bump();
  return getEstablishment(ctx, id);
}

/** Deletes the establishment with its categories, menu boards and group memberships; the history stays. */
export async function deleteEstablishment(ctx: AppContext, actor: Actor, rawId: string): Promise<void> {
  const id = rawId.toLowerCase();
  await ctx.db.transaction(async (tx) => {
    const before = await findEstablishmentById(tx, id);
    if (before === null) throw notFound();
    await tx.delete(establishments).where(inArray(establishments.id, [id]));
    await recordChange(tx, {
      subjectType: 'establishment',
      subjectId: id,
      establishmentId: id,
      action: 'delete',
      actor,
      changes: allFields(historyView(before), 'delete'),
    });
  });
  ctx.dataVersion.bump();
}

import { and, asc, eq, sql } from 'drizzle-orm';
import { normalizeForSearch } from '@tables-voisines/contract/text';
import type { DbOrTx } from '../../db/client';
import { establishments, groups, owners } from '../../db/schema';
import { whereOf, type EstablishmentFilter } from '../establishments/establishments.queries';
import { ownersWhere, type OwnerFilter } from '../owners/owners.queries';
import { KIND_LABELS, VENUE_TYPE_LABELS } from '@tables-voisines/contract/labels';
import type { Cell, ExportColumn, RowBatches } from './export-writers';

export const EXPORT_BATCH = 2000;

export const ESTABLISHMENT_COLUMNS: readonly ExportColumn[] = [
  { header: 'Identifiant', width: 38 },
  { header: 'Nom', width: 32 },
  { header: 'Type', width: 12 },
  { header: 'Type d’établissement', width: 18 },
  { header: 'Adresse de la page', width: 40 },
  { header: 'Rue', width: 30 },
  { header: 'Code postal', width: 10 },
  { header: 'Ville', width: 20 },
  { header: 'Latitude', width: 11 },
  { header: 'Longitude', width: 11 },
  { header: 'Téléphone', width: 16 },
  { header: 'Adresse e-mail', width: 28 },
  { header: 'Site web', width: 28 },
  { header: 'Gamme de prix', width: 8 },
  { header: 'Catégories', width: 30 },
  { header: 'Description', width: 40 },
  { header: 'Photo', width: 30 },
  { header: 'Photo partagée sur Facebook', width: 10 },
  { header: 'Restaurateur (e-mail)', width: 28 },
  { header: 'Désactivé', width: 10 },
  { header: 'Créé le (heure de Paris)', width: 20 },
  { header: 'Modifié le (heure de Paris)', width: 20 },
];

/**
 * The establishments the back office's list shows with `filter`, by name, read in batches with a keyset
 * (`(name, id) > last`), never with OFFSET and never in one result: memory stays flat whatever the number of
 * rows. No secret column (claim code).
 */
function establishmentBatch(
  db: DbOrTx,
  filter: EstablishmentFilter,
  last: { name: string; id: string } | null,
) {
  return db
    .select({
      id: establishments.id,
      name: establishments.name,
      kind: establishments.kind,
      venueType: establishments.venueType,
      uri: establishments.uri,
      street: establishments.street,
      postcode: establishments.postcode,
      town: establishments.town,
      latitude: establishments.latitude,
      longitude: establishments.longitude,
      phone: establishments.phone,
      email: establishments.email,
      website: establishments.website,
      priceRange: establishments.priceRange,
      categories: sql<
        string | null
      >`(select string_agg(c.name_fr, ', ' order by ec.position, c.name_fr) from establishment_categories ec join categories c on c.id = ec.category_id where ec.establishment_id = ${establishments.id})`,
      description: establishments.description,
      photoUrl: establishments.photoUrl,
      shared: establishments.photoIsFacebookShared,
      ownerEmail: owners.email,
      disabled: establishments.disabled,
      createdAt: establishments.createdAt,
      updatedAt: establishments.updatedAt,
    })
    .from(establishments)
    .leftJoin(owners, eq(owners.id, establishments.ownerId))
    .where(
      and(
        whereOf(filter),
        last === null
          ? undefined
          : sql`(${establishments.name}, ${establishments.id}) > (${last.name}, ${last.id})`,
      ),
    )
    .orderBy(asc(establishments.name), asc(establishments.id))
    .limit(EXPORT_BATCH);
}

export async function* establishmentExportBatches(db: DbOrTx, filter: EstablishmentFilter): RowBatches {
  let last: { name: string; id: string } | null = null;
  for (;;) {
    const rows = await establishmentBatch(db, filter, last);
    if (rows.length > 0) {
      yield rows.map((r): Cell[] => [
        r.id,
        r.name,
        KIND_LABELS[r.kind],
        VENUE_TYPE_LABELS[r.venueType],
        r.uri,
        r.street,
        r.postcode,
        r.town,
        r.latitude,
        r.longitude,
        r.phone,
        r.email,
        r.website,
        r.priceRange,
        r.categories,
        r.description,
        r.photoUrl,
        r.shared,
        r.ownerEmail,
        r.disabled,
        r.createdAt,
        r.updatedAt,
      ]);
    }
    if (rows.length < EXPORT_BATCH) return;
    const tail = rows[rows.length - 1]!;
    last = { name: tail.name, id: tail.id };
  }
}

export const OWNER_COLUMNS: readonly ExportColumn[] = [
  { header: 'Identifiant', width: 38 },
  { header: 'Adresse e-mail', width: 30 },
  { header: 'Prénom', width: 16 },
  { header: 'Nom', width: 16 },
  { header: 'Téléphone', width: 16 },
  { header: 'Adresse confirmée', width: 10 },
  { header: 'Établissement', width: 32 },
  { header: 'Ville de l’établissement', width: 20 },
  { header: 'Identifiant de l’établissement', width: 38 },
  { header: 'Créé le (heure de Paris)', width: 20 },
  { header: 'Modifié le (heure de Paris)', width: 20 },
];

/** The owners the list shows with `filter`, by e-mail address, in batches; no password hash, code or token. */
function ownerBatch(db: DbOrTx, filter: OwnerFilter, last: { email: string; id: string } | null) {
  return db
    .select({
      id: owners.id,
      email: owners.email,
      firstName: owners.firstName,
      lastName: owners.lastName,
      phone: owners.phone,
      confirmed: owners.confirmed,
      establishmentName: establishments.name,
      establishmentTown: establishments.town,
      establishmentId: establishments.id,
      createdAt: owners.createdAt,
      updatedAt: owners.updatedAt,
    })
    .from(owners)
    .leftJoin(establishments, eq(establishments.ownerId, owners.id))
    .where(
      and(
        ownersWhere(filter),
        last === null ? undefined : sql`(${owners.email}, ${owners.id}) > (${last.email}, ${last.id})`,
      ),
    )
    .orderBy(asc(owners.email), asc(owners.id))
    .limit(EXPORT_BATCH);
}

export async function* ownerExportBatches(db: DbOrTx, filter: OwnerFilter): RowBatches {
  let last: { email: string; id: string } | null = null;
  for (;;) {
    const rows = await ownerBatch(db, filter, last);
    if (rows.length > 0) {
      yield rows.map((r): Cell[] => [
        r.id,
        r.email,
        r.firstName,
        r.lastName,
        r.phone,
        r.confirmed,
        r.establishmentName,
        r.establishmentTown,
        r.establishmentId,
        r.createdAt,
        r.updatedAt,
      ]);
    }
    if (rows.length < EXPORT_BATCH) return;
    const tail = rows[rows.length - 1]!;
    last = { email: tail.email, id: tail.id };
  }
}

export const GROUP_COLUMNS: readonly ExportColumn[] = [
  { header: 'Identifiant', width: 38 },
  { header: 'Nom', width: 32 },
  { header: 'Rayon (km)', width: 10 },
  { header: 'Latitude du centre', width: 11 },
  { header: 'Longitude du centre', width: 11 },
  { header: 'Créé le (heure de Paris)', width: 20 },
  { header: 'Modifié le (heure de Paris)', width: 20 },
];

/**
 * The groups the list shows: those whose name holds `q`, ignoring case and accents, as the back office's
 * search does; by name. A few dozen at most: one batch.
 */
export async function* groupExportBatches(db: DbOrTx, q: string | undefined): RowBatches {
  const term = normalizeForSearch(q ?? '');
  const rows = await db.select().from(groups).orderBy(asc(groups.name), asc(groups.id));
  yield rows
    .filter((r) => term === '' || normalizeForSearch(r.name).includes(term))
    .map((r): Cell[] => [r.id, r.name, r.radiusKm, r.latitude, r.longitude, r.createdAt, r.updatedAt]);
}

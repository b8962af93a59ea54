import { randomUUID } from 'node:crypto';
import { nextFreeUri, slugify } from '@tables-voisines/contract/slug';
import { normalizeForSearch } from '@tables-voisines/contract/text';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import {
  categories,
  establishmentCategories,
  establishments,
  groups,
  menuBoardItems,
  menuBoards,
  reports,
} from '../src/db/schema';
import { newClaimCode } from '../src/modules/establishments/establishments.service';
import { searchTextOf } from '../src/modules/establishments/search-text';

// Each test makes what it needs: factories with sensible defaults, overridden per test. A row is written as
// the service writes it: its page address, claim code and search text made by the service's own functions.

type EstablishmentInsert = typeof establishments.$inferInsert;

export async function createEstablishment(
  db: Db,
  overrides: Partial<EstablishmentInsert> & { categoryIds?: string[] } = {},
) {
  const { categoryIds = [], ...fields } = overrides;
  const name = fields.name ?? `Le Bistrot ${randomUUID().slice(0, 6)}`;
  const town = fields.town ?? 'Lyon';
  const taken = new Set(
    (await db.select({ uri: establishments.uri }).from(establishments)).map((r) => r.uri),
  );
  const row: EstablishmentInsert = {
    id: randomUUID(),
    kind: 'restaurant',
    venueType: 'restaurant',
    latitude: 45.764,
    longitude: 4.8357,
    street: '1 place Bellecour',
    postcode: '69002',
    claimCode: newClaimCode(),
    openingHours: [{ day: 1, opens: '12:00', closes: '14:30' }],
    ...fields,
    // A page the team made: its e-mail is where its claim code goes (what the create call does).
    claimEmail: fields.claimEmail !== undefined ? fields.claimEmail : (fields.email ?? null),
    name,
    town,
    uri: fields.uri ?? nextFreeUri(slugify(name, town), taken),
    searchText: searchTextOf(name, town),
  };
  const [created] = await db.insert(establishments).values(row).returning();
  if (categoryIds.length > 0) {
    await db
      .insert(establishmentCategories)
      .values(
        categoryIds.map((categoryId, position) => ({ establishmentId: row.id!, categoryId, position })),
      );
  }
  return created!;
}

export async function createCategory(db: Db, nameFr: string, nameEn = nameFr) {
  const [created] = await db
    .insert(categories)
    .values({
      id: randomUUID(),
      slug: `${normalizeForSearch(nameFr).replace(/\s+/g, '-')}-${randomUUID().slice(0, 4)}`,
      nameFr,
      nameEn,
      searchFr: normalizeForSearch(nameFr),
      searchEn: normalizeForSearch(nameEn),
    })
    .returning();
  return created!;
}

export async function createGroup(db: Db, overrides: Partial<typeof groups.$inferInsert> = {}) {
  const [created] = await db
    .insert(groups)
    .values({
      id: randomUUID(),
      name: 'Collectif des restaurateurs de Lyon',
      latitude: 45.764,
      longitude: 4.8357,
      radiusKm: 10,
      ...overrides,
    })
    .returning();
  return created!;
}

export async function createMenuBoard(
  db: Db,
  options: {
    establishmentId: string;
    date: string;
    title?: string;
    /** The board's formules, prices in euro cents (none when left out). */
    formulas?: (typeof menuBoards.$inferInsert)['formulas'];
    /** `description`, `allergens`, `diets`, `homemade`, `meatOrigin` as the table's defaults when left out. */
    items: Omit<typeof menuBoardItems.$inferInsert, 'menuBoardId' | 'position'>[];
  },
) {
  const id = randomUUID();
  await db.insert(menuBoards).values({
    id,
    establishmentId: options.establishmentId,
    title: options.title ?? 'Ardoise du jour',
    date: options.date,
    ...(options.formulas === undefined ? {} : { formulas: options.formulas }),
  });
  await db
    .insert(menuBoardItems)
    .values(options.items.map((item, position) => ({ ...item, position, menuBoardId: id })));
  return id;
}

export async function disableEstablishment(db: Db, id: string) {
  await db.update(establishments).set({ disabled: true }).where(eq(establishments.id, id));
}

/** How many error reports an establishment has in the database, whatever their state. */
export async function countReports(db: Db, establishmentId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(reports)
    .where(eq(reports.establishmentId, establishmentId));
  return row!.n;
}

import { AppError } from '@tables-voisines/contract/errors';
import type { PublicData, PublicSettings } from '@tables-voisines/contract/public-data';
import { UuidSchema } from '@tables-voisines/contract/schemas/common';
import type { AppContext } from '../context';
import { findCategoriesByIds } from '../modules/categories/find-categories-by-ids';
import { toPublicEstablishment } from '../modules/establishments/establishments.presenter';
import {
  findEstablishmentByIdOrUri,
  findEstablishmentsByUris,
  findGonePlace,
} from '../modules/establishments/establishments.queries';
import { findPageByFoldedAddress, suggestPagesForAddress } from '../modules/establishments/folded-addresses';
import {
  findGroupsOfEstablishment,
  findGroupsOfEstablishments,
} from '../modules/groups/find-groups-of-establishment';
import { findGroups, toGroup } from '../modules/groups/groups.queries';
import { findNearbyEstablishments } from '../modules/map/find-nearby-establishments';
import {
  findTodayMenuBoard,
  findTodayMenuBoards,
  type MenuBoardAnswer,
} from '../modules/menu-boards/menu-boards.queries';
import { createReport, parseReportBody } from '../modules/reports/reports.service';
import { openDataCounts } from '../modules/open-data/open-data.queries';
import { createContactMessage, parseContactMessageBody } from '../modules/access/contact-messages';
import { parisDay } from '@tables-voisines/contract/paris-time';

export function publicSettingsOf(config: AppContext['config']): PublicSettings {
  return {
    siteName: config.site.name,
    siteShortName: config.site.shortName,
    publicUrl: config.publicUrl,
    mapStyleUrl: config.mapStyleUrl ?? null,
    mapServerClustersFrom: config.mapServerClustersFrom,
    confirmationResendDelaySeconds: config.confirmationResendDelaySeconds,
    contactEmail: config.contactEmail,
    iosAppId: config.site.iosAppId,
    androidPackageId: config.site.androidPackageId,
  };
}

/** The last `max` reads by key, shared while in flight; a failed read is not kept. */
class ReadMemo<V> {
  readonly #reads = new Map<string, Promise<V>>();
  constructor(readonly max: number) {}

  /** An answer read beforehand, unless one is already known. */
  put(key: string, value: V): void {
    if (!this.#reads.has(key)) void this.read(key, async () => value);
  }

  read(key: string, read: () => Promise<V>): Promise<V> {
    const known = this.#reads.get(key);
    if (known !== undefined) return known;
    const reading = read();
    this.#reads.set(key, reading);
    reading.catch(() => {
      if (this.#reads.get(key) === reading) this.#reads.delete(key);
    });
    // Oldest first: a Map iterates in insertion order.
    if (this.#reads.size > this.max) this.#reads.delete(this.#reads.keys().next().value!);
    return reading;
  }
}

/** What the export remembers while it reads a fixed snapshot (see `readPublicDataAsSnapshot`). */
interface SnapshotMemo {
  /** By id or uri as asked; rows kept by id too, for the groups' read of the same establishment. */
  establishments: ReadMemo<Awaited<ReturnType<typeof findEstablishmentByIdOrUri>>>;
  rowsById: ReadMemo<Awaited<ReturnType<typeof findEstablishmentByIdOrUri>>>;
  menuBoards: ReadMemo<Awaited<ReturnType<typeof findTodayMenuBoard>>>;
  groupsOf: ReadMemo<ReturnType<typeof toGroup>[]>;
  categories: ReadMemo<Awaited<ReturnType<typeof findCategoriesByIds>>>;
  groups: ReadMemo<ReturnType<typeof toGroup>[]>;
}

const snapshots = new WeakMap<AppContext, SnapshotMemo>();

/**
 * For the static export only, which reads a database nobody writes to meanwhile: until the returned
 * function is called, the public reads of this app remember their answers, so that a page and its `.data`
 * file (two renders, every loader run twice) read the database once, and reads the same for every page
 * (categories) once for all. The live server never calls this: its reads always go to the database.
 */
export function readPublicDataAsSnapshot(ctx: AppContext): () => void {
  // Pages are read ahead by the hundred (`readAheadPublicPages`), a batch or two per thread at a time, and
  // a few rendered at once; a page's second render follows its first closely.
  const perPage = 4 * READ_AHEAD_PAGES;
  snapshots.set(ctx, {
    establishments: new ReadMemo(perPage),
    rowsById: new ReadMemo(perPage),
    menuBoards: new ReadMemo(perPage),
    groupsOf: new ReadMemo(perPage),
    categories: new ReadMemo(4096),
    groups: new ReadMemo(1),
  });
  return () => {
    snapshots.delete(ctx);
  };
}

/** Pages whose reads `readAheadPublicPages` is given at once by the export. */
export const READ_AHEAD_PAGES = 128;

/**
 * For the export, in a snapshot (`readPublicDataAsSnapshot`): the reads of these establishments' pages
 * made beforehand, a few queries for them all instead of a few for each: their rows, today's boards and
 * their groups, remembered as their pages' loaders ask them. Nothing outside a snapshot.
 */
export async function readAheadPublicPages(ctx: AppContext, uris: readonly string[]): Promise<void> {
  const memo = snapshots.get(ctx);
  if (memo === undefined) return;
  const { db } = ctx;
  const rows = await findEstablishmentsByUris(db, uris);
  const shown = [...rows.values()].filter((row) => row !== null && !row.disabled);
  const day = parisDay(ctx.clock());
  const [boards, groupsOf] = await Promise.all([
    findTodayMenuBoards(
      db,
      shown.map((row) => row!.id),
      day,
    ),
    findGroupsOfEstablishments(
      db,
      shown.map((row) => ({ id: row!.id, location: { latitude: row!.latitude, longitude: row!.longitude } })),
    ),
  ]);
  for (const [uri, row] of rows) {
    memo.establishments.put(uri, row);
    if (row !== null) memo.rowsById.put(row.id, row);
  }
  for (const [id, board] of boards) memo.menuBoards.put(`${day}|${id}`, board);
  for (const [id, groups] of groupsOf) memo.groupsOf.put(id, groups.map(toGroup));
}

/** A board as pages show it: its version and owner are for the signed-in calls only. */
const withoutVersion = ({ version: _version, hasOwner: _hasOwner, ...board }: MenuBoardAnswer) => board;

/** The reads of the public pages, on the live database: what React Router loaders get. */
export function createPublicData(ctx: AppContext): PublicData {
  const { db } = ctx;
  const findRow = (idOrUri: string) => {
    const memo = snapshots.get(ctx);
    if (memo === undefined) return findEstablishmentByIdOrUri(db, idOrUri);
    return memo.establishments.read(idOrUri, async () => {
      const row = await findEstablishmentByIdOrUri(db, idOrUri);
      if (row !== null) void memo.rowsById.read(row.id, async () => row);
      return row;
    });
  };
  const findRowById = (id: string) => {
    const memo = snapshots.get(ctx);
    return memo === undefined
      ? findEstablishmentByIdOrUri(db, id)
      : memo.rowsById.read(id, () => findEstablishmentByIdOrUri(db, id));
  };
  const memoized = <K extends keyof SnapshotMemo, V>(
    name: K,
    key: string,
    read: () => Promise<V>,
  ): Promise<V> => {
    const memo = snapshots.get(ctx)?.[name] as ReadMemo<V> | undefined;
    return memo === undefined ? read() : memo.read(key, read);
  };

  return {
    settings: publicSettingsOf(ctx.config),
    now: () => ctx.clock(),

    async getPublicEstablishment(idOrUri) {
      const row = await findRow(idOrUri);
      return row === null || row.disabled || row.closedForGoodAt !== null ? null : toPublicEstablishment(row);
    },

    async getGonePlace(idOrUri, limit) {
      const gone = await findGonePlace(db, idOrUri);
      if (gone === null) return null;
      const { reason, kind, name, town, latitude, longitude } = gone;
      // No uri of a live place is one of its: nothing to leave out of its neighbours.
      const nearby = await findNearbyEstablishments(
        ctx.mapIndex,
        { uri: '', location: { latitude, longitude } },
        limit,
      );
      return { reason, kind, name, town, nearby };
    },

    findPageByFoldedAddress: (uri) => findPageByFoldedAddress(db, uri),

    suggestPages: (uri, limit) => suggestPagesForAddress(db, uri, limit),

    async getTodayMenuBoard(establishmentId) {
      const day = parisDay(ctx.clock());
      const board = await memoized('menuBoards', `${day}|${establishmentId}`, () =>
        findTodayMenuBoard(db, establishmentId, day),
      );
      return board === null ? null : withoutVersion(board);
    },

    getEstablishmentGroups: (establishmentId) =>
      memoized('groupsOf', establishmentId, async () => {
        const row = await findRowById(establishmentId);
        if (row === null) return [];
        const found = await findGroupsOfEstablishment(db, {
          id: row.id,
          location: { latitude: row.latitude, longitude: row.longitude },
        });
        return found.map(toGroup);
      }),

    async getNearbyEstablishments(establishmentId, limit) {
      const row = await findRowById(establishmentId);
      if (row === null || row.disabled || row.closedForGoodAt !== null) return [];
      return findNearbyEstablishments(
        ctx.mapIndex,
        { uri: row.uri, location: { latitude: row.latitude, longitude: row.longitude } },
        limit,
      );
    },

    listGroups: () => memoized('groups', '', async () => (await findGroups(db)).map(toGroup)),

    getCategories: (ids) => memoized('categories', ids.join(','), () => findCategoriesByIds(db, ids, 'fr')),

    // The page's form, checked as the API checks its body (a path id that is no UUID is unknown here).
    async submitReport(establishmentId, body, clientAddress) {
      const report = parseReportBody(body);
      const id = UuidSchema.safeParse(establishmentId);
      if (!id.success) throw new AppError('NotFound', 'Cet établissement n’existe pas.');
      return createReport(ctx, id.data, report, clientAddress);
    },
    async submitContactMessage(body, clientAddress) {
      return createContactMessage(ctx, parseContactMessageBody(body), clientAddress);
    },

    async getOpenDataSummary() {
      const day = parisDay(ctx.clock());
      const counts = await openDataCounts(db, day);
      return {
        ...counts,
        establishmentsUpdatedAt: counts.establishmentsUpdatedAt?.toISOString() ?? null,
        day,
      };
    },
  };
}

import type { PublicData, PublicSettings } from '@tables-voisines/contract/public-data';
import type { AppContext } from '../context';
import { parisDay } from '../lib/today';
import { findCategoriesByIds } from '../modules/categories/find-categories-by-ids';
import { toPublicEstablishment } from '../modules/establishments/establishments.presenter';
import { findEstablishmentByIdOrUri } from '../modules/establishments/establishments.queries';
import { findGroupsOfEstablishment } from '../modules/groups/find-groups-of-establishment';
import { findGroups, toGroup } from '../modules/groups/groups.queries';
import { findTodayMenuBoard } from '../modules/menu-boards/menu-boards.queries';

export function publicSettingsOf(config: AppContext['config']): PublicSettings {
  return {
    siteName: config.site.name,
    siteShortName: config.site.shortName,
    publicUrl: config.publicUrl,
    mapStyleUrl: config.mapStyleUrl ?? null,
    iosAppId: config.site.iosAppId,
    androidPackageId: config.site.androidPackageId,
  };
}

/** The last `max` reads by key, shared while in flight; a failed read is not kept. */
class ReadMemo<V> {
  readonly #reads = new Map<string, Promise<V>>();
  constructor(readonly max: number) {}

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
  // A few pages are rendered at once; a page's second render follows its first closely.
  const perPage = 512;
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

/** The reads of the public pages, on the live database: what React Router loaders get. */
export function createPublicData(ctx: AppContext, now: () => Date = () => new Date()): PublicData {
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

    async getPublicEstablishment(idOrUri) {
      const row = await findRow(idOrUri);
      return row === null || row.disabled ? null : toPublicEstablishment(row);
    },

    getTodayMenuBoard(establishmentId) {
      const day = parisDay(now());
      return memoized('menuBoards', `${day}|${establishmentId}`, () =>
        findTodayMenuBoard(db, establishmentId, day),
      );
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

    listGroups: () => memoized('groups', '', async () => (await findGroups(db)).map(toGroup)),

    getCategories: (ids) => memoized('categories', ids.join(','), () => findCategoriesByIds(db, ids, 'fr')),
  };
}

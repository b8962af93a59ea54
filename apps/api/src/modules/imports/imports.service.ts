import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { AppError } from '@tables-voisines/contract/errors';
import type { AppAbility } from '@tables-voisines/contract/permissions';
import { slugify, withSuffix } from '@tables-voisines/contract/slug';
import { normalizeForSearch } from '@tables-voisines/contract/text';
import {
  CreateEstablishmentBodySchema,
  PatchEstablishmentBodySchema,
  type CreateEstablishmentBody,
  type PatchEstablishmentBody,
} from '@tables-voisines/contract/schemas/establishment';
import {
  IMPORT_UNDO_MINUTES,
  type EstablishmentImport,
  type ImportReport,
  type ImportUndone,
} from '@tables-voisines/contract/schemas/establishment-import';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import {
  categories,
  establishmentImportChanges,
  establishmentImports,
  establishments,
  menuBoards,
} from '../../db/schema';
import { write, type Write } from '../../writes/write';
import type { Actor, FieldChange } from '../history/history';
import {
  findEstablishmentById,
  findEstablishmentsByIds,
  type EstablishmentRow,
} from '../establishments/establishments.queries';
import { findTakenAmong } from '../establishments/establishment-uris.queries';
import { recordEstablishmentChange } from '../establishments/record-establishment-change';
import {
  applyEstablishmentPatch,
  insertEstablishments,
  type NewEstablishment,
} from '../establishments/establishments.service';
import { placeAddresses } from '../../adapters/geocoder/ban-geocoder';
import type { ImportFile } from './import-file';
import { readRecords } from './import-records';
import { fromExportColumns, fromOsmFeature, type ImportRow } from './import-rows';

/** Two places of the same name closer than this are one (docs/api.md, "Import and open data"). */
const SAME_PLACE_METRES = 100;

/** Thrown to roll a dry run (or a file with errors) back once its report is made. */
class RolledBack extends Error {}

type Existing = { id: string; name: string; uri: string };

function metresBetween(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
) {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Whether the patch would change the place: an unchanged row is neither written nor dated. */
function changes(before: EstablishmentRow, patch: PatchEstablishmentBody): boolean {
  const fields: [unknown, unknown][] = [
    [patch.kind, before.kind],
    [patch.name, before.name],
    [patch.venueType, before.venueType],
    [patch.uri, before.uri],
    [patch.description, before.description],
    [patch.phone, before.phone],
    [patch.email, before.email],
    [patch.website, before.website],
    [patch.priceRange, before.priceRange],
    [patch.disabled, before.disabled],
    [patch.openingHours, before.openingHours],
    [patch.address?.street, before.street],
    [patch.address?.postcode, before.postcode],
    [patch.address?.town, before.town],
    [patch.location?.latitude, before.latitude],
    [patch.location?.longitude, before.longitude],
    [
      patch.categories === undefined ? undefined : [...patch.categories].sort(),
      [...before.categoryIds].sort(),
    ],
  ];
  return fields.some(([given, stored]) => given !== undefined && !same(given, stored));
}

/** What an update changes back: the place's fields as they were (a PATCH body), and its source. */
function restoreBody(before: EstablishmentRow): Record<string, unknown> {
  return {
    kind: before.kind,
    name: before.name,
    venueType: before.venueType,
    uri: before.uri,
    description: before.description,
    phone: before.phone,
    email: before.email,
    website: before.website,
    priceRange: before.priceRange,
    disabled: before.disabled,
    openingHours: before.openingHours,
    address: { street: before.street, postcode: before.postcode, town: before.town },
    location: { latitude: before.latitude, longitude: before.longitude },
    categories: before.categoryIds,
    source: before.source,
    sourceId: before.sourceId,
  };
}

/** Rows read before their addresses are placed together (the geocoder's batch). */
const PLACED_TOGETHER = 200;

/**
 * The rows that create a place and give an address but no coordinates: placed through `GEOCODER_URL`
 * (adapters/geocoder/ban-geocoder.ts), or an error of the row when none is set. A row with an `Identifiant`
 * keeps its place's coordinates.
 */
async function placeRows(geocoderUrl: string | undefined, rows: ImportRow[]): Promise<void> {
  const unplaced = rows.filter(
    (r) => r.id === null && r.body.location === undefined && r.errors.length === 0,
  );
  const located = unplaced.filter((r) => {
    const town = (r.body.address as { town?: unknown } | undefined)?.town;
    return typeof town === 'string' && town !== '';
  });
  if (geocoderUrl === undefined || located.length === 0) {
    for (const row of unplaced) {
      row.errors.push({
        field: row.columns.latitude ?? row.columns.location ?? 'Latitude',
        message:
          geocoderUrl === undefined
            ? 'Latitude et longitude manquantes : donnez-les (ce serveur ne place pas les adresses lui-même).'
            : 'Latitude et longitude manquantes, et pas de ville pour trouver l’adresse.',
      });
    }
    return;
  }
  const placed = await placeAddresses(
    geocoderUrl,
    located.map((r) => {
      const address = r.body.address as { street?: string | null; postcode?: string | null; town: string };
      return { street: address.street ?? null, postcode: address.postcode ?? null, town: address.town };
    }),
  );
  located.forEach((row, i) => {
    const result = placed[i]!;
    if ('problem' in result) {
      row.errors.push({ field: row.columns['address.street'] ?? 'Rue', message: result.problem });
    } else {
      row.body.location = { latitude: result.latitude, longitude: result.longitude };
    }
  });
  for (const row of unplaced) {
    if (!located.includes(row)) {
      row.errors.push({
        field: 'Ville',
        message: 'Latitude et longitude manquantes, et pas de ville pour trouver l’adresse.',
      });
    }
  }
}

type Source = { source: string; sourceId: string };

const sourceKeyOf = (source: Source | null) =>
  source === null ? null : `${source.source}\u0000${source.sourceId}`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A place within the box around a row's coordinates, as stored. */
type Near = Existing & { latitude: number; longitude: number };

/** A new place waiting for its batch's inserts. */
interface Pending extends NewEstablishment {
  /** Its name as compared for duplicates. */
  folded: string;
}

interface Run {
  importId: string;
  ctx: AppContext;
  w: Write;
  report: ImportReport;
  note: FieldChange;
  ability: AppAbility | undefined;
  categoryIds: Map<string, string>;
  /**
   * The source ids met so far in this file, and the place each went to: its id, read again if the file
   * names that source a second time (the place as created or left unchanged); the place as it was for one
   * the file changed. 50,000 rows keep 50,000 ids (about 6 MB), not their names and addresses.
   */
  seen: Map<string, string | Existing>;
  /** The places created since the last inserts: written together (`flushCreates`). */
  pending: Pending[];
}

/**
 * What a batch of rows reads at once before its rows are done in order (decision 0084): the places of its
 * source ids, the places it updates (locked), and for the rows that create one, the places around them and
 * the uris taken among those their names would get. Places created by the batch's earlier rows are not
 * stored yet: `Run.pending` answers for them. An update written in the batch may move or rename a place
 * or take a uri: the creates after it read again (`stale`).
 */
interface Batch {
  rows: ImportRow[];
  /** The errors of each row's category names, said in the row's turn. */
  categoryErrors: Map<ImportRow, string[]>;
  bySource: Map<string, string>;
  /** The places the batch's rows update, as read for update; one patched since is read again. */
  targets: Map<string, EstablishmentRow>;
  /** The rows that create a place, checked as a create's body. */
  creates: Map<ImportRow, ReturnType<typeof CreateEstablishmentBodySchema.safeParse>>;
  near: Map<ImportRow, Near[]>;
  /** For each uri base: how far its numbers were looked at (`base`, `base-2`… `base-upTo`), those taken. */
  uris: Map<string, { upTo: number; taken: Set<string> }>;
  /** The uris given in this batch, in lower case. */
  given: Set<string>;
  stale: boolean;
}

function rowError(run: Run, row: ImportRow, path: readonly PropertyKey[], message: string) {
  const key = path.map(String);
  const field =
    row.columns[key.slice(0, 2).join('.')] ?? row.columns[key[0] ?? ''] ?? String(key[0] ?? 'ligne');
  run.report.errors.push({ row: row.row, field, message });
}

/** The uri base of a create's body (`slugify`'s), empty when its name and town give none. */
const baseOf = (body: CreateEstablishmentBody) => slugify(body.name, body.address.town);

/**
 * The places of these source ids, in one query: one look at the unique index on source and source id for
 * each (a lateral join: with the statistics of a table still empty when the import began, the planner
 * would rather read every place of the source and pick them out).
 */
async function findBySources(tx: Tx, sources: readonly Source[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (sources.length === 0) return found;
  const idsOf = new Map<string, Set<string>>();
  for (const { source, sourceId } of sources) {
    const ids = idsOf.get(source);
    if (ids === undefined) idsOf.set(source, new Set([sourceId]));
    else ids.add(sourceId);
  }
  const lists = [...idsOf].map(
    ([source, ids]) => sql`select ${source}::text as source, s.source_id, e.id
      from unnest(array[${sql.join(
        [...ids].map((id) => sql`${id}`),
        sql`, `,
      )}]::text[]) as s(source_id)
      cross join lateral (select e.id from ${establishments} e
        where e.source = ${source}::text and e.source_id = s.source_id limit 1) e`,
  );
  const result = await tx.execute(sql.join(lists, sql` union all `));
  for (const row of (result as unknown as { rows: { source: string; source_id: string; id: string }[] })
    .rows) {
    found.set(sourceKeyOf({ source: row.source, sourceId: row.source_id })!, row.id);
  }
  return found;
}

/**
 * The places within the box around each body's coordinates (100 m each way), in one query through the
 * location index; the name and the distance are compared after (`nearbySameName`).
 */
async function findAround(tx: Tx, bodies: readonly CreateEstablishmentBody[]): Promise<Near[][]> {
  const around: Near[][] = bodies.map(() => []);
  if (bodies.length === 0) return around;
  const boxes = bodies.map((body, i) => {
    const { latitude, longitude } = body.location;
    const dLat = SAME_PLACE_METRES / 111_000;
    const dLon = dLat / Math.max(Math.cos((latitude * Math.PI) / 180), 0.01);
    return sql`(${i}::int, ${longitude - dLon}::float8, ${latitude - dLat}::float8, ${longitude + dLon}::float8, ${latitude + dLat}::float8)`;
  });
  const result = await tx.execute(sql`
    select b.i, e.id, e.name, e.uri, e.latitude, e.longitude
    from (values ${sql.join(boxes, sql`, `)}) as b(i, x1, y1, x2, y2)
    join ${establishments} e on point(e.longitude, e.latitude) <@ box(point(b.x1, b.y1), point(b.x2, b.y2))`);
  for (const row of (result as unknown as { rows: (Near & { i: number })[] }).rows) {
    around[row.i]!.push({
      id: row.id,
      name: row.name,
      uri: row.uri,
      latitude: row.latitude,
      longitude: row.longitude,
    });
  }
  return around;
}

/** Looks at the numbers `from`…`upTo` of these bases at once (`findTakenAmong`) and keeps what it finds. */
async function lookUpUris(
  tx: Tx,
  batch: Batch,
  ranges: readonly { base: string; from: number; upTo: number }[],
): Promise<void> {
  const candidates = ranges.flatMap(({ base, from, upTo }) =>
    Array.from({ length: upTo - from + 1 }, (_, k) => withSuffix(base, from + k)),
  );
  const taken = await findTakenAmong(tx, candidates);
  for (const { base, from, upTo } of ranges) {
    const known = batch.uris.get(base) ?? { upTo: 0, taken: new Set<string>() };
    for (let n = from; n <= upTo; n++) {
      const candidate = withSuffix(base, n);
      if (taken.has(candidate)) known.taken.add(candidate);
    }
    known.upTo = upTo;
    batch.uris.set(base, known);
  }
}

/**
 * What the creates of `rows` need of the database, read at once: the places around each, and the uris
 * taken among the first numbers of each base (as many as the batch's creates of that base).
 */
async function lookUpCreates(tx: Tx, batch: Batch, rows: readonly ImportRow[]): Promise<void> {
  const bodies: CreateEstablishmentBody[] = [];
  const creating: ImportRow[] = [];
  const wanted = new Map<string, number>();
  for (const row of rows) {
    const parsed = batch.creates.get(row);
    if (parsed === undefined || !parsed.success) continue;
    creating.push(row);
    bodies.push(parsed.data);
    const base = baseOf(parsed.data);
    if (parsed.data.uri === undefined && base !== '') wanted.set(base, (wanted.get(base) ?? 0) + 1);
  }
  const around = await findAround(tx, bodies);
  creating.forEach((row, i) => batch.near.set(row, around[i]!));
  batch.uris.clear();
  await lookUpUris(
    tx,
    batch,
    [...wanted].map(([base, count]) => ({ base, from: 1, upTo: count })),
  );
  batch.stale = false;
}

/**
 * Everything a batch reads before its rows are done: category names (in memory), then the places of its
 * source ids, the places it updates, and what its creates need, each in one query.
 */
async function lookUpBatch(run: Run, rows: ImportRow[]): Promise<Batch> {
  const { tx } = run.w;
  const batch: Batch = {
    rows,
    categoryErrors: new Map(),
    bySource: new Map(),
    targets: new Map(),
    creates: new Map(),
    near: new Map(),
    uris: new Map(),
    given: new Set(),
    stale: false,
  };
  for (const row of rows) {
    if (row.categoryNames === null) continue;
    const ids: string[] = [];
    const errors: string[] = [];
    for (const name of row.categoryNames) {
      const id = run.categoryIds.get(normalizeForSearch(name));
      if (id === undefined) errors.push(`Catégorie inconnue : « ${name} ».`);
      else ids.push(id);
    }
    row.body.categories = ids;
    batch.categoryErrors.set(row, errors);
  }
  batch.bySource = await findBySources(
    tx,
    rows.flatMap((r) => (r.id === null && r.source !== null ? [r.source] : [])),
  );
  const targetOf = (row: ImportRow) =>
    row.id ?? (row.source === null ? null : (batch.bySource.get(sourceKeyOf(row.source)!) ?? null));
  batch.targets = await findEstablishmentsByIds(
    tx,
    [...new Set(rows.map(targetOf).filter((id) => id !== null && UUID.test(id)) as string[])].map((id) =>
      id.toLowerCase(),
    ),
    { forUpdate: true },
  );
  for (const row of rows) {
    if (targetOf(row) === null) batch.creates.set(row, CreateEstablishmentBodySchema.safeParse(row.body));
  }
  await lookUpCreates(tx, batch, rows);
  return batch;
}

/** A place of the same name (accents and case aside) within 100 m, stored or created by the batch. */
function nearbySameName(run: Run, batch: Batch, row: ImportRow, body: CreateEstablishmentBody) {
  const name = normalizeForSearch(body.name);
  const close = (place: { latitude: number; longitude: number }) =>
    metresBetween(place, body.location) <= SAME_PLACE_METRES;
  const stored = batch.near.get(row)?.find((r) => normalizeForSearch(r.name) === name && close(r));
  if (stored !== undefined) return { id: stored.id, name: stored.name, uri: stored.uri };
  const created = run.pending.find((p) => p.folded === name && close(p.body.location));
  return created === undefined ? null : { id: created.id, name: created.body.name, uri: created.uri };
}

/**
 * The first of `base`, `base-2`… neither taken nor given by the batch (`nextFreeUri`'s choice): from the
 * numbers looked up, looking further (twice as far each time) when all those are taken.
 */
async function freeUri(run: Run, batch: Batch, base: string): Promise<string> {
  for (;;) {
    const known = batch.uris.get(base) ?? { upTo: 0, taken: new Set<string>() };
    for (let n = 1; n <= known.upTo; n++) {
      const candidate = withSuffix(base, n);
      if (!known.taken.has(candidate) && !batch.given.has(candidate)) return candidate;
    }
    await lookUpUris(run.w.tx, batch, [
      { base, from: known.upTo + 1, upTo: Math.max(2 * known.upTo, known.upTo + 3) },
    ]);
  }
}

/** Inserts the places created since the last time, with their history entries and the import's records. */
async function flushCreates(run: Run): Promise<void> {
  if (run.pending.length === 0) return;
  await insertEstablishments(run.w, run.pending, { note: run.note });
  await run.w.tx.insert(establishmentImportChanges).values(
    run.pending.map((p) => ({
      importId: run.importId,
      establishmentId: p.id,
      action: 'create' as const,
      before: null,
    })),
  );
  run.pending = [];
}

/** The place a source id met earlier in the file went to: waiting for its insert, or as stored now. */
async function placeSeen(run: Run, seen: string | Existing): Promise<Existing> {
  if (typeof seen !== 'string') return seen;
  const waiting = run.pending.find((p) => p.id === seen);
  if (waiting !== undefined) return { id: seen, name: waiting.body.name, uri: waiting.uri };
  const [stored] = await run.w.tx
    .select({ id: establishments.id, name: establishments.name, uri: establishments.uri })
    .from(establishments)
    .where(eq(establishments.id, seen));
  return stored!;
}

async function importRow(run: Run, batch: Batch, index: number): Promise<void> {
  const { w, report } = run;
  const row = batch.rows[index]!;
  const errorsBefore = report.errors.length;
  for (const e of row.errors) report.errors.push({ row: row.row, ...e });
  for (const message of batch.categoryErrors.get(row) ?? []) {
    rowError(run, row, ['categories'], message);
  }
  // The row's other fields are still checked: every error of a row is said at once.
  const faulty = () => report.errors.length > errorsBefore;
  const sourceKey = sourceKeyOf(row.source);
  if (sourceKey !== null && run.seen.has(sourceKey)) {
    const existing = await placeSeen(run, run.seen.get(sourceKey)!);
    report.duplicates.push({ row: row.row, existing, reason: 'same-source' });
    return;
  }
  const targetId = row.id ?? (sourceKey === null ? null : (batch.bySource.get(sourceKey) ?? null));
  if (targetId !== null) {
    const id = targetId.toLowerCase();
    const before = !UUID.test(id)
      ? null
      : (batch.targets.get(id) ?? (await findEstablishmentById(w.tx, id, { forUpdate: true })));
    if (before === null) {
      rowError(run, row, ['id'], 'Aucun établissement n’a cet identifiant : videz la cellule pour le créer.');
      return;
    }
    const parsed = PatchEstablishmentBodySchema.safeParse(row.body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) rowError(run, row, issue.path, issue.message);
    }
    if (!parsed.success || faulty()) return;
    if (sourceKey !== null) run.seen.set(sourceKey, before.id);
    const sourceToSet = row.source !== null && before.sourceId === null ? row.source : null;
    if (!changes(before, parsed.data) && sourceToSet === null) {
      report.unchanged += 1;
      return;
    }
    // The file's earlier creates are written first, as the rows come: the patch may check a uri.
    await flushCreates(run);
    const done = await applyEstablishmentPatch(run.ctx, w, before.id, parsed.data, {
      ability: run.ability,
      note: run.note,
      source: sourceToSet,
    });
    // A place patched is read again if met again; the creates after it see it as it is now.
    batch.targets.delete(before.id);
    batch.stale = true;
    if (done.length === 0) {
      report.unchanged += 1;
      return;
    }
    report.updated += 1;
    // Said as it was before the file changed it, as for any row naming it again.
    if (sourceKey !== null) run.seen.set(sourceKey, { id: before.id, name: before.name, uri: before.uri });
    // The first state only: a place a file updates twice goes back to what it was before the file.
    await w.tx
      .insert(establishmentImportChanges)
      .values({
        importId: run.importId,
        establishmentId: before.id,
        action: 'update',
        before: restoreBody(before),
      })
      .onConflictDoNothing();
    return;
  }
  const parsed = batch.creates.get(row) ?? CreateEstablishmentBodySchema.safeParse(row.body);
  if (!parsed.success) {
    // Missing coordinates are already said, and why (placeRows).
    const unplaced = row.body.location === undefined && faulty();
    for (const issue of parsed.error.issues) {
      if (!(unplaced && issue.path[0] === 'location')) rowError(run, row, issue.path, issue.message);
    }
  }
  if (!parsed.success || faulty()) return;
  const body = parsed.data;
  if (batch.stale) {
    await flushCreates(run);
    await lookUpCreates(w.tx, batch, batch.rows.slice(index));
  }
  const existing = nearbySameName(run, batch, row, body);
  if (existing !== null) {
    report.duplicates.push({ row: row.row, existing, reason: 'nearby-same-name' });
    return;
  }
  const id = randomUUID();
  const base = baseOf(body);
  if (body.uri === undefined && base === '') {
    rowError(run, row, ['name'], 'Le nom doit contenir au moins une lettre ou un chiffre.');
    return;
  }
  const uri = body.uri ?? (await freeUri(run, batch, base));
  batch.given.add(uri.toLowerCase());
  run.pending.push({ id, uri, body, source: row.source, folded: normalizeForSearch(body.name) });
  if (sourceKey !== null) run.seen.set(sourceKey, id);
  report.created += 1;
}

/**
 * Reads the file row by row and does what each asks in one write (one transaction): updates the place of its
 * `Identifiant` or of its source id, leaves a place of the same name within 100 m alone (a duplicate),
 * creates the others. A dry run, or a file with an error, is rolled back once its report is made: the
 * report says exactly what the import does. Each place's history entry names the file (decision 0083).
 */
export async function importEstablishments(
  ctx: AppContext,
  actor: Actor,
  file: ImportFile,
  options: { dryRun: boolean; fileName: string; ability?: AppAbility },
): Promise<ImportReport> {
  const report: ImportReport = {
    dryRun: options.dryRun,
    rows: 0,
    created: 0,
    updated: 0,
    unchanged: 0,
    duplicates: [],
    errors: [],
  };
  try {
    await write(ctx, { actor }, async (w) => {
      // One import at a time: two files creating the same place would each find it free.
      await w.tx.execute(sql`select pg_advisory_xact_lock(hashtext('establishment-import'))`);
      const known = await w.tx.select({ id: categories.id, name: categories.nameFr }).from(categories);
      const importId = randomUUID();
      await w.tx.insert(establishmentImports).values({
        id: importId,
        fileName: options.fileName,
        actorId: actor.id,
        actorName: actor.name,
        created: 0,
        updated: 0,
        at: w.now,
      });
      const run: Run = {
        importId,
        ctx,
        w,
        report,
        note: { field: 'import', from: null, to: options.fileName },
        ability: options.ability,
        categoryIds: new Map(known.map((c) => [normalizeForSearch(c.name), c.id])),
        seen: new Map(),
        pending: [],
      };
      // Rows go by hundreds: the addresses among them without coordinates are placed in one request, what
      // they need of the database is read in a few queries, and the places they create are inserted
      // together (decision 0084).
      let chunk: ImportRow[] = [];
      const flush = async () => {
        await placeRows(ctx.config.geocoderUrl, chunk);
        const batch = await lookUpBatch(run, chunk);
        for (let i = 0; i < chunk.length; i++) await importRow(run, batch, i);
        await flushCreates(run);
        chunk = [];
      };
      for await (const record of readRecords(file)) {
        report.rows += 1;
        chunk.push(file.format === 'geojson' ? await fromOsmFeature(record) : fromExportColumns(record));
        if (chunk.length >= PLACED_TOGETHER) await flush();
      }
      await flush();
      if (options.dryRun || report.errors.length > 0) throw new RolledBack();
      await w.tx
        .update(establishmentImports)
        .set({ created: report.created, updated: report.updated })
        .where(eq(establishmentImports.id, importId));
      // Each place's version once the whole file is in: undoing refuses a place changed after it.
      await w.tx.execute(sql`update establishment_import_changes c set version_after = e.version
        from establishments e where c.import_id = ${importId} and e.id = c.establishment_id`);
      report.import = {
        id: importId,
        undoableUntil: new Date(w.now.getTime() + IMPORT_UNDO_MINUTES * 60_000).toISOString(),
      };
    });
  } catch (error) {
    if (!(error instanceof RolledBack)) throw error;
  }
  if (report.rows === 0) {
    throw new AppError('ValidationError', 'Le fichier ne contient aucune ligne à importer.');
  }
  if (!options.dryRun && report.errors.length > 0) {
    const n = report.errors.length;
    throw new AppError(
      'ValidationError',
      `${n} erreur${n > 1 ? 's' : ''} dans le fichier : rien n’a été importé. Corrigez ${n > 1 ? 'les lignes signalées' : 'la ligne signalée'} puis recommencez.`,
      report,
    );
  }
  return report;
}

const undoDeadline = (at: Date) => new Date(at.getTime() + IMPORT_UNDO_MINUTES * 60_000);

/** The 20 newest imports; only the newest not undone may be undone, within the hour. */
export async function listImports(db: Db, now: Date): Promise<EstablishmentImport[]> {
  const rows = await db.select().from(establishmentImports).orderBy(desc(establishmentImports.at)).limit(20);
  const newest = rows.find((r) => r.undoneAt === null);
  return rows.map((r) => ({
    id: r.id,
    fileName: r.fileName,
    at: r.at.toISOString(),
    by: r.actorName,
    created: r.created,
    updated: r.updated,
    undoneAt: r.undoneAt?.toISOString() ?? null,
    undoableUntil: r === newest && undoDeadline(r.at) > now ? undoDeadline(r.at).toISOString() : null,
  }));
}

/**
 * Undoes the newest import within the hour, in one write: the places it created are deleted (no tombstone:
 * their addresses were public for less than an hour and may be given again), the places it updated get their
 * fields back, through the same patch as the back office's. Refused whole (409) when one of them changed
 * since (its version), has a board or is gone; 410 past the hour, once undone, or when a later import came.
 */
export async function undoImport(ctx: AppContext, actor: Actor, id: string): Promise<ImportUndone> {
  return write(ctx, { actor }, async (w) => {
    await w.tx.execute(sql`select pg_advisory_xact_lock(hashtext('establishment-import'))`);
    const [found] = await w.tx
      .select()
      .from(establishmentImports)
      .where(eq(establishmentImports.id, id))
      .for('update');
    if (found === undefined) throw new AppError('NotFound', 'Cet import n’existe pas.');
    if (found.undoneAt !== null) throw new AppError('Gone', 'Cet import a déjà été annulé.');
    if (undoDeadline(found.at) <= w.now) {
      throw new AppError('Gone', `Il est trop tard : un import s’annule dans l’heure qui le suit.`);
    }
    const [later] = await w.tx
      .select({ id: establishmentImports.id })
      .from(establishmentImports)
      .where(and(gt(establishmentImports.at, found.at), isNull(establishmentImports.undoneAt)))
      .limit(1);
    if (later !== undefined) {
      throw new AppError('Gone', 'Un import plus récent a suivi celui-ci : annulez d’abord le plus récent.');
    }
    const changes = await w.tx
      .select({
        establishmentId: establishmentImportChanges.establishmentId,
        action: establishmentImportChanges.action,
        before: establishmentImportChanges.before,
        versionAfter: establishmentImportChanges.versionAfter,
        version: establishments.version,
        name: establishments.name,
        boards: sql<number>`(select count(*)::int from ${menuBoards} where ${menuBoards.establishmentId} = ${establishmentImportChanges.establishmentId})`,
      })
      .from(establishmentImportChanges)
      .leftJoin(establishments, eq(establishments.id, establishmentImportChanges.establishmentId))
      .where(eq(establishmentImportChanges.importId, id));
    const changed = changes.filter(
      (c) => c.version === null || c.version !== c.versionAfter || (c.action === 'create' && c.boards > 0),
    );
    if (changed.length > 0) {
      const names = changed
        .slice(0, 5)
        .map((c) => (c.name === null ? 'un établissement supprimé' : `« ${c.name} »`));
      throw new AppError(
        'ImportChangedSince',
        `${changed.length} établissement${changed.length > 1 ? 's' : ''} de cet import ${changed.length > 1 ? 'ont' : 'a'} changé depuis (${names.join(', ')}${changed.length > 5 ? '…' : ''}) : l’annuler perdrait ces changements.`,
        changed.map((c) => ({ id: c.establishmentId, name: c.name })),
      );
    }
    const note: FieldChange = { field: 'import', from: found.fileName, to: null };
    let deleted = 0;
    let restored = 0;
    for (const change of changes) {
      if (change.action === 'create') {
        await recordEstablishmentChange(w, change.establishmentId, 'delete', [note]);
        await w.tx.delete(establishments).where(eq(establishments.id, change.establishmentId));
        deleted += 1;
      } else {
        const { source, sourceId, ...body } = change.before as Record<string, unknown> & {
          source: string | null;
          sourceId: string | null;
        };
        await applyEstablishmentPatch(ctx, w, change.establishmentId, body as PatchEstablishmentBody, {
          note,
        });
        await w.tx
          .update(establishments)
          .set({ source, sourceId })
          .where(eq(establishments.id, change.establishmentId));
        restored += 1;
      }
    }
    await w.tx.update(establishmentImports).set({ undoneAt: w.now }).where(eq(establishmentImports.id, id));
    return { deleted, restored };
  });
}

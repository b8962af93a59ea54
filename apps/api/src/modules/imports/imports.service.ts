import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '@tables-voisines/contract/errors';
import type { AppAbility } from '@tables-voisines/contract/permissions';
import { nextFreeUri, slugify } from '@tables-voisines/contract/slug';
import { normalizeForSearch } from '@tables-voisines/contract/text';
import {
  CreateEstablishmentBodySchema,
  PatchEstablishmentBodySchema,
  type CreateEstablishmentBody,
  type PatchEstablishmentBody,
} from '@tables-voisines/contract/schemas/establishment';
import type { ImportReport } from '@tables-voisines/contract/schemas/establishment-import';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { categories, establishments } from '../../db/schema';
import { write, type Write } from '../../writes/write';
import type { Actor, FieldChange } from '../history/history';
import { findEstablishmentById, type EstablishmentRow } from '../establishments/establishments.queries';
import { findTakenUris } from '../establishments/establishment-uris.queries';
import { applyEstablishmentPatch, insertEstablishment } from '../establishments/establishments.service';
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

/** A place of the same name (accents and case aside) within 100 m, if any: through the location index. */
async function nearbySameName(tx: Tx, body: CreateEstablishmentBody): Promise<Existing | null> {
  const { latitude, longitude } = body.location;
  const dLat = SAME_PLACE_METRES / 111_000;
  const dLon = dLat / Math.max(Math.cos((latitude * Math.PI) / 180), 0.01);
  const rows = await tx
    .select({
      id: establishments.id,
      name: establishments.name,
      uri: establishments.uri,
      latitude: establishments.latitude,
      longitude: establishments.longitude,
    })
    .from(establishments)
    .where(
      sql`point(${establishments.longitude}, ${establishments.latitude}) <@ box(point(${longitude - dLon}, ${latitude - dLat}), point(${longitude + dLon}, ${latitude + dLat}))`,
    );
  const name = normalizeForSearch(body.name);
  const match = rows.find(
    (r) => normalizeForSearch(r.name) === name && metresBetween(r, body.location) <= SAME_PLACE_METRES,
  );
  return match === undefined ? null : { id: match.id, name: match.name, uri: match.uri };
}

async function findBySource(tx: Tx, source: { source: string; sourceId: string }) {
  const [row] = await tx
    .select({ id: establishments.id })
    .from(establishments)
    .where(and(eq(establishments.source, source.source), eq(establishments.sourceId, source.sourceId)));
  return row?.id ?? null;
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

interface Run {
  ctx: AppContext;
  w: Write;
  report: ImportReport;
  note: FieldChange;
  ability: AppAbility | undefined;
  categoryIds: Map<string, string>;
  /** The source ids met so far in this file, and the place each went to. */
  seen: Map<string, Existing>;
}

function rowError(run: Run, row: ImportRow, path: readonly PropertyKey[], message: string) {
  const key = path.map(String);
  const field =
    row.columns[key.slice(0, 2).join('.')] ?? row.columns[key[0] ?? ''] ?? String(key[0] ?? 'ligne');
  run.report.errors.push({ row: row.row, field, message });
}

async function importRow(run: Run, row: ImportRow): Promise<void> {
  const { w, report } = run;
  const errorsBefore = report.errors.length;
  for (const e of row.errors) report.errors.push({ row: row.row, ...e });
  if (row.categoryNames !== null) {
    const ids: string[] = [];
    for (const name of row.categoryNames) {
      const id = run.categoryIds.get(normalizeForSearch(name));
      if (id === undefined) rowError(run, row, ['categories'], `Catégorie inconnue : « ${name} ».`);
      else ids.push(id);
    }
    row.body.categories = ids;
  }
  // The row's other fields are still checked: every error of a row is said at once.
  const faulty = () => report.errors.length > errorsBefore;
  const sourceKey = row.source === null ? null : `${row.source.source}\u0000${row.source.sourceId}`;
  if (sourceKey !== null && run.seen.has(sourceKey)) {
    report.duplicates.push({ row: row.row, existing: run.seen.get(sourceKey)!, reason: 'same-source' });
    return;
  }
  const targetId = row.id ?? (row.source === null ? null : await findBySource(w.tx, row.source));
  if (targetId !== null) {
    const before = /^[0-9a-f-]{36}$/i.test(targetId)
      ? await findEstablishmentById(w.tx, targetId.toLowerCase(), { forUpdate: true })
      : null;
    if (before === null) {
      rowError(run, row, ['id'], 'Aucun établissement n’a cet identifiant : videz la cellule pour le créer.');
      return;
    }
    const parsed = PatchEstablishmentBodySchema.safeParse(row.body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) rowError(run, row, issue.path, issue.message);
    }
    if (!parsed.success || faulty()) return;
    if (sourceKey !== null) run.seen.set(sourceKey, { id: before.id, name: before.name, uri: before.uri });
    const sourceToSet = row.source !== null && before.sourceId === null ? row.source : null;
    if (!changes(before, parsed.data) && sourceToSet === null) {
      report.unchanged += 1;
      return;
    }
    const done = await applyEstablishmentPatch(run.ctx, w, before.id, parsed.data, {
      ability: run.ability,
      note: run.note,
      source: sourceToSet,
    });
    if (done.length > 0) report.updated += 1;
    else report.unchanged += 1;
    return;
  }
  const parsed = CreateEstablishmentBodySchema.safeParse(row.body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) rowError(run, row, issue.path, issue.message);
  }
  if (!parsed.success || faulty()) return;
  const body = parsed.data;
  const existing = await nearbySameName(w.tx, body);
  if (existing !== null) {
    report.duplicates.push({ row: row.row, existing, reason: 'nearby-same-name' });
    return;
  }
  const id = randomUUID();
  const base = slugify(body.name, body.address.town);
  if (body.uri === undefined && base === '') {
    rowError(run, row, ['name'], 'Le nom doit contenir au moins une lettre ou un chiffre.');
    return;
  }
  const uri = body.uri ?? nextFreeUri(base, await findTakenUris(w.tx, base));
  await insertEstablishment(w, id, uri, body, { note: run.note, source: row.source });
  if (sourceKey !== null) run.seen.set(sourceKey, { id, name: body.name, uri });
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
      const run: Run = {
        ctx,
        w,
        report,
        note: { field: 'import', from: null, to: options.fileName },
        ability: options.ability,
        categoryIds: new Map(known.map((c) => [normalizeForSearch(c.name), c.id])),
        seen: new Map(),
      };
      for await (const record of readRecords(file)) {
        report.rows += 1;
        const row = file.format === 'geojson' ? await fromOsmFeature(record) : fromExportColumns(record);
        await importRow(run, row);
      }
      if (options.dryRun || report.errors.length > 0) throw new RolledBack();
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

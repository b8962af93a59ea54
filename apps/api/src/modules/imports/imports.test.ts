import { eq, sql } from 'drizzle-orm';
import { beforeEach, afterEach, describe, expect, it } from 'vitest';
import { createAdminAccount, createOwnerAccount, type TestAccount } from '../../../test/accounts';
import { createTestApp, TestClock, type TestApp } from '../../../test/app';
import { startAddressApi } from '../../../test/address-api';
import { createCategory, createEstablishment } from '../../../test/factories';
import { changeHistory, establishments } from '../../db/schema';

let t: TestApp;
let admin: TestAccount;

beforeEach(async () => {
  t = await createTestApp();
  admin = await createAdminAccount(t);
});
afterEach(() => t.close());

const CSV = 'text/csv';
const GEOJSON = 'application/geo+json';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function importFile(
  payload: Buffer | string,
  type: string,
  options: { dryRun?: boolean; name?: string; headers?: Record<string, string> } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/establishments/import${options.dryRun === false ? '?dryRun=false' : ''}`,
    headers: {
      ...(options.headers ?? admin.headers),
      'content-type': type,
      'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(options.name ?? 'lieux.csv')}`,
    },
    payload,
  });
}

async function exportCsv(): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/establishments/export',
    headers: admin.headers,
  });
  expect(res.statusCode).toBe(200);
  return res.body;
}

const count = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(establishments))[0]!.n;

const feature = (id: string, lat: number, lon: number, tags: Record<string, string>) => ({
  type: 'Feature',
  id,
  geometry: { type: 'Point', coordinates: [lon, lat] },
  properties: tags,
});

describe('importing establishments (POST /api/establishments/import)', () => {
  it('reads its own export back unchanged, then updates what a spreadsheet changed, naming the file in the history', async () => {
    const crepes = await createCategory(t.db, 'Crêpes');
    await createEstablishment(t.db, {
      name: 'Ty Breizh',
      town: 'Rennes',
      categoryIds: [crepes.id],
      latitude: 48.11,
      longitude: -1.68,
      phone: '+33 2 99 00 00 00',
    });
    await createEstablishment(t.db, {
      name: '=HYPERLINK("x")',
      town: 'Lyon',
      description: 'Sur\ndeux lignes',
    });
    await createEstablishment(t.db, { name: 'Le Bouchon', town: 'Lyon', disabled: true });
    const csv = await exportCsv();

    const dry = await importFile(csv, CSV);
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json()).toEqual({
      dryRun: true,
      rows: 3,
      created: 0,
      updated: 0,
      unchanged: 3,
      duplicates: [],
      errors: [],
    });

    const edited = csv.replace('Ty Breizh', 'Ty Breizh Krampouezh');
    const before = await count();
    const done = await importFile(edited, CSV, { dryRun: false, name: 'rennes été.csv' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ dryRun: false, rows: 3, created: 0, updated: 1, unchanged: 2 });
    expect(await count()).toBe(before);
    const [place] = await t.db
      .select()
      .from(establishments)
      .where(eq(establishments.name, 'Ty Breizh Krampouezh'));
    expect(place).toBeDefined();
    const entries = await t.db.select().from(changeHistory).where(eq(changeHistory.subjectId, place!.id));
    const update = entries.find((e) => e.action === 'update')!;
    expect(update.changes).toEqual(
      expect.arrayContaining([
        { field: 'import', from: null, to: 'rennes été.csv' },
        { field: 'name', from: 'Ty Breizh', to: 'Ty Breizh Krampouezh' },
      ]),
    );
    expect(update.actorRole).toBe('admin');
  });

  it('reads the XLSX export back unchanged', async () => {
    await createEstablishment(t.db, { name: 'Chez Léa', town: 'Lyon' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/establishments/export?format=xlsx',
      headers: admin.headers,
    });
    const dry = await importFile(res.rawPayload, XLSX, { name: 'etablissements.xlsx' });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json()).toMatchObject({ rows: 1, unchanged: 1, created: 0, errors: [] });
  });

  it('creates the places of an OpenStreetMap export once, and updates them by their OSM id after', async () => {
    const file = JSON.stringify({
      type: 'FeatureCollection',
      features: [
        feature('node/101', 48.1109, -1.6795, {
          name: 'Crêperie du Marché',
          amenity: 'restaurant',
          cuisine: 'crepe;regional',
          'addr:housenumber': '3',
          'addr:street': 'place des Lices',
          'addr:postcode': '35000',
          'addr:city': 'Rennes',
          phone: '+33 2 99 11 22 33',
          opening_hours: 'Mo-Fr 12:00-14:00; Sa 12:00-14:30,19:00-22:00',
        }),
        feature('node/102', 45.7597, 4.8422, { name: 'Le Comptoir', amenity: 'bar', 'addr:city': 'Lyon' }),
      ],
    });
    const before = await count();
    const dry = await importFile(file, GEOJSON, { name: 'overpass.geojson' });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json()).toEqual({
      dryRun: true,
      rows: 2,
      created: 2,
      updated: 0,
      unchanged: 0,
      duplicates: [],
      errors: [],
    });
    expect(await count()).toBe(before);

    expect((await importFile(file, GEOJSON, { dryRun: false })).json()).toMatchObject({ created: 2 });
    const [crepes] = await t.db.select().from(establishments).where(eq(establishments.sourceId, 'node/101'));
    expect(crepes).toMatchObject({
      source: 'osm',
      venueType: 'creperie',
      street: '3 place des Lices',
      postcode: '35000',
      town: 'Rennes',
      latitude: 48.1109,
      longitude: -1.6795,
    });
    expect(crepes!.openingHours).toEqual(
      expect.arrayContaining([
        { day: 1, opens: '12:00', closes: '14:00' },
        { day: 6, opens: '19:00', closes: '22:00' },
      ]),
    );
    const again = await importFile(file.replace('Le Comptoir', 'Le Comptoir des Halles'), GEOJSON, {
      dryRun: false,
    });
    expect(again.json()).toMatchObject({ created: 0, updated: 1, unchanged: 1 });
    expect(await count()).toBe(before + 2);
  });

  it('leaves a place of the same name within 100 m alone, accents and case aside, and creates one farther', async () => {
    const existing = await createEstablishment(t.db, {
      name: 'Café de la Gare',
      town: 'Lyon',
      latitude: 45.76,
      longitude: 4.83,
    });
    const header = 'Nom;Type;Type d’établissement;Ville;Latitude;Longitude\n';
    const file =
      header +
      'CAFE DE LA GARE;Restaurant;Bar;Lyon;45,7603;4,83\n' + // 33 m north
      'Cafe de la gare;Restaurant;Bar;Lyon;45,762;4,83\n'; // 222 m north
    const res = await importFile(file, CSV, { dryRun: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      rows: 2,
      created: 1,
      duplicates: [
        {
          row: 2,
          reason: 'nearby-same-name',
          existing: { id: existing.id, name: 'Café de la Gare', uri: existing.uri },
        },
      ],
    });
  });

  it('imports nothing from a file with one bad row, and says which row and which column', async () => {
    const file =
      'Nom;Type;Type d’établissement;Ville;Latitude;Longitude;Téléphone\n' +
      'Le Bon Coin;Restaurant;Restaurant;Lyon;45,75;4,85;\n' +
      'La Lune;Restaurant;Restaurant;Paris;4,85;45,75;\n' + // latitude and longitude swapped
      'Le Soleil;Restaurant;Cantine;Paris;48,85;2,35;=1+1\n';
    const before = await count();
    const res = await importFile(file, CSV, { dryRun: false });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('ValidationError');
    expect(body.message).toMatch(/rien n’a été importé/);
    expect(body.details.errors).toEqual([
      { row: 3, field: 'Latitude', message: expect.stringMatching(/pas en France/) },
      { row: 4, field: 'Téléphone', message: expect.stringMatching(/formule/) },
      { row: 4, field: 'Type d’établissement', message: expect.any(String) },
    ]);
    expect(await count()).toBe(before);
  });

  it('reads a Latin-1 CSV from an old Excel, with a comma between cells', async () => {
    const file = Buffer.from(
      "Nom,Type,Type d'établissement,Ville,Latitude,Longitude\nCrêperie Sainte-Anne,Restaurant,Crêperie,Rennes,48.114,-1.68\n",
      'latin1',
    );
    const res = await importFile(file, CSV, { dryRun: false });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.db
      .select()
      .from(establishments)
      .where(eq(establishments.name, 'Crêperie Sainte-Anne'));
    expect(row).toMatchObject({ venueType: 'creperie', town: 'Rennes' });
  });

  it('refuses what is not a file of places, clearly', async () => {
    const empty = await importFile('', CSV);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Le fichier est vide.');
    const notXlsx = await importFile('Nom;Ville\nA;B\n', XLSX);
    expect(notXlsx.statusCode).toBe(400);
    expect(notXlsx.json().message).toMatch(/pas un classeur Excel/);
    const broken = await importFile('{"type":"FeatureCollection","features":[{"type":', GEOJSON);
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toMatch(/GeoJSON est illisible/);
    const big = await importFile(Buffer.alloc(20 * 1024 * 1024 + 1, 0x41), CSV);
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toMatch(/20 Mo/);
    const image = await importFile(Buffer.from([0xff, 0xd8, 0xff]), 'image/jpeg');
    expect(image.statusCode).toBe(415);
  });

  it('is for admins who may create and update establishments', async () => {
    const file = 'Nom;Type;Type d’établissement;Ville;Latitude;Longitude\nA;Restaurant;Bar;Lyon;45,75;4,85\n';
    const owner = await createOwnerAccount(t);
    expect((await importFile(file, CSV, { headers: owner.headers })).statusCode).toBe(403);
    const creator = await createAdminAccount(t, {
      permissions: [{ action: 'create', subject: 'establishment' }],
    });
    expect((await importFile(file, CSV, { headers: creator.headers })).statusCode).toBe(403);
    expect((await importFile(file, CSV, { headers: {} })).statusCode).toBe(401);
  });
});

/**
 * Counts the statements sent to the database while `work` runs, through either engine's driver: PGlite's
 * transactions and the pool's connections, wrapped for the test's database only.
 */
async function countStatements<T>(work: () => Promise<T>): Promise<{ value: T; statements: number }> {
  let statements = 0;
  type Queryable = { query: (...args: unknown[]) => Promise<unknown> };
  const counted = <C extends Queryable>(client: C): C => {
    const query = client.query.bind(client);
    client.query = (...args: unknown[]) => {
      statements += 1;
      return query(...args);
    };
    return client;
  };
  const client = (t.db as unknown as { $client: Record<string, unknown> }).$client;
  const method = t.database.engine === 'pglite' ? 'transaction' : 'connect';
  const original = client[method] as (...args: unknown[]) => Promise<unknown>;
  client[method] =
    t.database.engine === 'pglite'
      ? (work: (tx: Queryable) => Promise<unknown>) =>
          original.call(client, (tx: Queryable) => work(counted(tx)))
      : (...args: unknown[]) => {
          // `pool.query` checks a client out with a callback, drizzle's transactions with a promise.
          const callback = args[0] as ((error: unknown, c?: Queryable, done?: unknown) => void) | undefined;
          if (typeof callback === 'function') {
            return original.call(client, (error: unknown, c?: Queryable, done?: unknown) =>
              callback(error, c === undefined ? c : counted(c), done),
            );
          }
          return original.call(client).then((c) => counted(c as Queryable));
        };
  try {
    const value = await work();
    return { value, statements };
  } finally {
    client[method] = original;
  }
}

describe('large files, by batches of rows', () => {
  const header = 'Nom;Type;Type d’établissement;Ville;Latitude;Longitude\n';
  const line = (name: string, town: string, latitude: number, longitude: number) =>
    `${name};Restaurant;Restaurant;${town};${String(latitude).replace('.', ',')};${String(longitude).replace('.', ',')}\n`;

  it('create hundreds of places in a few statements, with the uris and duplicates of one row at a time', async () => {
    const relais = await createEstablishment(t.db, {
      name: 'Le Relais',
      town: 'Lyon',
      latitude: 45.75,
      longitude: 4.85,
    });
    // 450 rows: three batches of 200 and less; « Le Relais » in Lyon is already taken, then met in the
    // first batch twice far apart, once beside one of those, and in the second beside the first batch's.
    const rows = Array.from({ length: 450 }, (_, i) =>
      line(`Table n°${i + 1}`, `Ville ${i % 7}`, 43 + (i % 75) / 10, -1 + Math.floor(i / 75) / 2),
    );
    rows[1] = line('Le Relais', 'Lyon', 45.7, 4.8);
    rows[2] = line('Le Relais', 'Lyon', 45.8, 4.9);
    rows[3] = line('LE RELAIS', 'Lyon', 45.8003, 4.9); // 33 m from row 4
    rows[299] = line('Le Relais', 'Lyon', 45.6, 4.7);
    rows[300] = line('le relais', 'Lyon', 45.7002, 4.8); // 22 m from row 3, created by the first batch
    const file = header + rows.join('');
    const before = await count();

    const dry = await countStatements(() => importFile(file, CSV));
    expect(dry.value.statusCode, dry.value.body).toBe(200);
    const report = dry.value.json();
    expect(report).toMatchObject({ rows: 450, created: 448, updated: 0, unchanged: 0, errors: [] });
    expect(report.duplicates).toEqual([
      {
        row: 5,
        reason: 'nearby-same-name',
        existing: expect.objectContaining({ uri: 'le-relais-a-lyon-3' }),
      },
      {
        row: 302,
        reason: 'nearby-same-name',
        existing: expect.objectContaining({ uri: 'le-relais-a-lyon-2' }),
      },
    ]);
    // One row at a time took about ten statements a row: 4,500 here.
    expect(dry.statements).toBeLessThan(100);
    expect(await count()).toBe(before);

    const done = await countStatements(() => importFile(file, CSV, { dryRun: false }));
    expect(done.value.json()).toMatchObject({
      created: 448,
      duplicates: [{ row: 5, existing: { uri: 'le-relais-a-lyon-3' } }, { row: 302 }],
    });
    expect(done.statements).toBeLessThan(100);
    expect(await count()).toBe(before + 448);
    const uris = await t.db
      .select({ uri: establishments.uri, latitude: establishments.latitude })
      .from(establishments)
      .where(eq(establishments.name, 'Le Relais'));
    expect(uris.sort((a, b) => a.uri.localeCompare(b.uri))).toEqual([
      { uri: relais.uri, latitude: 45.75 },
      { uri: 'le-relais-a-lyon-2', latitude: 45.7 },
      { uri: 'le-relais-a-lyon-3', latitude: 45.8 },
      { uri: 'le-relais-a-lyon-4', latitude: 45.6 },
    ]);
    const [created] = await t.db.select().from(establishments).where(eq(establishments.name, 'Table n°450'));
    const entries = await t.db.select().from(changeHistory).where(eq(changeHistory.subjectId, created!.id));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'create', actorRole: 'admin' });
    expect(entries[0]!.changes).toEqual(
      expect.arrayContaining([
        { field: 'import', from: null, to: 'lieux.csv' },
        { field: 'name', from: null, to: 'Table n°450' },
      ]),
    );

    // The same file again: every row unchanged or a duplicate, and nothing written.
    const again = await importFile(file, CSV, { dryRun: false });
    expect(again.json()).toMatchObject({ created: 0, updated: 0 });
  });

  it('sees a place renamed by an earlier row of the same batch when later rows look for a duplicate', async () => {
    const osm = (features: ReturnType<typeof feature>[]) =>
      JSON.stringify({ type: 'FeatureCollection', features });
    const paul = (name: string) =>
      feature('node/1', 45.76, 4.83, { name, amenity: 'restaurant', 'addr:city': 'Lyon' });
    expect((await importFile(osm([paul('Chez Paul')]), GEOJSON, { dryRun: false })).json()).toMatchObject({
      created: 1,
    });
    const [place] = await t.db.select().from(establishments).where(eq(establishments.sourceId, 'node/1'));
    // node/2 comes before the renaming, 55 m north: a new place. node/6 after it, 55 m south (111 m from
    // node/2): the renamed place's duplicate. The old name is free again: node/4 creates a place, whose uri
    // is still the renamed place's (an address is never given twice), and node/5 is node/4's duplicate.
    const pierre = (id: string, latitude: number) =>
      feature(id, latitude, 4.83, { name: 'Chez Pierre', amenity: 'restaurant', 'addr:city': 'Lyon' });
    const file = osm([
      pierre('node/2', 45.7605),
      paul('Chez Pierre'),
      pierre('node/6', 45.7595),
      feature('node/4', 45.7601, 4.83, { name: 'Chez Paul', amenity: 'restaurant', 'addr:city': 'Lyon' }),
      feature('node/5', 45.7602, 4.83, { name: 'Chez Paul', amenity: 'restaurant', 'addr:city': 'Lyon' }),
    ]);
    const res = await importFile(file, GEOJSON, { dryRun: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ created: 2, updated: 1 });
    expect(res.json().duplicates).toEqual([
      {
        row: 3,
        reason: 'nearby-same-name',
        existing: { id: place!.id, name: 'Chez Pierre', uri: place!.uri },
      },
      {
        row: 5,
        reason: 'nearby-same-name',
        existing: { id: expect.any(String), name: 'Chez Paul', uri: 'chez-paul-a-lyon-2' },
      },
    ]);
  });
});

describe('a source id met twice in a file', () => {
  it('is a duplicate of the place its first row went to, as that row found or made it, in any batch', async () => {
    const osm = (features: ReturnType<typeof feature>[]) =>
      JSON.stringify({ type: 'FeatureCollection', features });
    const place = (id: string, name: string, latitude = 45.76) =>
      feature(id, latitude, 4.83, { name, amenity: 'restaurant', 'addr:city': 'Lyon' });
    const first = await importFile(
      osm([place('node/1', 'Chez Paul'), place('node/3', 'Le Garet', 45.77)]),
      GEOJSON,
      {
        dryRun: false,
      },
    );
    expect(first.json()).toMatchObject({ created: 2 });
    const stored = await t.db.select().from(establishments);
    const paul = stored.find((p) => p.sourceId === 'node/1')!;
    const garet = stored.find((p) => p.sourceId === 'node/3')!;
    // Row 1 creates node/7, met again in the same batch (row 2) and in the next one (row 260); node/1 is
    // renamed by row 3 and met again by row 261 (said as it was); node/3 is unchanged and met again.
    const fillers = Array.from({ length: 255 }, (_, i) =>
      place(`node/${1000 + i}`, `Table n°${i + 1}`, 43 + i / 100),
    );
    const file = osm([
      place('node/7', 'Le Bistrot', 45.78),
      place('node/7', 'Le Bistrot bis', 45.781),
      place('node/1', 'Chez Jean'),
      place('node/3', 'Le Garet', 45.77),
      ...fillers,
      place('node/7', 'Le Bistrot ter', 45.782),
      place('node/1', 'Chez Pierre'),
      place('node/3', 'Le Garet', 45.77),
    ]);
    for (const dryRun of [true, false]) {
      const res = await importFile(file, GEOJSON, { dryRun });
      expect(res.statusCode, res.body).toBe(200);
      const report = res.json();
      expect(report).toMatchObject({ rows: 262, created: 256, updated: 1, unchanged: 1, errors: [] });
      const bistrot = { id: expect.any(String), name: 'Le Bistrot', uri: 'le-bistrot-a-lyon' };
      expect(report.duplicates).toEqual([
        { row: 2, reason: 'same-source', existing: bistrot },
        { row: 260, reason: 'same-source', existing: bistrot },
        { row: 261, reason: 'same-source', existing: { id: paul.id, name: 'Chez Paul', uri: paul.uri } },
        { row: 262, reason: 'same-source', existing: { id: garet.id, name: 'Le Garet', uri: garet.uri } },
      ]);
      expect(report.duplicates[0].existing.id).toBe(report.duplicates[1].existing.id);
    }
    const [bistrot] = await t.db.select().from(establishments).where(eq(establishments.sourceId, 'node/7'));
    expect(bistrot).toMatchObject({ name: 'Le Bistrot', uri: 'le-bistrot-a-lyon' });
  });
});

describe('undoing the last import within the hour', () => {
  const file =
    'Nom;Type;Type d’établissement;Ville;Latitude;Longitude\n' +
    'Le Petit Marché;Restaurant;Restaurant;Lyon;45,757;4,832\n' +
    'La Table Ronde;Restaurant;Brasserie;Lyon;45,758;4,834\n';

  it('deletes what it created and gives the updated places their values back, once', async () => {
    const kept = await createEstablishment(t.db, { name: 'Le Vieux Lyon', town: 'Lyon' });
    const edit = (await exportCsv()).replace('Le Vieux Lyon', 'Le Vieux Lyon (nouveau nom)');
    const first = await importFile(edit, CSV, { dryRun: false, name: 'renommage.csv' });
    expect(first.json()).toMatchObject({ updated: 1 });
    const before = await count();
    const done = await importFile(file, CSV, { dryRun: false, name: 'lyon.csv' });
    expect(done.statusCode, done.body).toBe(200);
    const { id, undoableUntil } = done.json().import;
    expect(new Date(undoableUntil).getTime() - Date.now()).toBeGreaterThan(59 * 60_000);
    expect(await count()).toBe(before + 2);

    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/establishments/imports',
      headers: admin.headers,
    });
    expect(listed.json()).toMatchObject([
      { id, fileName: 'lyon.csv', created: 2, updated: 0, undoneAt: null, undoableUntil },
      { fileName: 'renommage.csv', updated: 1, undoableUntil: null },
    ]);

    // Only the newest may be undone: the older one would undo under the newer one's feet.
    const older = listed.json()[1].id;
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/establishments/import/${older}/undo`,
      headers: admin.headers,
    });
    expect(refused.statusCode).toBe(410);

    const undone = await t.app.inject({
      method: 'POST',
      url: `/api/establishments/import/${id}/undo`,
      headers: admin.headers,
    });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toEqual({ deleted: 2, restored: 0 });
    expect(await count()).toBe(before);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/establishments/import/${id}/undo`,
      headers: admin.headers,
    });
    expect(again.statusCode).toBe(410);

    // The renaming is now the newest not undone: undoing it gives the old name back, in the history.
    const renamed = await t.app.inject({
      method: 'POST',
      url: `/api/establishments/import/${older}/undo`,
      headers: admin.headers,
    });
    expect(renamed.json()).toEqual({ deleted: 0, restored: 1 });
    const [row] = await t.db.select().from(establishments).where(eq(establishments.id, kept.id));
    expect(row!.name).toBe('Le Vieux Lyon');
    const entries = await t.db.select().from(changeHistory).where(eq(changeHistory.subjectId, kept.id));
    expect(entries.flatMap((e) => e.changes)).toContainEqual({
      field: 'import',
      from: 'renommage.csv',
      to: null,
    });
  });

  it('refuses whole when a place changed since, and after the hour', async () => {
    const done = await importFile(file, CSV, { dryRun: false });
    const { id } = done.json().import;
    const [place] = await t.db
      .select()
      .from(establishments)
      .where(eq(establishments.name, 'Le Petit Marché'));
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/establishment/${place!.id}`,
      headers: admin.headers,
      payload: { description: 'Cuisine du marché.' },
    });
    expect(patched.statusCode).toBe(200);
    const before = await count();
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/establishments/import/${id}/undo`,
      headers: admin.headers,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'ImportChangedSince',
      details: [{ id: place!.id, name: 'Le Petit Marché' }],
    });
    expect(refused.json().message).toMatch(/« Le Petit Marché »/);
    expect(await count()).toBe(before);
  });
});

describe('an import an hour old', () => {
  it('can no longer be undone', async () => {
    const clock = new TestClock(new Date());
    const late = await createTestApp({ clock: clock.now });
    try {
      const first = await createAdminAccount(late);
      const done = await late.app.inject({
        method: 'POST',
        url: '/api/establishments/import?dryRun=false',
        headers: { ...first.headers, 'content-type': CSV },
        payload:
          'Nom;Type;Type d’établissement;Ville;Latitude;Longitude\nLe Tardif;Restaurant;Bar;Lyon;45,75;4,85\n',
      });
      const { id } = done.json().import;
      clock.advance(61 * 60_000);
      const later = await createAdminAccount(late);
      const listed = await late.app.inject({
        method: 'GET',
        url: '/api/establishments/imports',
        headers: later.headers,
      });
      expect(listed.json()[0]).toMatchObject({ id, undoableUntil: null });
      const refused = await late.app.inject({
        method: 'POST',
        url: `/api/establishments/import/${id}/undo`,
        headers: later.headers,
      });
      expect(refused.statusCode).toBe(410);
      expect(refused.json().message).toMatch(/dans l’heure/);
    } finally {
      await late.close();
    }
  });
});

describe('rows with an address and no coordinates', () => {
  const file =
    'Nom;Type;Type d’établissement;Rue;Code postal;Ville\n' +
    'Le Bouchon des Cordeliers;Restaurant;Restaurant;15 rue Grenette;69002;Lyon\n' +
    'La Cantine;Restaurant;Restaurant;;69002;Lyon\n' +
    'Le Fantôme;Restaurant;Restaurant;3 rue de Nulle Part;69002;Lyon\n';

  it('are placed through GEOCODER_URL in one request, or are an error of their row', async () => {
    const api = await startAddressApi([
      {
        match: /15 rue Grenette/,
        latitude: 45.7623,
        longitude: 4.8352,
        score: 0.93,
        type: 'housenumber',
        label: '15 Rue Grenette 69002 Lyon',
      },
      {
        match: /^ ?Lyon$/,
        latitude: 45.758,
        longitude: 4.835,
        score: 0.6,
        type: 'municipality',
        label: 'Lyon',
      },
    ]);
    const placed = await createTestApp({ env: { GEOCODER_URL: `${api.url}/` } });
    try {
      const who = await createAdminAccount(placed);
      const send = (dryRun: boolean, payload: string) =>
        placed.app.inject({
          method: 'POST',
          url: `/api/establishments/import?dryRun=${dryRun}`,
          headers: { ...who.headers, 'content-type': CSV },
          payload,
        });
      const report = (await send(true, file)).json();
      expect(report.created).toBe(1);
      expect(report.errors).toEqual([
        { row: 3, field: 'Rue', message: expect.stringMatching(/^Seule la ville a été trouvée/) },
        { row: 4, field: 'Rue', message: expect.stringMatching(/^Adresse introuvable/) },
      ]);
      expect(api.requests).toEqual([{ columns: ['adresse', 'city'], postcode: 'postcode', rows: 3 }]);
      const done = await send(false, file.split('\n').slice(0, 2).join('\n') + '\n');
      expect(done.statusCode, done.body).toBe(200);
      const [row] = await placed.db
        .select()
        .from(establishments)
        .where(eq(establishments.name, 'Le Bouchon des Cordeliers'));
      expect(row).toMatchObject({ latitude: 45.7623, longitude: 4.8352, street: '15 rue Grenette' });
    } finally {
      await placed.close();
      await api.close();
    }
  });

  it('are an error of their row when no address service is set, and one down imports nothing', async () => {
    const res = await importFile(file, CSV);
    expect(res.json().errors).toHaveLength(3);
    expect(res.json().errors[0]).toEqual({
      row: 2,
      field: 'Latitude',
      message: expect.stringMatching(/^Latitude et longitude manquantes/),
    });
    const down = await createTestApp({ env: { GEOCODER_URL: 'http://127.0.0.1:9' } });
    try {
      const who = await createAdminAccount(down);
      const refused = await down.app.inject({
        method: 'POST',
        url: '/api/establishments/import?dryRun=false',
        headers: { ...who.headers, 'content-type': CSV },
        payload: file,
      });
      expect(refused.statusCode).toBe(503);
      expect(refused.json().message).toMatch(/^Le service d’adresses ne répond pas : rien n’a été importé/);
    } finally {
      await down.close();
    }
  });
});

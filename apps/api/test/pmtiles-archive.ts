import { GeoJSONVT } from '@maplibre/geojson-vt';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import type { FeatureCollection } from 'geojson';
import { zxyToTileId } from 'pmtiles';

// A small PMTiles (version 3) archive made in a test from GeoJSON layers: vector tiles cut by
// @maplibre/geojson-vt, encoded by @maplibre/vt-pbf, laid out as the specification says
// (https://github.com/protomaps/PMTiles/blob/main/spec/v3/spec.md): header, root directory, metadata, tile
// data. The pmtiles package only reads archives; operators make theirs with the `pmtiles` tool
// (docs/operations.md). Nothing compressed, one directory: what a few hundred tiles need.

const HEADER_BYTES = 127;
const NO_COMPRESSION = 1;
const MVT = 1;

function varint(value: number, out: number[]): void {
  let v = value;
  while (v >= 0x80) {
    out.push((v % 0x80) | 0x80);
    v = Math.floor(v / 0x80);
  }
  out.push(v);
}

interface Entry {
  tileId: number;
  offset: number;
  length: number;
}

function directory(entries: readonly Entry[]): Buffer {
  const out: number[] = [];
  varint(entries.length, out);
  let last = 0;
  for (const e of entries) {
    varint(e.tileId - last, out);
    last = e.tileId;
  }
  entries.forEach(() => varint(1, out)); // run lengths: one tile each
  for (const e of entries) varint(e.length, out);
  entries.forEach((e, i) => {
    const previous = entries[i - 1];
    // 0: right after the previous tile's data.
    varint(previous !== undefined && e.offset === previous.offset + previous.length ? 0 : e.offset + 1, out);
  });
  return Buffer.from(out);
}

export interface ArchiveOptions {
  /** GeoJSON by vector tile layer name. */
  layers: Record<string, FeatureCollection>;
  minZoom: number;
  maxZoom: number;
  /** West, south, east, north. */
  bounds: readonly [number, number, number, number];
}

const lonToX = (lon: number, z: number) => Math.floor(((lon + 180) / 360) * 2 ** z);
const latToY = (lat: number, z: number) => {
  const r = (lat * Math.PI) / 180;
  return Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * 2 ** z);
};

/** The archive's bytes: every tile of `bounds` from `minZoom` to `maxZoom` that holds something. */
export function makePmtilesArchive({ layers, minZoom, maxZoom, bounds }: ArchiveOptions): Buffer {
  const indexes = Object.entries(layers).map(
    ([name, data]) => [name, new GeoJSONVT(data, { maxZoom, indexMaxZoom: maxZoom })] as const,
  );
  const tiles: { tileId: number; data: Uint8Array }[] = [];
  const [west, south, east, north] = bounds;
  for (let z = minZoom; z <= maxZoom; z++) {
    for (let x = lonToX(west, z); x <= lonToX(east, z); x++) {
      for (let y = latToY(north, z); y <= latToY(south, z); y++) {
        const content = Object.fromEntries(
          indexes.flatMap(([name, index]) => {
            const tile = index.getTile(z, x, y);
            return tile === null || tile.features.length === 0 ? [] : [[name, tile]];
          }),
        );
        if (Object.keys(content).length > 0) {
          tiles.push({ tileId: zxyToTileId(z, x, y), data: fromGeojsonVt(content) });
        }
      }
    }
  }
  tiles.sort((a, b) => a.tileId - b.tileId);
  const entries: Entry[] = [];
  let offset = 0;
  for (const t of tiles) {
    entries.push({ tileId: t.tileId, offset, length: t.data.length });
    offset += t.data.length;
  }
  const root = directory(entries);
  const metadata = Buffer.from(
    JSON.stringify({ vector_layers: Object.keys(layers).map((id) => ({ id, fields: {} })) }),
  );
  const data = Buffer.concat(tiles.map((t) => t.data));

  const header = Buffer.alloc(HEADER_BYTES);
  header.write('PMTiles', 0, 'latin1');
  header[7] = 3;
  const u64 = (at: number, value: number) => header.writeBigUInt64LE(BigInt(value), at);
  const rootOffset = HEADER_BYTES;
  const metadataOffset = rootOffset + root.length;
  const dataOffset = metadataOffset + metadata.length;
  u64(8, rootOffset);
  u64(16, root.length);
  u64(24, metadataOffset);
  u64(32, metadata.length);
  u64(40, dataOffset);
  u64(48, 0);
  u64(56, dataOffset);
  u64(64, data.length);
  u64(72, tiles.length);
  u64(80, tiles.length);
  u64(88, tiles.length);
  header[96] = 1; // clustered: tiles in id order
  header[97] = NO_COMPRESSION;
  header[98] = NO_COMPRESSION;
  header[99] = MVT;
  header[100] = minZoom;
  header[101] = maxZoom;
  const e7 = (at: number, lon: number, lat: number) => {
    header.writeInt32LE(Math.round(lon * 1e7), at);
    header.writeInt32LE(Math.round(lat * 1e7), at + 4);
  };
  e7(102, west, south);
  e7(110, east, north);
  header[118] = minZoom;
  e7(119, (west + east) / 2, (south + north) / 2);
  return Buffer.concat([header, root, metadata, data]);
}

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PMTiles, type RangeResponse, type Source } from 'pmtiles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { createTestApp, type TestApp } from './app';
import { makePmtilesArchive } from './pmtiles-archive';

// MAP_TILES_FILE: the product serves a PMTiles archive by ranges, with a style of its own whose fonts come
// from this origin, and nothing from elsewhere (the browser journey draws it: e2e/base-map.test.ts).

const FRANCE = [-5.5, 41, 10, 51.5] as const;
const square = (w: number, s: number, e: number, n: number) => ({
  type: 'Feature' as const,
  properties: { kind: 'earth' },
  geometry: {
    type: 'Polygon' as const,
    coordinates: [
      [
        [w, s],
        [e, s],
        [e, n],
        [w, n],
        [w, s],
      ],
    ],
  },
});

let dir: string;
let file: string;
let archive: Buffer;
let t: TestApp;
const PUBLIC_URL = 'https://tables.example';

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'tv-pmtiles-'));
  file = path.join(dir, 'france.pmtiles');
  archive = makePmtilesArchive({
    layers: { earth: { type: 'FeatureCollection', features: [square(...FRANCE)] } },
    minZoom: 0,
    maxZoom: 5,
    bounds: FRANCE,
  });
  await writeFile(file, archive);
  t = await createTestApp({ env: { MAP_STYLE: 'public', MAP_TILES_FILE: file, PUBLIC_URL } });
});
afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

/** The archive read through the product by ranges, as the browser's pmtiles reader does. */
class InjectSource implements Source {
  getKey = () => 'archive';
  async getBytes(offset: number, length: number): Promise<RangeResponse> {
    const response = await t.app.inject({
      method: 'GET',
      url: '/map/self-hosted/tiles.pmtiles',
      headers: { range: `bytes=${offset}-${offset + length - 1}` },
    });
    expect(response.statusCode).toBe(206);
    const body = response.rawPayload;
    return { data: body.buffer.slice(body.byteOffset, body.byteOffset + body.length) as ArrayBuffer };
  }
}

describe('a self-hosted base map (MAP_TILES_FILE)', () => {
  it('serves the archive by ranges, cached, revalidated by its ETag', async () => {
    const head = await t.app.inject({
      method: 'GET',
      url: '/map/self-hosted/tiles.pmtiles',
      headers: { range: 'bytes=0-126' },
    });
    expect(head.statusCode).toBe(206);
    expect(head.headers['content-range']).toBe(`bytes 0-126/${archive.length}`);
    expect(head.headers['accept-ranges']).toBe('bytes');
    expect(head.headers['cache-control']).toBe('public, max-age=86400');
    expect(head.rawPayload.subarray(0, 7).toString('latin1')).toBe('PMTiles');

    const whole = await t.app.inject({ method: 'GET', url: '/map/self-hosted/tiles.pmtiles' });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(archive)).toBe(true);
    const again = await t.app.inject({
      method: 'GET',
      url: '/map/self-hosted/tiles.pmtiles',
      headers: { 'if-none-match': String(whole.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    const beyond = await t.app.inject({
      method: 'GET',
      url: '/map/self-hosted/tiles.pmtiles',
      headers: { range: `bytes=${archive.length + 10}-${archive.length + 20}` },
    });
    expect(beyond.statusCode).toBe(416);
  });

  it('hands the pmtiles reader the tiles it was made of', async () => {
    const reader = new PMTiles(new InjectSource());
    const header = await reader.getHeader();
    expect([header.minZoom, header.maxZoom]).toEqual([0, 5]);
    // Paris at zoom 5: tile 16/11.
    const tile = await reader.getZxy(5, 16, 11);
    expect(tile?.data.byteLength).toBeGreaterThan(10);
    expect(await reader.getZxy(5, 0, 0)).toBeUndefined();
  });

  it('gives a French style of its own: the archive by pmtiles://, fonts from this origin, no sprite', async () => {
    const settings = await t.app.inject({ method: 'GET', url: '/map/self-hosted/style.json' });
    expect(settings.statusCode).toBe(200);
    const style = settings.json();
    expect(style.sources.protomaps.url).toBe(`pmtiles://${PUBLIC_URL}/map/self-hosted/tiles.pmtiles`);
    expect(style.sources.protomaps.attribution).toContain('OpenStreetMap');
    expect(style.glyphs).toBeUndefined();
    expect(style.sprite).toBeUndefined();
    const urls = Object.values(style['font-faces'] as Record<string, { url: string }[]>).flatMap((faces) =>
      faces.map((f) => f.url),
    );
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls)
      expect(url).toMatch(/^https:\/\/tables\.example\/map\/fonts\/open-sans-[\w-]+\.woff2$/);
    const layers = style.layers as { type: string; layout?: Record<string, unknown> }[];
    expect(layers.length).toBeGreaterThan(40);
    expect(layers.some((l) => l.layout?.['icon-image'] !== undefined)).toBe(false);
    const fonts = new Set(
      JSON.stringify(layers.map((l) => l.layout?.['text-font'] ?? [])).match(/Noto Sans [A-Za-z]+/g),
    );
    for (const font of fonts) expect(Object.keys(style['font-faces'])).toContain(font);
    // Names in French first.
    expect(JSON.stringify(layers)).toContain('name:fr');
  });

  it('draws it for visitors, with nothing allowed from elsewhere', async () => {
    expect(t.config.mapStyleUrl).toBe(`${PUBLIC_URL}/map/self-hosted/style.json`);
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("connect-src 'self';");
    expect(csp).not.toContain('https:');
  });

  it('refuses at start a missing file, a file that is not an archive, and a style given besides', async () => {
    const refused = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as ConfigError).message;
      }
      return 'accepted';
    };
    expect(refused({ MAP_TILES_FILE: path.join(dir, 'absent.pmtiles') })).toMatch(
      /MAP_TILES_FILE : fichier introuvable ou illisible/,
    );
    const text = path.join(dir, 'notes.txt');
    await writeFile(text, 'ceci n’est pas une archive'.repeat(10));
    expect(refused({ MAP_TILES_FILE: text })).toMatch(/MAP_TILES_FILE : n’est pas une archive PMTiles/);
    expect(refused({ MAP_TILES_FILE: file, MAP_STYLE_URL: 'https://x.example/style.json' })).toMatch(
      /l’un ou l’autre/,
    );
    // Offline, the archive is not used at all.
    expect(loadConfig({ MAP_STYLE: 'offline', MAP_TILES_FILE: file }).mapTilesFile).toBeUndefined();
  });
});

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAPLIBRE_FRENCH } from './map-locale';

/** MapLibre's own words (`defaultLocale` of the installed version), read from its bundle. */
function maplibreDefaultLocale(): Record<string, string> {
  const entry = createRequire(import.meta.url).resolve('maplibre-gl/package.json');
  const bundle = readFileSync(path.join(path.dirname(entry), 'dist/maplibre-gl-dev.mjs'), 'utf8');
  const block = /const defaultLocale = (\{[^}]*\});/.exec(bundle)?.[1];
  if (block === undefined) throw new Error('defaultLocale introuvable dans maplibre-gl');
  return JSON.parse(block.replace(/,\s*\}$/, '}')) as Record<string, string>;
}

const UNITS = new Set([
  'ScaleControl.Feet',
  'ScaleControl.Meters',
  'ScaleControl.Kilometers',
  'ScaleControl.Miles',
]);

describe('the map’s controls in French', () => {
  it('give every label MapLibre has a French word, « Zoomer » and « Dézoomer » included', () => {
    const english = maplibreDefaultLocale();
    expect(Object.keys(english).length).toBeGreaterThan(20);
    for (const [key, word] of Object.entries(english)) {
      expect(MAPLIBRE_FRENCH[key], key).toBeDefined();
      if (!UNITS.has(key)) expect(MAPLIBRE_FRENCH[key], key).not.toBe(word);
    }
    expect(MAPLIBRE_FRENCH['NavigationControl.ZoomIn']).toBe('Zoomer');
    expect(MAPLIBRE_FRENCH['NavigationControl.ZoomOut']).toBe('Dézoomer');
  });

  it('are given to every map the site makes (the home page’s and the back office’s)', () => {
    for (const file of ['use-maplibre.ts', '../admin/point-map.tsx']) {
      const source = readFileSync(path.join(import.meta.dirname, file), 'utf8');
      const made = source.match(/new maplibregl\.Map\(\{[^]*?\}\);/g) ?? [];
      expect(made.length, file).toBeGreaterThan(0);
      for (const call of made) expect(call, file).toContain('locale: MAPLIBRE_FRENCH');
    }
  });
});

import type { ErrorEvent, Map as MapLibreMap } from 'maplibre-gl';

/** What a source's data event carries that matters here: a tile loaded for a source. */
interface SourceData {
  sourceId?: string;
  tile?: unknown;
}

/**
 * How long a third party's base map has to show that it works (its tiles drawn, more than failed) before
 * the bundled offline style takes over: "within a few seconds", and long enough for a slow phone network.
 */
export const BASE_MAP_WATCH_MS = 6000;
/** Tiles failed, none loaded yet: the provider is unreachable or refuses us, no need to wait longer. */
const FAILED_TILES_BEFORE_FALLBACK = 3;

/**
 * Watches a third party's base map while it starts: calls `fallBack` once, with the reason, when its style
 * cannot be read or its tiles fail (three before any loads, or more failed than loaded once `watchMs` have
 * passed, or none loaded by then: a TileJSON that cannot be read loads none). Glyphs or a sprite that cannot
 * be loaded leave the provider's map in place: MapLibre 6 draws the labels in the browser instead, and
 * streets with labels in another font are worth more than the offline style's towns. Errors of the
 * project's own sources (`ownSources`) and of the map's own calls are not the base map's. Returns a function
 * that stops watching. The map must be watched from its creation, before its style is read.
 */
export function watchBaseMap(
  map: MapLibreMap,
  ownSources: ReadonlySet<string>,
  fallBack: (reason: string) => void,
  watchMs = BASE_MAP_WATCH_MS,
): () => void {
  let loaded = 0;
  let failed = 0;
  let styleRead = false;
  let stopped = false;

  const stop = () => {
    if (stopped) return;
    stopped = true;
    clearTimeout(timer);
    map.off('error', onError);
    map.off('sourcedata', onData);
    map.off('style.load', onStyleLoad);
  };
  const give = (reason: string) => {
    stop();
    fallBack(reason);
  };
  const onStyleLoad = () => {
    styleRead = true;
  };
  const onData = (event: SourceData) => {
    if (event.tile !== undefined && event.sourceId !== undefined && !ownSources.has(event.sourceId)) {
      loaded += 1;
    }
  };
  const onError = (event: ErrorEvent & { sourceId?: string; tile?: unknown }) => {
    const message = event.error?.message ?? 'erreur inconnue';
    if (!styleRead) {
      give(`style illisible : ${message}`);
      return;
    }
    if (event.sourceId === undefined || ownSources.has(event.sourceId)) return;
    failed += 1;
    if (loaded === 0 && failed >= FAILED_TILES_BEFORE_FALLBACK) give(`tuiles injoignables : ${message}`);
  };
  const timer = setTimeout(() => {
    if (loaded === 0) give(`aucune tuile chargée en ${watchMs} ms`);
    else if (failed > loaded) give(`${failed} tuiles en échec pour ${loaded} chargées`);
    else stop();
  }, watchMs);

  map.on('style.load', onStyleLoad);
  map.on('sourcedata', onData);
  map.on('error', onError);
  return stop;
}

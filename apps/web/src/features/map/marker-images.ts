import type { Map as MapLibreMap } from 'maplibre-gl';
import { FORK_KNIFE_PATH, LEAF_PATH, SLATE_PATH } from './marker-elements';

/*
 * The map's places, clusters and menu boards are drawn by MapLibre itself (symbol layers), from images made
 * here on a canvas: nothing moves in the page's DOM while the map moves (decision 0006). The offline base map
 * has no glyphs, so a cluster's count is drawn into its own image, made the first time a count is shown.
 */

export const RESTAURANT_IMAGE = 'tv-restaurant';
export const REMPLISVERT_IMAGE = 'tv-remplisvert';
export const BOARD_IMAGE = 'tv-board';
const CLUSTER_PREFIX = 'tv-cluster:';

const ORANGE = '#c2410c';
const GREEN = '#2e7d32';
const SLATE = '#263238';
const RING_ORANGE = '#f06023';

type Draw = (context: CanvasRenderingContext2D) => void;

/**
 * One canvas for every image, kept on the CPU (`willReadFrequently`, as Chromium advises for a canvas that
 * is read back): each image is read with `getImageData` as soon as it is drawn, which on a GPU canvas is a
 * readback from the GPU.
 */
let drawingContext: CanvasRenderingContext2D | null = null;

function makeImage(size: number, pixelRatio: number, draw: Draw): ImageData {
  const side = Math.ceil(size * pixelRatio);
  if (drawingContext === null) {
    drawingContext = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
    if (drawingContext === null) throw new Error('Canvas 2D unavailable');
  }
  const context = drawingContext;
  // Resizing clears the canvas and resets its state (transform, shadow, colours).
  context.canvas.width = side;
  context.canvas.height = side;
  context.scale(pixelRatio, pixelRatio);
  draw(context);
  return context.getImageData(0, 0, side, side);
}

function shadow(context: CanvasRenderingContext2D, blur: number): void {
  context.shadowColor = 'rgb(0 0 0 / 45%)';
  context.shadowBlur = blur;
  context.shadowOffsetY = 1;
}

function noShadow(context: CanvasRenderingContext2D): void {
  context.shadowColor = 'transparent';
}

/** A 24×24 icon path, white, `size` pixels wide, centred on (x, y). */
function icon(context: CanvasRenderingContext2D, pathData: string, x: number, y: number, size: number): void {
  context.save();
  context.translate(x - size / 2, y - size / 2);
  context.scale(size / 24, size / 24);
  context.fillStyle = '#fff';
  context.fill(new Path2D(pathData));
  context.restore();
}

/** Restaurant: an orange disc with a fork and knife, white edge (30 px, as the HTML markers were). */
const drawRestaurant: Draw = (context) => {
  shadow(context, 3);
  context.beginPath();
  context.arc(15, 15, 12, 0, Math.PI * 2);
  context.fillStyle = '#fff';
  context.fill();
  noShadow(context);
  context.beginPath();
  context.arc(15, 15, 10, 0, Math.PI * 2);
  context.fillStyle = ORANGE;
  context.fill();
  icon(context, FORK_KNIFE_PATH, 15, 15, 15);
};

/** "Remplis vert": a green diamond with a leaf. */
const drawRemplisVert: Draw = (context) => {
  context.save();
  context.translate(15, 15);
  context.rotate(Math.PI / 4);
  shadow(context, 3);
  context.fillStyle = '#fff';
  context.beginPath();
  context.roundRect(-11, -11, 22, 22, 4);
  context.fill();
  noShadow(context);
  context.fillStyle = GREEN;
  context.beginPath();
  context.roundRect(-9, -9, 18, 18, 3);
  context.fill();
  context.restore();
  icon(context, LEAF_PATH, 15, 15, 14);
};

/** Today's menu board: a dark slate badge. */
const drawBoard: Draw = (context) => {
  shadow(context, 3);
  context.fillStyle = SLATE;
  context.beginPath();
  context.roundRect(3, 3, 24, 24, 6);
  context.fill();
  noShadow(context);
  icon(context, SLATE_PATH, 15, 15, 16);
};

export function formatClusterCount(n: number): string {
  return n >= 10_000 ? `${Math.round(n / 1000)} k` : n.toLocaleString('fr-FR');
}

export function clusterSize(count: number): number {
  return count < 10 ? 34 : count < 100 ? 40 : count < 1000 ? 48 : 56;
}

/** A cluster: its count on white, in a ring whose green share is the share of "Remplis vert" places. */
function drawCluster(count: number, greenShare: number): Draw {
  const size = clusterSize(count);
  return (context) => {
    const margin = 3;
    const centre = size / 2 + margin;
    const radius = size / 2;
    shadow(context, 4);
    context.beginPath();
    context.arc(centre, centre, radius, 0, Math.PI * 2);
    context.fillStyle = RING_ORANGE;
    context.fill();
    noShadow(context);
    if (greenShare > 0) {
      const start = -Math.PI / 2;
      context.beginPath();
      context.moveTo(centre, centre);
      context.arc(centre, centre, radius, start, start + greenShare * Math.PI * 2);
      context.closePath();
      context.fillStyle = GREEN;
      context.fill();
    }
    context.beginPath();
    context.arc(centre, centre, radius - 4, 0, Math.PI * 2);
    context.fillStyle = '#fff';
    context.fill();
    context.fillStyle = '#212121';
    context.font = "700 13px 'Open Sans', system-ui, sans-serif";
    context.textAlign = 'center';
    context.textBaseline = 'middle';
    context.fillText(formatClusterCount(count), centre, centre + 0.5);
  };
}

/** Steps of the green share in a cluster's ring: enough for the eye, few distinct images. */
export const GREEN_SHARE_STEPS = 24;

/**
 * The image name of a cluster, as a MapLibre expression over the clustered source's properties
 * (`point_count`, and `restaurants` summed by the source).
 */
export const CLUSTER_IMAGE_EXPRESSION = [
  'concat',
  CLUSTER_PREFIX,
  ['to-string', ['get', 'point_count']],
  ':',
  [
    'to-string',
    [
      'round',
      [
        '*',
        GREEN_SHARE_STEPS,
        ['/', ['-', ['get', 'point_count'], ['get', 'restaurants']], ['get', 'point_count']],
      ],
    ],
  ],
] as const;

/** Parses `tv-cluster:<count>:<green steps>`; null for any other name. */
export function parseClusterImage(name: string): { count: number; greenShare: number } | null {
  if (!name.startsWith(CLUSTER_PREFIX)) return null;
  const [count, steps] = name.slice(CLUSTER_PREFIX.length).split(':').map(Number);
  if (count === undefined || steps === undefined || !(count > 0) || !(steps >= 0)) return null;
  return { count, greenShare: Math.min(1, steps / GREEN_SHARE_STEPS) };
}

/** Cluster images kept before unused ones are dropped (each is a few kilobytes). */
const MAX_CLUSTER_IMAGES = 400;

/**
 * Adds the fixed images, and makes each cluster's image when MapLibre first needs it. Returns a function
 * that drops cluster images no longer drawn once there are many.
 */
export function installMarkerImages(map: MapLibreMap): { prune(inUse: ReadonlySet<string>): void } {
  const pixelRatio = Math.max(1, Math.min(3, window.devicePixelRatio || 1));
  map.addImage(RESTAURANT_IMAGE, makeImage(30, pixelRatio, drawRestaurant), { pixelRatio });
  map.addImage(REMPLISVERT_IMAGE, makeImage(30, pixelRatio, drawRemplisVert), { pixelRatio });
  map.addImage(BOARD_IMAGE, makeImage(30, pixelRatio, drawBoard), { pixelRatio });
  const clusters = new Set<string>();
  // A resolver, not the `styleimagemissing` event: MapLibre 6 awaits the resolver before it lays a tile
  // out, but fires the event only after, the tile then drawn without the clusters whose image was new
  // ("Image … could not be loaded" in the console) until it was laid out again.
  map.setMissingStyleImageResolver((id) => {
    const cluster = parseClusterImage(id);
    if (cluster === null || map.hasImage(id)) return;
    const size = clusterSize(cluster.count) + 6;
    map.addImage(id, makeImage(size, pixelRatio, drawCluster(cluster.count, cluster.greenShare)), {
      pixelRatio,
    });
    clusters.add(id);
  });
  return {
    prune(inUse) {
      if (clusters.size <= MAX_CLUSTER_IMAGES) return;
      for (const name of clusters) {
        if (!inUse.has(name)) {
          map.removeImage(name);
          clusters.delete(name);
        }
      }
    },
  };
}

/** The name CLUSTER_IMAGE_EXPRESSION gives a cluster of `count` places of which `restaurants` restaurants. */
export function clusterImageName(count: number, restaurants: number): string {
  return `${CLUSTER_PREFIX}${count}:${Math.round((GREEN_SHARE_STEPS * (count - restaurants)) / count)}`;
}

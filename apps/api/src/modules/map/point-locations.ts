import KDBush from 'kdbush';
import type { LatLng } from '@tables-voisines/contract/geo';

/**
 * The points' coordinates (the feed's, six decimals) in a kd-tree, for the map's lists: kdbush sorts them
 * into two typed arrays (Float64, as a Float32 keeps seven digits, not the eight of 48.856614), plus where
 * each point went in them (their sizes: decision 0038). Nothing per point on the heap.
 */
export class PointLocations {
  readonly tree: KDBush;
  /** The tree's arrays, typed as what they are. */
  readonly #ids: Uint16Array | Uint32Array;
  readonly #coords: Float64Array;
  /** Point i's coordinates are `tree.coords[2 * slots[i]]` (longitude) and the next one (latitude). */
  readonly #slots: Uint32Array;
  /** The points' extent: the root of the tree's box, so a box holding them all is counted at once. */
  readonly #extent: readonly [number, number, number, number];

  constructor(longitudes: readonly number[], latitudes: readonly number[]) {
    const tree = new KDBush(longitudes.length);
    let [west, south, east, north] = [Infinity, Infinity, -Infinity, -Infinity];
    for (let i = 0; i < longitudes.length; i += 1) {
      const [lng, lat] = [longitudes[i]!, latitudes[i]!];
      tree.add(lng, lat);
      west = Math.min(west, lng);
      east = Math.max(east, lng);
      south = Math.min(south, lat);
      north = Math.max(north, lat);
    }
    tree.finish();
    const slots = new Uint32Array(longitudes.length);
    for (let slot = 0; slot < tree.ids.length; slot += 1) slots[tree.ids[slot]!] = slot;
    this.tree = tree;
    this.#ids = tree.ids;
    this.#coords = tree.coords as Float64Array;
    this.#slots = slots;
    this.#extent = [west, south, east, north];
  }

  longitude(i: number): number {
    return this.#coords[2 * this.#slots[i]!]!;
  }

  latitude(i: number): number {
    return this.#coords[2 * this.#slots[i]! + 1]!;
  }

  location(i: number): LatLng {
    return { latitude: this.latitude(i), longitude: this.longitude(i) };
  }

  /**
   * How many points lie in `[minX, maxX] x [minY, maxY]`, edges included, without listing them: kdbush's
   * `range` walk, but a node whose whole box lies inside is counted by its size (kdbush keeps the left half
   * of a node at or below its middle point on its axis, the right half at or above). A box over France,
   * 200,000 points, visits a few thousand of them instead of giving back an array of 200,000 ids.
   */
  count(minX: number, minY: number, maxX: number, maxY: number): number {
    return this.#walk(minX, minY, maxX, maxY, null);
  }

  /**
   * Calls `visit` with each point in the box (its id and coordinates), in no particular order. Not kdbush's
   * `range`: it also serves supercluster's trees, of Float32Array coordinates, and its reads of either kind
   * were several times slower in the server than alone; with this walk, `around` of the largest circle is
   * much faster (decision 0038, "Measurements").
   */
  forEachIn(
    minX: number,
    minY: number,
    maxX: number,
    maxY: number,
    visit: (i: number, longitude: number, latitude: number) => void,
  ): void {
    this.#walk(minX, minY, maxX, maxY, visit);
  }

  #walk(
    minX: number,
    minY: number,
    maxX: number,
    maxY: number,
    visit: ((i: number, longitude: number, latitude: number) => void) | null,
  ): number {
    const ids = this.#ids;
    const coords = this.#coords;
    const nodeSize = this.tree.nodeSize;
    const inside = (x: number, y: number) => x >= minX && x <= maxX && y >= minY && y <= maxY;
    // Each node: left, right, axis, then its box (west, south, east, north).
    const stack: number[] = [0, ids.length - 1, 0, ...this.#extent];
    let found = 0;
    while (stack.length > 0) {
      const y1 = stack.pop()!;
      const x1 = stack.pop()!;
      const y0 = stack.pop()!;
      const x0 = stack.pop()!;
      const axis = stack.pop()!;
      const right = stack.pop()!;
      const left = stack.pop()!;
      if (right < left) continue;
      if (x0 >= minX && x1 <= maxX && y0 >= minY && y1 <= maxY) {
        found += right - left + 1;
        if (visit !== null) {
          for (let k = left; k <= right; k += 1) visit(ids[k]!, coords[2 * k]!, coords[2 * k + 1]!);
        }
        continue;
      }
      if (right - left <= nodeSize) {
        for (let k = left; k <= right; k += 1) {
          const [x, y] = [coords[2 * k]!, coords[2 * k + 1]!];
          if (inside(x, y)) {
            found += 1;
            visit?.(ids[k]!, x, y);
          }
        }
        continue;
      }
      const m = (left + right) >> 1;
      const x = coords[2 * m]!;
      const y = coords[2 * m + 1]!;
      if (inside(x, y)) {
        found += 1;
        visit?.(ids[m]!, x, y);
      }
      if (axis === 0 ? minX <= x : minY <= y) {
        stack.push(left, m - 1, 1 - axis, x0, y0, axis === 0 ? x : x1, axis === 0 ? y1 : y);
      }
      if (axis === 0 ? maxX >= x : maxY >= y) {
        stack.push(m + 1, right, 1 - axis, axis === 0 ? x : x0, axis === 0 ? y0 : y, x1, y1);
      }
    }
    return found;
  }
}

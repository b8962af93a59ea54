import { type Kind } from '@tables-voisines/contract/labels';

/*
 * The selected place's pin and the halo of the place hovered in the list are HTML elements (one each); the
 * places, clusters and menu boards are drawn by MapLibre from images (marker-images.ts, decision 0006).
 * Neither is a tab stop: the list beside the map is their keyboard and screen-reader equivalent.
 */

/** 24×24 icons (Material Design), as SVG path data: drawn on canvases and in the HTML pin. */
export const FORK_KNIFE_PATH =
  'M11 9H9V2H7v7H5V2H3v7c0 2.12 1.66 3.84 3.75 3.97V22h2.5v-9.03C11.34 12.84 13 11.12 13 9V2h-2zm5-3v8h2.5v8H21V2c-2.76 0-5 2.24-5 4';
export const LEAF_PATH =
  'M6.05 8.05a7.007 7.007 0 0 0-.02 9.88c1.47-3.4 4.09-6.24 7.36-7.93-2.77 2.34-4.71 5.61-5.39 9.32 2.6 1.23 5.8.78 7.95-1.37C19.43 14.47 20 4 20 4S9.53 4.57 6.05 8.05';
export const SLATE_PATH =
  'M20 3H4c-1.1 0-2 .9-2 2v11c0 1.1.9 2 2 2h3l-1 3h2l1-3h6l1 3h2l-1-3h3c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2m0 13H4V5h16zM6 8h8v1.5H6zm0 3h12v1.5H6z';

const svg = (pathData: string) =>
  `<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path fill="currentColor" d="${pathData}"/></svg>`;

export function createHighlightMarker(): HTMLDivElement {
  const el = document.createElement('div');
  el.className = 'tv-halo';
  el.setAttribute('aria-hidden', 'true');
  return el;
}

export function createSelectedMarker(kind: Kind, name: string): HTMLDivElement {
  const el = document.createElement('div');
  el.className = `tv-selected tv-selected--${kind}`;
  el.setAttribute('aria-hidden', 'true');
  const pin = document.createElement('span');
  pin.className = 'tv-selected__pin';
  pin.innerHTML = svg(kind === 'restaurant' ? FORK_KNIFE_PATH : LEAF_PATH);
  const label = document.createElement('span');
  label.className = 'tv-selected__label';
  label.textContent = name;
  el.append(pin, label);
  return el;
}

/**
 * Where the town chosen in the search field is: a ring at its centre and its name above it (the base map
 * writes a town's name under its point, when it writes it). Small and see-through to clicks, so that it
 * hides no place; the search field says the same in words.
 */
export function createTownMarker(name: string): HTMLDivElement {
  const el = document.createElement('div');
  el.className = 'tv-town';
  el.setAttribute('aria-hidden', 'true');
  el.dataset.testid = 'chosen-town';
  const ring = document.createElement('span');
  ring.className = 'tv-town__ring';
  const label = document.createElement('span');
  label.className = 'tv-town__label';
  label.textContent = name;
  el.append(label, ring);
  return el;
}

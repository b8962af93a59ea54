import { KIND_LABELS, type Kind } from '@tables-voisines/contract/labels';

/*
 * Map markers are HTML elements, not symbol layers: the offline style has no glyphs, and one code path
 * serves both base maps (docs/decisions). They are not tab stops: the list beside the map is their
 * keyboard and screen-reader equivalent, so they are hidden from assistive technology.
 */

const FORK_KNIFE =
  '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path fill="currentColor" d="M11 9H9V2H7v7H5V2H3v7c0 2.12 1.66 3.84 3.75 3.97V22h2.5v-9.03C11.34 12.84 13 11.12 13 9V2h-2zm5-3v8h2.5v8H21V2c-2.76 0-5 2.24-5 4"/></svg>';
const LEAF =
  '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path fill="currentColor" d="M6.05 8.05a7.007 7.007 0 0 0-.02 9.88c1.47-3.4 4.09-6.24 7.36-7.93-2.77 2.34-4.71 5.61-5.39 9.32 2.6 1.23 5.8.78 7.95-1.37C19.43 14.47 20 4 20 4S9.53 4.57 6.05 8.05"/></svg>';
const SLATE =
  '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path fill="currentColor" d="M20 3H4c-1.1 0-2 .9-2 2v11c0 1.1.9 2 2 2h3l-1 3h2l1-3h6l1 3h2l-1-3h3c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2m0 13H4V5h16zM6 8h8v1.5H6zm0 3h12v1.5H6z"/></svg>';

function baseButton(className: string, label: string): HTMLButtonElement {
  const el = document.createElement('button');
  el.type = 'button';
  el.className = className;
  el.tabIndex = -1;
  el.title = label;
  el.setAttribute('aria-hidden', 'true');
  return el;
}

/** Restaurant: an orange disc with a fork and knife. Remplis vert: a green diamond with a leaf. */
export function createEstablishmentMarker(kind: Kind, name: string, id: string): HTMLButtonElement {
  const el = baseButton(`tv-marker tv-marker--${kind}`, `${KIND_LABELS[kind]} : ${name}`);
  el.dataset.establishmentId = id;
  el.innerHTML = `<span class="tv-marker__shape">${kind === 'restaurant' ? FORK_KNIFE : LEAF}</span>`;
  return el;
}

function formatCount(n: number): string {
  return n >= 10_000 ? `${Math.round(n / 1000)} k` : n.toLocaleString('fr-FR');
}

/** A cluster: its count, with a ring whose green share is the share of "Remplis vert" places. */
export function createClusterMarker(count: number, restaurants: number): HTMLButtonElement {
  const label = `${count.toLocaleString('fr-FR')} établissements ici : zoomer pour les voir`;
  const el = baseButton('tv-cluster', label);
  const size = count < 10 ? 34 : count < 100 ? 40 : count < 1000 ? 48 : 56;
  const greenShare = Math.round(((count - restaurants) / count) * 360);
  el.style.width = `${size}px`;
  el.style.height = `${size}px`;
  el.style.background = `conic-gradient(#2e7d32 0deg ${greenShare}deg, #f06023 ${greenShare}deg 360deg)`;
  el.innerHTML = `<span class="tv-cluster__count">${formatCount(count)}</span>`;
  return el;
}

export function createMenuBoardMarker(establishmentName: string): HTMLButtonElement {
  const el = baseButton('tv-board-marker', `Ardoise du jour : ${establishmentName}`);
  el.innerHTML = SLATE;
  return el;
}

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
  pin.innerHTML = kind === 'restaurant' ? FORK_KNIFE : LEAF;
  const label = document.createElement('span');
  label.className = 'tv-selected__label';
  label.textContent = name;
  el.append(pin, label);
  return el;
}

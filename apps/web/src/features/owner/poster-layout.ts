/*
 * The printable A4 poster an owner pins on its door: the establishment's name, a QR code to its page and the
 * address written out. Pure geometry in PDF points (1/72 inch, origin bottom left), so that the drawing
 * (`poster-pdf.ts`) only follows it and the rules can be tested without a PDF.
 */

import { normalizeForSearch } from '@tables-voisines/contract/text';

/** A4 portrait in points. */
export const A4 = { width: 595.28, height: 841.89 } as const;

export const POSTER_MARGIN = 48;
const BAND_HEIGHT = 96;
const TITLE_MAX_SIZE = 44;
const TITLE_MIN_SIZE = 24;
const TITLE_MAX_LINES = 3;
const QR_SIZE = 300;
const URL_SIZE = 11;

/** Width of `text` at `size` points in the poster's font. */
export type MeasureText = (text: string, size: number) => number;

export interface PosterInput {
  siteName: string;
  name: string;
  town: string;
  url: string;
}

export interface PosterLine {
  text: string;
  x: number;
  /** Baseline. */
  y: number;
  size: number;
}

export interface PosterLayout {
  page: { width: number; height: number };
  band: { x: number; y: number; width: number; height: number };
  siteName: PosterLine;
  title: PosterLine[];
  town: PosterLine;
  qr: { x: number; y: number; size: number };
  call: PosterLine;
  url: PosterLine[];
}

/** Greedy word wrap; a single word longer than the width is cut where it no longer fits. */
export function wrapText(text: string, width: number, size: number, measure: MeasureText): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter((w) => w !== '')) {
    const candidate = line === '' ? word : `${line} ${word}`;
    if (measure(candidate, size) <= width) {
      line = candidate;
      continue;
    }
    if (line !== '') lines.push(line);
    let rest = word;
    while (measure(rest, size) > width) {
      let cut = rest.length - 1;
      while (cut > 1 && measure(rest.slice(0, cut), size) > width) cut -= 1;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line !== '') lines.push(line);
  return lines;
}

/** The biggest title size (down to the minimum) at which the name fits on at most three lines. */
function fitTitle(name: string, width: number, measure: MeasureText): { size: number; lines: string[] } {
  for (let size = TITLE_MAX_SIZE; size > TITLE_MIN_SIZE; size -= 2) {
    const lines = wrapText(name, width, size, measure);
    if (lines.length <= TITLE_MAX_LINES) return { size, lines };
  }
  const lines = wrapText(name, width, TITLE_MIN_SIZE, measure);
  if (lines.length <= TITLE_MAX_LINES) return { size: TITLE_MIN_SIZE, lines };
  const kept = lines.slice(0, TITLE_MAX_LINES);
  kept[TITLE_MAX_LINES - 1] = `${kept[TITLE_MAX_LINES - 1]!.replace(/.$/, '')}…`;
  return { size: TITLE_MIN_SIZE, lines: kept };
}

const centred = (text: string, size: number, y: number, measure: MeasureText, page = A4): PosterLine => ({
  text,
  size,
  y,
  x: (page.width - measure(text, size)) / 2,
});

export function posterLayout(input: PosterInput, measure: MeasureText): PosterLayout {
  const page = { width: A4.width, height: A4.height };
  const contentWidth = page.width - 2 * POSTER_MARGIN;
  const band = { x: 0, y: page.height - BAND_HEIGHT, width: page.width, height: BAND_HEIGHT };
  const siteName = centred(input.siteName, 26, band.y + (BAND_HEIGHT - 26) / 2 + 6, measure);

  let y = band.y - POSTER_MARGIN;
  const fitted = fitTitle(input.name, contentWidth, measure);
  const title = fitted.lines.map((text) => {
    y -= fitted.size;
    const line = centred(text, fitted.size, y, measure);
    y -= fitted.size * 0.2;
    return line;
  });
  y -= 28;
  const town = centred(input.town, 20, y, measure);

  const qr = { x: (page.width - QR_SIZE) / 2, y: y - 28 - QR_SIZE, size: QR_SIZE };
  const call = centred('Scannez pour voir notre ardoise du jour et nos horaires', 15, qr.y - 36, measure);

  let urlY = call.y - 26;
  const url = wrapText(input.url, contentWidth, URL_SIZE, measure).map((text) => {
    const line = centred(text, URL_SIZE, urlY, measure);
    urlY -= URL_SIZE * 1.4;
    return line;
  });

  return { page, band, siteName, title, town, qr, call, url };
}

/**
 * The poster's file name from the page's address: letters without accents or ligatures, words joined by
 * dashes (`auberge-de-l'église-a-bordeaux` → `affiche-auberge-de-l-eglise-a-bordeaux.pdf`).
 */
export function posterFileName(uri: string): string {
  const words = normalizeForSearch(uri)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `affiche-${words === '' ? 'etablissement' : words}.pdf`;
}

/**
 * The address the poster's QR code carries: the page's, marked `?source=qr` so that the statistics tell
 * the views it brings (« Scans du QR code »; the page takes the marker out of the address bar). The address
 * printed in words stays without it.
 */
export function posterQrUrl(url: string): string {
  const marked = new URL(url);
  marked.searchParams.set('source', 'qr');
  return marked.href;
}

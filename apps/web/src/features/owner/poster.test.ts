import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { createPosterPdf } from './poster-pdf';
import {
  A4,
  POSTER_MARGIN,
  posterFileName,
  posterLayout,
  posterQrUrl,
  wrapText,
  type MeasureText,
} from './poster-layout';

/** Every character half as wide as the font size: simple enough to reason about. */
const measure: MeasureText = (text, size) => text.length * size * 0.5;

const input = {
  siteName: 'Tables Voisines',
  name: 'Chez Toto',
  town: 'Lyon',
  url: 'https://tablesvoisines.fr/restaurant/chez-toto-a-lyon',
};

describe('the poster layout', () => {
  it('is an A4 page with the QR code centred below the name, all inside the margins', () => {
    const layout = posterLayout(input, measure);
    expect(layout.page).toEqual({ width: A4.width, height: A4.height });
    expect(layout.qr.x + layout.qr.size / 2).toBeCloseTo(A4.width / 2);
    expect(layout.qr.y).toBeGreaterThan(POSTER_MARGIN);
    expect(layout.title).toHaveLength(1);
    expect(layout.title[0]!.size).toBe(44);
    expect(layout.title[0]!.y).toBeGreaterThan(layout.qr.y + layout.qr.size);
    const lowest = layout.url.at(-1)!;
    expect(lowest.y).toBeGreaterThan(POSTER_MARGIN / 2);
    for (const line of [layout.siteName, ...layout.title, layout.town, layout.call, ...layout.url]) {
      expect(line.x).toBeGreaterThanOrEqual(POSTER_MARGIN - 1);
      expect(line.x + measure(line.text, line.size)).toBeLessThanOrEqual(A4.width - POSTER_MARGIN + 1);
    }
  });

  it('shrinks and wraps a long name, and never lets it run over three lines', () => {
    const long = posterLayout(
      { ...input, name: 'Le Petit Bistrot des Halles de la Croix-Rousse et du Plateau' },
      measure,
    );
    expect(long.title.length).toBeGreaterThan(1);
    expect(long.title.length).toBeLessThanOrEqual(3);
    expect(long.title[0]!.size).toBeLessThan(44);
    const endless = posterLayout({ ...input, name: 'Très '.repeat(80) }, measure);
    expect(endless.title).toHaveLength(3);
    expect(endless.title[2]!.text.endsWith('…')).toBe(true);
  });

  it('cuts an address too long for one line', () => {
    const lines = wrapText('https://exemple.fr/' + 'a'.repeat(200), 499, 11, measure);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join('')).toBe('https://exemple.fr/' + 'a'.repeat(200));
  });
});

describe('the poster file name', () => {
  it('keeps every letter, without its accent, and joins the words with dashes', () => {
    expect(posterFileName("auberge-de-l'église-a-bordeaux")).toBe(
      'affiche-auberge-de-l-eglise-a-bordeaux.pdf',
    );
    expect(posterFileName('l’œuf-&-cie-(chez-zoé)-a-saint-étienne-2')).toBe(
      'affiche-l-oeuf-cie-chez-zoe-a-saint-etienne-2.pdf',
    );
    expect(posterFileName('???')).toBe('affiche-etablissement.pdf');
  });
});

describe('the poster’s QR code', () => {
  it('carries the page’s address marked `?source=qr`, so that the statistics count its scans', () => {
    expect(posterQrUrl('https://tablesvoisines.fr/restaurant/chez-toto-a-lyon')).toBe(
      'https://tablesvoisines.fr/restaurant/chez-toto-a-lyon?source=qr',
    );
    expect(posterQrUrl('http://localhost:3000/restaurant/%C5%82%C3%B3d%C5%BA-a-lyon')).toBe(
      'http://localhost:3000/restaurant/%C5%82%C3%B3d%C5%BA-a-lyon?source=qr',
    );
  });
});

describe('the poster PDF', () => {
  it('is one A4 page, titled with the establishment, accents kept', async () => {
    const bytes = await createPosterPdf({ ...input, name: 'Crêperie « L’Île » — Saint-Étienne' });
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(1);
    const { width, height } = pdf.getPage(0).getSize();
    expect(width).toBeCloseTo(A4.width);
    expect(height).toBeCloseTo(A4.height);
    expect(pdf.getTitle()).toBe('Affiche — Crêperie « L’Île » — Saint-Étienne');
    // An address with characters the PDF fonts lack still makes a poster.
    const odd = await createPosterPdf({
      ...input,
      name: 'Łódź Pierogi 🥟',
      url: 'http://localhost:3000/restaurant/%C5%82%C3%B3d%C5%BA-pierogi-a-lyon',
    });
    expect((await PDFDocument.load(odd)).getPageCount()).toBe(1);
  });
});

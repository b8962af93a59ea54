/*
 * The board's picture drawn (decision 0090): the layout (`board-picture-layout.ts`) measured with the site's
 * font, Open Sans, turned into an SVG whose text is paths by satori, then into a PNG by sharp, the QR code to
 * the page laid on it. No browser, no font installed on the machine: the fonts are the package's files.
 */

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import opentype, { type Font, type Glyph } from 'opentype.js';
import QRCode from 'qrcode';
import satori from 'satori';
import sharp from 'sharp';
import {
  LINE_HEIGHT,
  layoutBoardPicture,
  type FontWeight,
  type MeasureText,
  type PictureFormat,
  type PictureInput,
  type PictureLayout,
  type Tone,
} from './board-picture-layout';

const require = createRequire(import.meta.url);

const WEIGHTS: readonly FontWeight[] = [400, 700, 800];
const SUBSETS = ['latin', 'latin-ext'] as const;

interface LoadedFont {
  weight: FontWeight;
  /** The WOFF files, latin then latin-ext. */
  files: Buffer[];
  /** One per subset, latin first: a character latin lacks (« ő », « ł ») is measured in latin-ext. */
  faces: Font[];
}

let loaded: LoadedFont[] | undefined;

/** Open Sans's WOFF files (satori reads WOFF, not WOFF2), read once. */
function fonts(): LoadedFont[] {
  loaded ??= WEIGHTS.map((weight) => {
    const files = SUBSETS.map((subset) =>
      readFileSync(require.resolve(`@fontsource/open-sans/files/open-sans-${subset}-${weight}-normal.woff`)),
    );
    return {
      weight,
      files,
      faces: files.map((file) =>
        opentype.parse(file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength)),
      ),
    };
  });
  return loaded;
}

/** The fonts as satori takes them: both subsets of each weight, latin first. */
function satoriFonts() {
  return fonts().flatMap(({ weight, files }) =>
    files.map((data) => ({ name: 'Open Sans', weight, style: 'normal' as const, data })),
  );
}

let satoriFontList: ReturnType<typeof satoriFonts> | undefined;

interface Metrics {
  /** Advance width of each character in font units over units per em, by subset (latin, then latin-ext). */
  advances: Map<string, { face: Font; glyph: Glyph; advance: number }>;
  /** Kerning of each pair of characters, in em. */
  kerning: Map<string, number>;
}

const metrics = new Map<FontWeight, Metrics>();

function glyphOf(weight: FontWeight, char: string) {
  let found = metrics.get(weight);
  if (found === undefined) {
    found = { advances: new Map(), kerning: new Map() };
    metrics.set(weight, found);
  }
  let entry = found.advances.get(char);
  if (entry === undefined) {
    const font = fonts().find((f) => f.weight === weight) ?? fonts()[0]!;
    const face = font.faces.find((candidate) => candidate.charToGlyphIndex(char) !== 0) ?? font.faces[0]!;
    const glyph = face.charToGlyph(char);
    entry = { face, glyph, advance: (glyph.advanceWidth ?? 0) / face.unitsPerEm };
    found.advances.set(char, entry);
  }
  return { entry, kerning: found.kerning };
}

/**
 * Text width with the font's advance widths and kerning pairs, each kept once computed (a long board is
 * measured thousands of times while the type size is chosen). Satori shapes the same font, so a line
 * measured to fit is drawn on one line; 1 % is added for what rounding may add over a long line.
 */
export const measureText: MeasureText = (text, size, weight) => {
  let em = 0;
  let previous: { face: Font; glyph: Glyph } | undefined;
  let previousChar = '';
  for (const char of text) {
    const { entry, kerning } = glyphOf(weight, char);
    em += entry.advance;
    if (previous !== undefined && previous.face === entry.face) {
      const pair = previousChar + char;
      let kern = kerning.get(pair);
      if (kern === undefined) {
        kern = entry.face.getKerningValue(previous.glyph, entry.glyph) / entry.face.unitsPerEm;
        kerning.set(pair, kern);
      }
      em += kern;
    }
    previous = entry;
    previousChar = char;
  }
  return em * size * 1.01;
};

export const COLOURS = {
  /** The site's orange (apps/web/src/theme/theme.ts), as the slate's frame. */
  frame: '#f06023',
  slate: '#22302b',
  slateLight: '#2d3f38',
  chalk: '#f6f3ea',
  muted: '#c9c5b8',
  /** The site's orange lightened for text on the slate: 5.3:1. */
  accent: '#f79260',
  green: '#a5d6a7',
} as const;

const TONES: Readonly<Record<Tone, string>> = {
  chalk: COLOURS.chalk,
  muted: COLOURS.muted,
  accent: COLOURS.accent,
  green: COLOURS.green,
};

/** satori's element shape, without React. */
interface Node {
  type: string;
  props: { style?: Record<string, unknown>; children?: Node[] | string };
}

const div = (style: Record<string, unknown>, children?: Node[] | string): Node => ({
  type: 'div',
  props: children === undefined ? { style } : { style, children },
});

function tree(layout: PictureLayout): Node {
  const { width, height, slate } = layout;
  return div(
    {
      width,
      height,
      display: 'flex',
      position: 'relative',
      backgroundColor: COLOURS.frame,
      fontFamily: 'Open Sans',
    },
    [
      div({
        position: 'absolute',
        left: slate.x,
        top: slate.y,
        width: slate.width,
        height: slate.height,
        borderRadius: 10,
        backgroundImage: `radial-gradient(circle at 30% 20%, ${COLOURS.slateLight}, ${COLOURS.slate} 70%)`,
      }),
      ...layout.rules.map((rule) =>
        div({
          position: 'absolute',
          left: rule.x,
          top: rule.y,
          width: rule.width,
          height: 3,
          backgroundColor: COLOURS.muted,
          opacity: 0.45,
        }),
      ),
      // The QR code's white square; the code itself is laid on the PNG by sharp.
      div({
        position: 'absolute',
        left: layout.qr.x,
        top: layout.qr.y,
        width: layout.qr.size,
        height: layout.qr.size,
        borderRadius: 8,
        backgroundColor: '#ffffff',
      }),
      ...layout.lines.map((line) =>
        div(
          {
            position: 'absolute',
            top: line.y,
            ...(line.align === 'right' ? { right: width - line.x } : { left: line.x }),
            display: 'flex',
            whiteSpace: 'pre',
            fontSize: line.size,
            fontWeight: line.weight,
            lineHeight: LINE_HEIGHT,
            color: TONES[line.tone],
          },
          line.text,
        ),
      ),
    ],
  );
}

/** The layout drawn as an SVG (text as paths). */
export async function drawBoardSvg(layout: PictureLayout): Promise<string> {
  satoriFontList ??= satoriFonts();
  // satori's element type is React's; this tree has its shape without React.
  return satori(tree(layout) as unknown as Parameters<typeof satori>[0], {
    width: layout.width,
    height: layout.height,
    fonts: satoriFontList,
  });
}

/** The board's picture in `format`, as PNG bytes. */
export async function renderBoardPicture(
  input: PictureInput,
  format: PictureFormat,
): Promise<{ png: Buffer; layout: PictureLayout }> {
  const layout = layoutBoardPicture(input, format, measureText);
  const svg = await drawBoardSvg(layout);
  const margin = Math.round(layout.qr.size * 0.06);
  const qr = await QRCode.toBuffer(input.url, {
    type: 'png',
    errorCorrectionLevel: 'M',
    margin: 0,
    width: layout.qr.size - 2 * margin,
    color: { dark: '#1b1b1b', light: '#ffffff' },
  });
  const png = await sharp(Buffer.from(svg))
    .composite([{ input: qr, left: layout.qr.x + margin, top: layout.qr.y + margin }])
    .png({ compressionLevel: 6, palette: true, quality: 90, effort: 4 })
    .toBuffer();
  return { png, layout };
}

/*
 * The board's picture laid out (docs/api.md, "Set menus, courses and the board's picture"; decision 0090):
 * every line of text placed, in pixels, before anything is drawn. Pure: text widths come from the `measure`
 * given (the fonts' own advance widths on the server, a fixed width per character in tests), so the rules
 * (wrapping whole words, smaller type for a long board, « et N autres plats sur la page ») are tested without
 * drawing.
 */

import { formulaText, groupByCourse, priceText, type Course } from '@tables-voisines/contract/courses';

export const PICTURE_FORMATS = ['square', 'story', 'landscape'] as const;
export type PictureFormat = (typeof PICTURE_FORMATS)[number];

export const PICTURE_SIZES: Readonly<Record<PictureFormat, { width: number; height: number }>> = {
  square: { width: 1080, height: 1350 },
  story: { width: 1080, height: 1920 },
  landscape: { width: 1200, height: 630 },
};

export type FontWeight = 400 | 700 | 800;

/** Width in pixels of `text` at `size` pixels and `weight`. */
export type MeasureText = (text: string, size: number, weight: FontWeight) => number;

export type Tone = 'chalk' | 'muted' | 'accent' | 'green';

export interface PictureLine {
  text: string;
  /** Left edge; with `align: 'right'`, the right edge. */
  x: number;
  /** Top of the line box (its height is `size × LINE_HEIGHT`). */
  y: number;
  size: number;
  weight: FontWeight;
  tone: Tone;
  align: 'left' | 'right';
}

export interface PictureDish {
  name: string;
  price: number;
  diets: readonly string[];
  homemade: boolean;
  course?: Course | null | undefined;
}

export interface PictureFormula {
  name: string;
  price: number;
  courses: readonly (readonly string[])[];
  description: string | null;
}

export interface PictureInput {
  name: string;
  town: string;
  /** « jeudi 3 décembre ». */
  dateText: string;
  /** The page's address, written under the QR code. */
  url: string;
  formulas: readonly PictureFormula[];
  items: readonly PictureDish[];
}

export interface PictureLayout {
  width: number;
  height: number;
  /** The slate inside its wooden frame. */
  slate: { x: number; y: number; width: number; height: number };
  lines: PictureLine[];
  /** Thin rules drawn under the header and above the footer. */
  rules: { x: number; y: number; width: number }[];
  qr: { x: number; y: number; size: number };
  /** The dishes' type size chosen (pixels). */
  dishSize: number;
  /** Dishes and formules left out for want of room, told by « et N autres plats sur la page ». */
  leftOut: number;
}

export const LINE_HEIGHT = 1.25;

const DIET_WORDS: Readonly<Record<string, string>> = {
  vegetarian: 'Végétarien',
  vegan: 'Végan',
  halal: 'Halal',
  kosher: 'Casher',
};

/** What a dish says under its name: its diets and « Fait maison », joined by a middle dot. */
export function dishMarks(dish: Pick<PictureDish, 'diets' | 'homemade'>): string {
  const marks = dish.diets.map((diet) => DIET_WORDS[diet]).filter((word) => word !== undefined);
  if (dish.homemade) marks.push('Fait maison');
  return marks.join(' · ');
}

/** A compound's parts, each with its hyphen: « Kouign-amann » → « Kouign- », « amann ». */
const hyphenParts = (word: string) => word.match(/[^-]+-*|-+/g) ?? [word];

/**
 * Whole words on lines at most `width` wide. A word is never cut: one wider than the line is broken only
 * after its hyphens, where French breaks a compound (« Kouign-| amann »), else it stands alone on its line
 * (the caller lowers the type until every word fits, `fitsWords`). Non-breaking spaces hold their
 * neighbours together (« 16,50 € », « Formule : »).
 */
export function wrapWords(
  text: string,
  width: number,
  size: number,
  weight: FontWeight,
  measure: MeasureText,
): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/[ \t\n\r]+/).filter((w) => w !== '')) {
    const parts = measure(word, size, weight) > width ? hyphenParts(word) : [word];
    parts.forEach((part, index) => {
      const candidate = line === '' ? part : index === 0 ? `${line} ${part}` : `${line}${part}`;
      if (line === '' || measure(candidate, size, weight) <= width) {
        line = candidate;
      } else {
        lines.push(line);
        line = part;
      }
    });
  }
  if (line !== '') lines.push(line);
  return lines;
}

/** Whether every word of `text` fits on a line of `width` at `size`, a compound broken after its hyphens. */
export function fitsWords(
  text: string,
  width: number,
  size: number,
  weight: FontWeight,
  measure: MeasureText,
): boolean {
  return text
    .split(/[ \t\n\r]+/)
    .filter((w) => w !== '')
    .every((word) => hyphenParts(word).every((part) => measure(part, size, weight) <= width));
}

/**
 * The largest size from `max` down to `min` at which `text` takes at most `maxLines` lines of whole words;
 * `min` when none does (its lines are then all kept: nothing is cut).
 */
export function fitText(
  text: string,
  width: number,
  sizes: { max: number; min: number },
  maxLines: number,
  weight: FontWeight,
  measure: MeasureText,
): { size: number; lines: string[] } {
  for (let size = sizes.max; size > sizes.min; size -= 2) {
    if (!fitsWords(text, width, size, weight, measure)) continue;
    const lines = wrapWords(text, width, size, weight, measure);
    if (lines.length <= maxLines) return { size, lines };
  }
  let size = sizes.min;
  // A single word wider than the line at the smallest size (a long address): smaller still, never cut.
  while (size > 8 && !fitsWords(text, width, size, weight, measure)) size -= 1;
  return { size, lines: wrapWords(text, width, size, weight, measure) };
}

/**
 * An address on lines at most `width` wide, broken only after a « / » or a « - » (the way an address is read,
 * and no letter lost); the scheme is left out (« tables-voisines.fr/restaurant/… » is what one types).
 */
export function wrapAddress(
  url: string,
  width: number,
  size: number,
  weight: FontWeight,
  measure: MeasureText,
): string[] {
  const pieces = readableAddress(url).match(/[^/-]*[/-]?/g) ?? [];
  const lines: string[] = [];
  let line = '';
  for (const piece of pieces.filter((p) => p !== '')) {
    if (line === '' || measure(line + piece, size, weight) <= width) line += piece;
    else {
      lines.push(line);
      line = piece;
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}

/** The address as one reads and types it: no scheme, accents rather than their percent-encoding. */
export function readableAddress(url: string): string {
  const bare = url.replace(/^https?:\/\//, '');
  try {
    return decodeURI(bare);
  } catch {
    return bare;
  }
}

/** The largest size at which the address takes at most `maxLines` lines, each within `width`. */
function fitAddress(
  url: string,
  width: number,
  sizes: { max: number; min: number },
  maxLines: number,
  measure: MeasureText,
): { size: number; lines: string[] } {
  let size = sizes.max;
  for (; size > 8; size -= 1) {
    const lines = wrapAddress(url, width, size, 700, measure);
    if (
      lines.every((line) => measure(line, size, 700) <= width) &&
      (lines.length <= maxLines || size <= sizes.min)
    ) {
      return { size, lines };
    }
  }
  return { size, lines: wrapAddress(url, width, size, 700, measure) };
}

/** How each format is cut up: margins, the dishes' type sizes, columns and where the QR code goes. */
interface FormatPlan {
  frame: number;
  padding: number;
  title: { max: number; min: number; lines: number };
  subtitle: number;
  dish: { max: number; min: number };
  /** The columns tried, in order: the next is tried only when the one before leaves dishes out. */
  columns: readonly number[];
  columnGap: number;
  qrSize: number;
  /** `bottom`: a footer band under the dishes; `side`: a column on the right, the dishes beside it. */
  qrPlace: 'bottom' | 'side';
  footerText: number;
}

const PLANS: Readonly<Record<PictureFormat, FormatPlan>> = {
  square: {
    frame: 22,
    padding: 56,
    title: { max: 72, min: 44, lines: 2 },
    subtitle: 34,
    dish: { max: 44, min: 26 },
    columns: [1, 2],
    columnGap: 48,
    qrSize: 188,
    qrPlace: 'bottom',
    footerText: 26,
  },
  story: {
    frame: 22,
    padding: 60,
    title: { max: 84, min: 48, lines: 3 },
    subtitle: 38,
    dish: { max: 50, min: 28 },
    columns: [1, 2],
    columnGap: 48,
    qrSize: 232,
    qrPlace: 'bottom',
    footerText: 28,
  },
  landscape: {
    frame: 16,
    padding: 36,
    title: { max: 48, min: 32, lines: 1 },
    subtitle: 24,
    dish: { max: 30, min: 20 },
    columns: [2],
    columnGap: 40,
    qrSize: 176,
    qrPlace: 'side',
    footerText: 18,
  },
};

/** A piece of the board that flows into the columns: its lines relative to its own top, and its height. */
interface Block {
  kind: 'heading' | 'formula' | 'dish';
  height: number;
  /** Space above it, dropped at the top of a column. */
  space: number;
  lines: BlockLine[];
}

/** A line of a block, `dy` below the block's top. */
type BlockLine = Omit<PictureLine, 'y'> & { dy: number };

function lineHeight(size: number): number {
  return Math.round(size * LINE_HEIGHT);
}

/** A name on the left, wrapped beside its price on the right, with a smaller line under it. */
function pricedBlock(
  kind: 'formula' | 'dish',
  title: string,
  price: number,
  under: string,
  column: { x: number; width: number },
  size: number,
  measure: MeasureText,
): Block {
  const weight: FontWeight = kind === 'formula' ? 700 : 400;
  const price_ = priceText(price);
  const priceWidth = measure(price_, size, 700);
  const gap = Math.round(size * 0.6);
  const nameWidth = column.width - priceWidth - gap;
  let nameSize = size;
  while (nameSize > 12 && !fitsWords(title, nameWidth, nameSize, weight, measure)) nameSize -= 1;
  const nameLines = wrapWords(title, nameWidth, nameSize, weight, measure);
  const lines: BlockLine[] = nameLines.map((text, i) => ({
    text,
    x: column.x,
    dy: i * lineHeight(nameSize),
    size: nameSize,
    weight,
    tone: 'chalk' as const,
    align: 'left' as const,
  }));
  lines.push({
    text: price_,
    x: column.x + column.width,
    dy: nameSize === size ? 0 : Math.round((lineHeight(nameSize) - lineHeight(size)) / 2),
    size,
    weight: 700,
    tone: 'accent',
    align: 'right',
  });
  let height = nameLines.length * lineHeight(nameSize);
  if (under !== '') {
    const underSize = Math.round(size * 0.68);
    const underLines = wrapWords(under, nameWidth, underSize, 400, measure);
    for (const text of underLines) {
      lines.push({
        text,
        x: column.x,
        dy: height,
        size: underSize,
        weight: 400,
        tone: kind === 'dish' ? 'green' : 'muted',
        align: 'left',
      });
      height += lineHeight(underSize);
    }
  }
  return { kind, height, space: Math.round(size * 0.3), lines };
}

function headingBlock(text: string, column: { x: number; width: number }, size: number): Block {
  const headingSize = Math.round(size * 0.9);
  return {
    kind: 'heading',
    height: lineHeight(headingSize) + Math.round(size * 0.15),
    space: Math.round(size * 0.55),
    lines: [
      {
        text: text.toLocaleUpperCase('fr'),
        x: column.x,
        dy: 0,
        size: headingSize,
        weight: 800,
        tone: 'accent',
        align: 'left',
      },
    ],
  };
}

/** A formule's reading without its price, which stands on the right: « Midi : entrée + plat ». */
function formulaTitle(formula: PictureFormula): string {
  const whole = formulaText(formula);
  const tail = ` — ${priceText(formula.price)}`;
  return whole.endsWith(tail) ? whole.slice(0, -tail.length) : whole;
}

/** The board's blocks in reading order: formules first, then the dishes by course (`groupByCourse`). */
function boardBlocks(
  input: PictureInput,
  column: { x: number; width: number },
  size: number,
  measure: MeasureText,
): Block[] {
  const blocks: Block[] = [];
  if (input.formulas.length > 0) {
    blocks.push(headingBlock(input.formulas.length === 1 ? 'Formule' : 'Formules', column, size));
    for (const formula of input.formulas) {
      blocks.push(
        pricedBlock(
          'formula',
          formulaTitle(formula),
          formula.price,
          formula.description ?? '',
          column,
          size,
          measure,
        ),
      );
    }
  }
  for (const group of groupByCourse(input.items)) {
    if (group.heading !== null) blocks.push(headingBlock(group.heading, column, size));
    for (const dish of group.items) {
      blocks.push(pricedBlock('dish', dish.name, dish.price, dishMarks(dish), column, size, measure));
    }
  }
  return blocks;
}

interface Flow {
  placed: { block: Block; column: number; y: number }[];
  leftOut: number;
}

/**
 * The blocks poured into the columns in order, each column from `top` to `bottom`; `reserve` pixels are kept
 * free at the end of the last column (for « et N autres plats »). A heading never ends a column: it goes
 * with its first dish. Stops at the first block that does not fit: the board reads in order, with no hole.
 */
function pour(blocks: Block[], columns: number, top: number, bottom: number, reserve: number): Flow {
  const placed: Flow['placed'] = [];
  let column = 0;
  let y = top;
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i]!;
    const next = blocks[i + 1];
    const limit = column === columns - 1 ? bottom - reserve : bottom;
    const need =
      (y === top ? 0 : block.space) +
      block.height +
      (block.kind === 'heading' && next !== undefined ? next.space + next.height : 0);
    if (y + need > limit) {
      if (column < columns - 1 && y !== top) {
        column += 1;
        y = top;
        i -= 1;
        continue;
      }
      const leftOut = blocks.slice(i).filter((b) => b.kind !== 'heading').length;
      return { placed, leftOut };
    }
    y += y === top ? 0 : block.space;
    placed.push({ block, column, y });
    y += block.height;
  }
  return { placed, leftOut: 0 };
}

/**
 * The picture of `input` in `format`: every line placed, the dishes as large as the board allows. A board
 * that does not fit under a large name is laid out again under a smaller one, to show more dishes.
 */
export function layoutBoardPicture(
  input: PictureInput,
  format: PictureFormat,
  measure: MeasureText,
): PictureLayout {
  const plan = PLANS[format];
  const roomy = layoutWithPlan(input, format, plan, measure);
  if (roomy.leftOut === 0) return roomy;
  const titleSize = plan.title.min;
  const compact = layoutWithPlan(
    input,
    format,
    { ...plan, title: { max: titleSize, min: Math.round(titleSize * 0.75), lines: 2 } },
    measure,
  );
  return compact.leftOut < roomy.leftOut ? compact : roomy;
}

function layoutWithPlan(
  input: PictureInput,
  format: PictureFormat,
  plan: FormatPlan,
  measure: MeasureText,
): PictureLayout {
  const { width, height } = PICTURE_SIZES[format];
  const slate = {
    x: plan.frame,
    y: plan.frame,
    width: width - 2 * plan.frame,
    height: height - 2 * plan.frame,
  };
  const left = slate.x + plan.padding;
  const right = slate.x + slate.width - plan.padding;
  const lines: PictureLine[] = [];
  const rules: PictureLayout['rules'] = [];

  // The footer (bottom) or side column: the QR code and the page's address.
  const qrSize = plan.qrSize;
  let contentRight = right;
  let contentBottom: number;
  let qr: PictureLayout['qr'];
  const callText = 'Toute l’ardoise sur';
  if (plan.qrPlace === 'bottom') {
    const footerTop = slate.y + slate.height - plan.padding - qrSize;
    qr = { x: right - qrSize, y: footerTop, size: qrSize };
    const textWidth = right - qrSize - Math.round(plan.padding * 0.6) - left;
    const url = fitAddress(input.url, textWidth, { max: plan.footerText, min: 18 }, 2, measure);
    const callHeight = lineHeight(plan.footerText);
    const urlHeight = url.lines.length * lineHeight(url.size);
    let y = footerTop + Math.round((qrSize - callHeight - urlHeight) / 2);
    lines.push({
      text: callText,
      x: left,
      y,
      size: plan.footerText,
      weight: 400,
      tone: 'muted',
      align: 'left',
    });
    y += callHeight;
    for (const text of url.lines) {
      lines.push({ text, x: left, y, size: url.size, weight: 700, tone: 'chalk', align: 'left' });
      y += lineHeight(url.size);
    }
    const ruleY = footerTop - Math.round(plan.padding * 0.5);
    rules.push({ x: left, y: ruleY, width: right - left });
    contentBottom = ruleY - Math.round(plan.padding * 0.4);
  } else {
    const sideWidth = Math.max(qrSize, 220);
    contentRight = right - sideWidth - plan.columnGap;
    const sideX = right - sideWidth;
    const url = fitAddress(input.url, sideWidth, { max: plan.footerText, min: 14 }, 3, measure);
    const callHeight = lineHeight(plan.footerText);
    const blockHeight = qrSize + 14 + callHeight + url.lines.length * lineHeight(url.size);
    let y = slate.y + slate.height - plan.padding - blockHeight;
    qr = { x: sideX + Math.round((sideWidth - qrSize) / 2), y, size: qrSize };
    y += qrSize + 14;
    lines.push({
      text: callText,
      x: sideX,
      y,
      size: plan.footerText,
      weight: 400,
      tone: 'muted',
      align: 'left',
    });
    y += callHeight;
    for (const text of url.lines) {
      lines.push({ text, x: sideX, y, size: url.size, weight: 700, tone: 'chalk', align: 'left' });
      y += lineHeight(url.size);
    }
    contentBottom = slate.y + slate.height - plan.padding;
  }

  // The header: the name as large as it fits in its lines, then the town and the date.
  const title = fitText(input.name, right - left, plan.title, plan.title.lines, 800, measure);
  let y = slate.y + plan.padding - Math.round(title.size * 0.12);
  for (const text of title.lines) {
    lines.push({ text, x: left, y, size: title.size, weight: 800, tone: 'chalk', align: 'left' });
    y += lineHeight(title.size);
  }
  const subtitle = fitText(
    `${input.town} — ${input.dateText}`,
    right - left,
    { max: plan.subtitle, min: Math.round(plan.subtitle * 0.7) },
    2,
    400,
    measure,
  );
  for (const text of subtitle.lines) {
    lines.push({ text, x: left, y, size: subtitle.size, weight: 400, tone: 'muted', align: 'left' });
    y += lineHeight(subtitle.size);
  }
  y += Math.round(plan.padding * 0.35);
  rules.push({ x: left, y, width: right - left });
  const contentTop = y + Math.round(plan.padding * 0.45);

  // The dishes: the largest size at which the whole board fits, in one column if it can (two when one
  // would leave dishes out); else the smallest size, and the rest told.
  const place = (columns: number) => {
    const columnWidth = Math.floor((contentRight - left - (columns - 1) * plan.columnGap) / columns);
    const columnAt = (index: number) => ({
      x: left + index * (columnWidth + plan.columnGap),
      width: columnWidth,
    });
    let size = plan.dish.max;
    let flow: Flow;
    let blocks: Block[];
    for (;;) {
      blocks = boardBlocks(input, columnAt(0), size, measure);
      flow = pour(blocks, columns, contentTop, contentBottom, 0);
      if (flow.leftOut === 0 || size <= plan.dish.min) break;
      size -= 2;
    }
    if (flow.leftOut > 0) {
      const reserve = lineHeight(Math.round(size * 0.8)) + Math.round(size * 0.4);
      flow = pour(blocks, columns, contentTop, contentBottom, reserve);
    }
    return { columns, columnAt, size, flow, blocks };
  };
  let placed = place(plan.columns[0] ?? 1);
  for (const columns of plan.columns.slice(1)) {
    if (placed.flow.leftOut === 0) break;
    const other = place(columns);
    if (other.flow.leftOut < placed.flow.leftOut) placed = other;
  }
  const { columnAt, size, flow, blocks } = placed;
  const moreSize = Math.round(size * 0.8);
  for (const { block, column, y: top } of flow.placed) {
    const shift = columnAt(column).x - columnAt(0).x;
    for (const { dy, ...line } of block.lines) lines.push({ ...line, x: line.x + shift, y: top + dy });
  }
  if (flow.leftOut > 0) {
    const lastColumn = columnAt(placed.columns - 1);
    const noFormulaLeft = flow.leftOut === countLeftOutDishes(blocks, flow);
    lines.push({
      text: noFormulaLeft ? moreDishesText(flow.leftOut) : 'et la suite sur la page',
      x: lastColumn.x,
      y: contentBottom - lineHeight(moreSize),
      size: moreSize,
      weight: 700,
      tone: 'accent',
      align: 'left',
    });
  }
  return { width, height, slate, lines, rules, qr, dishSize: size, leftOut: flow.leftOut };
}

function countLeftOutDishes(blocks: Block[], flow: Flow): number {
  const placed = new Set(flow.placed.map((p) => p.block));
  return blocks.filter((b) => b.kind === 'dish' && !placed.has(b)).length;
}

/** « et 1 autre plat sur la page », « et 12 autres plats sur la page ». */
export function moreDishesText(count: number): string {
  return count === 1 ? 'et 1 autre plat sur la page' : `et ${count} autres plats sur la page`;
}

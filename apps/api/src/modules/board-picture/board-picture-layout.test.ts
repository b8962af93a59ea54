import { describe, expect, it } from 'vitest';
import { measureText } from './board-picture-draw';
import {
  LINE_HEIGHT,
  PICTURE_FORMATS,
  fitText,
  layoutBoardPicture,
  moreDishesText,
  wrapAddress,
  wrapWords,
  type PictureDish,
  type PictureInput,
  type PictureLayout,
} from './board-picture-layout';

/* The picture's layout with the real font's widths: whole words, inside the slate, nothing overlapping. */

const NAMES = [
  'Velouté de potimarron et châtaignes grillées',
  'Œuf parfait, crème de champignons des bois et mouillettes',
  'Salade de chèvre chaud au miel de Savoie',
  'Terrine de campagne maison et ses cornichons',
  'Escargots de Bourgogne (les six) au beurre persillé',
  'Tartiflette au reblochon fermier et salade verte',
  'Bavette à l’échalote, frites maison',
  'Filet de féra du lac Léman, beurre blanc citronné',
  'Diots de Savoie au vin blanc et polenta crémeuse',
  'Fondue savoyarde aux trois fromages (deux personnes minimum)',
  'Crème brûlée à la vanille de Madagascar',
  'Gâteau de Savoie, crème anglaise',
  'Anticonstitutionnellement',
];

const longBoard = (): PictureInput => ({
  name: 'Auberge du Père Bise et de la Montagne',
  town: 'Talloires-Montmin',
  dateText: 'jeudi 3 décembre',
  url: 'https://tables-voisines.fr/restaurant/auberge-du-pere-bise-et-de-la-montagne-a-talloires-montmin',
  formulas: [
    {
      name: 'Formule du midi',
      price: 16.5,
      courses: [
        ['entree', 'plat'],
        ['plat', 'dessert'],
      ],
      description: 'Café compris',
    },
  ],
  items: Array.from({ length: 30 }, (_, i): PictureDish => ({
    name: NAMES[i % NAMES.length]!,
    price: 5 + i * 0.5,
    diets: i % 4 === 0 ? ['vegetarian'] : [],
    homemade: i % 3 === 0,
    course: (['entree', 'plat', 'dessert'] as const)[Math.floor(i / 10)],
  })),
});

const shortBoard = (): PictureInput => ({
  name: 'Le Bistrot des Halles',
  town: 'Annecy',
  dateText: 'jeudi 3 décembre',
  url: 'https://tables-voisines.fr/restaurant/le-bistrot-des-halles',
  formulas: [],
  items: [
    { name: 'Velouté de potimarron', price: 6.5, diets: ['vegetarian'], homemade: true, course: 'entree' },
    { name: 'Tartiflette au reblochon', price: 14, diets: [], homemade: true, course: 'plat' },
  ],
});

/** Every line's box, from its measured width. */
function boxes(layout: PictureLayout) {
  return layout.lines.map((line) => {
    const width = measureText(line.text, line.size, line.weight);
    const left = line.align === 'right' ? line.x - width : line.x;
    return { line, left, right: left + width, top: line.y, bottom: line.y + line.size * LINE_HEIGHT };
  });
}

function expectTidy(layout: PictureLayout) {
  const { slate, qr } = layout;
  const all = boxes(layout);
  for (const box of all) {
    expect(box.left, box.line.text).toBeGreaterThanOrEqual(slate.x);
    expect(box.right, box.line.text).toBeLessThanOrEqual(slate.x + slate.width);
    expect(box.bottom, box.line.text).toBeLessThanOrEqual(slate.y + slate.height);
    const onQr =
      box.left < qr.x + qr.size && box.right > qr.x && box.top < qr.y + qr.size && box.bottom > qr.y;
    expect(onQr, box.line.text).toBe(false);
  }
  for (let i = 0; i < all.length; i++) {
    for (let j = i + 1; j < all.length; j++) {
      const a = all[i]!;
      const b = all[j]!;
      const overlap = a.left < b.right && b.left < a.right && a.top < b.bottom - 1 && b.top < a.bottom - 1;
      expect(overlap, `« ${a.line.text} » / « ${b.line.text} »`).toBe(false);
    }
  }
}

/** The words the board's texts are made of: a line may only hold whole ones. */
function wordsOf(input: PictureInput): Set<string> {
  const texts = [
    input.name,
    input.town,
    input.dateText,
    '—',
    'Toute l’ardoise sur',
    ...input.items.map((item) => item.name),
    ...input.formulas.map((formula) => `${formula.name}\u00a0: entrée + plat ou plat + dessert`),
    ...input.formulas.map((formula) => formula.description ?? ''),
    'Végétarien · Fait maison',
    'FORMULE FORMULES ENTRÉES PLATS DESSERTS',
  ];
  return new Set(texts.flatMap((text) => text.split(/ +/)));
}

describe('wrapWords', () => {
  it('puts whole words on lines within the width, in their order', () => {
    const text = 'Filet de féra du lac Léman, beurre blanc citronné et pommes vapeur';
    const lines = wrapWords(text, 300, 40, 400, measureText);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join(' ')).toBe(text);
    for (const line of lines) expect(measureText(line, 40, 400)).toBeLessThanOrEqual(300);
  });

  it('never cuts a word wider than the line: it stands alone, whole', () => {
    const lines = wrapWords('Le Anticonstitutionnellement du chef', 200, 40, 400, measureText);
    expect(lines).toEqual(['Le', 'Anticonstitutionnellement', 'du chef']);
  });

  it('breaks a compound wider than the line only after its hyphens', () => {
    const lines = wrapWords('Le kouign-amann-caramel-beurre-salé', 200, 40, 400, measureText);
    expect(lines.join('')).toBe('Le kouign-amann-caramel-beurre-salé');
    expect(lines.slice(0, -1).every((line) => line.endsWith('-'))).toBe(true);
    expect(lines.length).toBeGreaterThan(2);
  });

  it('keeps « 16,50 € » and « Formule : » together by their non-breaking spaces', () => {
    const lines = wrapWords('Formule\u00a0: entrée — 16,50\u00a0€', 150, 40, 400, measureText);
    expect(lines).toContain('16,50\u00a0€');
    expect(lines[0]).toBe('Formule\u00a0:');
  });
});

describe('fitText and wrapAddress', () => {
  it('lowers the type until the longest word fits, rather than cutting it', () => {
    const fitted = fitText('Anticonstitutionnellement', 300, { max: 60, min: 40 }, 2, 800, measureText);
    expect(fitted.lines).toEqual(['Anticonstitutionnellement']);
    expect(measureText(fitted.lines[0]!, fitted.size, 800)).toBeLessThanOrEqual(300);
    expect(fitted.size).toBeLessThan(40);
  });

  it('breaks an address only after « / » or « - », without its scheme', () => {
    const url = 'https://tables-voisines.fr/restaurant/auberge-du-pere-bise-et-de-la-montagne';
    const lines = wrapAddress(url, 240, 18, 700, measureText);
    expect(lines.join('')).toBe(url.slice('https://'.length));
    for (const line of lines.slice(0, -1)) expect(line).toMatch(/[/-]$/);
  });

  it('writes an address with its accents, not their percent-encoding', () => {
    const url = 'https://tables-voisines.fr/restaurant/le-camion-%C3%A0-cr%C3%AApes-a-marseille';
    const lines = wrapAddress(url, 2000, 18, 700, measureText);
    expect(lines).toEqual(['tables-voisines.fr/restaurant/le-camion-à-crêpes-a-marseille']);
  });
});

describe('the layout', () => {
  it.each(PICTURE_FORMATS)('shows a short board whole, in large type (%s)', (format) => {
    const layout = layoutBoardPicture(shortBoard(), format, measureText);
    expect(layout.leftOut).toBe(0);
    const texts = layout.lines.map((line) => line.text);
    expect(texts).toEqual(expect.arrayContaining(['6,50\u00a0€', '14\u00a0€']));
    expect(texts.join(' ')).toContain('Velouté de potimarron');
    expect(texts.some((text) => text.includes('autre'))).toBe(false);
    expect(layout.dishSize).toBeGreaterThanOrEqual(30);
    expectTidy(layout);
  });

  it.each(PICTURE_FORMATS)(
    'fits 30 long dishes: whole words, nothing overlapping, the rest told (%s)',
    (format) => {
      const input = longBoard();
      const layout = layoutBoardPicture(input, format, measureText);
      expectTidy(layout);
      const words = wordsOf(input);
      const address = input.url.replace(/^https:\/\//, '');
      for (const line of layout.lines) {
        if (line.text.startsWith('et ') && line.text.endsWith('sur la page')) continue;
        if (/^\d/.test(line.text) && line.text.endsWith('€')) continue;
        if (address.includes(line.text)) continue;
        for (const word of line.text.split(/ +/))
          expect(words, `« ${word} » in « ${line.text} »`).toContain(word);
      }
      expect(layout.leftOut).toBeGreaterThan(0);
      const shownDishes = layout.lines.filter(
        (line) => line.align === 'right' && line.weight === 700 && line.size === layout.dishSize,
      ).length;
      // Each dish and formule shown has its price on the right; the rest are told by their number.
      expect(shownDishes + layout.leftOut).toBe(input.items.length + input.formulas.length);
      expect(layout.lines.map((line) => line.text)).toContain(moreDishesText(layout.leftOut));
    },
  );

  it.each(PICTURE_FORMATS)('sets a word wider than its column smaller, whole (%s)', (format) => {
    const word = 'Kouign-amann-au-caramel-de-beurre-salé-de-Douarnenez';
    const long = 'Anticonstitutionnellementissimes';
    const input = {
      ...shortBoard(),
      items: [
        { name: word, price: 4.5, diets: [], homemade: false },
        { name: long, price: 5, diets: [], homemade: false },
      ],
    };
    const layout = layoutBoardPicture(input, format, measureText);
    const texts = layout.lines.map((line) => line.text);
    // Whole, or broken only after its hyphens.
    const at = texts.findIndex((text) => word.startsWith(text));
    expect(at).toBeGreaterThan(-1);
    let joined = '';
    for (let i = at; joined.length < word.length; i++) {
      if (joined !== '') expect(joined.endsWith('-')).toBe(true);
      joined += texts[i];
    }
    expect(joined).toBe(word);
    expect(texts).toContain(long);
    expectTidy(layout);
  });

  it('shows the formule first, then the courses in their order', () => {
    const layout = layoutBoardPicture(longBoard(), 'story', measureText);
    const texts = layout.lines.map((line) => line.text);
    const at = (text: string) => texts.findIndex((t) => t.startsWith(text));
    expect(at('FORMULE')).toBeGreaterThan(-1);
    expect(at('FORMULE')).toBeLessThan(at('ENTRÉES'));
    expect(at('ENTRÉES')).toBeLessThan(at('PLATS'));
    expect(texts).toContain('16,50\u00a0€');
    expect(texts.join(' ')).toContain('Formule du midi\u00a0: entrée + plat ou plat + dessert');
  });

  it('says « et 1 autre plat » in the singular', () => {
    expect(moreDishesText(1)).toBe('et 1 autre plat sur la page');
    expect(moreDishesText(12)).toBe('et 12 autres plats sur la page');
  });
});

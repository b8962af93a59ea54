import { describe, expect, it } from 'vitest';
import type { Category } from '@tables-voisines/contract/schemas/category';
import { CreateMenuBoardBodySchema, type MenuBoard } from '@tables-voisines/contract/schemas/menu-board';
import {
  blankDish,
  boardSnapshot,
  checkMenuBoard,
  formatPriceInput,
  formulaRowOf,
  menuBoardFormValues,
  newFormula,
  menuBoardResolver,
  parseEuros,
  rowFromItem,
  toMenuBoardBody,
  toRowPath,
  typedDishes,
  type FormulaRow,
  type MenuBoardRow,
} from './menu-board-form';
import { checkForm } from './form-errors';
import { addDays } from '@tables-voisines/contract/paris-time';

const establishment = '6f1c2a7e-5b0d-4c39-8f5e-2d6b9a1e4c77';
const plat: Category = {
  id: '1d3b8e9a-2f4c-4b6d-8e0a-7c5f3a1b9d22',
  name: 'Plat du jour',
  slug: 'plat-du-jour',
};
const dessert: Category = { id: '2e4c9f0b-3a5d-4c7e-9f1b-8d6a4b2c0e33', name: 'Dessert', slug: 'dessert' };
const category = plat;
const dish = (name: string, price: string, c: Category | null = category): MenuBoardRow => ({
  ...blankDish(),
  name,
  price,
  category: c,
});
/** What the contract makes of a dish sent without its details: not stated, no diet, not fait maison. */
const undetailed = {
  description: null,
  allergens: null,
  diets: [],
  homemade: false,
  meatOrigin: null,
  course: null,
};

describe('the menu board form', () => {
  it('reads prices as typed on a French phone', () => {
    expect(parseEuros('12,50')).toBe(12.5);
    expect(parseEuros('12.5')).toBe(12.5);
    expect(parseEuros(' 9 € ')).toBe(9);
    expect(parseEuros('12 €')).toBe(12);
    expect(parseEuros('1\u202f250,00')).toBe(1250);
    expect(parseEuros('1 000')).toBe(1000);
    expect(parseEuros('8.5')).toBe(8.5);
    expect(parseEuros('douze')).toBeNaN();
    expect(parseEuros('12,5,0')).toBeNaN();
    expect(parseEuros('')).toBeNaN();
    expect(formatPriceInput(12.5)).toBe('12,50');
  });

  it('skips untouched rows and sends a body the contract accepts', () => {
    const { body, rowOfItem } = toMenuBoardBody(establishment, '2026-11-23', {
      title: 'Ardoise du lundi',
      formulas: [],
      items: [dish('Quiche lorraine', '8,50'), dish('', ''), dish('Tarte Tatin', '5')],
    });
    expect(CreateMenuBoardBodySchema.parse(body).items).toEqual([
      { name: 'Quiche lorraine', price: 8.5, category: category.id, ...undetailed },
      { name: 'Tarte Tatin', price: 5, category: category.id, ...undetailed },
    ]);
    expect(rowOfItem).toEqual([0, 2]);
  });

  it('puts a message about a sent item on the form row it came from', () => {
    const { body, rowOfItem } = toMenuBoardBody(establishment, '2026-11-23', {
      title: 'Midi',
      formulas: [],
      items: [dish('', '', null), dish('Soupe', 'gratuit', null)],
    });
    const check = checkForm(CreateMenuBoardBodySchema, body);
    expect(check.ok).toBe(false);
    const paths = Object.keys(!check.ok ? check.errors : {}).map((p) => toRowPath(p, rowOfItem));
    expect(paths).toEqual(['items.1.price', 'items.1.category']);
    expect(toRowPath('title', rowOfItem)).toBe('title');
  });

  it('keeps each message on its dish when a dish above is removed', () => {
    const items = [dish('Quiche', '-1'), dish('', '', null), dish('Soupe', '', null)];
    const before = checkMenuBoard(establishment, '2026-11-23', { title: 'Midi', formulas: [], items });
    const after = checkMenuBoard(establishment, '2026-11-23', {
      title: 'Midi',
      formulas: [],
      items: items.slice(1),
    });
    expect(!before.ok && before.errors).toEqual({
      'items.0.price': 'Le prix ne peut être négatif.',
      'items.2.price': 'Indiquez le prix.',
      'items.2.category': 'Choisissez une catégorie.',
    });
    // The soup is now the second row of the form.
    expect(!after.ok && after.errors).toEqual({
      'items.1.price': 'Indiquez le prix.',
      'items.1.category': 'Choisissez une catégorie.',
    });
    // The server's message about the second dish it was sent: the form's third row.
    expect(toRowPath('items.1.price', before.rowOfItem)).toBe('items.2.price');
  });

  it('refuses a board without any dish, in French', () => {
    const { body } = toMenuBoardBody(establishment, '2026-11-23', { title: 'Midi', formulas: [], items: [] });
    expect(checkForm(CreateMenuBoardBodySchema, body)).toEqual({
      ok: false,
      errors: { items: 'Ajoutez au moins un plat.' },
    });
    const blank = checkMenuBoard(establishment, '2026-11-23', {
      title: 'Midi',
      formulas: [],
      items: [blankDish()],
    });
    expect(!blank.ok && blank.errors).toEqual({ items: 'Ajoutez au moins un plat.' });
  });

  it('asks for the price and the category of a named dish in plain French', () => {
    const check = checkMenuBoard(establishment, '2026-11-23', {
      title: 'Midi',
      formulas: [],
      items: [dish('', '', null), dish('Soupe', ' ', null), dish('Tarte', '5')],
    });
    expect(check).toMatchObject({
      ok: false,
      errors: { 'items.1.price': 'Indiquez le prix.', 'items.1.category': 'Choisissez une catégorie.' },
      rowOfItem: [1, 2],
    });
    expect(Object.keys(!check.ok ? check.errors : {})).toHaveLength(2);
  });

  it('says a price cannot be negative, and keeps French ways of writing one', () => {
    const check = checkMenuBoard(establishment, '2026-11-23', {
      title: 'Midi',
      formulas: [],
      items: [
        dish('Avoir', '-3'),
        dish('Moins', '−3,50'),
        dish('Quiche', '12,50'),
        dish('Salade', '8.5'),
        dish('Plateau', '1 000'),
        dish('Soupe', 'douze'),
      ],
    });
    expect(!check.ok && check.errors).toEqual({
      'items.0.price': 'Le prix ne peut être négatif.',
      'items.1.price': 'Le prix ne peut être négatif.',
      'items.5.price': 'Le prix doit être un nombre (en euros).',
    });
    const fine = checkMenuBoard(establishment, '2026-11-23', {
      title: 'Midi',
      formulas: [],
      items: [dish('Quiche', '12,50'), dish('Salade', '8.5'), dish('Plateau', '1 000'), dish('Menu', '12 €')],
    });
    expect(fine.ok && fine.data.items.map((item) => item.price)).toEqual([12.5, 8.5, 1000, 12]);
  });

  it('gives react-hook-form the body to publish, or each message under its dish', async () => {
    const resolve = menuBoardResolver(establishment, '2026-11-23');
    const options = { fields: {}, shouldUseNativeValidation: false };
    const valid = await resolve(
      { title: 'Midi', formulas: [], items: [dish('', ''), dish('Quiche', '12,50')] },
      undefined,
      options,
    );
    expect(valid).toEqual({
      values: {
        establishment,
        title: 'Midi',
        date: '2026-11-23',
        items: [{ name: 'Quiche', price: 12.5, category: category.id, ...undetailed }],
        formulas: [],
      },
      errors: {},
    });
    const invalid = await resolve(
      { title: '', formulas: [], items: [dish('', ''), dish('Soupe', 'gratuit', null)] },
      undefined,
      options,
    );
    expect(invalid.values).toEqual({});
    expect(invalid.errors).toMatchObject({
      title: { message: expect.any(String) },
      items: [
        undefined,
        {
          price: { message: 'Le prix doit être un nombre (en euros).' },
          category: { message: 'Choisissez une catégorie.' },
        },
      ],
    });
  });

  it('opens today’s board to correct it, with one empty row more, or an empty board', () => {
    const board: MenuBoard = {
      id: '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c44',
      establishment: {
        id: establishment,
        uri: 'chez-toto-a-lyon',
        name: 'Chez Toto',
        kind: 'restaurant',
        location: { latitude: 45.76, longitude: 4.83 },
      },
      title: 'Ardoise du lundi',
      date: '2026-11-23',
      closedOnDate: false,
      items: [
        { name: 'Quiche', price: 8.5, category: plat.id, ...undetailed },
        { name: 'Tarte', price: 5, category: dessert.id, ...undetailed },
      ],
      formulas: [],
      fromPrice: null,
      createdAt: '2026-11-23T09:00:00.000Z',
    };
    const categories = new Map([plat, dessert].map((c) => [c.id, c]));
    const values = menuBoardFormValues({ value: board, categories }, 'Ardoise du lundi 23 novembre');
    expect(values).toEqual({
      title: 'Ardoise du lundi',
      formulas: [],
      items: [dish('Quiche', '8,50', plat), dish('Tarte', '5,00', dessert), blankDish()],
    });
    expect(menuBoardFormValues(null, 'Ardoise du lundi 23 novembre')).toEqual({
      title: 'Ardoise du lundi 23 novembre',
      formulas: [],
      items: [blankDish(), blankDish(), blankDish()],
    });
  });

  it('counts empty rows and changes undone as nothing to publish', () => {
    const published = { title: 'Midi', formulas: [], items: [dish('Quiche', '8,50'), blankDish()] };
    const snapshot = boardSnapshot(published);
    expect(boardSnapshot({ ...published, items: [...published.items, blankDish(), blankDish()] })).toBe(
      snapshot,
    );
    expect(boardSnapshot({ ...published, title: ' Midi ' })).toBe(snapshot);
    expect(boardSnapshot({ ...published, items: [dish('Quiche', '9'), blankDish()] })).not.toBe(snapshot);
    expect(boardSnapshot({ ...published, items: [dish('Quiche', '8,50', dessert)] })).not.toBe(snapshot);
  });
});

describe('the details of a dish', () => {
  const detailed = (overrides: Partial<MenuBoardRow>): MenuBoardRow => ({
    ...dish('Quiche', '8,50'),
    ...overrides,
  });

  it('sends « not stated », « none of the 14 » and the ticked allergens apart', () => {
    const check = checkMenuBoard(establishment, '2026-11-23', {
      title: 'Midi',
      formulas: [],
      items: [
        detailed({ name: 'Quiche' }),
        detailed({ name: 'Salade', allergenMode: 'none', allergens: ['milk'] }),
        detailed({ name: 'Tarte', allergenMode: 'listed', allergens: ['milk', 'gluten', 'eggs'] }),
      ],
    });
    expect(check.ok && check.data.items.map((item) => item.allergens)).toEqual([
      null,
      [],
      ['gluten', 'eggs', 'milk'],
    ]);
  });

  it('sends the description, diets, fait maison and origin; a vegan dish is vegetarian too', () => {
    const check = checkMenuBoard(establishment, '2026-11-23', {
      title: 'Midi',
      formulas: [],
      items: [
        detailed({
          name: 'Bourguignon',
          description: ' Mijoté sept heures ',
          homemade: true,
          meatOrigin: 'Bœuf né, élevé et abattu en France',
        }),
        detailed({ name: 'Curry de légumes', diets: ['vegan'], description: '  ', meatOrigin: ' ' }),
      ],
    });
    expect(check.ok && check.data.items).toEqual([
      {
        name: 'Bourguignon',
        price: 8.5,
        category: category.id,
        description: 'Mijoté sept heures',
        allergens: null,
        diets: [],
        homemade: true,
        meatOrigin: 'Bœuf né, élevé et abattu en France',
        // The form sends no course yet: the schema's default.
        course: null,
      },
      {
        name: 'Curry de légumes',
        price: 8.5,
        category: category.id,
        ...undetailed,
        diets: ['vegetarian', 'vegan'],
      },
    ]);
  });

  it('asks which allergens when « Contient » has none ticked, on the right row', () => {
    const check = checkMenuBoard(establishment, '2026-11-23', {
      title: 'Midi',
      formulas: [],
      items: [blankDish(), detailed({ allergenMode: 'listed', allergens: [] })],
    });
    expect(!check.ok && check.errors).toEqual({
      'items.1.allergens':
        'Cochez les allergènes du plat, ou choisissez «\u00a0Aucun des 14 allergènes\u00a0».',
    });
    // A row left empty is not asked anything.
    const blank = checkMenuBoard(establishment, '2026-11-23', {
      title: 'Midi',
      formulas: [],
      items: [dish('Quiche', '8,50'), { ...blankDish(), allergenMode: 'listed' }],
    });
    expect(blank.ok).toBe(true);
  });

  it('reads a dish answered back into the form, and one from a server that says no details as not stated', () => {
    const categories = new Map([[plat.id, plat]]);
    expect(
      rowFromItem(
        {
          name: 'Tarte',
          price: 5,
          category: plat.id,
          description: 'Pommes du verger',
          allergens: ['gluten'],
          diets: ['vegetarian'],
          homemade: true,
          meatOrigin: null,
          course: 'dessert',
        },
        categories,
      ),
    ).toEqual({
      name: 'Tarte',
      price: '5,00',
      category: plat,
      description: 'Pommes du verger',
      allergenMode: 'listed',
      allergens: ['gluten'],
      diets: ['vegetarian'],
      homemade: true,
      meatOrigin: '',
      course: 'dessert',
    });
    const old = { name: 'Soupe', price: 6, category: dessert.id } as unknown as MenuBoard['items'][number];
    expect(rowFromItem(old, categories)).toEqual({ ...dish('Soupe', '6,00', null) });
    expect(rowFromItem({ ...old, allergens: [] }, categories).allergenMode).toBe('none');
  });

  it('counts as typed the rows with a name or a price, which « Reprendre l’ardoise » would replace', () => {
    const typed = [dish('Quiche', '8,50'), blankDish(), { ...blankDish(), price: '6' }, blankDish()];
    expect(typedDishes(typed).map((row) => row.price)).toEqual(['8,50', '6']);
    expect(typedDishes([blankDish(), blankDish()])).toEqual([]);
  });

  it('counts a change of allergens, diets or origin as something to publish', () => {
    const published = { title: 'Midi', formulas: [], items: [dish('Quiche', '8,50')] };
    const snapshot = boardSnapshot(published);
    const changed = (overrides: Partial<MenuBoardRow>) =>
      boardSnapshot({ title: 'Midi', formulas: [], items: [{ ...dish('Quiche', '8,50'), ...overrides }] });
    expect(changed({ allergenMode: 'none' })).not.toBe(snapshot);
    expect(changed({ allergenMode: 'listed', allergens: ['milk'] })).not.toBe(snapshot);
    expect(changed({ diets: ['halal'] })).not.toBe(snapshot);
    expect(changed({ homemade: true })).not.toBe(snapshot);
    expect(changed({ meatOrigin: 'France' })).not.toBe(snapshot);
    // Boxes left ticked under « Aucun » are not sent: nothing changed.
    expect(changed({ allergens: ['milk'] })).toBe(snapshot);
  });
});

describe('courses and formules', () => {
  const formula = (overrides: Partial<FormulaRow> = {}): FormulaRow => ({
    ...newFormula([
      ['entree', 'plat'],
      ['plat', 'dessert'],
    ]),
    price: '16,50',
    ...overrides,
  });

  it('sends every dish’s course, « not said » included, so that publishing again keeps them', () => {
    const check = checkMenuBoard(establishment, '2026-11-23', {
      title: 'Midi',
      formulas: [],
      items: [
        { ...dish('Velouté', '6'), course: 'entree' },
        { ...dish('Quiche', '12'), course: 'plat' },
        dish('Café gourmand', '5'),
      ],
    });
    expect(check.ok && check.data.items.map((item) => item.course)).toEqual(['entree', 'plat', null]);
    const { body } = toMenuBoardBody(establishment, '2026-11-23', {
      title: 'Midi',
      formulas: [],
      items: [dish('Café gourmand', '5')],
    });
    // Sent as `null`, not left out: a field left out would not say « none » to every reader.
    expect(body.items[0]).toHaveProperty('course', null);
  });

  it('sends the formules typed, « 16,50 » as 16.5 €, and `[]` when there are none left', () => {
    const check = checkMenuBoard(establishment, '2026-11-23', {
      title: 'Midi',
      formulas: [
        formula(),
        formula({ name: 'Petite faim', price: '9.90', courses: [['plat']], description: 'Café compris' }),
      ],
      items: [dish('Quiche', '12')],
    });
    expect(check.ok && check.data.formulas).toEqual([
      {
        name: 'Formule du midi',
        price: 16.5,
        courses: [
          ['entree', 'plat'],
          ['plat', 'dessert'],
        ],
        description: null,
      },
      { name: 'Petite faim', price: 9.9, courses: [['plat']], description: 'Café compris' },
    ]);
    const none = checkMenuBoard(establishment, '2026-11-23', {
      title: 'Midi',
      formulas: [],
      items: [dish('Quiche', '12')],
    });
    expect(none.ok && none.data.formulas).toEqual([]);
    expect(parseEuros('16,50') * 100).toBe(1650);
  });

  it('says what is wrong with a formule on its field: price, name, an empty choice', () => {
    const check = checkMenuBoard(establishment, '2026-11-23', {
      title: 'Midi',
      formulas: [formula({ price: '' }), formula({ name: ' ', price: '-2', courses: [['plat'], []] })],
      items: [dish('Quiche', '12')],
    });
    expect(check.ok).toBe(false);
    expect(!check.ok && check.errors).toEqual({
      'formulas.0.price': 'Indiquez le prix.',
      'formulas.1.name': expect.any(String),
      'formulas.1.price': 'Le prix ne peut être négatif.',
      'formulas.1.courses.1': 'Une combinaison a au moins une rubrique.',
    });
  });

  it('puts the server’s messages on a formule’s choice and on a dish’s course, on the right row', () => {
    // Sent: rows 0, 2 and 4 of the form (rows 1 and 3 left empty).
    const rowOfItem = [0, 2, 4];
    expect(toRowPath('items.2.course', rowOfItem)).toBe('items.4.course');
    expect(toRowPath('formulas.0.courses.1.0', rowOfItem)).toBe('formulas.0.courses.1');
    expect(toRowPath('formulas.3.courses.0', rowOfItem)).toBe('formulas.3.courses.0');
    expect(toRowPath('formulas.3.courses', rowOfItem)).toBe('formulas.3.courses');
    expect(toRowPath('formulas.1.price', rowOfItem)).toBe('formulas.1.price');
    expect(toRowPath('formulas', rowOfItem)).toBe('formulas');
  });

  it('reads a board’s formules and courses back into the form', () => {
    const board = {
      title: 'Ardoise du lundi',
      items: [{ name: 'Quiche', price: 8.5, category: plat.id, ...undetailed, course: 'plat' as const }],
      formulas: [
        {
          name: 'Formule du midi',
          price: 16.5,
          courses: [['entree', 'plat'] as ('entree' | 'plat')[]],
          description: 'Café compris',
        },
      ],
    } as unknown as MenuBoard;
    const values = menuBoardFormValues({ value: board, categories: new Map([[plat.id, plat]]) }, '');
    expect(values.formulas).toEqual([
      { name: 'Formule du midi', price: '16,50', courses: [['entree', 'plat']], description: 'Café compris' },
    ]);
    expect(values.items[0]?.course).toBe('plat');
    expect(formulaRowOf({ name: 'A', price: 12, courses: [['plat']], description: null })).toEqual({
      name: 'A',
      price: '12,00',
      courses: [['plat']],
      description: '',
    });
  });

  it('counts a change of course or of formule as something to publish', () => {
    const published = { title: 'Midi', formulas: [formula()], items: [dish('Quiche', '8,50')] };
    const snapshot = boardSnapshot(published);
    expect(boardSnapshot({ ...published, items: [{ ...dish('Quiche', '8,50'), course: 'plat' }] })).not.toBe(
      snapshot,
    );
    expect(boardSnapshot({ ...published, formulas: [] })).not.toBe(snapshot);
    expect(boardSnapshot({ ...published, formulas: [formula({ price: '17' })] })).not.toBe(snapshot);
    expect(boardSnapshot({ ...published, formulas: [formula({ courses: [['plat']] })] })).not.toBe(snapshot);
    expect(boardSnapshot({ ...published, formulas: [formula({ name: ' Formule du midi ' })] })).toBe(
      snapshot,
    );
  });
});

describe('the days of the boards', () => {
  it('counts calendar days across months and years', () => {
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
    // The day clocks change in Paris is still one day.
    expect(addDays('2026-10-25', 1)).toBe('2026-10-26');
  });
});

import { describe, expect, it } from 'vitest';
import { formulaCoursesText, formulaText, groupByCourse, priceText } from './courses';
import { formulasText } from './history-formula-text';
import { itemsText } from './history-dish-text';
import { MenuBoardFormulaBodySchema } from './schemas/menu-board';

const item = (name: string, course: 'entree' | 'plat' | 'dessert' | 'autre' | null) => ({ name, course });

describe('groupByCourse', () => {
  it('reads « Entrées », « Plats », « Desserts », « Et aussi », dishes with no course last, in the order given', () => {
    const groups = groupByCourse([
      item('Café gourmand', 'autre'),
      item('Tarte', 'dessert'),
      item('Omelette', null),
      item('Aligot', 'plat'),
      item('Soupe', 'entree'),
      item('Truffade', 'plat'),
      item('Pain', null),
    ]);
    expect(groups.map((g) => [g.heading, g.items.map((i) => i.name)])).toEqual([
      ['Entrées', ['Soupe']],
      ['Plats', ['Aligot', 'Truffade']],
      ['Desserts', ['Tarte']],
      ['Et aussi', ['Café gourmand', 'Omelette', 'Pain']],
    ]);
  });

  it('leaves a board with no course as it always read: one group, no heading', () => {
    const items: { name: string; course?: 'plat' | null }[] = [{ name: 'A', course: null }, { name: 'B' }];
    expect(groupByCourse(items)).toEqual([{ course: null, heading: null, items }]);
    expect(groupByCourse([])).toEqual([]);
  });
});

describe('a formule in words', () => {
  it('reads its combinations as a French board writes them', () => {
    expect(
      formulaCoursesText([
        ['entree', 'plat'],
        ['plat', 'dessert'],
      ]),
    ).toBe('Entrée + plat ou plat + dessert');
    expect(formulaCoursesText([['entree', 'plat', 'dessert']])).toBe('Entrée + plat + dessert');
    expect(formulaCoursesText([['plat'], ['entree', 'plat'], ['plat', 'dessert']])).toBe(
      'Plat, entrée + plat ou plat + dessert',
    );
    // An unknown code is left out, never shown.
    expect(formulaCoursesText([['fromage'], ['dessert', 'fromage']])).toBe('Dessert');
    expect(formulaCoursesText([])).toBe('');
  });

  it('writes its line with French typography', () => {
    expect(
      formulaText({
        name: 'Formule du midi',
        price: 16.5,
        courses: [
          ['entree', 'plat'],
          ['plat', 'dessert'],
        ],
      }),
    ).toBe('Formule du midi\u00a0: entrée + plat ou plat + dessert — 16,50\u00a0€');
    expect(priceText(12)).toBe('12\u00a0€');
    expect(priceText(9.9)).toBe('9,90\u00a0€');
  });
});

describe('the formule schema', () => {
  it('refuses a wrong or repeated course at its exact path', () => {
    const issues = (courses: unknown) =>
      MenuBoardFormulaBodySchema.safeParse({ name: 'Midi', price: 15, courses }).error?.issues.map((i) =>
        i.path.join('.'),
      );
    expect(issues([['plat'], ['plat', 'fromage']])).toEqual(['courses.1.1']);
    expect(issues([['plat', 'dessert', 'plat']])).toEqual(['courses.0.2']);
    expect(issues([['plat'], ['plat'], ['plat'], ['plat'], ['plat']])).toEqual(['courses']);
    expect(issues([['plat', 'dessert']])).toBeUndefined();
  });
});

describe('the history of formules and courses', () => {
  const midi = { name: 'Midi', price: 15, courses: [['entree', 'plat']], description: null };
  it('tells each formule added, removed or changed', () => {
    expect(formulasText([], [midi])).toBe('formule « Midi » ajoutée (entrée + plat ; 15\u00a0€)');
    expect(formulasText([midi], [])).toBe('formule « Midi » retirée');
    expect(
      formulasText([midi], [{ ...midi, price: 16.5, courses: [['plat', 'dessert']], description: 'Café' }]),
    ).toBe(
      'formule « Midi » modifiée (prix : 15\u00a0€ → 16,50\u00a0€ ; composition : entrée + plat → plat + dessert ; description : vide → « Café »)',
    );
    expect(formulasText([midi], [midi])).toBeNull();
  });

  it('tells a dish’s course changed, and says it of a dish added', () => {
    const dish = { name: 'Tarte', price: 5, course: null };
    expect(itemsText([dish], [{ ...dish, course: 'dessert' }])).toBe(
      '« Tarte » modifié (rubrique : aucune → dessert)',
    );
    expect(itemsText([], [{ ...dish, course: 'dessert' }])).toBe('« Tarte » ajouté (dessert ; 5\u00a0€)');
    // An entry from before courses existed says none: not a change.
    expect(itemsText([{ name: 'Tarte', price: 5 }], [{ ...dish, course: 'dessert' }])).toBeNull();
  });
});

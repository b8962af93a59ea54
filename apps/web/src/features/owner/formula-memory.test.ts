// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import type { MenuBoardFormula } from '@tables-voisines/contract/schemas/menu-board';
import {
  REMEMBERED_FORMULAS,
  formulasToOffer,
  mergeFormulas,
  recentFormulas,
  rememberFormulas,
} from './formula-memory';

const ESTABLISHMENT = '6f1c2a7e-5b0d-4c39-8f5e-2d6b9a1e4c77';
const midi: MenuBoardFormula = {
  name: 'Formule du midi',
  price: 16.5,
  courses: [
    ['entree', 'plat'],
    ['plat', 'dessert'],
  ],
  description: null,
};
const formula = (name: string, price = 12): MenuBoardFormula => ({
  name,
  price,
  courses: [['plat']],
  description: null,
});

beforeEach(() => localStorage.clear());

describe('the formules offered again', () => {
  it('offers the last published first, each once, at most a few', () => {
    rememberFormulas(ESTABLISHMENT, [midi]);
    rememberFormulas(ESTABLISHMENT, [formula('Petite faim'), midi]);
    expect(recentFormulas(ESTABLISHMENT)).toEqual([formula('Petite faim'), midi]);
    for (let n = 0; n < 6; n += 1) rememberFormulas(ESTABLISHMENT, [formula(`Formule ${n}`)]);
    expect(recentFormulas(ESTABLISHMENT)).toHaveLength(REMEMBERED_FORMULAS);
    expect(recentFormulas(ESTABLISHMENT)[0]?.name).toBe('Formule 5');
    // Another establishment's are its own.
    expect(recentFormulas('00000000-0000-4000-8000-000000000000')).toEqual([]);
  });

  it('tells a formule at another price apart, and leaves out those the form already has', () => {
    expect(mergeFormulas([{ ...midi, price: 17 }], [midi])).toHaveLength(2);
    // Spaces around a name typed are no other formule.
    expect(formulasToOffer([midi, formula('Petite faim')], [{ ...midi, name: ' Formule du midi ' }])).toEqual(
      [formula('Petite faim')],
    );
    expect(formulasToOffer([midi, formula('Petite faim')], [{ ...midi, price: 17 }])).toEqual([
      midi,
      formula('Petite faim'),
    ]);
  });

  it('offers nothing, and says nothing, when what was kept is unreadable', () => {
    localStorage.setItem(`tables-voisines:formules:${ESTABLISHMENT}`, '{pas du json');
    expect(recentFormulas(ESTABLISHMENT)).toEqual([]);
    localStorage.setItem(
      `tables-voisines:formules:${ESTABLISHMENT}`,
      JSON.stringify([{ name: 'A', price: '12', courses: [] }, { ...midi, courses: [['boisson']] }, midi]),
    );
    expect(recentFormulas(ESTABLISHMENT)).toEqual([midi]);
  });
});

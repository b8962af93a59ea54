import { describe, expect, it } from 'vitest';
import {
  allergenModeOf,
  allergensToSend,
  dishDetailsSummary,
  isMeatCategory,
  mergeOrigins,
  tickAllergen,
  tickDiet,
} from './dish-words';

describe('the words of a dish’s details', () => {
  it('keeps « not stated », « none » and « contains » apart', () => {
    expect(allergenModeOf(null)).toBe('unstated');
    expect(allergenModeOf([])).toBe('none');
    expect(allergenModeOf(['milk'])).toBe('listed');
    expect(allergensToSend('unstated', ['milk'])).toBeNull();
    expect(allergensToSend('none', ['milk'])).toEqual([]);
    expect(allergensToSend('listed', ['milk', 'gluten'])).toEqual(['gluten', 'milk']);
    // « Contient » with nothing ticked is neither: the form asks.
    expect(allergensToSend('listed', [])).toBeUndefined();
  });

  it('answers « contains » when a box is ticked, whatever was chosen before', () => {
    expect(tickAllergen({ mode: 'unstated', allergens: [] }, 'milk', true)).toEqual({
      mode: 'listed',
      allergens: ['milk'],
    });
    // Boxes left from before « Aucun » do not come back.
    expect(tickAllergen({ mode: 'none', allergens: ['eggs'] }, 'milk', true)).toEqual({
      mode: 'listed',
      allergens: ['milk'],
    });
    expect(tickAllergen({ mode: 'listed', allergens: ['milk', 'eggs'] }, 'gluten', true).allergens).toEqual([
      'gluten',
      'eggs',
      'milk',
    ]);
    expect(tickAllergen({ mode: 'listed', allergens: ['milk', 'eggs'] }, 'milk', false)).toEqual({
      mode: 'listed',
      allergens: ['eggs'],
    });
  });

  it('ticks « Végétarien » with « Végan », and unticks « Végan » with « Végétarien »', () => {
    expect(tickDiet([], 'vegan', true)).toEqual(['vegetarian', 'vegan']);
    expect(tickDiet(['vegetarian', 'vegan'], 'vegan', false)).toEqual(['vegetarian']);
    expect(tickDiet(['vegetarian', 'vegan', 'halal'], 'vegetarian', false)).toEqual(['halal']);
    expect(tickDiet(['kosher'], 'halal', true)).toEqual(['halal', 'kosher']);
  });

  it('says a dish’s details in one line', () => {
    const dish = { allergens: null, diets: [], homemade: false, meatOrigin: null };
    expect(dishDetailsSummary(dish)).toBe('Allergènes non renseignés');
    expect(dishDetailsSummary({ ...dish, allergens: [] })).toBe('Aucun des 14 allergènes majeurs');
    expect(
      dishDetailsSummary({
        allergens: ['milk', 'gluten'],
        diets: ['vegetarian'],
        homemade: true,
        meatOrigin: ' ',
      }),
    ).toBe('Allergènes : gluten, lait · Végétarien · Fait maison');
    expect(dishDetailsSummary({ ...dish, allergens: ['nuts'], meatOrigin: 'Bœuf français' })).toBe(
      'Allergène : fruits à coque · Viande : Bœuf français',
    );
  });

  it('knows the meat categories and offers each origin once, the last used first', () => {
    expect(isMeatCategory({ slug: 'viande' })).toBe(true);
    expect(isMeatCategory({ slug: 'burger' })).toBe(true);
    expect(isMeatCategory({ slug: 'dessert' })).toBe(false);
    expect(isMeatCategory(null)).toBe(false);
    expect(mergeOrigins(['Porc de Bretagne '], ['Bœuf français', 'porc de bretagne', ''])).toEqual([
      'Porc de Bretagne',
      'Bœuf français',
    ]);
  });
});

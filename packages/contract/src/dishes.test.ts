import { describe, expect, it } from 'vitest';
import {
  ALLERGENS,
  allergenFreeLabel,
  allergensSentence,
  dishMatches,
  type DishFilters,
  type FilterableDish,
} from './dishes';
import { MenuBoardItemBodySchema, SurroundingMenuBoardsBodySchema } from './schemas/menu-board';
import { plainDish } from './test-support/dishes';

const category = '0b6f4f2e-8a51-4d7c-9d7e-3c1c2a1f0a01';
const other = '0b6f4f2e-8a51-4d7c-9d7e-3c1c2a1f0a02';

describe('a dish as sent', () => {
  it('keeps old clients working: a name, a price and a category are a whole dish', () => {
    expect(MenuBoardItemBodySchema.parse({ name: 'Blanquette', price: 14.5, category })).toEqual(
      plainDish('Blanquette', 14.5, category),
    );
  });

  it('tells « not stated » (null) from « none of the 14 » ([]), and stores each code once in order', () => {
    const base = { name: 'Salade', price: 9, category };
    expect(MenuBoardItemBodySchema.parse({ ...base, allergens: [] }).allergens).toEqual([]);
    expect(MenuBoardItemBodySchema.parse({ ...base, allergens: null }).allergens).toBeNull();
    expect(
      MenuBoardItemBodySchema.parse({ ...base, allergens: ['milk', 'gluten', 'milk', 'eggs'] }).allergens,
    ).toEqual(['gluten', 'eggs', 'milk']);
  });

  it('makes a vegan dish vegetarian too', () => {
    const dish = MenuBoardItemBodySchema.parse({
      name: 'Dahl',
      price: 11,
      category,
      diets: ['vegan', 'halal'],
    });
    expect(dish.diets).toEqual(['vegetarian', 'vegan', 'halal']);
  });

  it('reads an emptied description or meat origin as none, and trims them', () => {
    const dish = MenuBoardItemBodySchema.parse({
      name: 'Bavette',
      price: 16,
      category,
      description: '   ',
      meatOrigin: '  Bœuf né, élevé et abattu en France ',
    });
    expect(dish.description).toBeNull();
    expect(dish.meatOrigin).toBe('Bœuf né, élevé et abattu en France');
  });

  it('refuses unknown codes and over-long texts in French', () => {
    const base = { name: 'Bavette', price: 16, category };
    const messages = (value: unknown) => {
      const result = MenuBoardItemBodySchema.safeParse(value);
      return result.success ? [] : result.error.issues.map((i) => i.message);
    };
    expect(messages({ ...base, allergens: ['gluten', 'arachide'] })[0]).toMatch(/^Allergène inconnu/);
    expect(messages({ ...base, diets: ['paleo'] })[0]).toMatch(/^Régime inconnu/);
    expect(messages({ ...base, homemade: 'oui' })).toEqual(['Un booléen est attendu.']);
    expect(messages({ ...base, description: 'x'.repeat(301) })).toEqual(['Au plus 300 caractères.']);
    expect(messages({ ...base, meatOrigin: 'x'.repeat(161) })).toEqual(['Au plus 160 caractères.']);
    expect(messages({ ...base, spicy: true }).length).toBe(1);
  });
});

describe('the surrounding filters', () => {
  it('refuses an unknown allergen or diet', () => {
    const box = {
      northEast: { latitude: 45.8, longitude: 4.9 },
      southWest: { latitude: 45.7, longitude: 4.8 },
    };
    expect(SurroundingMenuBoardsBodySchema.safeParse({ ...box, excludeAllergens: ['pollen'] }).success).toBe(
      false,
    );
    expect(SurroundingMenuBoardsBodySchema.safeParse({ ...box, diets: ['paleo'] }).success).toBe(false);
    expect(
      SurroundingMenuBoardsBodySchema.parse({ ...box, excludeAllergens: ['milk', 'gluten'] }),
    ).toMatchObject({ excludeAllergens: ['gluten', 'milk'] });
  });

  const none: DishFilters = { categories: [], excludeAllergens: [], diets: [], homemade: false };
  const dish: FilterableDish = { category, allergens: ['milk'], diets: ['vegetarian'], homemade: true };

  it('passes every dish when no filter is given, unknown allergens included', () => {
    expect(dishMatches(dish, none)).toBe(true);
    expect(dishMatches({ ...dish, allergens: null }, none)).toBe(true);
  });

  it('never lets a dish whose allergens are not stated through an allergen filter', () => {
    expect(dishMatches({ ...dish, allergens: null }, { ...none, excludeAllergens: ['gluten'] })).toBe(false);
    expect(dishMatches({ ...dish, allergens: [] }, { ...none, excludeAllergens: ['gluten'] })).toBe(true);
    expect(dishMatches(dish, { ...none, excludeAllergens: ['gluten'] })).toBe(true);
    expect(dishMatches(dish, { ...none, excludeAllergens: ['gluten', 'milk'] })).toBe(false);
  });

  it('asks for every diet given, the category and fait maison', () => {
    expect(dishMatches(dish, { ...none, diets: ['vegetarian'] })).toBe(true);
    expect(dishMatches(dish, { ...none, diets: ['vegetarian', 'vegan'] })).toBe(false);
    expect(dishMatches(dish, { ...none, categories: [other] })).toBe(false);
    expect(dishMatches(dish, { ...none, categories: [other, category] })).toBe(true);
    expect(dishMatches({ ...dish, homemade: false }, { ...none, homemade: true })).toBe(false);
  });
});

describe('allergens in words', () => {
  it('says them in French, lower case, in the annex order', () => {
    expect(allergensSentence(['eggs', 'milk'])).toBe('Allergènes : œufs, lait');
    expect(allergensSentence(['nuts'])).toBe('Allergène : fruits à coque');
    expect(allergensSentence(null)).toBe('Allergènes non renseignés, demandez au restaurant');
    expect(allergensSentence([])).toBe('Aucun des 14 allergènes majeurs');
    expect(allergenFreeLabel('gluten')).toBe('Sans gluten');
    expect(allergenFreeLabel('milk')).toBe('Sans lait');
    expect(ALLERGENS).toHaveLength(14);
  });
});

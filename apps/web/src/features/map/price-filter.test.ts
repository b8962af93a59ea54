import { describe, expect, it } from 'vitest';
import {
  MAX_PRICE_EUROS,
  SurroundingMenuBoardsBodySchema,
} from '@tables-voisines/contract/schemas/menu-board';
import {
  MAX_PRICE,
  parsePriceInput,
  priceFilterLabel,
  priceForAddress,
  priceFromAddress,
  priceInputText,
} from './price-filter';

const box = {
  northEast: { latitude: 45.8, longitude: 4.9 },
  southWest: { latitude: 45.7, longitude: 4.8 },
};

describe('« Moins de 15 € »: an amount typed the French way', () => {
  it.each([
    ['13,50', 13.5],
    ['13.5', 13.5],
    ['15', 15],
    [' 9,5 € ', 9.5],
    ['12 euros', 12],
    ['1 234,56', 1234.56],
    ['0,29', 0.29],
    ['7,50\u00a0€', 7.5],
    ['20,00', 20],
    ['10000', 10_000],
  ])('reads « %s » as %s euros, which the server takes', (typed, euros) => {
    const parsed = parsePriceInput(typed);
    expect(parsed).toEqual({ ok: true, maxPrice: euros });
    expect(SurroundingMenuBoardsBodySchema.safeParse({ ...box, maxPrice: euros }).success).toBe(true);
  });

  it.each([
    ['', 'price_missing', 'Indiquez un montant en euros, par exemple 13,50.'],
    ['   ', 'price_missing', 'Indiquez un montant en euros, par exemple 13,50.'],
    ['quinze', 'price_not_a_number', 'Le montant doit être un nombre d’euros, par exemple 13,50.'],
    ['13,5,0', 'price_not_a_number', 'Le montant doit être un nombre d’euros, par exemple 13,50.'],
    ['1.234,50', 'price_not_a_number', 'Le montant doit être un nombre d’euros, par exemple 13,50.'],
    ['0', 'price_not_positive', 'Le montant doit être supérieur à 0 €.'],
    ['0,00', 'price_not_positive', 'Le montant doit être supérieur à 0 €.'],
    ['-5', 'price_not_positive', 'Le montant doit être supérieur à 0 €.'],
    [
      '12,345',
      'price_too_many_decimals',
      'Le montant a au plus deux chiffres après la virgule (les centimes).',
    ],
    ['10000,01', 'price_too_high', 'Le montant ne peut dépasser 10\u00a0000\u00a0€.'],
  ])('refuses « %s » (%s) with a French message', (typed, code, message) => {
    expect(parsePriceInput(typed)).toEqual({ ok: false, code, message });
  });

  it('shows an amount back in the field the French way', () => {
    expect(priceInputText(13.5)).toBe('13,50');
    expect(priceInputText(15)).toBe('15');
    expect(parsePriceInput(priceInputText(13.5))).toEqual({ ok: true, maxPrice: 13.5 });
  });

  it('says the filter with a non-breaking space before « € »', () => {
    expect(priceFilterLabel(15)).toBe('Moins de 15\u00a0€');
    expect(priceFilterLabel(13.5)).toBe('Moins de 13,50\u00a0€');
  });

  it('takes the same highest amount as the server', () => {
    expect(MAX_PRICE).toBe(MAX_PRICE_EUROS);
  });
});

describe('the price in the address', () => {
  it('is written with a point and no trailing zero, and read back', () => {
    expect(priceForAddress(15)).toBe('15');
    expect(priceForAddress(13.5)).toBe('13.5');
    expect(priceForAddress(0.29)).toBe('0.29');
    for (const price of [15, 13.5, 0.29, 10_000])
      expect(priceFromAddress(priceForAddress(price))).toBe(price);
  });

  it.each(['', '0', '0.00', '-3', '13,5', '12.345', 'abc', '20000', '1e3', ' 15', '15€', 'Infinity'])(
    'drops « %s », which the server would refuse or which was not written here',
    (value) => {
      expect(priceFromAddress(value)).toBeUndefined();
    },
  );

  it('reads nothing when there is none', () => {
    expect(priceFromAddress(null)).toBeUndefined();
  });
});

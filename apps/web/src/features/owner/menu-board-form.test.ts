import { describe, expect, it } from 'vitest';
import { CreateMenuBoardBodySchema } from '@tables-voisines/contract/schemas/menu-board';
import { formatPriceInput, parseEuros, toMenuBoardBody, toRowPath } from './menu-board-form';
import { checkForm } from './form-errors';

const establishment = '6f1c2a7e-5b0d-4c39-8f5e-2d6b9a1e4c77';
const category = '1d3b8e9a-2f4c-4b6d-8e0a-7c5f3a1b9d22';

describe('the menu board form', () => {
  it('reads prices as typed on a French phone', () => {
    expect(parseEuros('12,50')).toBe(12.5);
    expect(parseEuros('12.5')).toBe(12.5);
    expect(parseEuros(' 9 € ')).toBe(9);
    expect(parseEuros('1\u202f250,00')).toBe(1250);
    expect(parseEuros('douze')).toBeNaN();
    expect(parseEuros('')).toBeNaN();
    expect(formatPriceInput(12.5)).toBe('12,50');
  });

  it('skips untouched rows and sends a body the contract accepts', () => {
    const { body, rowOfItem } = toMenuBoardBody(establishment, '2026-11-23', {
      title: 'Ardoise du lundi',
      items: [
        { name: 'Quiche lorraine', price: '8,50', category },
        { name: '', price: '', category },
        { name: 'Tarte Tatin', price: '5', category },
      ],
    });
    expect(CreateMenuBoardBodySchema.parse(body).items).toEqual([
      { name: 'Quiche lorraine', price: 8.5, category },
      { name: 'Tarte Tatin', price: 5, category },
    ]);
    expect(rowOfItem).toEqual([0, 2]);
  });

  it('puts a message about a sent item on the form row it came from', () => {
    const { body, rowOfItem } = toMenuBoardBody(establishment, '2026-11-23', {
      title: 'Midi',
      items: [
        { name: '', price: '', category: '' },
        { name: 'Soupe', price: 'gratuit', category: '' },
      ],
    });
    const check = checkForm(CreateMenuBoardBodySchema, body);
    expect(check.ok).toBe(false);
    const paths = Object.keys(!check.ok ? check.errors : {}).map((p) => toRowPath(p, rowOfItem));
    expect(paths).toEqual(['items.1.price', 'items.1.category']);
    expect(toRowPath('title', rowOfItem)).toBe('title');
  });

  it('refuses a board without any dish, in French', () => {
    const { body } = toMenuBoardBody(establishment, '2026-11-23', { title: 'Midi', items: [] });
    expect(checkForm(CreateMenuBoardBodySchema, body)).toEqual({
      ok: false,
      errors: { items: 'Ajoutez au moins un plat.' },
    });
  });
});

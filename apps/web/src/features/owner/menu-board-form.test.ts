import { describe, expect, it } from 'vitest';
import { CreateMenuBoardBodySchema } from '@tables-voisines/contract/schemas/menu-board';
import { checkMenuBoard, formatPriceInput, parseEuros, toMenuBoardBody, toRowPath } from './menu-board-form';
import { checkForm } from './form-errors';

const establishment = '6f1c2a7e-5b0d-4c39-8f5e-2d6b9a1e4c77';
const category = '1d3b8e9a-2f4c-4b6d-8e0a-7c5f3a1b9d22';

describe('the menu board form', () => {
  it('reads prices as typed on a French phone', () => {
    expect(parseEuros('12,50')).toBe(12.5);
    expect(parseEuros('12.5')).toBe(12.5);
    expect(parseEuros(' 9 € ')).toBe(9);
    expect(parseEuros('1\u202f250,00')).toBe(1250);
    expect(parseEuros('1 000')).toBe(1000);
    expect(parseEuros('8.5')).toBe(8.5);
    expect(parseEuros('douze')).toBeNaN();
    expect(parseEuros('')).toBeNaN();
    expect(formatPriceInput(12.5)).toBe('12,50');
  });

  it('skips untouched rows and sends a body the contract accepts', () => {
    const { body, rowOfItem } = toMenuBoardBody(establishment, '2026-11-23', {
      title: 'Ardoise du lundi',
      items: [
        { key: 10, name: 'Quiche lorraine', price: '8,50', category },
        { key: 11, name: '', price: '', category },
        { key: 12, name: 'Tarte Tatin', price: '5', category },
      ],
    });
    expect(CreateMenuBoardBodySchema.parse(body).items).toEqual([
      { name: 'Quiche lorraine', price: 8.5, category },
      { name: 'Tarte Tatin', price: 5, category },
    ]);
    expect(rowOfItem).toEqual([10, 12]);
  });

  it('puts a message about a sent item on the form row it came from', () => {
    const { body, rowOfItem } = toMenuBoardBody(establishment, '2026-11-23', {
      title: 'Midi',
      items: [
        { key: 10, name: '', price: '', category: '' },
        { key: 11, name: 'Soupe', price: 'gratuit', category: '' },
      ],
    });
    const check = checkForm(CreateMenuBoardBodySchema, body);
    expect(check.ok).toBe(false);
    const paths = Object.keys(!check.ok ? check.errors : {}).map((p) => toRowPath(p, rowOfItem));
    expect(paths).toEqual(['items.11.price', 'items.11.category']);
    expect(toRowPath('title', rowOfItem)).toBe('title');
  });

  it('keeps each message on its dish when a dish above is removed', () => {
    const items = [
      { key: 3, name: 'Quiche', price: '-1', category },
      { key: 7, name: '', price: '', category: '' },
      { key: 9, name: 'Soupe', price: '', category: '' },
    ];
    const before = checkMenuBoard(establishment, '2026-11-23', { title: 'Midi', items });
    const after = checkMenuBoard(establishment, '2026-11-23', { title: 'Midi', items: items.slice(1) });
    expect(!before.ok && before.errors).toEqual({
      'items.3.price': 'Le prix ne peut être négatif.',
      'items.9.price': 'Indiquez le prix.',
      'items.9.category': 'Choisissez une catégorie.',
    });
    expect(!after.ok && after.errors).toEqual({
      'items.9.price': 'Indiquez le prix.',
      'items.9.category': 'Choisissez une catégorie.',
    });
    // The server's message about the second dish it was sent: the form's dish keyed 9.
    expect(toRowPath('items.1.price', before.rowOfItem)).toBe('items.9.price');
  });

  it('refuses a board without any dish, in French', () => {
    const { body } = toMenuBoardBody(establishment, '2026-11-23', { title: 'Midi', items: [] });
    expect(checkForm(CreateMenuBoardBodySchema, body)).toEqual({
      ok: false,
      errors: { items: 'Ajoutez au moins un plat.' },
    });
  });

  it('asks for the price and the category of a named dish in plain French', () => {
    const check = checkMenuBoard(establishment, '2026-11-23', {
      title: 'Midi',
      items: [
        { key: 10, name: '', price: '', category: '' },
        { key: 11, name: 'Soupe', price: ' ', category: '' },
        { key: 12, name: 'Tarte', price: '5', category },
      ],
    });
    expect(check).toMatchObject({
      ok: false,
      errors: { 'items.11.price': 'Indiquez le prix.', 'items.11.category': 'Choisissez une catégorie.' },
      rowOfItem: [11, 12],
    });
    expect(Object.keys(!check.ok ? check.errors : {})).toHaveLength(2);
  });

  it('says a price cannot be negative, and keeps French ways of writing one', () => {
    const check = checkMenuBoard(establishment, '2026-11-23', {
      title: 'Midi',
      items: [
        { key: 10, name: 'Avoir', price: '-3', category },
        { key: 11, name: 'Moins', price: '−3,50', category },
        { key: 12, name: 'Quiche', price: '12,50', category },
        { key: 13, name: 'Salade', price: '8.5', category },
        { key: 14, name: 'Plateau', price: '1 000', category },
        { key: 15, name: 'Soupe', price: 'douze', category },
      ],
    });
    expect(!check.ok && check.errors).toEqual({
      'items.10.price': 'Le prix ne peut être négatif.',
      'items.11.price': 'Le prix ne peut être négatif.',
      'items.15.price': 'Le prix doit être un nombre (en euros).',
    });
    const fine = checkMenuBoard(establishment, '2026-11-23', {
      title: 'Midi',
      items: [
        { key: 10, name: 'Quiche', price: '12,50', category },
        { key: 11, name: 'Salade', price: '8.5', category },
        { key: 12, name: 'Plateau', price: '1 000', category },
      ],
    });
    expect(fine.ok && fine.data.items.map((item) => item.price)).toEqual([12.5, 8.5, 1000]);
  });
});

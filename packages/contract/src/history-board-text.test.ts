import { describe, expect, it } from 'vitest';
import { boardChange, boardChangeText, boardOfPlaceText } from './history-board-text';
import { changeText } from './history-text';

const dish = (name: string, price: number, allergens: string[] | null = null) => ({
  name,
  price,
  category: 'c1',
  allergens,
});
const board = { date: '2026-12-03', title: 'Ardoise du midi', items: [dish('Bourguignon', 14.5, ['milk'])] };

describe('a board the team changed, in words', () => {
  it('names whose board it is, as French contracts « de » with the place’s name', () => {
    expect(boardOfPlaceText('2026-12-03', 'Le Comptoir')).toBe('l’ardoise du 3 décembre du Comptoir');
    expect(boardOfPlaceText('2026-12-01', 'Les Burgers de Fanny')).toBe(
      'l’ardoise du 1er décembre des Burgers de Fanny',
    );
    expect(boardOfPlaceText('2026-12-03', 'Athéna')).toBe('l’ardoise du 3 décembre d’Athéna');
  });

  it('says what was published, changed or deleted', () => {
    expect(boardChangeText(null, board)).toBe(
      'Ardoise du 3 décembre 2026 publiée : titre : « Ardoise du midi » ; plats : « Bourguignon » (14,50\u00a0€)',
    );
    expect(boardChangeText(board, null)).toBe(
      'Ardoise du 3 décembre 2026 supprimée : titre : « Ardoise du midi » ; plats : « Bourguignon » (14,50\u00a0€)',
    );
    const after = { ...board, date: '2026-12-04', items: [dish('Bourguignon', 15, [])] };
    expect(boardChange(board, after)).toEqual({
      action: 'update',
      date: '2026-12-03',
      details: [
        'jour : 3 décembre 2026 → 4 décembre 2026',
        '« Bourguignon » modifié (prix : 14,50\u00a0€ → 15\u00a0€ ; allergènes : lait → aucun des 14)',
      ],
    });
    expect(boardChange(board, { ...board })).toBeNull();
  });

  it('is the history line of a `menuBoard` change, and falls back when a value is not a board', () => {
    const reader = { role: 'admin' } as const;
    expect(changeText({ field: 'menuBoard', from: board, to: { ...board, title: 'Midi' } }, reader)).toBe(
      'Ardoise du 3 décembre 2026 modifiée : titre : « Ardoise du midi » → « Midi »',
    );
    expect(changeText({ field: 'menuBoard', from: null, to: { items: [] } }, reader)).toBe(
      'Ardoise : modification',
    );
  });
});

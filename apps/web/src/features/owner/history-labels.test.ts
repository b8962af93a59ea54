import { describe, expect, it } from 'vitest';
import { actorText, fieldLabel, valueText } from './history-labels';

const me = '30000000-0000-4000-8000-000000000001';

describe('the change history in French', () => {
  it('names fields and who changed them', () => {
    expect(fieldLabel('openingHours')).toBe('Horaires');
    expect(fieldLabel('somethingNew')).toBe('somethingNew');
    expect(actorText({ role: 'restaurant-owner', id: me, name: 'Léa Martin' }, me)).toBe('vous');
    expect(actorText({ role: 'admin', id: null, name: 'camille' }, me)).toBe('l’équipe (camille)');
    expect(actorText(null, me)).toBe('modification automatique');
  });

  it('shows short values in a line and leaves structured ones out', () => {
    expect(valueText(null)).toBe('vide');
    expect(valueText('Cuisine de marché')).toBe('Cuisine de marché');
    expect(valueText('x'.repeat(100))).toHaveLength(80);
    expect(valueText(true)).toBe('oui');
    expect(valueText([{ day: 1, opens: '12:00', closes: '14:00' }])).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { actorText, changeText, fieldLabel, valueText } from './history-labels';
import { formatFrenchDateTime, formatFrenchDay, formatShortFrenchDateTime } from './format';

const me = '30000000-0000-4000-8000-000000000001';
const other = '30000000-0000-4000-8000-000000000002';
const owner = { role: 'restaurant-owner', ownerId: me } as const;

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

  it('writes each change as a line: quoted texts, empty values unquoted, structured ones as a modification', () => {
    expect(changeText({ field: 'name', from: 'Chez Léa', to: 'Chez Léa et Paul' }, owner)).toBe(
      'Nom : « Chez Léa » → « Chez Léa et Paul »',
    );
    expect(changeText({ field: 'website', from: null, to: 'https://chez-lea.fr' }, owner)).toBe(
      'Site web : vide → « https://chez-lea.fr »',
    );
    expect(
      changeText(
        { field: 'openingHours', from: [], to: [{ day: 1, opens: '12:00', closes: '14:00' }] },
        owner,
      ),
    ).toBe('Horaires : modification');
    expect(changeText({ field: 'disabled', from: false, to: true }, { role: 'admin' })).toBe(
      'Visibilité : visible → masquée',
    );
    expect(changeText({ field: 'photo.isFacebookShared', from: false, to: true }, { role: 'admin' })).toBe(
      'Photo partagée sur Facebook : non → oui',
    );
    expect(changeText({ field: 'facebookPost', from: null, to: 'dry-run' }, { role: 'admin' })).toBe(
      'Publication Facebook : vide → essai, rien publié',
    );
  });

  it('names the owner a page is linked to, never by a bare id', () => {
    expect(changeText({ field: 'restaurantOwner', from: null, to: me }, owner)).toBe(
      'Restaurateur : aucun → vous',
    );
    expect(changeText({ field: 'restaurantOwner', from: other, to: me }, owner)).toBe(
      'Restaurateur : un autre restaurateur → vous',
    );
    expect(changeText({ field: 'restaurantOwner', from: me, to: null }, { role: 'admin' })).toBe(
      'Restaurateur : restaurateur n° 30000000 → aucun',
    );
  });

  it('writes the time as French typography does, in Paris', () => {
    expect(formatFrenchDateTime('2026-11-26T20:22:00Z')).toBe('jeudi 26 novembre 2026 à 21 h 22');
    expect(formatFrenchDateTime('2026-07-01T07:05:00Z')).toBe('mercredi 1er juillet 2026 à 9 h 05');
    expect(formatShortFrenchDateTime('2026-11-26T08:05:00Z')).toBe('26/11/2026 9 h 05');
    expect(formatFrenchDay('2026-11-01')).toBe('dimanche 1er novembre');
    expect(formatFrenchDay('2026-11-21')).toBe('samedi 21 novembre');
  });
});

import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  ACTION_LABELS,
  actorText,
  changeText,
  fieldLabel,
  type HistoryAction,
  type HistoryActor,
  type HistoryChange,
} from './history-text';
import { valueText } from './history-values';
import { plainDish } from './test-support/dishes';
import type { EstablishmentHistoryEntry } from './schemas/establishment';

const me = '30000000-0000-4000-8000-000000000001';
const other = '30000000-0000-4000-8000-000000000002';
const owner = { role: 'restaurant-owner', ownerId: me } as const;
const admin = { role: 'admin' } as const;
const team: HistoryActor = { role: 'admin', id: '10000000-0000-4000-8000-000000000001', name: 'camille' };
const marie = { id: other, email: 'marie@exemple.fr' };

const line = (field: string, from: unknown, to: unknown) => changeText({ field, from, to }, owner);

describe('the change history in French', () => {
  it('reads the entries the API answers', () => {
    expectTypeOf<HistoryAction>().toEqualTypeOf<EstablishmentHistoryEntry['action']>();
    expectTypeOf<EstablishmentHistoryEntry['actor']>().toExtend<HistoryActor | null>();
    expectTypeOf<EstablishmentHistoryEntry['changes'][number]>().toExtend<HistoryChange>();
  });

  it('names actions, fields and who changed them', () => {
    expect(ACTION_LABELS.link).toBe('Rattachement à un restaurateur');
    expect(ACTION_LABELS.unlink).toBe('Détachement du restaurateur');
    expect(fieldLabel('openingHours')).toBe('Horaires');
    expect(fieldLabel('somethingNew')).toBe('somethingNew');
    expect(actorText({ role: 'restaurant-owner', id: me, name: 'lea@exemple.fr' }, me)).toBe('vous');
    expect(actorText({ role: 'admin', id: null, name: 'camille' }, me)).toBe('l’équipe (camille)');
    expect(actorText(null, me)).toBe('modification automatique');
  });

  it('never shows an owner the e-mail address of the owner who made a change before it', () => {
    expect(actorText({ role: 'restaurant-owner', id: other, name: 'marie@exemple.fr' }, me)).toBe(
      'un autre restaurateur',
    );
  });

  it('shows short values in a line and leaves structured ones out', () => {
    expect(valueText(null)).toBe('vide');
    expect(valueText('Cuisine de marché')).toBe('Cuisine de marché');
    expect(valueText('x'.repeat(100))).toHaveLength(80);
    expect(valueText(true)).toBe('oui');
    expect(valueText([{ day: 1, opens: '12:00', closes: '14:00' }])).toBeNull();
  });

  it('writes each change as a line: quoted texts, empty values unquoted, words for the vocabulary', () => {
    expect(changeText({ field: 'name', from: 'Chez Léa', to: 'Chez Léa et Paul' }, owner)).toBe(
      'Nom : « Chez Léa » → « Chez Léa et Paul »',
    );
    expect(changeText({ field: 'website', from: null, to: 'https://chez-lea.fr' }, owner)).toBe(
      'Site web : vide → « https://chez-lea.fr »',
    );
    expect(changeText({ field: 'venueType', from: 'restaurant', to: 'hotel-restaurant' }, owner)).toBe(
      'Type d’établissement : Restaurant → Hôtel-restaurant',
    );
    expect(changeText({ field: 'disabled', from: false, to: true }, admin)).toBe(
      'Visibilité : visible → masquée',
    );
    expect(changeText({ field: 'photo.isFacebookShared', from: false, to: true }, admin)).toBe(
      'Photo partagée sur Facebook : non → oui',
    );
    expect(changeText({ field: 'facebookPost', from: null, to: 'dry-run' }, admin)).toBe(
      'Publication Facebook : vide → essai, rien publié',
    );
  });

  it('says which days’ opening hours changed, in week order, and how', () => {
    const before = [
      { day: 7, opens: '12:00', closes: '14:00' },
      { day: 1, opens: '12:00', closes: '14:30' },
      { day: 3, opens: '19:00', closes: '23:00' },
    ];
    const after = [
      { day: 1, opens: '12:00', closes: '15:00' },
      { day: 2, opens: '19:00', closes: '23:00' },
      { day: 3, opens: '19:00', closes: '23:00' },
    ];
    expect(line('openingHours', before, after)).toBe(
      'Horaires : lundi 12:00–14:30 → 12:00–15:00 ; mardi : fermé → 19:00–23:00 ; dimanche 12:00–14:00 → fermé',
    );
  });

  it('lists a day’s ranges by opening time, a night running past midnight on the day it opens', () => {
    const after = [
      { day: 5, opens: '19:00', closes: '02:00' },
      { day: 5, opens: '12:00', closes: '14:00' },
    ];
    expect(line('openingHours', [], after)).toBe('Horaires : vendredi : fermé → 12:00–14:00 et 19:00–02:00');
    expect(line('openingHours', null, [{ day: 6, opens: '00:00', closes: '00:00' }])).toBe(
      'Horaires : samedi : fermé → 00:00–00:00',
    );
  });

  it('says so when the same hours were only listed in another order', () => {
    const lunch = { day: 1, opens: '12:00', closes: '14:00' };
    const dinner = { day: 1, opens: '19:00', closes: '22:00' };
    expect(line('openingHours', [lunch, dinner], [dinner, lunch])).toBe(
      'Horaires : inchangés, seul l’ordre des plages a changé',
    );
  });

  it('falls back to « modification » for hours it cannot read', () => {
    expect(line('openingHours', [], [{ day: 8, opens: '12:00', closes: '14:00' }])).toBe(
      'Horaires : modification',
    );
    expect(line('openingHours', 'lundi midi', [])).toBe('Horaires : modification');
  });

  it('tells what happened to the pin, the photo, the address and the categories without raw values', () => {
    const paris = { latitude: 48.8566, longitude: 2.3522 };
    const nantes = { latitude: 47.2184, longitude: -1.5536 };
    expect(line('location', paris, nantes)).toBe('Position sur la carte : déplacée');
    expect(line('location', null, nantes)).toBe('Position sur la carte : définie');
    const photo = { url: '/uploads/a.webp', isFacebookShared: false };
    expect(line('photo', null, photo)).toBe('Photo : ajoutée');
    expect(line('photo', photo, { url: '/uploads/b.webp', isFacebookShared: false })).toBe(
      'Photo : remplacée',
    );
    expect(line('photo', photo, null)).toBe('Photo : retirée');
    expect(line('photo', photo, { ...photo, isFacebookShared: true })).toBe('Photo : partagée sur Facebook');
    expect(
      line(
        'address',
        { street: '12 rue des Lilas', postcode: '44000', town: 'Nantes' },
        { street: null, postcode: null, town: 'Rezé' },
      ),
    ).toBe('Adresse : « 12 rue des Lilas, 44000 Nantes » → « Rezé »');
    expect(line('categories', ['c1', 'c2'], ['c1', 'c2', 'c3'])).toBe('Catégories modifiées');
    expect(line('menuBoard', null, { items: [] })).toBe('Ardoise : modification');
  });

  it('names the owner a page is linked to, never by its id: its address for the team only', () => {
    expect(
      changeText({ field: 'restaurantOwner', from: null, to: { id: me, email: 'lea@exemple.fr' } }, owner),
    ).toBe('Restaurateur : aucun → vous');
    expect(
      changeText({ field: 'restaurantOwner', from: marie, to: { id: me, email: 'lea@exemple.fr' } }, owner),
    ).toBe('Restaurateur : un autre restaurateur → vous');
    expect(changeText({ field: 'restaurantOwner', from: null, to: marie }, admin)).toBe(
      'Restaurateur : aucun → marie@exemple.fr',
    );
  });

  it('reads a bare id as an account deleted since', () => {
    expect(changeText({ field: 'restaurantOwner', from: other, to: null }, admin)).toBe(
      'Restaurateur : un restaurateur supprimé → aucun',
    );
    expect(changeText({ field: 'restaurantOwner', from: other, to: null }, owner)).toBe(
      'Restaurateur : un autre restaurateur → aucun',
    );
  });

  it('says when the team removed the owner, not when an owner left', () => {
    const unlink = { field: 'restaurantOwner', from: marie, to: null };
    expect(changeText(unlink, admin, team)).toBe(
      'Restaurateur : marie@exemple.fr → aucun (retiré par l’équipe)',
    );
    expect(changeText({ ...unlink, from: { id: me, email: 'lea@exemple.fr' } }, owner, team)).toBe(
      'Restaurateur : vous → aucun (retiré par l’équipe)',
    );
    const herself: HistoryActor = { role: 'restaurant-owner', id: other, name: 'marie@exemple.fr' };
    expect(changeText(unlink, admin, herself)).toBe('Restaurateur : marie@exemple.fr → aucun');
  });
});

describe('a menu board’s dishes in its history', () => {
  const category = '20000000-0000-4000-8000-000000000001';
  const galette = plainDish('Galette complète', 9.9, category);
  const far = {
    name: 'Far breton',
    price: 4.5,
    category,
    description: 'Aux pruneaux d’Agen',
    allergens: ['gluten', 'eggs', 'milk'],
    diets: ['vegetarian'],
    homemade: true,
    meatOrigin: null,
  };

  it('says each dish added with what it contains, and each dish removed', () => {
    expect(line('items', null, [galette, far])).toBe(
      'Plats : « Galette complète » ajouté (9,90\u00a0€ ; allergènes : non renseignés) ; « Far breton » ajouté ' +
        '(4,50\u00a0€ ; « Aux pruneaux d’Agen » ; allergènes : gluten, œufs, lait ; végétarien ; fait maison)',
    );
    expect(line('items', [galette, far], [far])).toBe('Plats : « Galette complète » retiré');
    expect(line('items', [galette], null)).toBe('Plats : « Galette complète » retiré');
  });

  it('says what changed in a dish kept, field by field, in words', () => {
    const after = {
      ...galette,
      price: 10.5,
      allergens: ['eggs', 'milk'],
      diets: ['vegetarian', 'vegan'],
      homemade: true,
      meatOrigin: 'Porc né, élevé et abattu en France',
    };
    expect(line('items', [galette], [after])).toBe(
      'Plats : « Galette complète » modifié (prix : 9,90\u00a0€ → 10,50\u00a0€ ; allergènes : non renseignés → œufs, lait ; ' +
        'régimes : aucun → végétarien, végan ; fait maison : non → oui ; ' +
        'origine de la viande : vide → « Porc né, élevé et abattu en France »)',
    );
    expect(line('items', [after], [{ ...after, allergens: [], category: far.name }])).toBe(
      'Plats : « Galette complète » modifié (allergènes : œufs, lait → aucun des 14 ; catégorie modifiée)',
    );
    expect(line('items', [galette, far], [far, galette])).toBe('Plats : ordre modifié');
    expect(line('title', 'Ardoise du jour', 'Menu du midi')).toBe(
      'Titre : « Ardoise du jour » → « Menu du midi »',
    );
  });

  it('reads entries written before dishes said what is in them', () => {
    const old = { name: 'Galette complète', price: 9.9, category };
    expect(line('items', [old], [galette])).toBe('Plats : modification');
    expect(line('items', [old], [{ ...galette, price: 11 }])).toBe(
      'Plats : « Galette complète » modifié (prix : 9,90\u00a0€ → 11\u00a0€)',
    );
    expect(line('items', null, [old])).toBe('Plats : « Galette complète » ajouté (9,90\u00a0€)');
    expect(line('items', 'texte', [old])).toBe('Plats : modification');
  });
});

describe('closures in the history', () => {
  const leave = { from: '2026-08-01', to: '2026-08-15', reason: 'Congés annuels' };
  const open = { from: '2026-08-03', to: null, reason: null };

  it('tells the closures added and removed in French', () => {
    expect(fieldLabel('closures')).toBe('Fermetures exceptionnelles');
    expect(line('closures', [], [leave])).toBe(
      'Fermetures exceptionnelles : du 1er au 15 août 2026 (Congés annuels) ajoutée',
    );
    expect(line('closures', [leave], [leave, open])).toBe(
      'Fermetures exceptionnelles : à partir du 3 août 2026, jusqu’à nouvel ordre ajoutée',
    );
    expect(line('closures', [leave, open], [open])).toBe(
      'Fermetures exceptionnelles : du 1er au 15 août 2026 (Congés annuels) retirée',
    );
  });

  it('writes the dates as French does, across months and years', () => {
    const text = (from: string, to: string | null, reason: string | null = null) =>
      line('closures', [], [{ from, to, reason }]).replace(/^Fermetures exceptionnelles : | ajoutée$/g, '');
    expect(text('2026-07-28', '2026-08-03')).toBe('du 28 juillet au 3 août 2026');
    expect(text('2026-12-28', '2027-01-01')).toBe('du 28 décembre 2026 au 1er janvier 2027');
    expect(text('2026-05-01', '2026-05-01', 'Pont')).toBe('le 1er mai 2026 (Pont)');
  });

  it('says when the information was confirmed, on the Paris day', () => {
    expect(ACTION_LABELS.verify).toBe('Informations confirmées à jour');
    // 23:30 UTC on 2 November is already the 3rd in Paris.
    expect(line('verifiedAt', null, '2026-11-02T23:30:00.000Z')).toBe(
      'Informations vérifiées : le 3 novembre 2026',
    );
  });
});

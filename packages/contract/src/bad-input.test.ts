import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasVisibleCharacter, LONE_SURROGATE } from './characters';
import { closureDateIssues, findOverlappingClosures, sortClosures, type Closure } from './closures';
import { FRANCE_BOXES, isInFrance } from './geo';
import { UsernameSchema } from './schemas/account';
import { IsoDateSchema, nameSchema } from './schemas/common';
import { LocationBodySchema, UriSchema } from './schemas/establishment';
import { MenuBoardItemBodySchema, menuBoardDateProblem } from './schemas/menu-board';
import { slugify, uriProblem } from './slug';
import { addYears } from './paris-time';

/*
 * The rules of issue 47 (points 10 to 13) that the forms share with the server: page addresses that can be
 * served, names that show, dates and places people mean.
 */

const messages = (result: {
  success: boolean;
  error?: { issues: { message: string; path: PropertyKey[] }[] };
}) => (result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('page addresses', () => {
  it('refuses what no browser can open as a page, and says why', () => {
    expect(uriProblem('solo.data')).toBe(
      'L’adresse de la page ne peut finir par « .data », réservé au site.',
    );
    expect(uriProblem('Solo.Data')).not.toBeNull();
    expect(uriProblem('.')).toBe('« . » et « .. » ne peuvent être des adresses de page.');
    expect(uriProblem('..')).not.toBeNull();
    for (const uri of ['chez\u200bjo', 'chez\u2060jo', 'chez\u202ejo', '\u3164', 'a\u00adb', 'x\ue000']) {
      expect(uriProblem(uri), JSON.stringify(uri)).toMatch(/caractère invisible/);
    }
    for (const uri of ['<script>', 'a>b', 'a\\b']) expect(uriProblem(uri)).toMatch(/« < »/);
    // The byte-order mark is white space to JavaScript: refused as such.
    for (const uri of ['a b', 'a\ufeffb']) expect(uriProblem(uri)).toMatch(/ni espace/);
  });

  it('keeps everything else the slug rules keep', () => {
    for (const uri of [
      "l'atelier-(chez-toto)-a-saint-étienne",
      'pourquoi-pas-?-a-nantes',
      'fish-&-chips-a-brest',
      'QA-Nouveau',
      '...',
      'x.data-2',
      'data',
      'la-🍕-a-lyon',
    ]) {
      expect(uriProblem(uri), uri).toBeNull();
      expect(UriSchema.safeParse(uri).success, uri).toBe(true);
    }
  });

  it('gives the reason in the schema, at the field', () => {
    expect(messages(UriSchema.safeParse('solo.data'))).toEqual([
      ': L’adresse de la page ne peut finir par « .data », réservé au site.',
    ]);
  });

  it('never generates an address it would refuse, whatever the name and the town', () => {
    expect(slugify('Chez\u200bJo <b>', 'Lyon.DATA')).toBe('chezjo-b-a-lyon-data');
    expect(slugify('A\\B', 'Pau')).toBe('ab-a-pau');
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' }), (name, town) => {
        const uri = slugify(name, town);
        return uri === '' || uriProblem(uri) === null;
      }),
      { numRuns: 2000 },
    );
  });
});

describe('names and titles', () => {
  const name = nameSchema(1, 120);

  it('refuses control characters, and names of invisible characters only', () => {
    for (const bad of ['Chez\u0007Jo', '\u001b[31mRouge', 'Le\nBistrot', 'Le\tBistrot']) {
      expect(messages(name.safeParse(bad)), JSON.stringify(bad)).toEqual([
        ': Ce champ ne peut contenir de caractère de contrôle (tabulation, retour à la ligne, bip…).',
      ]);
    }
    for (const bad of ['\u200b', '\u200b\u200c\u200d', '\u3164', '\u2800', '\u00ad', '\u0301', '\ufe0f']) {
      expect(messages(name.safeParse(bad)), JSON.stringify(bad)).toEqual([
        ': Ce champ doit contenir au moins une lettre, un chiffre ou un signe visible.',
      ]);
    }
    // Empty: only « obligatoire ».
    expect(messages(name.safeParse('  '))).toEqual([': Ce champ est obligatoire.']);
  });

  it('keeps names in any script, with emoji and joiners', () => {
    for (const good of ['Le Zinc', 'Σπίτι', 'Дом', '寿司', 'Le 👩\u200d🍳', 'L’Été', '7']) {
      expect(name.safeParse(good).success, good).toBe(true);
      expect(hasVisibleCharacter(good)).toBe(true);
    }
  });

  it('tells a lone surrogate from a pair', () => {
    expect(LONE_SURROGATE.test('\ud800')).toBe(true);
    expect(LONE_SURROGATE.test('a\udc00')).toBe(true);
    expect(LONE_SURROGATE.test('💥')).toBe(false);
  });
});

describe('admin usernames', () => {
  it('takes Latin letters with accents, digits and . - _ @', () => {
    for (const good of ['chef-equipe', 'Chef_Equipe', 'rené.dupont', 'chef@exemple.fr', 'łukasz', 'nguyễn']) {
      expect(UsernameSchema.safeParse(good).success, good).toBe(true);
    }
  });

  it('refuses Cyrillic or Greek letters that look like Latin ones, and full-width letters', () => {
    for (const bad of [
      '\u0430dmin',
      'p\u0430ypal',
      'chef-\u03bflive',
      '\uff41dmin',
      '\u0251dmin',
      'chef+1',
    ]) {
      expect(messages(UsernameSchema.safeParse(bad))[0], bad).toMatch(/lettres latines/);
    }
  });
});

describe('dates', () => {
  it('takes every day from 0001-01-01 to 9999-12-31, not the year 0', () => {
    expect(IsoDateSchema.safeParse('0001-01-01').success).toBe(true);
    expect(IsoDateSchema.safeParse('9999-12-31').success).toBe(true);
    expect(messages(IsoDateSchema.safeParse('0000-01-01'))).toEqual([
      ': Date invalide : une date existante au format AAAA-MM-JJ est attendue.',
    ]);
  });

  it('publishes a board from today to 28 days ahead', () => {
    expect(menuBoardDateProblem('2026-08-15', '2026-08-15')).toBeNull();
    expect(menuBoardDateProblem('2026-09-12', '2026-08-15')).toBeNull();
    expect(menuBoardDateProblem('2026-09-13', '2026-08-15')).toBe(
      'Une ardoise se prépare au plus 28 jours à l’avance.',
    );
    expect(menuBoardDateProblem('9999-12-31', '2026-08-15')).not.toBeNull();
    expect(menuBoardDateProblem('2026-08-14', '2026-08-15')).toBe(
      'Une ardoise ne peut être publiée pour un jour passé.',
    );
  });

  it('counts years to the same day, 28 February for a 29th', () => {
    expect(addYears('2026-08-15', -1)).toBe('2025-08-15');
    expect(addYears('2028-02-29', 1)).toBe('2029-02-28');
    expect(addYears('2027-02-28', 1)).toBe('2028-02-28');
  });
});

describe('closures', () => {
  const c = (from: string, to: string | null): Closure => ({ from, to, reason: null });

  it('finds the closures sharing a day with an earlier one, at their place in the list', () => {
    expect(findOverlappingClosures([c('2026-09-10', '2026-09-20'), c('2026-09-01', '2026-09-10')])).toEqual([
      { index: 0, other: c('2026-09-01', '2026-09-10') },
    ]);
    // End to end is no overlap; « until further notice » overlaps everything after it.
    expect(findOverlappingClosures([c('2026-09-01', '2026-09-09'), c('2026-09-10', null)])).toEqual([]);
    expect(findOverlappingClosures([c('2026-09-01', null), c('2027-01-01', '2027-01-02')])).toEqual([
      { index: 1, other: c('2026-09-01', null) },
    ]);
    // One long closure holding two others: both overlap it.
    expect(
      findOverlappingClosures([
        c('2026-07-01', '2026-08-31'),
        c('2026-07-10', '2026-07-12'),
        c('2026-08-01', '2026-08-02'),
      ]).map((o) => o.index),
    ).toEqual([1, 2]);
    // What is not a closure with ordered dates is left to its own message.
    expect(
      findOverlappingClosures([c('2026-09-10', '2026-09-01'), c('2026-09-05', null), null, 'x']),
    ).toEqual([]);
  });

  it('takes closures from a year back to two years ahead, and keeps stored ones as they are', () => {
    const today = '2026-08-15';
    expect(closureDateIssues([c('2025-08-15', '2025-08-16'), c('2028-08-15', '2028-08-15')], today)).toEqual(
      [],
    );
    expect(closureDateIssues([c('1900-01-01', '1900-01-31')], today)).toEqual([
      {
        path: 'closures.0.from',
        message: 'Une fermeture ne peut commencer plus d’un an avant aujourd’hui, avant le 15 août 2025.',
      },
    ]);
    expect(
      closureDateIssues([c('2026-12-24', '2099-01-01'), c('9999-01-01', null)], today).map((i) => i.path),
    ).toEqual(['closures.0.to', 'closures.1.from']);
    const stored = [c('2024-01-08', null)];
    expect(closureDateIssues(stored, today, stored)).toEqual([]);
  });

  it('sorts by first day, keeping the order given on a tie', () => {
    const list = [
      c('2026-09-10', null),
      c('2026-09-01', '2026-09-02'),
      { ...c('2026-09-01', null), reason: 'b' },
    ];
    expect(sortClosures(list).map((x) => `${x.from}/${x.to}`)).toEqual([
      '2026-09-01/2026-09-02',
      '2026-09-01/null',
      '2026-09-10/null',
    ]);
  });
});

describe('places in France', () => {
  it('finds metropolitan France, Corsica and every overseas territory listed', () => {
    const places: [string, number, number][] = [
      ['Paris', 48.8566, 2.3522],
      ['Bray-Dunes', 51.08, 2.52],
      ['Ouessant', 48.46, -5.09],
      ['Menton', 43.77, 7.5],
      ['Bonifacio', 41.39, 9.16],
      ['Pointe-à-Pitre', 16.24, -61.53],
      ['Fort-de-France', 14.6, -61.07],
      ['Cayenne', 4.94, -52.33],
      ['Saint-Denis', -20.88, 55.45],
      ['Mamoudzou', -12.78, 45.23],
      ['Saint-Pierre', 46.78, -56.17],
      ['Marigot', 18.07, -63.08],
      ['Gustavia', 17.9, -62.85],
      ['Mata-Utu', -13.28, -176.17],
      ['Papeete', -17.54, -149.56],
      ['Nuku Hiva', -8.86, -140.14],
      ['Nouméa', -22.27, 166.45],
      ['Lifou', -20.92, 167.22],
    ];
    for (const [town, latitude, longitude] of places)
      expect(isInFrance({ latitude, longitude }), town).toBe(true);
    expect(FRANCE_BOXES.length).toBe(11);
  });

  it('refuses (0, 0), swapped coordinates and other countries', () => {
    for (const [latitude, longitude] of [
      [0, 0],
      [2.35, 48.86],
      [40.71, -74.0],
      [-33.87, 151.21],
      [35.68, 139.69],
      [52.52, 13.4],
    ]) {
      expect(isInFrance({ latitude: latitude!, longitude: longitude! }), `${latitude}, ${longitude}`).toBe(
        false,
      );
    }
    expect(messages(LocationBodySchema.safeParse({ latitude: 0, longitude: 0 }))[0]).toMatch(
      /^: Position \(0, 0\)/,
    );
    expect(messages(LocationBodySchema.safeParse({ latitude: 91, longitude: 0 }))).toEqual([
      'latitude: La latitude doit être comprise entre -90 et 90.',
    ]);
  });
});

describe('dishes', () => {
  const dish = (fields: object) =>
    MenuBoardItemBodySchema.safeParse({
      name: 'Soupe',
      price: 8,
      category: '11111111-1111-1111-1111-111111111111',
      ...fields,
    });

  it('refuses an origin of meat for a vegan or vegetarian dish, at meatOrigin', () => {
    expect(messages(dish({ diets: ['vegan'], meatOrigin: 'Bœuf de France' }))).toEqual([
      'meatOrigin: Un plat végan ne contient pas de viande : retirez l’origine de la viande ou ce régime.',
    ]);
    expect(messages(dish({ diets: ['vegetarian'], meatOrigin: 'Porc de France' }))[0]).toMatch(/végétarien/);
    expect(dish({ diets: ['halal'], meatOrigin: 'Agneau de France' }).success).toBe(true);
    expect(dish({ diets: ['vegan'], meatOrigin: '' }).success).toBe(true);
  });
});

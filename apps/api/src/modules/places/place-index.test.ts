import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  createPlaceIndex,
  normalizePlaceName,
  PLACES_FILE,
  placeIndex,
  queryForms,
  type PlacesData,
} from './place-index';

describe('normalizePlaceName', () => {
  it.each([
    ['Saint-Étienne', 'saint etienne'],
    ['St-Étienne', 'saint etienne'],
    ['ST ETIENNE', 'saint etienne'],
    ['Sainte-Foy-lès-Lyon', 'sainte foy les lyon'],
    ['Ste Foy les Lyon', 'sainte foy les lyon'],
    ['Villers-St-Paul', 'villers saint paul'],
    ['Mont-St', 'mont saint'],
    ['Stains', 'stains'],
    ["L'Isle-d'Abeau", 'l isle d abeau'],
    ['L’Haÿ-les-Roses', 'l hay les roses'],
    ['Marcq-en-Barœul', 'marcq en baroeul'],
    ['  Lyon   3e  Arrondissement ', 'lyon 3 arrondissement'],
    ['lyon 3ème', 'lyon 3'],
    ['Aix\ten\nProvence', 'aix en provence'],
    ['Marseille 1er Arrondissement', 'marseille 1 arrondissement'],
    ['--', ''],
  ])('%j -> %j', (name, expected) => {
    expect(normalizePlaceName(name)).toBe(expected);
  });

  it('keeps « st » being typed as the start of a word too', () => {
    expect(queryForms('st')).toEqual(['saint', 'st']);
    expect(queryForms('Ste')).toEqual(['sainte', 'ste']);
    expect(queryForms('st e')).toEqual(['saint e']);
    expect(queryForms('  ')).toEqual([]);
  });
});

// A small made-up data set, so that each rule is seen on its own.
const data: PlacesData = {
  departments: {
    '01': 'Ain',
    '13': 'Bouches-du-Rhône',
    '2A': 'Corse-du-Sud',
    '69': 'Rhône',
    '76': 'Seine-Maritime',
  },
  places: [
    ['69123', 'Lyon', '69', ['69001', '69002', '69003'], 45.75, 4.85, 500_000],
    ['69381', 'Lyon 1er Arrondissement', '69', ['69001'], 45.77, 4.83, 30_000],
    ['69383', 'Lyon 3e Arrondissement', '69', ['69003'], 45.76, 4.85, 100_000],
    ['27377', 'Lyons-la-Forêt', '01', ['27480'], 49.4, 1.47, 700],
    ['69202', 'Sainte-Foy-lès-Lyon', '69', ['69110'], 45.73, 4.79, 21_000],
    ['76351', 'Le Havre', '76', ['76600', '76610'], 49.49, 0.11, 166_000],
    ['13117', 'Marseillan', '13', ['13117'], 43.3, 3.5, 8_000],
    ['13055', 'Marseille', '13', ['13001'], 43.3, 5.37, 870_000],
    ['01001', 'Saint-Martin', '01', ['01400'], 46.1, 4.9, 900],
    ['01002', 'Saint-Martin-du-Mont', '01', ['01160'], 46.1, 5.3, 2_000],
    ['01003', 'Strasbourg-sur-Ain', '01', ['01410'], 46.2, 5.4, 50],
    ['2A004', 'Ajaccio', '2A', ['20000', '20090'], 41.92, 8.74, 76_000],
  ],
};
const index = createPlaceIndex(data);
const names = (q: string, limit = 20) => index.search(q, limit).map((p) => p.name);

describe('createPlaceIndex', () => {
  it('ranks the exact name first, then names starting with the query, each by population', () => {
    expect(names('marseill')).toEqual(['Marseille', 'Marseillan']);
    expect(names('marseille')).toEqual(['Marseille']);
    expect(names('saint martin')).toEqual(['Saint-Martin', 'Saint-Martin-du-Mont']);
  });

  it('puts a later word of the name after every name starting with the query', () => {
    expect(names('lyon')).toEqual([
      'Lyon',
      'Lyons-la-Forêt',
      'Sainte-Foy-lès-Lyon',
      'Lyon 3e Arrondissement',
      'Lyon 1er Arrondissement',
    ]);
  });

  it('finds a name after its article as the name itself', () => {
    expect(names('havre')).toEqual(['Le Havre']);
    expect(names('le havre')).toEqual(['Le Havre']);
  });

  it('finds an arrondissement by its number', () => {
    expect(names('lyon 3')).toEqual(['Lyon 3e Arrondissement']);
    expect(names('Lyon 1er')).toEqual(['Lyon 1er Arrondissement']);
  });

  it('reads « st » as « Saint », and still as the start of a word', () => {
    expect(names('st martin')).toEqual(['Saint-Martin', 'Saint-Martin-du-Mont']);
    expect(names('st')).toEqual([
      'Sainte-Foy-lès-Lyon',
      'Saint-Martin-du-Mont',
      'Saint-Martin',
      'Strasbourg-sur-Ain',
    ]);
  });

  it('finds postcodes exactly and by their start; a city by the postcodes of its arrondissements', () => {
    expect(names('69003')).toEqual(['Lyon 3e Arrondissement']);
    // Lyon by 69002 only: 69001 and 69003 find its arrondissements instead.
    expect(names('69001')).toEqual(['Lyon 1er Arrondissement']);
    expect(names('69')).toEqual([
      'Lyon',
      'Lyon 3e Arrondissement',
      'Lyon 1er Arrondissement',
      'Sainte-Foy-lès-Lyon',
    ]);
    expect(names('76610')).toEqual(['Le Havre']);
    expect(names('20 000')).toEqual(['Ajaccio']);
    expect(names('2')).toEqual(['Ajaccio', 'Lyons-la-Forêt']);
    expect(names('99999')).toEqual([]);
  });

  it('puts the name itself first unless a name starting with the query has 10 times its population', () => {
    const towns = createPlaceIndex({
      departments: { '13': 'Bouches-du-Rhône', '63': 'Puy-de-Dôme', '60': 'Oise' },
      places: [
        ['13055', 'Marseille', '13', ['13001'], 43.3, 5.37, 870_000],
        ['60001', 'Mars', '60', ['60000'], 49, 2, 555],
        ['60002', 'Marsan', '60', ['60000'], 49, 2, 5_550],
        ['60157', 'Clermont', '60', ['60600'], 49.38, 2.41, 10_564],
        ['63113', 'Clermont-Ferrand', '63', ['63000'], 45.78, 3.08, 146_351],
        ['60003', 'Clermontais', '60', ['60600'], 49.38, 2.41, 100_000],
      ],
    });
    const found = (q: string) => towns.search(q, 8).map((p) => p.name);
    // Marseille has 1,568 times Mars's population, Marsan exactly 10 times: both before it.
    expect(found('mars')).toEqual(['Marseille', 'Marsan', 'Mars']);
    // Clermontais has 9.5 times Clermont's population: after it.
    expect(found('clermont')).toEqual(['Clermont-Ferrand', 'Clermont', 'Clermontais']);
  });

  it('finds a name within one typo when no name starts with the query, after the later words', () => {
    expect(names('marseile')).toEqual(['Marseille', 'Marseillan']);
    expect(names('masreille')).toEqual(['Marseille']);
    expect(names('lyno')).toEqual([
      'Lyon',
      'Lyons-la-Forêt',
      'Lyon 3e Arrondissement',
      'Lyon 1er Arrondissement',
    ]);
    expect(names('ajacio')).toEqual(['Ajaccio']);
    // Not the first letter, not under 4 letters, not two typos.
    expect(names('barseille')).toEqual([]);
    expect(names('lyn')).toEqual([]);
    expect(names('marsiele')).toEqual([]);
    // A name starts with the query: no typo looked for (« marseille » is not also « Marseillan »).
    expect(names('marseille')).toEqual(['Marseille']);
    expect(names('sainte foy les lyo')).toEqual(['Sainte-Foy-lès-Lyon']);
  });

  it('reads a first word typed without its apostrophe', () => {
    const towns = createPlaceIndex({
      departments: { '94': 'Val-de-Marne' },
      places: [['94038', 'L’Haÿ-les-Roses', '94', ['94240'], 48.78, 2.34, 31_188]],
    });
    expect(towns.search('lhay', 8).map((p) => p.name)).toEqual(['L’Haÿ-les-Roses']);
    expect(towns.search('l hay', 8).map((p) => p.name)).toEqual(['L’Haÿ-les-Roses']);
    expect(queryForms('lhay')).toEqual(['lhay', 'l hay']);
    expect(queryForms('lyon')).toEqual(['lyon', 'l yon']);
  });

  it('answers the place with its department and every postcode, at most limit of them', () => {
    expect(index.search('ajaccio', 8)).toEqual([
      {
        code: '2A004',
        name: 'Ajaccio',
        postcodes: ['20000', '20090'],
        department: { code: '2A', name: 'Corse-du-Sud' },
        latitude: 41.92,
        longitude: 8.74,
        population: 76_000,
      },
    ]);
    expect(names('l', 2)).toEqual(['Lyon', 'Le Havre']);
    expect(index.search('01', 1)).toHaveLength(1);
  });
});

describe('the shipped index', () => {
  it('is the generated file, its summary telling what it covers', () => {
    const file = JSON.parse(readFileSync(PLACES_FILE, 'utf8')) as PlacesData & {
      summary: { communes: number; withPoint: number; populationShare: number };
    };
    expect(placeIndex().size).toBe(file.places.length);
    expect(file.summary.withPoint).toBeGreaterThan(14_000);
    expect(file.summary.populationShare).toBeGreaterThan(0.85);
    // Metropolitan France, Corsica and the overseas departments.
    for (const [, , department, , latitude, longitude] of file.places) {
      if (department.startsWith('97')) continue;
      expect(latitude).toBeGreaterThan(41);
      expect(latitude).toBeLessThan(51.2);
      expect(longitude).toBeGreaterThan(-5.3);
      expect(longitude).toBeLessThan(9.7);
    }
  });

  it('answers the largest towns first for their names and postcodes', () => {
    const first = (q: string) => placeIndex().search(q, 1)[0]?.name;
    expect(first('Paris')).toBe('Paris');
    expect(first('75011')).toBe('Paris 11e arrondissement');
    expect(first('Bordeaux')).toBe('Bordeaux');
    expect(first('Toulouse')).toBe('Toulouse');
    expect(first('nice')).toBe('Nice');
    expect(first('Pointe-à-Pitre')).toBe('Pointe-à-Pitre');
  });

  it('answers what a visitor means by the names they type (issue 49)', () => {
    const first = (q: string) =>
      placeIndex()
        .search(q, 8)
        .map((p) => p.name);
    expect(first('mars').slice(0, 1)).toEqual(['Marseille']);
    expect(first('mars')).toContain('Mars');
    expect(first('st')[0]).toBe('Strasbourg');
    expect(first('Clermont')[0]).toBe('Clermont-Ferrand');
    expect(first('Saint-Ouen')[0]).toBe('Saint-Ouen-sur-Seine');
    expect(first('lhay')[0]).toBe('L’Haÿ-les-Roses'.replace('’', "'"));
    expect(first('Marseile')[0]).toBe('Marseille');
    expect(first('Bordaux')[0]).toBe('Bordeaux');
    expect(first('marseille 1')[0]).toBe('Marseille 1er arrondissement');
    for (const q of ['paris 11', 'paris 11e', 'Paris 11ème', '75011']) {
      expect(first(q)[0]).toBe('Paris 11e arrondissement');
    }
    expect(first('75116')[0]).toBe('Paris 16e arrondissement');
    // Paris itself before its arrondissements, which are places of their own.
    expect(first('paris')[0]).toBe('Paris');
    expect(
      placeIndex()
        .search('paris 1', 20)
        .filter((p) => p.code.startsWith('751')),
    ).toHaveLength(11);
  });

  it('gives a point to Paris’s arrondissements, inside Paris', () => {
    const paris = placeIndex().search('Paris', 1)[0]!;
    const arrondissements = placeIndex()
      .search('75', 20)
      .concat(placeIndex().search('751', 20))
      .filter((p) => /^Paris \d+(?:er|e) arrondissement$/.test(p.name));
    expect(new Set(arrondissements.map((p) => p.code)).size).toBe(20);
    for (const a of arrondissements) {
      expect(Math.abs(a.latitude - paris.latitude)).toBeLessThan(0.06);
      expect(Math.abs(a.longitude - paris.longitude)).toBeLessThan(0.09);
    }
  });

  it('gives a point to communes GeoNames files elsewhere: under another code, a former commune, Mayotte', () => {
    const place = (q: string) => placeIndex().search(q, 1)[0];
    // Filed under Lyon's code: found by its name in its department, west of Lyon.
    expect(place('Tassin-la-Demi-Lune')).toMatchObject({ code: '69244', department: { code: '69' } });
    expect(place('Tassin-la-Demi-Lune')!.longitude).toBeLessThan(place('Lyon')!.longitude);
    // A commune nouvelle without a place of its own: a point of one of its former communes.
    expect(place('Orée d’Anjou')).toMatchObject({ code: '49126', department: { code: '49' } });
    // Mayotte's rows give the INSEE code as their first-level code.
    expect(place('Mamoudzou')).toMatchObject({ code: '97611', department: { code: '976', name: 'Mayotte' } });
    expect(place('Mamoudzou')!.latitude).toBeLessThan(-12);
  });
});

describe('the generated file', () => {
  it('is what scripts/build-places.mjs makes of the installed packages (run the API build after updating them)', async () => {
    const { buildPlaces, serializePlaces } = await import('../../../scripts/build-places.mjs');
    expect(serializePlaces(await buildPlaces())).toBe(readFileSync(PLACES_FILE, 'utf8'));
  });
});

import { describe, expect, it } from 'vitest';
import { addressHash, parseAddressHash, type AddressView } from './map-address';

const lyon: AddressView = {
  center: { latitude: 45.764043, longitude: 4.835659 },
  zoom: 12,
  town: { name: 'Lyon', location: { latitude: 45.7578, longitude: 4.832 } },
  filters: { openNow: true, kinds: [], venueTypes: ['creperie', 'bar'], favorites: false },
  categories: [],
  dishFilters: { excludeAllergens: [], diets: [], homemade: false },
};

const CREPES = '3f2a7c1e-5b4d-4e8f-9a6b-0c1d2e3f4a5b';
const PIZZA = 'a1b2c3d4-e5f6-4789-8abc-def012345678';

describe('the map’s view in its address', () => {
  it('writes the view, the town and the chips as a fragment that reads as written', () => {
    expect(addressHash(lyon)).toBe(
      '#carte=12/45.76404/4.83566&ville=Lyon@45.7578,4.832&ouvert=1&types=creperie,bar',
    );
    expect(
      addressHash({
        ...lyon,
        town: null,
        filters: { openNow: false, kinds: ['remplisvert'], venueTypes: [], favorites: false },
      }),
    ).toBe('#carte=12/45.76404/4.83566&genres=remplisvert');
  });

  it('keeps « Mes favoris » in the address, so that Back and a reload show the followed places again', () => {
    const favorites = { ...lyon, town: null, filters: { ...lyon.filters, openNow: false, favorites: true } };
    expect(addressHash(favorites)).toBe('#carte=12/45.76404/4.83566&types=creperie,bar&favoris=1');
    expect(parseAddressHash(addressHash(favorites))?.filters.favorites).toBe(true);
    expect(parseAddressHash('#carte=12/45.7/4.8&favoris=oui')?.filters.favorites).toBe(false);
  });

  it('reads back what it wrote, accents and spaces in a town’s name included', () => {
    const town = { name: 'Saint-Étienne-du-Rouvray', location: { latitude: 49.3781, longitude: 1.105 } };
    const view = { ...lyon, zoom: 11.5, town };
    expect(parseAddressHash(addressHash(view))).toEqual({
      ...view,
      center: { latitude: 45.76404, longitude: 4.83566 },
    });
    const florac = { ...lyon, town: { name: 'Florac Trois Rivières', location: lyon.center } };
    expect(parseAddressHash(addressHash(florac))?.town?.name).toBe('Florac Trois Rivières');
  });

  it('ignores a fragment that gives no view, or one out of range, as a whole', () => {
    for (const hash of [
      '',
      '#contenu',
      '#carte',
      '#carte=12/45.7',
      '#carte=12/abc/4.8',
      '#carte=40/45.7/4.8',
      '#carte=12/95/4.8',
      '#carte=12/45.7/200',
    ]) {
      expect(parseAddressHash(hash), hash).toBeNull();
    }
  });

  it('leaves out kinds and types it does not know, and a town it cannot read', () => {
    const view = parseAddressHash(
      '#carte=9/43.3/5.4&genres=restaurant,casino&types=bar,<script>&ville=Nulle part',
    );
    expect(view?.filters).toEqual({
      openNow: false,
      kinds: ['restaurant'],
      venueTypes: ['bar'],
      favorites: false,
    });
    expect(view?.town).toBeNull();
    expect(parseAddressHash('#carte=9/43.3/5.4&ville=X@95,4')?.town).toBeNull();
  });

  it('writes the dish categories by id and the dish filters by key, and reads them back (issue 49, point 4)', () => {
    const view: AddressView = {
      ...lyon,
      town: null,
      categories: [CREPES, PIZZA],
      dishFilters: { excludeAllergens: ['gluten', 'milk'], diets: ['vegetarian'], homemade: true },
    };
    expect(addressHash(view)).toBe(
      `#carte=12/45.76404/4.83566&ouvert=1&types=creperie,bar&plats=${CREPES},${PIZZA}` +
        '&sans=gluten,milk&regimes=vegetarian&maison=1',
    );
    expect(parseAddressHash(addressHash(view))).toEqual({
      ...view,
      center: { latitude: 45.76404, longitude: 4.83566 },
    });
    // None given: nothing written, nothing read.
    expect(addressHash(lyon)).not.toMatch(/plats|sans|regimes|maison/u);
    expect(parseAddressHash('#carte=9/43.3/5.4')).toMatchObject({
      categories: [],
      dishFilters: { excludeAllergens: [], diets: [], homemade: false },
    });
  });

  it('reads the dish filters in the contract’s order, and leaves out what is not a key or an id', () => {
    const view = parseAddressHash(
      `#carte=9/43.3/5.4&plats=${PIZZA.toUpperCase()},crepes,${CREPES},${PIZZA},1%20OR%201` +
        '&sans=milk,arsenic,gluten&regimes=carnivore,vegan&maison=oui',
    );
    expect(view?.categories).toEqual([PIZZA, CREPES]);
    expect(view?.dishFilters).toEqual({
      excludeAllergens: ['gluten', 'milk'],
      diets: ['vegan'],
      homemade: false,
    });
  });

  it('writes the price as `prix` in euros (« Moins de 15 € », issue 54) and reads it back with the dish filters', () => {
    const under15: AddressView = {
      ...lyon,
      town: null,
      filters: { ...lyon.filters, openNow: false, venueTypes: [] },
      dishFilters: { excludeAllergens: ['gluten'], diets: [], homemade: false, maxPrice: 15 },
    };
    expect(addressHash(under15)).toBe('#carte=12/45.76404/4.83566&sans=gluten&prix=15');
    expect(parseAddressHash(addressHash(under15))?.dishFilters).toEqual(under15.dishFilters);
    const typed = { ...under15, dishFilters: { ...under15.dishFilters, maxPrice: 13.5 } };
    expect(addressHash(typed)).toBe('#carte=12/45.76404/4.83566&sans=gluten&prix=13.5');
    expect(parseAddressHash(addressHash(typed))?.dishFilters.maxPrice).toBe(13.5);
    // None given: nothing written, nothing read.
    expect(addressHash(lyon)).not.toContain('prix');
    expect(parseAddressHash('#carte=9/43.3/5.4')?.dishFilters.maxPrice).toBeUndefined();
    // A price the server would refuse is dropped, and the rest of the view kept.
    for (const prix of ['0', '-12', '13,5', '12.345', 'quinze', '20000', '']) {
      const view = parseAddressHash(`#carte=9/43.3/5.4&maison=1&prix=${encodeURIComponent(prix)}`);
      expect(view?.zoom, prix).toBe(9);
      expect(view?.dishFilters, prix).toEqual({ excludeAllergens: [], diets: [], homemade: true });
      expect(view?.dishFilters.maxPrice, prix).toBeUndefined();
    }
  });
});

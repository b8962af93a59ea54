// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Bounds } from '@tables-voisines/contract/geo';
import type { Category } from '@tables-voisines/contract/schemas/category';
import type { Establishment } from '@tables-voisines/contract/schemas/establishment';
import type { SurroundingMenuBoard } from '@tables-voisines/contract/schemas/menu-board';
import type { Place } from '@tables-voisines/contract/schemas/place';
import { aCategory, aMapFeed, anEstablishment, aSurroundingMenuBoard } from '../../test/factories';
import { interceptFetch } from '../../test/network';
import { renderPage, testQueryClient } from '../../test/render';
import { filteredMembersText, HomePanel, townForQuery } from './home-panel';
import { decodeMapFeed } from './map-points';
import { createInitialMapState, type MapViewState } from './map-state';
import { MapStoreProvider, useMapStore, type MapStore } from './map-store';

/*
 * The map page's panel as a visitor uses it, beside a map looking at Lyon. The map itself (MapLibre, a canvas)
 * is not drawn: the panel reads and changes the same store, which the test gives and reads. The feed and the
 * category search are put in the query cache as the API would answer them; today's boards around, which the
 * panel asks for again when a filter changes, are answered by a stand-in for the network.
 */

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const LYON: Bounds = {
  southWest: { latitude: 45.73, longitude: 4.78 },
  northEast: { latitude: 45.79, longitude: 4.88 },
};

const crepes = aCategory({ name: 'Crêpes', slug: 'crepes' });
const marmite = anEstablishment({ name: 'La Marmite', uri: 'la-marmite', venueType: 'restaurant' });
const brasserie = anEstablishment({
  name: 'Brasserie des Terreaux',
  uri: 'brasserie-des-terreaux',
  venueType: 'brasserie',
  location: { latitude: 45.767, longitude: 4.834 },
});
const creperie = anEstablishment({
  name: 'Ti Breizh',
  uri: 'ti-breizh',
  venueType: 'creperie',
  categories: [crepes.id],
  location: { latitude: 45.762, longitude: 4.827 },
});
// In the feed, out of the map's view.
const parisien = anEstablishment({
  name: 'Le Parisien',
  uri: 'le-parisien',
  address: { street: '1 rue de Rivoli', postcode: '75001', town: 'Paris' },
  location: { latitude: 48.86, longitude: 2.35 },
});

function renderPanel({
  establishments = [marmite, brasserie, creperie, parisien],
  withStreet = [],
  boards = [],
  categories = [crepes],
  currentGroup = null,
}: {
  establishments?: Establishment[];
  withStreet?: string[];
  boards?: SurroundingMenuBoard[];
  categories?: Category[];
  currentGroup?: MapViewState['currentGroup'];
} = {}) {
  const sent = interceptFetch((request) =>
    request.url.endsWith('/menuboards/surrounding') ? { status: 200, body: boards } : undefined,
  );
  const queryClient = testQueryClient();
  queryClient.setQueryData(['map', 'points'], decodeMapFeed(aMapFeed(establishments, withStreet)));
  queryClient.setQueryData(['map', 'categories', ''], categories);
  const initial: MapViewState = {
    ...createInitialMapState(),
    bounds: LYON,
    zoom: 13,
    center: { latitude: 45.76, longitude: 4.83 },
    feedWanted: true,
    surroundingMenuBoards: boards,
    currentGroup,
  };
  let store: MapStore | undefined;
  function StoreReader() {
    store = useMapStore();
    return null;
  }
  const { user } = renderPage(
    <MapStoreProvider initial={initial}>
      <HomePanel />
      <StoreReader />
    </MapStoreProvider>,
    { queryClient },
  );
  return { user, store: () => store!, sent };
}

/** The names on the cards of « Établissements sur la carte ». */
function listedPlaces(): string[] {
  const list = screen.queryByRole('list', { name: 'Établissements affichés sur la carte' });
  if (list === null) return [];
  return within(list)
    .getAllByRole('heading')
    .map((h) => h.textContent ?? '');
}

describe('the map page’s panel', () => {
  it('lists the places the map shows, nearest first, and not those out of view', () => {
    renderPanel();
    expect(screen.getByText('3 établissements dans cette zone').getAttribute('role')).toBe('status');
    expect(listedPlaces()).toEqual(['La Marmite', 'Ti Breizh', 'Brasserie des Terreaux']);
    const marmiteCard = screen.getByRole('link', { name: /La Marmite/ });
    expect(marmiteCard.getAttribute('href')).toBe('/restaurant/la-marmite');
  });

  it('gives the street after the town of two places of the same name in the same town, and of these only', () => {
    const truck = (uri: string, street: string, longitude: number) =>
      anEstablishment({
        name: 'Le Truck Gourmand',
        uri,
        venueType: 'food-truck',
        address: { street, postcode: '69001', town: 'Lyon' },
        location: { latitude: 45.76, longitude },
      });
    renderPanel({
      establishments: [
        marmite,
        truck('le-truck-gourmand-a-lyon', '12 rue du Commerce', 4.831),
        truck('le-truck-gourmand-a-lyon-2', 'Esplanade du Lac', 4.832),
      ],
      withStreet: ['le-truck-gourmand-a-lyon', 'le-truck-gourmand-a-lyon-2'],
    });
    const list = screen.getByRole('list', { name: 'Établissements affichés sur la carte' });
    expect(
      within(list)
        .getAllByRole('paragraph')
        .map((p) => p.textContent),
    ).toEqual([
      'Restaurant · Lyon',
      'Food truck · Lyon, 12 rue du Commerce',
      'Food truck · Lyon, Esplanade du Lac',
    ]);
  });

  it('shows today’s boards of the view with their dishes and French prices', () => {
    renderPanel({
      boards: [aSurroundingMenuBoard(marmite, [{ name: 'Blanquette de veau', price: 14.5 }])],
    });
    const boards = screen.getByRole('list', { name: '1 ardoise du jour' });
    expect(within(boards).getByRole('link', { name: 'La Marmite' })).toBeTruthy();
    expect(within(boards).getByText('Blanquette de veau')).toBeTruthy();
    expect(within(boards).getByText(/^14,50\s€$/)).toBeTruthy();
  });

  it('keeps only the brasseries once « Brasseries » is pressed, and every place again when pressed twice', async () => {
    const { user, store } = renderPanel();
    const chip = screen.getByRole('button', { name: 'Brasseries' });
    await user.click(chip);
    expect(chip.getAttribute('aria-pressed')).toBe('true');
    expect(store().getState().filters.venueTypes).toEqual(['brasserie']);
    expect(listedPlaces()).toEqual(['Brasserie des Terreaux']);
    await user.click(chip);
    expect(chip.getAttribute('aria-pressed')).toBe('false');
    expect(listedPlaces()).toHaveLength(3);
  });

  it('says when no place in France passes the filters, offers no zoom, and « Retirer les filtres » brings them back', async () => {
    const { user } = renderPanel({ establishments: [marmite, parisien] });
    await user.click(screen.getByRole('button', { name: 'Crêperies' }));
    expect(screen.getByText('Aucun établissement ne correspond à ces filtres')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Voir toute la France' })).toBeNull();
    expect(listedPlaces()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Retirer les filtres' }));
    expect(listedPlaces()).toEqual(['La Marmite']);
    expect(screen.getByRole('button', { name: 'Crêperies' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('gives the map what the list says of filters that leave nothing, for the phone’s note, and takes it back', async () => {
    const { user, store } = renderPanel({ establishments: [marmite, parisien] });
    expect(store().getState().emptyNotice).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Crêperies' }));
    expect(store().getState().emptyNotice).toEqual({
      text: 'Aucun établissement ne correspond à ces filtres',
      detail: null,
    });
    await user.click(screen.getByRole('button', { name: 'Retirer les filtres' }));
    expect(store().getState().emptyNotice).toBeNull();
    // Gone with the list (a detail page opened).
    await user.click(screen.getByRole('button', { name: 'Crêperies' }));
    expect(store().getState().emptyNotice).not.toBeNull();
    cleanup();
    expect(store().getState().emptyNotice).toBeNull();
  });

  it('restricts the places to a category picked in « Catégories de plats », shown as a chip that takes it off', async () => {
    const { user, store } = renderPanel();
    await user.click(screen.getByRole('combobox', { name: 'Catégories de plats' }));
    await user.click(
      within(screen.getByRole('listbox', { name: 'Catégories proposées' })).getByText('Crêpes'),
    );
    expect(store().getState().categories).toEqual([crepes.id]);
    expect(listedPlaces()).toEqual(['Ti Breizh']);
    await user.click(screen.getByRole('button', { name: 'Retirer Crêpes' }));
    expect(store().getState().categories).toEqual([]);
    expect(listedPlaces()).toHaveLength(3);
  });

  it('asks for boards without gluten when « Sans gluten » is ticked, and its chip takes the filter off', async () => {
    const { user, store, sent } = renderPanel();
    const toggle = screen.getByRole('button', { name: 'Filtrer les plats' });
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await user.click(screen.getByRole('checkbox', { name: 'Sans gluten' }));
    expect(store().getState().dishFilters.excludeAllergens).toEqual(['gluten']);
    await waitFor(() =>
      expect(sent.map((r) => r.body)).toContainEqual(
        expect.objectContaining({ excludeAllergens: ['gluten'], southWest: LYON.southWest }),
      ),
    );
    // The button says how many dish filters are given, in words for screen readers.
    expect(toggle.textContent).toContain(', 1 filtre');
    await user.click(screen.getByRole('button', { name: 'Fermer les filtres' }));
    expect(screen.queryByRole('checkbox', { name: 'Sans gluten' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Retirer le filtre Sans gluten' }));
    expect(store().getState().dishFilters.excludeAllergens).toEqual([]);
    // No chip left: the focus goes back to the button that opens the filters.
    expect(document.activeElement).toBe(toggle);
  });

  it('gives a group its size under a filter, and says what the filter keeps of it apart', async () => {
    const group = {
      id: '00000000-0000-4000-8000-000000000001',
      name: 'Collectif de la Presqu’île',
      latitude: 45.764,
      longitude: 4.83,
      radius: 2,
    } as MapViewState['currentGroup'];
    const { user } = renderPanel({ currentGroup: group });
    const banner = () => screen.getByTestId('current-group');
    expect(within(banner()).getByText('3 membres dans un rayon de 2 km')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Crêperies' }));
    expect(within(banner()).getByText('3 membres dans un rayon de 2 km, dont 1 crêperie')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Ouvert maintenant' }));
    expect(banner().textContent).toMatch(
      /^Collectif de la Presqu’île3 membres dans un rayon de 2 km, (dont \d pour cette recherche|aucun ne correspond à ces filtres)/,
    );
  });

  it('names one venue type or kind alone, and counts anything else as « pour cette recherche »', () => {
    const none = { query: '', openNow: false, kinds: [], venueTypes: [] };
    expect(filteredMembersText(2, { ...none, venueTypes: ['creperie'] }, [])).toBe('dont 2 crêperies');
    expect(filteredMembersText(1, { ...none, kinds: ['remplisvert'] }, [])).toBe('dont 1 Remplis vert');
    expect(filteredMembersText(1, { ...none, query: 'crêpe' }, [])).toBe('dont 1 pour cette recherche');
    expect(filteredMembersText(0, { ...none, venueTypes: ['bar'] }, [])).toBe(
      'aucun ne correspond à ces filtres',
    );
  });
});

describe('townForQuery (« q » in the address)', () => {
  const town = (name: string, population: number, postcodes: string[] = []): Place => ({
    code: name,
    name,
    postcodes,
    department: { code: '13', name: 'Bouches-du-Rhône' },
    latitude: 43.3,
    longitude: 5.4,
    population,
  });
  const marseille = town('Marseille', 870_000, ['13001']);
  const mars = town('Mars', 555, ['42750']);

  it('chooses as Enter in the field does: « mars » is Marseille, ranked first, not the village named Mars', () => {
    expect(townForQuery([marseille, mars], 'mars')).toBe(marseille);
    expect(townForQuery([marseille, mars], 'MARS ')).toBe(marseille);
  });

  it('takes the town named when the first ranked does not begin with the words, and a postcode’s town', () => {
    const paris11 = town('Paris 11e arrondissement', 140_000, ['75011']);
    expect(townForQuery([paris11, mars], 'Mars')).toBe(mars);
    expect(townForQuery([marseille, paris11], '75011')).toBe(paris11);
  });

  it('chooses no town when none is named: the words are then a place’s name', () => {
    expect(townForQuery([marseille, mars], 'Le Comptoir')).toBeUndefined();
    expect(townForQuery([], 'mars')).toBeUndefined();
  });
});

// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SurroundingMenuBoard } from '@tables-voisines/contract/schemas/menu-board';
import { aMapFeed, anEstablishment, aSurroundingMenuBoard } from '../../test/factories';
import { interceptFetch } from '../../test/network';
import { renderPage, testQueryClient } from '../../test/render';
import { decodeMapFeed } from './map-points';
import { createInitialMapState, type MapViewState } from './map-state';
import { MapStoreProvider, useMapStore, type MapStore } from './map-store';
import type { DishOnlyFilters } from './map-filter-state';
import { MenuBoards } from './menu-board-list';

/*
 * « Ardoises du jour » on the map page's panel: two places of the same name in the same town are told apart
 * by their street, as the map's list does (issue 49, point 14), from the map's feed as it is in the cache.
 */

afterEach(cleanup);

const truck = (uri: string, street: string, longitude: number) =>
  anEstablishment({
    name: 'Le Truck Gourmand',
    uri,
    venueType: 'food-truck',
    address: { street, postcode: '63200', town: 'Riom' },
    location: { latitude: 45.89, longitude },
  });
const first = truck('le-truck-gourmand-a-riom', '12 rue du Commerce', 3.11);
const second = truck('le-truck-gourmand-a-riom-2', 'Place de la Fédération', 3.12);
const marmite = anEstablishment({ name: 'La Marmite', uri: 'la-marmite' });

let store: MapStore | undefined;
/** Keeps the map store the panel reads, so that a test sees what a choice dispatched. */
function StoreProbe() {
  store = useMapStore();
  return null;
}

function renderBoards(
  boards: SurroundingMenuBoard[],
  { feed = true, dishFilters }: { feed?: boolean; dishFilters?: DishOnlyFilters } = {},
) {
  interceptFetch(() => undefined);
  const queryClient = testQueryClient();
  if (feed) {
    queryClient.setQueryData(
      ['map', 'points'],
      decodeMapFeed(aMapFeed([marmite, first, second], [first.uri, second.uri])),
    );
  }
  queryClient.setQueryData(['map', 'categories', ''], []);
  const initial: MapViewState = {
    ...createInitialMapState(),
    zoom: 13,
    ...(dishFilters === undefined ? {} : { dishFilters }),
  };
  return renderPage(
    <MapStoreProvider initial={initial}>
      <StoreProbe />
      <MenuBoards boards={boards} />
    </MapStoreProvider>,
    { queryClient },
  );
}

/** Each card's lines before its dishes: the name, where it is when said, the board's title. */
function cardLines(): string[][] {
  const list = screen.getByTestId('menu-board-list');
  return [...list.querySelectorAll(':scope > li')].map((card) =>
    [...card.querySelectorAll(':scope > h4, :scope > p')].map((line) => line.textContent ?? ''),
  );
}

describe('« Ardoises du jour »', () => {
  it('gives the town and street of two places of the same name in the same town, and names the others alone', () => {
    renderBoards([
      aSurroundingMenuBoard(marmite),
      aSurroundingMenuBoard(first),
      aSurroundingMenuBoard(second),
    ]);
    expect(cardLines()).toEqual([
      ['La Marmite', 'Ardoise du jour'],
      ['Le Truck Gourmand', 'Riom, 12 rue du Commerce', 'Ardoise du jour'],
      ['Le Truck Gourmand', 'Riom, Place de la Fédération', 'Ardoise du jour'],
    ]);
    const cards = within(screen.getByTestId('menu-board-list'));
    expect(cards.getAllByRole('link', { name: 'Le Truck Gourmand' })).toHaveLength(2);
  });

  it('names them alone while the map has no feed', () => {
    renderBoards([aSurroundingMenuBoard(first), aSurroundingMenuBoard(second)], { feed: false });
    expect(cardLines()).toEqual([
      ['Le Truck Gourmand', 'Ardoise du jour'],
      ['Le Truck Gourmand', 'Ardoise du jour'],
    ]);
  });
});

describe('« Moins de 15 € » among the board filters (issue 54)', () => {
  const dishFilters = () => store!.getState().dishFilters;
  const status = () => screen.getByText(/^Aucune ardoise du jour/u).textContent;

  it('takes an amount offered, one at a time, and says so when no board is left', async () => {
    const { user } = renderBoards([]);
    expect(status()).toBe('Aucune ardoise du jour dans cette zone.');
    expect(screen.queryByRole('button', { name: 'Voir tous les prix' })).toBeNull();
    await user.click(screen.getByRole('button', { name: /Filtrer les plats/u }));
    await user.click(screen.getByRole('radio', { name: 'Moins de 12\u00a0€' }));
    await user.click(screen.getByRole('radio', { name: 'Moins de 15\u00a0€' }));
    expect(dishFilters().maxPrice).toBe(15);
    expect(screen.getByRole('radio', { name: 'Moins de 12\u00a0€' })).toHaveProperty('checked', false);
    expect(screen.getByRole('button', { name: 'Retirer le filtre Moins de 15\u00a0€' })).toBeTruthy();
    expect(status()).toBe('Aucune ardoise du jour à moins de 15\u00a0€ dans cette zone.');
    // The way out takes the price off, and only it; the focus goes to the filters' button.
    await user.click(screen.getByRole('checkbox', { name: 'Sans gluten' }));
    expect(status()).toBe('Aucune ardoise du jour à moins de 15\u00a0€ dans cette zone pour ces filtres.');
    await user.click(screen.getByRole('button', { name: 'Voir tous les prix' }));
    expect(dishFilters()).toEqual({ excludeAllergens: ['gluten'], diets: [], homemade: false });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /Filtrer les plats/u }));
    expect(screen.getByRole('radio', { name: 'Tous les prix' })).toHaveProperty('checked', true);
    expect(screen.queryByRole('button', { name: 'Voir tous les prix' })).toBeNull();
  });

  it('takes an amount typed the French way, and refuses in French what it cannot take, changing nothing', async () => {
    const { user } = renderBoards([], {
      dishFilters: { excludeAllergens: [], diets: [], homemade: false, maxPrice: 20 },
    });
    await user.click(screen.getByRole('button', { name: /Filtrer les plats/u }));
    const field = screen.getByRole('textbox', { name: 'Ou moins de (en euros)' });
    await user.type(field, 'douze{Enter}');
    expect(screen.getByRole('alert').textContent).toBe(
      'Le montant doit être un nombre d’euros, par exemple 13,50.',
    );
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id);
    expect(dishFilters().maxPrice).toBe(20);
    await user.clear(field);
    await user.type(field, '12,345');
    await user.click(screen.getByRole('button', { name: 'Appliquer' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Le montant a au plus deux chiffres après la virgule (les centimes).',
    );
    expect(dishFilters().maxPrice).toBe(20);
    await user.clear(field);
    await user.type(field, '13,5{Enter}');
    expect(dishFilters().maxPrice).toBe(13.5);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(field.getAttribute('aria-invalid')).toBeNull();
    expect((field as HTMLInputElement).value).toBe('13,50');
    expect(screen.getByRole('button', { name: 'Retirer le filtre Moins de 13,50\u00a0€' })).toBeTruthy();
    expect(screen.getAllByRole('radio').filter((r) => (r as HTMLInputElement).checked)).toEqual([]);
    // Its chip takes it off: the field empties, « Tous les prix » is checked again.
    await user.click(screen.getByRole('button', { name: 'Retirer le filtre Moins de 13,50\u00a0€' }));
    expect(dishFilters().maxPrice).toBeUndefined();
    expect((field as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('radio', { name: 'Tous les prix' })).toHaveProperty('checked', true);
  });

  it('shows each board’s lowest price, « dès 12,50 € »', () => {
    renderBoards([{ ...aSurroundingMenuBoard(marmite), fromPrice: 12.5 }, aSurroundingMenuBoard(first)]);
    expect(cardLines()).toEqual([
      ['La Marmite', 'Ardoise du jour · dès 12,50\u00a0€'],
      ['Le Truck Gourmand', 'Riom, 12 rue du Commerce', 'Ardoise du jour'],
    ]);
  });
});

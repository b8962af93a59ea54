// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SurroundingMenuBoard } from '@tables-voisines/contract/schemas/menu-board';
import { aMapFeed, anEstablishment, aSurroundingMenuBoard } from '../../test/factories';
import { interceptFetch } from '../../test/network';
import { renderPage, testQueryClient } from '../../test/render';
import { decodeMapFeed } from './map-points';
import { createInitialMapState, type MapViewState } from './map-state';
import { MapStoreProvider } from './map-store';
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

function renderBoards(boards: SurroundingMenuBoard[], { feed = true } = {}) {
  interceptFetch(() => undefined);
  const queryClient = testQueryClient();
  if (feed) {
    queryClient.setQueryData(
      ['map', 'points'],
      decodeMapFeed(aMapFeed([marmite, first, second], [first.uri, second.uri])),
    );
  }
  queryClient.setQueryData(['map', 'categories', ''], []);
  const initial: MapViewState = { ...createInitialMapState(), zoom: 13 };
  renderPage(
    <MapStoreProvider initial={initial}>
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

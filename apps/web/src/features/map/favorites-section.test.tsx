// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Bounds } from '@tables-voisines/contract/geo';
import type { Establishment } from '@tables-voisines/contract/schemas/establishment';
import { aMapFeed, aMenuBoard, aMenuBoardItem, anEstablishment } from '../../test/factories';
import { interceptFetch } from '../../test/network';
import { renderPage, testQueryClient } from '../../test/render';
import type { FollowedPlace } from '../follow/follow-store';
import { favoritesStatus } from './favorites-section';
import { HomePanel } from './home-panel';
import { decodeMapFeed } from './map-points';
import { createInitialMapState, type MapViewState } from './map-state';
import { MapStoreProvider, useMapStore, type MapStore } from './map-store';

/*
 * « Mes favoris » on the map page's panel: the places this browser follows (its localStorage list, as the
 * page leaves it), today's boards first, each to unfollow. The feed is in the query cache as the API gives
 * it; each place's board of the day is answered at the network boundary.
 */

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

const LYON: Bounds = {
  southWest: { latitude: 45.73, longitude: 4.78 },
  northEast: { latitude: 45.79, longitude: 4.88 },
};

const marmite = anEstablishment({ name: 'La Marmite', uri: 'la-marmite' });
const bouchon = anEstablishment({
  name: 'Le Bouchon des Filles',
  uri: 'le-bouchon-des-filles',
  location: { latitude: 45.767, longitude: 4.834 },
});
// Followed, far from the map's view.
const parisien = anEstablishment({
  name: 'Le Parisien',
  uri: 'le-parisien',
  venueType: 'brasserie',
  address: { street: '1 rue de Rivoli', postcode: '75001', town: 'Paris' },
  location: { latitude: 48.86, longitude: 2.35 },
});

function followed(e: Establishment, followedAt = '2026-12-01T10:00:00.000Z'): FollowedPlace {
  return { id: e.id, uri: e.uri, name: e.name, kind: e.kind, followedAt };
}

const boardOfParisien = aMenuBoard(parisien, {
  title: 'Ardoise du vendredi',
  items: [
    aMenuBoardItem({ name: 'Œufs mayonnaise', price: 6 }),
    aMenuBoardItem({ name: 'Steak frites', price: 16.5 }),
  ],
});

function renderPanel({
  follows = [] as FollowedPlace[],
  favorites = true,
  establishments = [marmite, bouchon, parisien],
  withStreet = [] as string[],
} = {}) {
  localStorage.setItem('tablesVoisines.follows', JSON.stringify(follows));
  const sent = interceptFetch((request) => {
    if (request.url === `/api/establishment/${parisien.id}/menuboard`)
      return { status: 200, body: boardOfParisien };
    if (request.url.endsWith('/menuboards/surrounding')) return { status: 200, body: [] };
    return undefined;
  });
  const queryClient = testQueryClient();
  queryClient.setQueryData(['map', 'points'], decodeMapFeed(aMapFeed(establishments, withStreet)));
  queryClient.setQueryData(['map', 'categories', ''], []);
  const initial: MapViewState = {
    ...createInitialMapState(),
    bounds: LYON,
    zoom: 13,
    center: { latitude: 45.76, longitude: 4.83 },
    feedWanted: true,
    filters: { ...createInitialMapState().filters, favorites },
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

const favoriteNames = (section: HTMLElement) =>
  within(within(section).getByRole('list', { name: 'Établissements suivis' }))
    .getAllByRole('heading')
    .map((h) => h.textContent);

describe('« Mes favoris »', () => {
  it('is a chip of the panel that shows only the followed places, wherever they are, today’s boards first', async () => {
    const { user, store } = renderPanel({
      follows: [followed(marmite), followed(parisien, '2026-12-02T10:00:00.000Z')],
      favorites: false,
    });
    const chip = screen.getByRole('button', { name: 'Mes favoris' });
    expect(chip.getAttribute('aria-pressed')).toBe('false');
    await user.click(chip);
    expect(chip.getAttribute('aria-pressed')).toBe('true');
    expect(store().getState().filters.favorites).toBe(true);

    const section = await screen.findByRole('region', { name: 'Mes favoris' });
    // The map's own list and today's boards of the view give way to it.
    expect(screen.queryByRole('heading', { name: 'Ardoises du jour' })).toBeNull();
    await waitFor(() => expect(favoriteNames(section)).toEqual(['Le Parisien', 'La Marmite']));
    expect(within(section).getAllByRole('status')[0]!.textContent).toBe(
      '2 établissements suivis, dont 1 avec une ardoise aujourd’hui.',
    );
    const paris = within(section).getByRole('heading', { name: 'Le Parisien' }).closest('li')!;
    expect(paris.textContent).toContain('Brasserie · Paris');
    expect(paris.textContent).toContain('Ardoise du vendredi');
    expect(paris.textContent).toContain('Steak frites16,50\u00a0€');
    const lyon = within(section).getByRole('heading', { name: 'La Marmite' }).closest('li')!;
    expect(lyon.textContent).toContain('Pas d’ardoise du jour pour le moment.');
    expect(within(lyon).getByRole('link', { name: 'La Marmite' }).getAttribute('href')).toBe(
      '/restaurant/la-marmite',
    );
    // The map keeps the followed places only.
    expect(store().getState().followedUris).toEqual(['la-marmite', 'le-parisien']);
  });

  it('gives the street after the town of two followed places of the same name in the same town (issue 49)', async () => {
    const truck = (uri: string, street: string) =>
      anEstablishment({
        name: 'Le Truck Gourmand',
        uri,
        venueType: 'food-truck',
        address: { street, postcode: '63200', town: 'Riom' },
        location: { latitude: 45.89, longitude: 3.11 },
      });
    const first = truck('le-truck-gourmand-a-riom', '12 rue du Commerce');
    const second = truck('le-truck-gourmand-a-riom-2', 'Place de la Fédération');
    renderPanel({
      follows: [followed(first), followed(second), followed(marmite)],
      establishments: [marmite, first, second],
      withStreet: [first.uri, second.uri],
    });
    const section = await screen.findByRole('region', { name: 'Mes favoris' });
    const cards = within(section).getByRole('list', { name: 'Établissements suivis' });
    await waitFor(() =>
      expect(
        within(cards)
          .getAllByRole('listitem')
          .map((card) => card.querySelector('.tv-nowrap')?.textContent),
      ).toEqual([
        'Restaurant · Lyon',
        'Food truck · Riom, 12 rue du Commerce',
        'Food truck · Riom, Place de la Fédération',
      ]),
    );
  });

  it('unfollows a place from its card, says so and gives the focus back to the list', async () => {
    const { user } = renderPanel({ follows: [followed(marmite), followed(parisien)] });
    const section = await screen.findByRole('region', { name: 'Mes favoris' });
    await user.click(await within(section).findByRole('button', { name: 'Ne plus suivre La Marmite' }));
    await waitFor(() => expect(favoriteNames(section)).toEqual(['Le Parisien']));
    expect(within(section).getByText('Vous ne suivez plus La Marmite.')).toBeTruthy();
    expect(document.activeElement).toBe(within(section).getByRole('heading', { name: 'Mes favoris' }));
    expect(JSON.parse(localStorage.getItem('tablesVoisines.follows')!)).toEqual([followed(parisien)]);
  });

  it('says how to follow a place when none is, with a way back to every place', async () => {
    const { user, store } = renderPanel();
    const section = await screen.findByRole('region', { name: 'Mes favoris' });
    expect(within(section).getByText('Aucun établissement suivi pour le moment.')).toBeTruthy();
    expect(section.textContent).toContain(
      'Sur la page d’un restaurant, utilisez le bouton «\u00a0Suivre\u00a0» (la cloche)\u00a0: il apparaîtra ici',
    );
    await user.click(within(section).getByRole('button', { name: 'Voir tous les établissements' }));
    expect(store().getState().filters.favorites).toBe(false);
    expect(await screen.findByRole('heading', { name: 'Établissements sur la carte' })).toBeTruthy();
  });

  it('keeps the list when notifications are off here, and says so with a way to turn them on', async () => {
    // jsdom is no secure context, and has no Push API: as a browser that cannot receive them.
    const { user } = renderPanel({ follows: [followed(marmite)] });
    const section = await screen.findByRole('region', { name: 'Mes favoris' });
    expect(section.textContent).toContain('Les notifications ne sont pas activées dans ce navigateur');
    await user.click(within(section).getByRole('button', { name: 'Activer les notifications' }));
    expect(
      await within(section).findByText(
        'Les notifications ne fonctionnent que sur une connexion sécurisée (adresse en https).',
      ),
    ).toBeTruthy();
  });

  it('counts what other chips keep of the followed places', () => {
    expect(favoritesStatus(0, 0, 0, false)).toBe('Aucun établissement suivi pour le moment.');
    expect(favoritesStatus(1, 1, 1, false)).toBe('1 établissement suivi, avec son ardoise du jour.');
    expect(favoritesStatus(3, 3, 3, false)).toBe('3 établissements suivis, tous avec leur ardoise du jour.');
    expect(favoritesStatus(3, 1, 0, true)).toBe('1 établissement suivi correspond à ces filtres (sur 3).');
    expect(favoritesStatus(3, 0, 0, true)).toBe('Aucun de vos 3 favoris ne correspond à ces filtres.');
  });
});

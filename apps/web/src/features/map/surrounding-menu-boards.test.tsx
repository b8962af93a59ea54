// @vitest-environment jsdom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Bounds } from '@tables-voisines/contract/geo';
import type { SurroundingMenuBoard } from '@tables-voisines/contract/schemas/menu-board';
import { anEstablishment, aSurroundingMenuBoard } from '../../test/factories';
import { interceptFetch } from '../../test/network';
import { testQueryClient } from '../../test/render';
import { NO_DISH_FILTERS } from './map-filter-state';
import { loadPolygonClipping } from './map-rules';
import { createInitialMapState } from './map-state';
import { createMapStore, MapStoreProvider, useMapStore, type MapStore } from './map-store';
import { boardsQueryKey, useSurroundingMenuBoards } from './surrounding-menu-boards';

/*
 * Today's boards around the map, asked with TanStack Query for the box and filters the map state says
 * (`boardsRequest`), the answer kept in the state. The map's moves are dispatched as the map reports them.
 */

beforeAll(() => loadPolygonClipping());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const center = { latitude: 45.75, longitude: 4.85 };
const lyonBox: Bounds = {
  southWest: { latitude: 45.7, longitude: 4.8 },
  northEast: { latitude: 45.8, longitude: 4.9 },
};
const east: Bounds = {
  southWest: { latitude: 45.7, longitude: 5.0 },
  northEast: { latitude: 45.8, longitude: 5.1 },
};
const board = aSurroundingMenuBoard(anEstablishment({ name: 'La Marmite' }));

type FetchBoards = Parameters<typeof useSurroundingMenuBoards>[0];

/** The hook as the map and the panel use it (twice: one query for both), over a store the test drives. */
function renderBoards(fetchBoards?: FetchBoards, queryClient: QueryClient = testQueryClient()) {
  let store: MapStore | undefined;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <MapStoreProvider initial={createInitialMapState()}>{children}</MapStoreProvider>
    </QueryClientProvider>
  );
  renderHook(
    () => {
      store = useMapStore();
      useSurroundingMenuBoards(fetchBoards);
      useSurroundingMenuBoards(fetchBoards);
    },
    { wrapper },
  );
  const dispatch = (bounds: Bounds, zoom = 10) =>
    act(() => store!.dispatch({ type: 'viewChanged', bounds, zoom, center }));
  return { store: () => store!, dispatch, queryClient };
}

describe('useSurroundingMenuBoards', () => {
  it('posts the box and the filters to /menuboards/surrounding, once for the map and the panel', async () => {
    const sent = interceptFetch((request) =>
      request.url.endsWith('/menuboards/surrounding') ? { status: 200, body: [board] } : undefined,
    );
    const { store, dispatch, queryClient } = renderBoards();
    dispatch(lyonBox);
    await waitFor(() => expect(store().getState().surroundingMenuBoards).toEqual([board]));
    expect(sent.map((r) => [r.method, new URL(r.url, 'http://localhost').pathname])).toEqual([
      ['POST', '/menuboards/surrounding'],
    ]);
    expect(sent[0]?.body).toEqual({
      categories: [],
      excludeAllergens: [],
      diets: [],
      homemade: false,
      northEast: lyonBox.northEast,
      southWest: lyonBox.southWest,
    });
    expect(store().getState().boardsRequest).toBeNull();
    // Asked under the map's keys; its answer lives on in the map state only.
    expect(boardsQueryKey({ bounds: lyonBox, categories: [], dishFilters: NO_DISH_FILTERS })).toEqual([
      'map',
      'boards',
      sent[0]?.body,
    ]);
    await waitFor(() =>
      expect(
        queryClient.getQueryData(
          boardsQueryKey({ bounds: lyonBox, categories: [], dishFilters: NO_DISH_FILTERS }),
        ),
      ).toBeUndefined(),
    );
  });

  it('asks for the visible box once, then not again inside it', async () => {
    const fetchBoards = vi.fn(async () => [board]);
    const { store, dispatch } = renderBoards(fetchBoards);
    dispatch(lyonBox);
    await waitFor(() => expect(store().getState().surroundingMenuBoards).toEqual([board]));
    dispatch(
      { southWest: { latitude: 45.72, longitude: 4.82 }, northEast: { latitude: 45.78, longitude: 4.88 } },
      11,
    );
    expect(store().getState().boardsRequest).toBeNull();
    expect(fetchBoards).toHaveBeenCalledTimes(1);
  });

  it('does not start a second ask while one is running, and catches up afterwards', async () => {
    let release: (boards: SurroundingMenuBoard[]) => void = () => {};
    const fetchBoards = vi.fn(
      () =>
        new Promise<SurroundingMenuBoard[]>((resolve) => {
          release = resolve;
        }),
    );
    const { store, dispatch } = renderBoards(fetchBoards);
    dispatch(lyonBox);
    await waitFor(() => expect(fetchBoards).toHaveBeenCalledTimes(1));
    dispatch(east);
    // Searching: the panel says so while no board of the view is known.
    expect(store().getState().boardsRequest).not.toBeNull();
    expect(fetchBoards).toHaveBeenCalledTimes(1);
    release([]);
    await waitFor(() => expect(fetchBoards).toHaveBeenCalledTimes(2));
    expect(fetchBoards).toHaveBeenLastCalledWith(east, { categories: [], ...NO_DISH_FILTERS });
    release([]);
    await waitFor(() => expect(store().getState().boardsRequest).toBeNull());
  });

  it('logs a failure once, and waits for the next move to ask again', async () => {
    const error = vi.mocked(console.error).mockImplementation(() => {});
    const fetchBoards = vi.fn<NonNullable<FetchBoards>>(async () => Promise.reject(new Error('boom')));
    const { store, dispatch } = renderBoards(fetchBoards);
    dispatch(lyonBox);
    await waitFor(() => expect(store().getState().boardsRequest).toBeNull());
    expect(error).toHaveBeenCalledExactlyOnceWith(
      'Surrounding menu boards could not be loaded',
      expect.any(Error),
    );
    error.mockClear();
    expect(fetchBoards).toHaveBeenCalledTimes(1);
    expect(store().getState().coveredAreas).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetchBoards).toHaveBeenCalledTimes(1);
    fetchBoards.mockResolvedValueOnce([board]);
    dispatch(east);
    await waitFor(() => expect(store().getState().surroundingMenuBoards).toEqual([board]));
    expect(fetchBoards).toHaveBeenCalledTimes(2);
  });

  it('only warns of a failure when the browser is offline (a page kept by the service worker)', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const failure = new TypeError('Failed to fetch');
      const { store, dispatch } = renderBoards(async () => Promise.reject(failure));
      dispatch(lyonBox);
      await waitFor(() =>
        expect(warn).toHaveBeenCalledWith(
          'Surrounding menu boards could not be loaded (hors ligne)',
          failure,
        ),
      );
      expect(warn).toHaveBeenCalledOnce();
      expect(vi.mocked(console.error)).not.toHaveBeenCalled();
      await waitFor(() => expect(store().getState().boardsRequest).toBeNull());
    } finally {
      warn.mockRestore();
    }
  });

  it('asks with the dish filters and the categories, and again when they change', async () => {
    const fetchBoards = vi.fn(async () => [board]);
    const { store, dispatch } = renderBoards(fetchBoards);
    act(() => store().dispatch({ type: 'categoriesChanged', categories: ['c1'] }));
    dispatch(lyonBox);
    await waitFor(() => expect(store().getState().surroundingMenuBoards).toEqual([board]));
    const dishFilters = { excludeAllergens: ['gluten' as const], diets: ['vegan' as const], homemade: true };
    act(() => store().dispatch({ type: 'dishFiltersChanged', dishFilters }));
    expect(store().getState().surroundingMenuBoards).toEqual([]);
    await waitFor(() => expect(fetchBoards).toHaveBeenCalledTimes(2));
    expect(fetchBoards).toHaveBeenLastCalledWith(lyonBox, { categories: ['c1'], ...dishFilters });
    await waitFor(() => expect(store().getState().surroundingMenuBoards).toEqual([board]));
  });

  it('sends the price as `maxPrice` with the dish filters, and again without it when it is taken off', async () => {
    const sent = interceptFetch((request) =>
      request.url.endsWith('/menuboards/surrounding') ? { status: 200, body: [board] } : undefined,
    );
    const { store, dispatch } = renderBoards();
    const under15 = { excludeAllergens: ['gluten' as const], diets: [], homemade: false, maxPrice: 13.5 };
    act(() => store().dispatch({ type: 'dishFiltersChanged', dishFilters: under15 }));
    dispatch(lyonBox);
    await waitFor(() => expect(store().getState().surroundingMenuBoards).toEqual([board]));
    expect(sent[0]?.body).toEqual({
      categories: [],
      excludeAllergens: ['gluten'],
      diets: [],
      homemade: false,
      maxPrice: 13.5,
      northEast: lyonBox.northEast,
      southWest: lyonBox.southWest,
    });
    act(() =>
      store().dispatch({ type: 'dishFiltersChanged', dishFilters: { ...under15, maxPrice: undefined } }),
    );
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]?.body).not.toHaveProperty('maxPrice');
    expect(sent[1]?.body).toMatchObject({ excludeAllergens: ['gluten'] });
  });

  it('does not ask below zoom 9', async () => {
    const fetchBoards = vi.fn(async () => []);
    const { dispatch } = renderBoards(fetchBoards);
    dispatch(lyonBox, 8);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchBoards).not.toHaveBeenCalled();
  });
});

// The store alone, as the map layout makes it, asks nothing: the hook does.
it('leaves the store without a request until the map reports a view', () => {
  expect(createMapStore().getState().boardsRequest).toBeNull();
});

// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Follow } from '@tables-voisines/contract/schemas/follow';
import {
  createFollowStore,
  followsKey,
  parseFollows,
  reconcileFollows,
  withFollow,
  withoutFollow,
  type FollowedPlace,
} from './follow-store';

function aFollowedPlace(overrides: Partial<FollowedPlace> = {}): FollowedPlace {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    uri: 'la-marmite',
    name: 'La Marmite',
    kind: 'restaurant',
    followedAt: '2026-12-01T10:00:00.000Z',
    ...overrides,
  };
}

const marmite = aFollowedPlace();
const jardin = aFollowedPlace({
  id: '00000000-0000-4000-8000-000000000002',
  uri: 'le-jardin-partage',
  name: 'Le Jardin partagé',
  kind: 'remplisvert',
  followedAt: '2026-12-02T10:00:00.000Z',
});

function aFollow(place: FollowedPlace, overrides: Partial<Follow['establishment']> = {}): Follow {
  const { id, uri, name, kind } = place;
  return { establishment: { id, uri, name, kind, ...overrides }, createdAt: '2026-12-03T08:00:00.000Z' };
}

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('the followed places kept in the browser', () => {
  it('is kept under the site’s storage prefix', () => {
    expect(followsKey('tablesVoisines')).toBe('tablesVoisines.follows');
  });

  it('reads back what it wrote, and leaves out what it cannot read instead of failing', () => {
    expect(parseFollows(JSON.stringify([marmite, jardin]))).toEqual([marmite, jardin]);
    expect(parseFollows(null)).toEqual([]);
    expect(parseFollows('pas du JSON')).toEqual([]);
    expect(parseFollows('{"id":"x"}')).toEqual([]);
    // A hand edit, another version's data, the same place twice: only whole, distinct places stay.
    expect(
      parseFollows(JSON.stringify([marmite, { ...jardin, kind: 'bistrot' }, { id: 'x' }, marmite])),
    ).toEqual([marmite]);
  });

  it('adds a place once, keeping when it was first followed, and takes one out', () => {
    const list = withFollow([marmite], jardin);
    expect(list).toEqual([marmite, jardin]);
    const again = withFollow(list, {
      ...marmite,
      name: 'La Marmite d’Oc',
      followedAt: '2026-12-09T10:00:00Z',
    });
    expect(again).toEqual([{ ...marmite, name: 'La Marmite d’Oc' }, jardin]);
    expect(withoutFollow(again, marmite.id)).toEqual([jardin]);
    expect(withoutFollow([jardin], marmite.id)).toEqual([jardin]);
  });

  it('puts itself back in step with the server: renamed pages, places only one side knows', () => {
    const onServer = [aFollow(marmite, { uri: 'la-marmite-d-oc', name: 'La Marmite d’Oc' })];
    const bistrot = aFollowedPlace({ id: '00000000-0000-4000-8000-000000000003', uri: 'le-bistrot' });
    const { list, missingOnServer } = reconcileFollows([marmite, jardin], [...onServer, aFollow(bistrot)]);
    expect(list).toEqual([
      { ...marmite, uri: 'la-marmite-d-oc', name: 'La Marmite d’Oc' },
      jardin,
      // Followed from this browser before its storage was emptied: back in the list, from the server's date.
      { ...bistrot, followedAt: '2026-12-03T08:00:00.000Z' },
    ]);
    // The server lost this one (a subscription it dropped): to be sent again.
    expect(missingOnServer).toEqual([jardin]);
  });

  it('keeps the list in localStorage, tells its listeners, and hears another tab', () => {
    const store = createFollowStore('tablesVoisines.follows', localStorage);
    const heard = vi.fn();
    const unsubscribe = store.subscribe(heard);
    expect(store.get()).toEqual([]);
    store.set([marmite]);
    expect(JSON.parse(localStorage.getItem('tablesVoisines.follows')!)).toEqual([marmite]);
    expect(heard).toHaveBeenCalledTimes(1);
    // Read again without a change: the same array, so React draws nothing again.
    expect(store.get()).toBe(store.get());

    localStorage.setItem('tablesVoisines.follows', JSON.stringify([marmite, jardin]));
    window.dispatchEvent(new StorageEvent('storage', { key: 'tablesVoisines.follows' }));
    expect(heard).toHaveBeenCalledTimes(2);
    expect(store.get()).toEqual([marmite, jardin]);
    unsubscribe();
  });

  it('lives on for the page when the browser refuses its storage', () => {
    const refusing = {
      getItem: () => {
        throw new DOMException('refusé', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('plein', 'QuotaExceededError');
      },
    } as unknown as Storage;
    const store = createFollowStore('tablesVoisines.follows', refusing);
    expect(store.get()).toEqual([]);
    store.set([jardin]);
    expect(store.get()).toEqual([jardin]);
  });

  it('copies each change where the service worker reads it (Cache Storage)', async () => {
    const put = vi.fn(async () => undefined);
    vi.stubGlobal('caches', { open: vi.fn(async () => ({ put })) });
    createFollowStore('tablesVoisines.follows', localStorage).set([marmite, jardin]);
    await vi.waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    const [url, response] = put.mock.calls[0] as unknown as [string, Response];
    expect(url).toBe('/follows.json');
    expect(await response.json()).toEqual([{ id: marmite.id }, { id: jardin.id }]);
  });
});

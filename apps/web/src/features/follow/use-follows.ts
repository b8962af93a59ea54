import { useMemo, useSyncExternalStore } from 'react';
import { useRouteLoaderData } from 'react-router';
import type { PublicSettings } from '@tables-voisines/contract/public-data';
import { storagePrefix } from '../pwa/storage-prefix';
import { getFollowStore, type FollowedPlace, type FollowStore } from './follow-store';

/** The site's short name when the root's settings are not there (as the root's own default). */
const DEFAULT_SHORT_NAME = 'Tables Voisines';

const NONE: readonly FollowedPlace[] = [];
const serverSnapshot = () => NONE;

/**
 * The followed places, for a component: none on the server and during hydration (the pages are pre-rendered
 * for everyone), the browser's list right after.
 */
export function useFollows(store: FollowStore | null): readonly FollowedPlace[] {
  return useSyncExternalStore(
    store?.subscribe ?? noSubscription,
    store?.get ?? serverSnapshot,
    serverSnapshot,
  );
}

const noSubscription = () => () => {};

/** The browser's list for this site (its storage prefix from the site's short name); `null` on the server. */
export function useFollowStore(): FollowStore | null {
  const settings = useRouteLoaderData('root') as PublicSettings | undefined;
  const shortName = settings?.siteShortName ?? DEFAULT_SHORT_NAME;
  return useMemo(
    () => (typeof window === 'undefined' ? null : getFollowStore(storagePrefix(shortName))),
    [shortName],
  );
}

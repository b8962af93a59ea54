import { useEffect } from 'react';
import type { Group } from '@tables-voisines/contract/schemas/group';
import { publicApiRequest } from '../../lib/public-api';
import type { MapStore } from './map-store';
import { logLoadFailure } from '../../lib/log-load-failure';

/** `GET /api/groups/`: every group, for the current-group banner and the circles on the map. */
export function fetchGroups(signal?: AbortSignal): Promise<Group[]> {
  return publicApiRequest('listGroups', { signal });
}

const RETRY_DELAY_MS = 2000;

/**
 * Loads the groups once while the map layout is shown and hands them to the map state, where the map and
 * the panel read them. A plain effect rather than react-query: detail pages show this layout, and this
 * keeps react-query's observer code out of their JavaScript. One retry, then the failure is logged.
 */
export function useLoadGroups(store: MapStore): void {
  useEffect(() => {
    const controller = new AbortController();
    let timer: number | undefined;
    const load = (attempt: number) => {
      fetchGroups(controller.signal).then(
        (groups) => store.dispatch({ type: 'groupsLoaded', groups }),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          if (attempt === 0) timer = window.setTimeout(() => load(1), RETRY_DELAY_MS);
          else logLoadFailure('Groups could not be loaded', error);
        },
      );
    };
    load(0);
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [store]);
}

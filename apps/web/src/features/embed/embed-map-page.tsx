import { useEffect, useState } from 'react';
import type { Group } from '@tables-voisines/contract/schemas/group';
import { HomePanel, townForQuery } from '../map/home-panel';
import { MapArea } from '../map/map-area';
import { NO_FILTERS } from '../map/map-filter-state';
import { createInitialMapState, type MapViewState } from '../map/map-state';
import { MapStoreProvider, useMapStore } from '../map/map-store';
import { PLACE_ZOOM } from '../map/use-place-search';
import { publicApiRequest } from '../../lib/public-api';
import { QueryProvider } from '../../lib/query-provider';
import { EmbedContext } from './embed-context';
import { circleBounds, type EmbedQuery } from './embed-paths';
import './embed.css';

export interface EmbedMapProps {
  query: EmbedQuery;
  /** The group `groupe` names; `null` without one, or when it is unknown (`groupUnknown`). */
  group: Group | null;
  groupUnknown: boolean;
  siteName: string;
  /** The site's public address, without a trailing slash: where every link of the frame goes. */
  siteUrl: string;
  mapStyleUrl: string | null;
  serverClustersFrom: number | undefined;
}

/** The map's first state: the group's circle in view, its members the list; the address's category chosen. */
function initialState(group: Group | null, query: EmbedQuery): MapViewState {
  const state = createInitialMapState();
  const filters = { ...NO_FILTERS, ...query.category };
  if (group === null) return { ...state, filters };
  const bounds = circleBounds(group);
  const center = { latitude: group.latitude, longitude: group.longitude };
  return {
    ...state,
    filters,
    groups: [group],
    currentGroup: group,
    fixedGroup: group,
    viewRequest: { id: 1, center, zoom: state.zoom, bounds },
  };
}

/** `ville`: the town the server ranks first for it, as the search field's Enter would choose it. */
function useTownInAddress(town: string | null) {
  const store = useMapStore();
  useEffect(() => {
    if (town === null) return undefined;
    const controller = new AbortController();
    publicApiRequest('searchPlaces', { query: { q: town, limit: 5 }, signal: controller.signal }).then(
      (found) => {
        const place = townForQuery(found, town) ?? found[0];
        if (place === undefined) return;
        store.dispatch({
          type: 'townChosen',
          town: { name: place.name, location: { latitude: place.latitude, longitude: place.longitude } },
          zoom: PLACE_ZOOM,
        });
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [store, town]);
}

function EmbedFrame({ group, query, siteName, siteUrl, mapStyleUrl, serverClustersFrom }: EmbedMapProps) {
  useTownInAddress(group === null ? query.town : null);
  const title =
    group !== null
      ? `Carte des membres de ${group.name}`
      : query.town !== null
        ? `Carte des établissements : ${query.town}`
        : `Carte des établissements de ${siteName}`;
  return (
    <main className="tv-embed">
      <section className="tv-embed__panel" aria-labelledby="titre-carte">
        <h1 id="titre-carte" className="tv-visually-hidden">
          {title}
        </h1>
        <QueryProvider>
          <HomePanel />
        </QueryProvider>
        <p className="tv-small tv-muted tv-embed__credit">
          Carte :{' '}
          <a href={`${siteUrl}/`} target="_blank" rel="noopener" className="tv-link tv-strong">
            {siteName}
          </a>
          <span className="tv-visually-hidden"> (nouvel onglet)</span>
        </p>
      </section>
      <div id="carte" className="tv-embed__map">
        <MapArea mapStyleUrl={mapStyleUrl} serverClustersFrom={serverClustersFrom} />
      </div>
    </main>
  );
}

/**
 * `/integrer/carte`: the map and its list in another site's frame, without the site's header, banner nor
 * install prompt; every link opens the full site in a new tab (`EmbedContext`). The home page's map and
 * panel, in their embedded mode.
 */
export function EmbedMapPage(props: EmbedMapProps) {
  const { group, query, groupUnknown, siteName, siteUrl } = props;
  const [initial] = useState(() => initialState(group, query));
  if (groupUnknown) {
    return (
      <main className="tv-embed__message">
        <div>
          <h1 className="tv-subtitle">Carte introuvable</h1>
          <p className="tv-text">Ce collectif n’existe pas ou n’existe plus.</p>
          <p className="tv-small tv-muted">
            <a href={`${siteUrl}/`} target="_blank" rel="noopener" className="tv-link">
              Voir la carte de {siteName}
            </a>
          </p>
        </div>
      </main>
    );
  }
  return (
    <EmbedContext.Provider value={{ siteUrl }}>
      <MapStoreProvider initial={initial}>
        <EmbedFrame {...props} />
      </MapStoreProvider>
    </EmbedContext.Provider>
  );
}

import type { PublicSettings } from '@tables-voisines/contract/public-data';
import { useRouteLoaderData } from 'react-router';
import { EmbedMapPage } from '../../features/embed/embed-map-page';
import { mayBeGroupId, parseEmbedQuery } from '../../features/embed/embed-paths';
import { loadMapChunkEarly } from '../../features/map/map-area';
import { KIND_CHIP_LABELS, VENUE_TYPE_CHIP_LABELS } from '../../features/map/home-panel';
import { publicDataContext } from '../public-data-context';
import type { Route } from './+types/embed-map';

// The map is this page, as on the home page: its chunk is asked as soon as this module runs.
loadMapChunkEarly();

/**
 * `/integrer/carte?groupe={id}&categorie=…&ville=…` (issue 52): the group is read on the server, so that
 * the frame's first paint already names it, or says it is unknown.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const data = context.get(publicDataContext);
  const query = parseEmbedQuery(new URL(request.url).searchParams, {
    kinds: KIND_CHIP_LABELS,
    venueTypes: VENUE_TYPE_CHIP_LABELS,
  });
  const id = query.groupId;
  const group =
    id === null || !mayBeGroupId(id) ? null : ((await data.listGroups()).find((g) => g.id === id) ?? null);
  return {
    query,
    group,
    groupUnknown: id !== null && group === null,
    siteName: data.settings.siteName,
    siteUrl: data.settings.publicUrl.replace(/\/+$/, ''),
  };
}

export function meta({ data }: Route.MetaArgs) {
  const siteName = data?.siteName ?? 'Tables Voisines';
  const what = data?.group != null ? `Carte des membres de ${data.group.name}` : 'Carte des établissements';
  // A page for other sites' frames: the site's own pages are what search engines should list.
  return [{ title: `${what} — ${siteName}` }, { name: 'robots', content: 'noindex' }];
}

export default function EmbedMap({ loaderData }: Route.ComponentProps) {
  const settings = useRouteLoaderData('root') as PublicSettings | undefined;
  return (
    <EmbedMapPage
      {...loaderData}
      mapStyleUrl={settings?.mapStyleUrl ?? null}
      serverClustersFrom={settings?.mapServerClustersFrom}
    />
  );
}

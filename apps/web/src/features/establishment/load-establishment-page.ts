import { data } from 'react-router';
import type { PublicData } from '@tables-voisines/contract/public-data';
import type { Kind } from '@tables-voisines/contract/labels';
import { establishmentPath } from '@tables-voisines/contract/site-paths';
import { redirectToMovedPage } from '../site/moved-page';

/** Places nearby a page links to (« À proximité »). */
export const NEARBY_LINKS = 5;

/**
 * The detail page's data, from the live reads the API hands to loaders. The uri in the address matches
 * exactly whatever its percent-encoding (React Router decodes it; uris are stored in NFC). Unknown or
 * disabled: a real 404; closed for good or deleted: a 410 whose data is the place gone and its neighbours. Reached by id (the specification's generic pattern), by an address the page had
 * before, or under the other kind (printed before an admin changed it): a permanent redirect to the page's
 * own address, so that no poster or shared link ever breaks.
 */
export async function loadEstablishmentPage(
  publicData: PublicData,
  request: Request,
  kind: Kind,
  uriOrId: string,
) {
  const establishment = await publicData.getPublicEstablishment(uriOrId.normalize('NFC'));
  if (establishment === null) {
    // Closed for good, or deleted: 410 at every address it had (printed posters), with places nearby.
    const gone = await publicData.getGonePlace(uriOrId.normalize('NFC'), NEARBY_LINKS);
    throw data(gone, { status: gone === null ? 404 : 410 });
  }
  if (establishment.uri !== uriOrId.normalize('NFC') || establishment.kind !== kind) {
    throw redirectToMovedPage(request, establishmentPath(establishment.kind, establishment.uri));
  }
  const [menuBoard, groups, nearby] = await Promise.all([
    publicData.getTodayMenuBoard(establishment.id),
    publicData.getEstablishmentGroups(establishment.id),
    publicData.getNearbyEstablishments(establishment.id, NEARBY_LINKS),
  ]);
  const categoryIds = [
    ...new Set([...establishment.categories, ...(menuBoard?.items.map((i) => i.category) ?? [])]),
  ];
  const categories = await publicData.getCategories(categoryIds);
  return {
    establishment,
    menuBoard,
    groups,
    nearby,
    categories,
    publicUrl: publicData.settings.publicUrl,
    siteName: publicData.settings.siteName,
    renderedAt: new Date().toISOString(),
  };
}

export type EstablishmentPageData = Awaited<ReturnType<typeof loadEstablishmentPage>>;

import { data } from 'react-router';
import type { PublicData } from '@tables-voisines/contract/public-data';
import type { Kind } from '@tables-voisines/contract/labels';
import { establishmentPath } from '@tables-voisines/contract/site-paths';
import { redirectToMovedPage } from '../site/moved-page';
import type { NotFoundData } from '../site/not-found-content';

/** Places nearby a page links to (« À proximité »). */
export const NEARBY_LINKS = 5;

/** Pages the 404 of an unknown address suggests (« Vous cherchiez peut-être : … »). */
export const SUGGESTED_LINKS = 4;

/**
 * The detail page's data, from the live reads the API hands to loaders. The uri in the address matches
 * exactly whatever its percent-encoding (React Router decodes it; uris are stored in NFC). Closed for good
 * or deleted: a 410 whose data is the place gone and its neighbours. Reached by id (`/restaurant/{id}`,
 * the generic pattern), by an address the page had before, or under the other kind (printed before an admin
 * changed it): a permanent redirect to the page's own address, so that no poster or shared link ever
 * breaks; so too an address that is one public page's once accents, case and punctuation are folded
 * (decision 0074). Unknown or disabled otherwise: a real 404 suggesting pages named like the address.
 */
export async function loadEstablishmentPage(
  publicData: PublicData,
  request: Request,
  kind: Kind,
  uriOrId: string,
) {
  const asked = uriOrId.normalize('NFC');
  const establishment = await publicData.getPublicEstablishment(asked);
  if (establishment === null) {
    // Closed for good, or deleted: 410 at every address it had (printed posters), with places nearby.
    const gone = await publicData.getGonePlace(asked, NEARBY_LINKS);
    if (gone !== null) throw data(gone, { status: 410 });
    // Typed without its accents, in capitals or without its apostrophes (`le-vesuve-a-cavaillon`): the one
    // public page whose address it is once folded. Several such pages: the 404, which suggests them.
    const folded = await publicData.findPageByFoldedAddress(asked);
    if (folded !== null) throw redirectToMovedPage(request, establishmentPath(folded.kind, folded.uri));
    const suggestions = await publicData.suggestPages(asked, SUGGESTED_LINKS);
    throw data({ suggestions } satisfies NotFoundData, { status: 404 });
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
    /** Where the browser keeps this site's data (`storagePrefix`): the followed places' list. */
    siteShortName: publicData.settings.siteShortName,
    renderedAt: publicData.now().toISOString(),
  };
}

export type EstablishmentPageData = Awaited<ReturnType<typeof loadEstablishmentPage>>;

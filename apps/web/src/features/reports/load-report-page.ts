import { data } from 'react-router';
import type { Kind } from '@tables-voisines/contract/labels';
import type { PublicData } from '@tables-voisines/contract/public-data';
import { establishmentPath } from '@tables-voisines/contract/site-paths';
import { redirectToMovedPage } from '../site/moved-page';

/** The address of an establishment's « Signaler une erreur » page. */
export function reportPath(kind: Kind, uri: string): string {
  return `${establishmentPath(kind, uri)}/signaler`;
}

/**
 * The report page's data: the establishment it is about, as its own page finds it. Unknown or disabled:
 * the real 404; an old address or the other kind: a permanent redirect to the current report page.
 */
export async function loadReportPage(publicData: PublicData, request: Request, kind: Kind, uriOrId: string) {
  const uri = uriOrId.normalize('NFC');
  const establishment = await publicData.getPublicEstablishment(uri);
  if (establishment === null) throw data(null, { status: 404 });
  if (establishment.uri !== uri || establishment.kind !== kind) {
    throw redirectToMovedPage(request, reportPath(establishment.kind, establishment.uri));
  }
  return {
    establishment: {
      id: establishment.id,
      kind: establishment.kind,
      uri: establishment.uri,
      name: establishment.name,
      town: establishment.address.town,
      // The map beside the form shows the place, as beside its page.
      location: establishment.location,
    },
    siteName: publicData.settings.siteName,
  };
}

export type ReportPageData = Awaited<ReturnType<typeof loadReportPage>>;

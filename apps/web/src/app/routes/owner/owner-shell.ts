import type { RouterContextProvider } from 'react-router';
import type { OwnerShellData } from '../../../features/owner/owner-session';
import { publicDataContext } from '../../public-data-context';

/**
 * The server loader of every owners' space screen: the shell is rendered signed out, and the browser's
 * loader needs only the site's short name to find the session (`startedSession`).
 */
export function ownerShellData(context: Readonly<RouterContextProvider>): OwnerShellData {
  return { siteShortName: context.get(publicDataContext).settings.siteShortName };
}

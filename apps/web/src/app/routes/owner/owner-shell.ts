import type { ClientLoaderFunctionArgs, RouterContextProvider } from 'react-router';
import type { ScreenStep } from '../../../features/owner/owner-paths';
import { requireStep, type OwnerShellData, type ScreenSession } from '../../../features/owner/owner-session';
import { publicDataContext } from '../../public-data-context';

/**
 * The server loader of every owners' space screen: the shell is rendered signed out, and the browser's
 * loader needs only the site's short name to find the session (`startedSession`).
 */
export function loadOwnerShell({ context }: { context: Readonly<RouterContextProvider> }): OwnerShellData {
  return { siteShortName: context.get(publicDataContext).settings.siteShortName };
}

type ScreenClientLoader<T> = ((args: ClientLoaderFunctionArgs) => Promise<T>) & { hydrate: true };

/**
 * The browser loader of an owners' space screen, run before the screen is drawn: the session started, an
 * owner at another step than `step` sent to its own screen; then what `load` reads for the screen, if any.
 */
export function screenClientLoader(step: ScreenStep): ScreenClientLoader<null>;
export function screenClientLoader<T>(
  step: ScreenStep,
  load: (session: ScreenSession, url: URL) => Promise<T>,
): ScreenClientLoader<T>;
export function screenClientLoader<T>(
  step: ScreenStep,
  load?: (session: ScreenSession, url: URL) => Promise<T>,
): ScreenClientLoader<T | null> {
  const clientLoader = async (args: ClientLoaderFunctionArgs) => {
    const session = await requireStep(args, step);
    return load === undefined ? null : load(session, new URL(args.request.url));
  };
  return Object.assign(clientLoader, { hydrate: true as const });
}

import { OwnerHomePage } from '../../../features/owner/owner-home-page';
import { loadEstablishmentScreen } from '../../../features/owner/owner-loaders';
import { requireStep } from '../../../features/owner/owner-session';
import { OwnerLoading, ownerMeta } from '../../../features/owner/owner-ui';
import type { Route } from './+types/owner-home';
import { ownerShellData } from './owner-shell';

export function meta() {
  return ownerMeta('Mon espace');
}

export function loader({ context }: Route.LoaderArgs) {
  return ownerShellData(context);
}

// Before the screen is drawn: the session started, an owner at another step sent to its own screen.
export async function clientLoader(args: Route.ClientLoaderArgs) {
  return loadEstablishmentScreen(await requireStep(args, 'ready'));
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <OwnerLoading />;
}

export default function Route({ loaderData }: Route.ComponentProps) {
  return <OwnerHomePage loaded={loaderData} />;
}

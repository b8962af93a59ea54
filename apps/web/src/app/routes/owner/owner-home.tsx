import { OwnerHomePage } from '../../../features/owner/owner-home-page';
import { loadEstablishmentScreen } from '../../../features/owner/owner-loaders';
import { OwnerLoading, ownerMeta } from '../../../features/owner/owner-ui';
import type { Route } from './+types/owner-home';
import { loadOwnerShell, screenClientLoader } from './owner-shell';

export function meta() {
  return ownerMeta('Mon espace');
}

export const loader = loadOwnerShell;
export const clientLoader = screenClientLoader('ready', loadEstablishmentScreen);
export const HydrateFallback = OwnerLoading;

export default function Route({ loaderData }: Route.ComponentProps) {
  return <OwnerHomePage loaded={loaderData} />;
}

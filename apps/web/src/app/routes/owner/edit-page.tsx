import { EditPage } from '../../../features/owner/edit-page';
import { loadEstablishmentScreen } from '../../../features/owner/owner-loaders';
import { OwnerLoading, ownerMeta } from '../../../features/owner/owner-ui';
import type { Route } from './+types/edit-page';
import { loadOwnerShell, screenClientLoader } from './owner-shell';

export function meta() {
  return ownerMeta('Ma page');
}

export const loader = loadOwnerShell;
export const clientLoader = screenClientLoader('ready', loadEstablishmentScreen);
export const HydrateFallback = OwnerLoading;

export default function Route({ loaderData }: Route.ComponentProps) {
  return <EditPage loaded={loaderData} />;
}

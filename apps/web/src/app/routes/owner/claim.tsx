import { ClaimPage } from '../../../features/owner/claim-page';
import { loadCurrentEstablishment } from '../../../features/owner/owner-loaders';
import { requireStep } from '../../../features/owner/owner-session';
import { OwnerLoading, ownerMeta } from '../../../features/owner/owner-ui';
import type { Route } from './+types/claim';
import { ownerShellData } from './owner-shell';

export function meta() {
  return ownerMeta('Rattacher mon établissement');
}

export function loader({ context }: Route.LoaderArgs) {
  return ownerShellData(context);
}

// Before the screen is drawn: the session started, an owner at another step sent to its own screen.
export async function clientLoader(args: Route.ClientLoaderArgs) {
  return loadCurrentEstablishment(await requireStep(args, 'unlinked'));
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <OwnerLoading />;
}

export default function Route({ loaderData }: Route.ComponentProps) {
  return <ClaimPage current={loaderData} />;
}

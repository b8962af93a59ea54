import { ClaimPage } from '../../../features/owner/claim-page';
import { loadClaimScreen } from '../../../features/owner/owner-loaders';
import { OwnerLoading, ownerMeta } from '../../../features/owner/owner-ui';
import type { Route } from './+types/claim';
import { loadOwnerShell, screenClientLoader } from './owner-shell';

export function meta() {
  return ownerMeta('Rattacher mon établissement');
}

export const loader = loadOwnerShell;
export const clientLoader = screenClientLoader('unlinked', loadClaimScreen);
export const HydrateFallback = OwnerLoading;

export default function Route({ loaderData }: Route.ComponentProps) {
  return <ClaimPage current={loaderData.current} detached={loaderData.detached} />;
}

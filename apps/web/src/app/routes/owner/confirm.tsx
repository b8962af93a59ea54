import { ConfirmPage } from '../../../features/owner/confirm-page';
import { OwnerLoading, ownerMeta } from '../../../features/owner/owner-ui';
import { loadOwnerShell, screenClientLoader } from './owner-shell';

export function meta() {
  return ownerMeta('Confirmer mon adresse e-mail');
}

export const loader = loadOwnerShell;
export const clientLoader = screenClientLoader('unconfirmed');
export const HydrateFallback = OwnerLoading;

export default function Route() {
  return <ConfirmPage />;
}

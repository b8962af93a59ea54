import { SignUpPage } from '../../../features/owner/sign-up-page';
import { OwnerLoading, ownerMeta } from '../../../features/owner/owner-ui';
import { loadOwnerShell, screenClientLoader } from './owner-shell';

export function meta() {
  return ownerMeta('Créer mon compte');
}

export const loader = loadOwnerShell;
export const clientLoader = screenClientLoader('signed-out');
export const HydrateFallback = OwnerLoading;

export default function Route() {
  return <SignUpPage />;
}

import { SignInPage } from '../../../features/owner/sign-in-page';
import { OwnerLoading, ownerMeta } from '../../../features/owner/owner-ui';
import { loadOwnerShell, screenClientLoader } from './owner-shell';

export function meta() {
  return ownerMeta('Connexion');
}

export const loader = loadOwnerShell;
export const clientLoader = screenClientLoader('signed-out');
export const HydrateFallback = OwnerLoading;

export default function Route() {
  return <SignInPage />;
}

import { SignInPage } from '../../../features/owner/sign-in-page';
import { requireStep } from '../../../features/owner/owner-session';
import { OwnerLoading, ownerMeta } from '../../../features/owner/owner-ui';
import type { Route } from './+types/sign-in';
import { ownerShellData } from './owner-shell';

export function meta() {
  return ownerMeta('Connexion');
}

export function loader({ context }: Route.LoaderArgs) {
  return ownerShellData(context);
}

// Before the screen is drawn: the session started, an owner at another step sent to its own screen.
export async function clientLoader(args: Route.ClientLoaderArgs) {
  await requireStep(args, 'signed-out');
  return null;
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <OwnerLoading />;
}

export default function Route() {
  return <SignInPage />;
}

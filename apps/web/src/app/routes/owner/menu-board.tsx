import { MenuBoardPage } from '../../../features/owner/menu-board-page';
import { loadMenuBoardScreen } from '../../../features/owner/owner-loaders';
import { requireStep } from '../../../features/owner/owner-session';
import { OwnerLoading, ownerMeta } from '../../../features/owner/owner-ui';
import type { Route } from './+types/menu-board';
import { ownerShellData } from './owner-shell';

export function meta() {
  return ownerMeta('Ardoise du jour');
}

export function loader({ context }: Route.LoaderArgs) {
  return ownerShellData(context);
}

// Before the screen is drawn: the session started, an owner at another step sent to its own screen.
export async function clientLoader(args: Route.ClientLoaderArgs) {
  return loadMenuBoardScreen(await requireStep(args, 'ready'), new URL(args.request.url));
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <OwnerLoading />;
}

export default function Route({ loaderData }: Route.ComponentProps) {
  return <MenuBoardPage loaded={loaderData} />;
}

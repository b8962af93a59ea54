import { MenuBoardPage } from '../../../features/owner/menu-board-page';
import { loadMenuBoardScreen } from '../../../features/owner/owner-loaders';
import { OwnerLoading, ownerMeta } from '../../../features/owner/owner-ui';
import type { Route } from './+types/menu-board';
import { loadOwnerShell, screenClientLoader } from './owner-shell';

export function meta() {
  return ownerMeta('Ardoise du jour');
}

export const loader = loadOwnerShell;
export const clientLoader = screenClientLoader('ready', loadMenuBoardScreen);
export const HydrateFallback = OwnerLoading;

export default function Route({ loaderData }: Route.ComponentProps) {
  return <MenuBoardPage loaded={loaderData} />;
}

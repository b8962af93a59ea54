import { MenuBoardPage } from '../../../features/owner/menu-board-page';
import { ownerMeta } from '../../../features/owner/owner-ui';

export function meta() {
  return ownerMeta('Ardoise du jour');
}

export default function Route() {
  return <MenuBoardPage />;
}

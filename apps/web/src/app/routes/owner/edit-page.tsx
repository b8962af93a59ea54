import { EditPage } from '../../../features/owner/edit-page';
import { ownerMeta } from '../../../features/owner/owner-ui';

export function meta() {
  return ownerMeta('Ma page');
}

export default function Route() {
  return <EditPage />;
}

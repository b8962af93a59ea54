import { HistoryPage } from '../../../features/owner/history-page';
import { ownerMeta } from '../../../features/owner/owner-ui';

export function meta() {
  return ownerMeta('Historique');
}

export default function Route() {
  return <HistoryPage />;
}

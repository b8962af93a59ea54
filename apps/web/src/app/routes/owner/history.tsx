import { HistoryPage } from '../../../features/owner/history-page';
import { OwnerLoading, ownerMeta } from '../../../features/owner/owner-ui';
import { loadOwnerShell, screenClientLoader } from './owner-shell';

export function meta() {
  return ownerMeta('Historique');
}

export const loader = loadOwnerShell;
export const clientLoader = screenClientLoader('ready');
export const HydrateFallback = OwnerLoading;

export default function Route() {
  return <HistoryPage />;
}

import { ReportsPage } from '../../../features/owner/reports-page';
import { OwnerLoading, ownerMeta } from '../../../features/owner/owner-ui';
import { loadOwnerShell, screenClientLoader } from './owner-shell';

export function meta() {
  return ownerMeta('Signalements');
}

export const loader = loadOwnerShell;
export const clientLoader = screenClientLoader('ready');
export const HydrateFallback = OwnerLoading;

export default function Route() {
  return <ReportsPage />;
}

import { StatsPage } from '../../../features/owner/stats-page';
import { OwnerLoading, ownerMeta } from '../../../features/owner/owner-ui';
import { loadOwnerShell, screenClientLoader } from './owner-shell';

export function meta() {
  return ownerMeta('Statistiques');
}

export const loader = loadOwnerShell;
export const clientLoader = screenClientLoader('ready');
export const HydrateFallback = OwnerLoading;

export default function Route() {
  return <StatsPage />;
}

import { ClaimPage } from '../../../features/owner/claim-page';
import { ownerMeta } from '../../../features/owner/owner-ui';

export function meta() {
  return ownerMeta('Rattacher mon établissement');
}

export default function Route() {
  return <ClaimPage />;
}

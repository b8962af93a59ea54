import { OwnerHomePage } from '../../../features/owner/owner-home-page';
import { ownerMeta } from '../../../features/owner/owner-ui';

export function meta() {
  return ownerMeta('Mon espace');
}

export default function Route() {
  return <OwnerHomePage />;
}

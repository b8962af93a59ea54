import { Outlet } from 'react-router';
import { OwnerFrame, ownerMeta } from '../../../features/owner/owner-ui';

export function meta() {
  return ownerMeta('Mon espace');
}

/** `/espace-restaurateur/*`: rendered as a shell on the server, the owner's data loads in the browser. */
export default function OwnerLayout() {
  return (
    <OwnerFrame>
      <Outlet />
    </OwnerFrame>
  );
}

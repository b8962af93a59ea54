import { Outlet } from 'react-router';
import { OwnerFrame, ownerMeta } from '../../../features/owner/owner-ui';
import { QueryProvider } from '../../../lib/query-provider';
import { MuiProviders } from '../../../theme/mui-providers';

export function meta() {
  return ownerMeta('Mon espace');
}

/** `/espace-restaurateur/*`: rendered as a shell on the server, the owner's data loads in the browser. */
export default function OwnerLayout() {
  return (
    <MuiProviders>
      <QueryProvider>
        <OwnerFrame>
          <Outlet />
        </OwnerFrame>
      </QueryProvider>
    </MuiProviders>
  );
}

import { Outlet } from 'react-router';
import { MapShell } from '../../features/map/map-shell';

export default function MapLayout() {
  return (
    <MapShell>
      <Outlet />
    </MapShell>
  );
}

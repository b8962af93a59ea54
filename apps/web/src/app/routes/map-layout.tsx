import { Outlet } from 'react-router';
import { MapPageFrame } from '../../features/map/map-page-frame';

export default function MapLayout() {
  return (
    <MapPageFrame>
      <Outlet />
    </MapPageFrame>
  );
}

import { Outlet } from 'react-router';

// Placeholder: the map feature (features/map) takes this layout over.
export default function MapLayout() {
  return <Outlet />;
}

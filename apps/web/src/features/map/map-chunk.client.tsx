import type { ComponentProps } from 'react';
import { QueryProvider } from '../../lib/query-provider';
import MapView from './map-view.client';

/** The lazy map chunk with TanStack Query, which its data hooks use (the detail page loads it with the map). */
export default function MapViewWithData(props: ComponentProps<typeof MapView>) {
  return (
    <QueryProvider>
      <MapView {...props} />
    </QueryProvider>
  );
}

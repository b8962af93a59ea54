import type { ComponentProps } from 'react';
import { QueryProvider } from '../../lib/query-provider';
import MapCanvas from './map-canvas.client';

/**
 * The entry of the map's lazy chunk (MapArea loads it): the MapLibre map with TanStack Query, which its data
 * hooks use (the detail page loads it with the map).
 */
export default function MapChunk(props: ComponentProps<typeof MapCanvas>) {
  return (
    <QueryProvider>
      <MapCanvas {...props} />
    </QueryProvider>
  );
}

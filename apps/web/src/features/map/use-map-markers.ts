import * as maplibregl from 'maplibre-gl';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, type RefObject } from 'react';
import { createHighlightMarker, createSelectedMarker, createTownMarker } from './marker-elements';
import type { MapEstablishment } from './map-rules';
import type { ChosenTown } from './map-state';
import { followTownMark } from './town-mark';

/**
 * The HTML markers over the map: the list's hovered or focused establishment, wherever it is (alone or
 * inside a cluster), the selected one with its name, and the town chosen in the search field.
 */
export function useMapMarkers(
  mapRef: RefObject<MapLibreMap | null>,
  mapInitialized: boolean,
  highlighted: MapEstablishment | null,
  current: MapEstablishment | null,
  town: ChosenTown | null,
): void {
  useEffect(() => {
    const map = mapRef.current;
    if (map === null || !mapInitialized || town === null) return;
    // Its ring on the town's centre, its name beside it where it covers no marker (town-mark.ts).
    const lngLat: [number, number] = [town.location.longitude, town.location.latitude];
    const element = createTownMarker(town.name);
    const marker = new maplibregl.Marker({ element, anchor: 'center' }).setLngLat(lngLat).addTo(map);
    const stop = followTownMark(map, element, lngLat);
    return () => {
      stop();
      marker.remove();
    };
  }, [mapRef, mapInitialized, town]);

  useEffect(() => {
    const map = mapRef.current;
    if (map === null || !mapInitialized || highlighted === null) return;
    const marker = new maplibregl.Marker({ element: createHighlightMarker() })
      .setLngLat([highlighted.location.longitude, highlighted.location.latitude])
      .addTo(map);
    return () => {
      marker.remove();
    };
  }, [mapRef, mapInitialized, highlighted]);

  useEffect(() => {
    const map = mapRef.current;
    if (map === null || !mapInitialized || current === null) return;
    const marker = new maplibregl.Marker({
      element: createSelectedMarker(current.kind, current.name),
      anchor: 'top',
    })
      .setLngLat([current.location.longitude, current.location.latitude])
      .setOffset([0, -24])
      .addTo(map);
    return () => {
      marker.remove();
    };
  }, [mapRef, mapInitialized, current]);
}

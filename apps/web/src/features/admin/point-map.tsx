import * as maplibregl from 'maplibre-gl';
import type { GeoJSONSource, Map as MapLibreMap, Marker } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import Box from '@mui/material/Box';
import { useEffect, useRef } from 'react';
import { isValidPoint, type LatLng } from '@tables-voisines/contract/geo';
import { createOfflineStyle } from '../map/base-style';
import { circleRing } from '../map/map-rules';
import { MAPLIBRE_FRENCH } from '../map/map-locale';

maplibregl.setWorkerUrl(workerUrl);

const FRANCE_CENTRE: LatLng = { latitude: 46.6, longitude: 2.4 };

export interface PointMapProps {
  /** The pin (or the circle's centre); `null`, or a point out of range, shows no pin. */
  value: LatLng | null;
  /** Called when the admin clicks the map or drags the pin; without it the map only shows the point. */
  onChange?: (point: LatLng) => void;
  /** A circle of this radius (km) around the point (groups). */
  radiusKm?: number | null;
  /** Accessible name of the map. */
  label: string;
}

function circleData(center: LatLng | null, radiusKm: number | null | undefined) {
  const features =
    center === null || radiusKm == null || !(radiusKm > 0)
      ? []
      : [
          {
            type: 'Feature' as const,
            properties: {},
            geometry: { type: 'Polygon' as const, coordinates: [circleRing(center, radiusKm)] },
          },
        ];
  return { type: 'FeatureCollection' as const, features };
}

/** A MapLibre map on the offline base style to place a pin by click or drag (and show a group's circle). */
export function PointMap({ value: given, onChange, radiusKm, label }: PointMapProps) {
  // Coordinates being typed can be out of range (latitude 123): MapLibre throws on them, so no pin.
  const value = isValidPoint(given) ? given : null;
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const markerRef = useRef<Marker | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const initial = useRef(value);
  const readyRef = useRef(false);
  const pendingRef = useRef<(() => void)[]>([]);

  useEffect(() => {
    const container = containerRef.current;
    if (container === null) return;
    const start = initial.current ?? FRANCE_CENTRE;
    const map = new maplibregl.Map({
      container,
      style: createOfflineStyle(window.location.origin),
      center: [start.longitude, start.latitude],
      zoom: initial.current === null ? 4.5 : 8,
      attributionControl: false,
      locale: MAPLIBRE_FRENCH,
    });
    map.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
    map.on('load', () => {
      map.addSource('circle', { type: 'geojson', data: circleData(null, null) });
      map.addLayer({
        id: 'circle-fill',
        type: 'fill',
        source: 'circle',
        paint: { 'fill-color': '#f06023', 'fill-opacity': 0.15 },
      });
      map.addLayer({
        id: 'circle-line',
        type: 'line',
        source: 'circle',
        paint: { 'line-color': '#a8420f', 'line-width': 2 },
      });
      readyRef.current = true;
      for (const run of pendingRef.current.splice(0)) run();
    });
    map.on('click', (event) => {
      onChangeRef.current?.({
        latitude: Number(event.lngLat.lat.toFixed(6)),
        longitude: Number(event.lngLat.lng.toFixed(6)),
      });
    });
    mapRef.current = map;
    return () => {
      markerRef.current = null;
      readyRef.current = false;
      map.remove();
      mapRef.current = null;
    };
  }, []);

  // The pin follows the value.
  useEffect(() => {
    const map = mapRef.current;
    if (map === null) return;
    if (value === null) {
      markerRef.current?.remove();
      markerRef.current = null;
      return;
    }
    if (markerRef.current === null) {
      const marker = new maplibregl.Marker({ color: '#a8420f', draggable: onChangeRef.current !== undefined })
        .setLngLat([value.longitude, value.latitude])
        .addTo(map);
      marker.on('dragend', () => {
        const { lat, lng } = marker.getLngLat();
        onChangeRef.current?.({ latitude: Number(lat.toFixed(6)), longitude: Number(lng.toFixed(6)) });
      });
      markerRef.current = marker;
    } else {
      markerRef.current.setLngLat([value.longitude, value.latitude]);
    }
  }, [value?.latitude, value?.longitude, value]);

  // The circle follows the centre and radius.
  useEffect(() => {
    const map = mapRef.current;
    if (map === null) return;
    const update = () => {
      (map.getSource('circle') as GeoJSONSource | undefined)?.setData(circleData(value, radiusKm));
    };
    if (readyRef.current) update();
    else pendingRef.current.push(update);
  }, [value?.latitude, value?.longitude, radiusKm, value]);

  return (
    <Box
      ref={containerRef}
      role="region"
      aria-label={label}
      sx={{ width: '100%', maxWidth: 720, height: 320, borderRadius: 1, overflow: 'hidden', my: 1 }}
    />
  );
}

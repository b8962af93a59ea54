import Typography from '@mui/material/Typography';
import { useFormContext, useWatch } from 'react-hook-form';
import type { LatLng } from '@tables-voisines/contract/geo';
import { PointMap } from './point-map';

function isPoint(value: unknown): value is LatLng {
  const point = value as Partial<LatLng> | null;
  return (
    typeof point?.latitude === 'number' &&
    typeof point.longitude === 'number' &&
    Number.isFinite(point.latitude) &&
    Number.isFinite(point.longitude)
  );
}

/** The establishment's pin: click the map or drag the pin; the latitude and longitude fields follow. */
export function LocationInput() {
  const { setValue } = useFormContext();
  const location = useWatch({ name: 'location' }) as unknown;
  return (
    <>
      <Typography variant="body2" color="text.secondary">
        Cliquez sur la carte ou déplacez l’épingle pour placer l’établissement.
      </Typography>
      <PointMap
        label="Carte de l’emplacement de l’établissement"
        value={isPoint(location) ? location : null}
        onChange={(point) => {
          setValue('location.latitude', point.latitude, { shouldDirty: true, shouldValidate: true });
          setValue('location.longitude', point.longitude, { shouldDirty: true, shouldValidate: true });
        }}
      />
    </>
  );
}

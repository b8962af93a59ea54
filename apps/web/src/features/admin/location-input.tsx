import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useRecordContext } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { isValidPoint } from '@tables-voisines/contract/geo';
import { PointMap } from './point-map';

const LIMITS = { latitude: 90, longitude: 180 } as const;

/**
 * Checks the latitude and longitude fields as they are typed when a value is out of range (or was): the
 * map cannot show such a point, the field says why at once instead of at saving.
 */
export function useCoordinateChecks(sources: { latitude: string; longitude: string }): void {
  const { trigger, getFieldState } = useFormContext();
  const [latitude, longitude] = useWatch({ name: [sources.latitude, sources.longitude] }) as unknown[];
  useEffect(() => {
    const check = (source: string, value: unknown, limit: number) => {
      const outOfRange = typeof value === 'number' && !(Math.abs(value) <= limit);
      if (outOfRange || getFieldState(source).error !== undefined) void trigger(source);
    };
    check(sources.latitude, latitude, LIMITS.latitude);
    check(sources.longitude, longitude, LIMITS.longitude);
  }, [latitude, longitude, sources.latitude, sources.longitude, trigger, getFieldState]);
}

const LOCATION_SOURCES = { latitude: 'location.latitude', longitude: 'location.longitude' };

/** The establishment's pin: click the map or drag the pin; the latitude and longitude fields follow. */
export function LocationInput() {
  const { setValue } = useFormContext();
  const location = useWatch({ name: 'location' }) as unknown;
  useCoordinateChecks(LOCATION_SOURCES);
  return (
    <>
      <Typography variant="body2" color="text.secondary">
        Cliquez sur la carte ou déplacez l’épingle pour placer l’établissement.
      </Typography>
      <PointMap
        label="Carte de l’emplacement de l’établissement"
        value={isValidPoint(location) ? location : null}
        onChange={(point) => {
          setValue('location.latitude', point.latitude, { shouldDirty: true, shouldValidate: true });
          setValue('location.longitude', point.longitude, { shouldDirty: true, shouldValidate: true });
        }}
      />
    </>
  );
}

/** The establishment's pin, read only (its page for admins who may not change it). */
export function LocationView() {
  const record = useRecordContext();
  const location = record?.location as unknown;
  return (
    <PointMap
      label="Carte de l’emplacement de l’établissement"
      value={isValidPoint(location) ? location : null}
    />
  );
}

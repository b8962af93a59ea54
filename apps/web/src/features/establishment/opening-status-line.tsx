import Box from '@mui/material/Box';
import {
  describeOpeningStatus,
  openingStatus,
  type OpeningHoursEntry,
} from '@tables-voisines/contract/opening-hours';

/** "Ouvert maintenant · ferme à 14 h 30" in green, "Fermé · ouvre à 19 h" in red, both AA on white. */
export function OpeningStatusLine({ hours, now }: { hours: readonly OpeningHoursEntry[]; now: Date }) {
  if (hours.length === 0) return null;
  const status = openingStatus(hours, now);
  return (
    <Box
      component="p"
      data-testid="opening-status"
      sx={{ m: 0, fontWeight: 600, color: status.open ? '#1b5e20' : '#b71c1c' }}
    >
      {describeOpeningStatus(status, now)}
    </Box>
  );
}

import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '../../lib/visually-hidden';
import {
  DAY_NAMES_FR,
  formatFrenchTime,
  parisWeekTime,
  type OpeningHoursEntry,
} from '@tables-voisines/contract/opening-hours';

function slotsOf(hours: readonly OpeningHoursEntry[], day: number): string {
  const slots = hours
    .filter((h) => h.day === day)
    .sort((a, b) => a.opens.localeCompare(b.opens))
    .map((h) => `${formatFrenchTime(h.opens)} – ${formatFrenchTime(h.closes)}`);
  return slots.length === 0 ? 'Fermé' : slots.join(', ');
}

/** The week, Monday first, today's row highlighted. */
export function OpeningHoursTable({ hours, now }: { hours: readonly OpeningHoursEntry[]; now: Date }) {
  const today = parisWeekTime(now).day;
  return (
    <Box
      component="table"
      sx={{ borderCollapse: 'collapse', width: '100%', '& th, & td': { py: 0.5, px: 1, textAlign: 'left' } }}
    >
      <Box component="caption" sx={visuallyHidden}>
        Horaires d’ouverture de la semaine
      </Box>
      <tbody>
        {DAY_NAMES_FR.map((name, index) => {
          const day = index + 1;
          const isToday = day === today;
          return (
            <Box
              component="tr"
              key={name}
              aria-current={isToday ? 'date' : undefined}
              sx={isToday ? { bgcolor: 'grey.100', fontWeight: 700 } : undefined}
            >
              <Box
                component="th"
                scope="row"
                sx={{ fontWeight: 'inherit', textTransform: 'capitalize', width: '40%' }}
              >
                {name}
                {isToday && (
                  <Typography component="span" variant="inherit" sx={visuallyHidden}>
                    {' '}
                    (aujourd’hui)
                  </Typography>
                )}
              </Box>
              <td>{slotsOf(hours, day)}</td>
            </Box>
          );
        })}
      </tbody>
    </Box>
  );
}

import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { VENUE_TYPE_LABELS } from '@tables-voisines/contract/labels';
import { establishmentPhotoAlt } from '../../lib/format';
import type { Closure } from '@tables-voisines/contract/closures';
import { OpeningHoursTable } from '../establishment/opening-hours-table';
import { ClosureAnnouncement, OpeningStatusLine } from '../establishment/opening-status-line';
import type { ClosureRow } from '../closures/closure-rows';
import type { EstablishmentFormValues } from './establishment-form';

const TIME = /^(?:[01][0-9]|2[0-3]):[0-5][0-9]$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The closures the form holds that read as one (a first day, and a last day after it or none). */
export function previewClosures(rows: readonly ClosureRow[]): Closure[] {
  return rows.flatMap((row): Closure[] => {
    if (!DATE.test(row.from)) return [];
    if (row.untilFurtherNotice) return [{ from: row.from, to: null, reason: row.reason.trim() || null }];
    if (!DATE.test(row.to) || row.to < row.from) return [];
    return [{ from: row.from, to: row.to, reason: row.reason.trim() || null }];
  });
}

/**
 * The top of the public page as the form stands, before it is published: its closures as the public page
 * says them (the status line, the one to come, the days of the week they close).
 */
export function PagePreview({
  values,
  photo,
}: {
  values: EstablishmentFormValues;
  /** The photo the page would show (`photoToShow`). */
  photo: { url: string; unpublished: boolean } | null;
}) {
  const hours = values.openingHours.filter(
    (h) => TIME.test(h.opens) && TIME.test(h.closes) && h.opens !== h.closes,
  );
  const closures = previewClosures(values.closures);
  const now = new Date();
  return (
    <Box
      component="section"
      aria-labelledby="apercu"
      sx={{
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        overflow: 'hidden',
        bgcolor: 'background.paper',
      }}
    >
      <Typography id="apercu" variant="h2" sx={{ px: 2, py: 1, bgcolor: 'grey.100', fontSize: '1rem' }}>
        Aperçu de votre page
      </Typography>
      {photo !== null && (
        <Box sx={{ position: 'relative' }}>
          <Box
            component="img"
            src={photo.url}
            alt={establishmentPhotoAlt(values.name)}
            sx={{ display: 'block', width: '100%', aspectRatio: '1200 / 630', objectFit: 'cover' }}
          />
          {photo.unpublished && (
            <Typography
              component="span"
              variant="body2"
              sx={{
                position: 'absolute',
                left: 8,
                top: 8,
                px: 1,
                py: 0.25,
                borderRadius: 1,
                bgcolor: 'grey.900',
                color: 'common.white',
                fontWeight: 600,
              }}
            >
              Photo pas encore publiée
            </Typography>
          )}
        </Box>
      )}
      <Box sx={{ p: 2 }}>
        <Typography variant="h3" component="p" sx={{ fontSize: '1.5rem', fontWeight: 700 }}>
          {values.name || 'Nom de l’établissement'}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {VENUE_TYPE_LABELS[values.venueType]} · {values.town}
          {values.priceRange !== '' && ` · ${values.priceRange}`}
        </Typography>
        <OpeningStatusLine hours={hours} closures={closures} now={now} />
        {values.description.trim() !== '' && (
          <Typography sx={{ mb: 1, whiteSpace: 'pre-line' }}>{values.description}</Typography>
        )}
        <Typography>
          {[values.street, [values.postcode, values.town].filter(Boolean).join(' ')]
            .filter(Boolean)
            .join(', ')}
        </Typography>
        {values.phone.trim() !== '' && <Typography>Tél. {values.phone}</Typography>}
        {values.website.trim() !== '' && (
          <Typography sx={{ wordBreak: 'break-all' }}>{values.website}</Typography>
        )}
        <Box sx={{ mt: 1 }}>
          <ClosureAnnouncement closures={closures} now={now} />
          <OpeningHoursTable hours={hours} now={now} closures={closures} />
        </Box>
      </Box>
    </Box>
  );
}

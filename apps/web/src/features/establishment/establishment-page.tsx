import LanguageIcon from '@mui/icons-material/Language';
import PhoneIcon from '@mui/icons-material/Phone';
import PlaceIcon from '@mui/icons-material/Place';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { KIND_LABELS, VENUE_TYPE_LABELS } from '@tables-voisines/contract/labels';
import { useNow } from '../../lib/use-now';
import { useShowEstablishmentOnMap } from '../map/map-store';
import { EstablishmentPhoto } from './establishment-photo';
import { establishmentUrl } from './establishment-seo';
import { usePublicEstablishment } from './get-public-establishment';
import type { EstablishmentPageData } from './load-establishment-page';
import { MenuBoardSection } from './menu-board-section';
import { OpeningHoursTable } from './opening-hours-table';
import { OpeningStatusLine } from './opening-status-line';
import { ShareButtons } from './share-buttons';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography id={id} variant="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function websiteLabel(url: string): string {
  try {
    return new URL(url).host.replace(/^www\./, '');
  } catch {
    return url;
  }
}

/**
 * A static label shaped like MUI's small outlined chip. These labels do nothing on click, and MUI's Chip
 * (with its delete icon and ripple) would add about 3 KB gzip to the page's JavaScript.
 */
function Tag({ children, sx }: { children: ReactNode; sx?: SxProps<Theme> }) {
  return (
    <Box
      component="span"
      sx={[
        {
          display: 'inline-flex',
          alignItems: 'center',
          height: 24,
          px: 1,
          borderRadius: 3,
          border: 1,
          borderColor: 'grey.400',
          fontSize: '0.8125rem',
          lineHeight: 1,
          whiteSpace: 'nowrap',
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {children}
    </Box>
  );
}

/** Photo, name, type and town, open status, today's board, contact, hours, groups, share. */
export function EstablishmentPage({ page }: { page: EstablishmentPageData }) {
  const establishment = usePublicEstablishment(page.establishment, page.renderedAt);
  const now = useNow(page.renderedAt);
  useShowEstablishmentOnMap(establishment);

  const { address, location } = establishment;
  const street = [address.street, [address.postcode, address.town].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  const directions = `https://www.google.com/maps/dir/?api=1&destination=${location.latitude},${location.longitude}`;
  const url = establishmentUrl(page.publicUrl, establishment);
  const categoryName = new Map(page.categories.map((c) => [c.id, c.name]));
  const cuisines = establishment.categories.flatMap((id) => categoryName.get(id) ?? []);

  return (
    <Box component="article" aria-labelledby="nom" sx={{ p: { xs: 2, md: 3 }, maxWidth: 720, width: '100%' }}>
      <Stack spacing={3}>
        {establishment.photo && <EstablishmentPhoto photo={establishment.photo} name={establishment.name} />}
        <Stack spacing={1}>
          <Typography id="nom" variant="h1">
            {establishment.name}
          </Typography>
          <Typography color="text.secondary">
            {VENUE_TYPE_LABELS[establishment.venueType]} · {address.town}
            {establishment.priceRange && ` · ${establishment.priceRange}`}
          </Typography>
          <OpeningStatusLine hours={establishment.openingHours} now={now} />
          {(establishment.kind === 'remplisvert' || cuisines.length > 0) && (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              {establishment.kind === 'remplisvert' && (
                <Tag sx={{ bgcolor: '#1b5e20', borderColor: '#1b5e20', color: '#fff' }}>
                  {KIND_LABELS.remplisvert}
                </Tag>
              )}
              {cuisines.map((name) => (
                <Tag key={name}>{name}</Tag>
              ))}
            </Box>
          )}
          {establishment.description && <Typography>{establishment.description}</Typography>}
        </Stack>

        {page.menuBoard && page.menuBoard.items.length > 0 && (
          <MenuBoardSection board={page.menuBoard} categories={page.categories} />
        )}

        <Section id="coordonnees" title="Adresse et contact">
          <Stack spacing={1.5}>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
              <PlaceIcon aria-hidden="true" sx={{ color: 'text.secondary', mt: 0.25 }} />
              <Box>
                <Box component="address" sx={{ fontStyle: 'normal' }}>
                  {street}
                </Box>
                <Button
                  href={directions}
                  target="_blank"
                  rel="noopener noreferrer"
                  variant="contained"
                  size="small"
                  sx={{ mt: 1 }}
                >
                  Itinéraire
                </Button>
              </Box>
            </Box>
            {establishment.phone && (
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                <PhoneIcon aria-hidden="true" sx={{ color: 'text.secondary' }} />
                <Link href={`tel:${establishment.phone.replace(/[^\d+]/g, '')}`}>{establishment.phone}</Link>
              </Box>
            )}
            {establishment.website && (
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                <LanguageIcon aria-hidden="true" sx={{ color: 'text.secondary' }} />
                <Link href={establishment.website} target="_blank" rel="noopener noreferrer">
                  {websiteLabel(establishment.website)}
                </Link>
              </Box>
            )}
          </Stack>
        </Section>

        <Section id="horaires" title="Horaires">
          {establishment.openingHours.length === 0 ? (
            <Typography color="text.secondary">Horaires non communiqués.</Typography>
          ) : (
            <OpeningHoursTable hours={establishment.openingHours} now={now} />
          )}
        </Section>

        {page.groups.length > 0 && (
          <Section id="collectifs" title="Collectifs">
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {page.groups.map((group) => (
                <li key={group.id}>{group.name}</li>
              ))}
            </Box>
          </Section>
        )}

        <Section id="partager" title="Partager">
          <ShareButtons url={url} title={`${establishment.name} à ${address.town}`} />
        </Section>
      </Stack>
    </Box>
  );
}

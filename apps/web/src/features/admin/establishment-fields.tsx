import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { BooleanInput, TextInput, useRecordContext } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { DAY_NAMES_FR, formatTimeRange } from '@tables-voisines/contract/opening-hours';
import type { Establishment, Kind } from '@tables-voisines/contract/schemas/establishment';
import { MAX_DISABLED_REASON_LENGTH } from '@tables-voisines/contract/schemas/establishment';
import { establishmentPath } from '@tables-voisines/contract/site-paths';
import { formatFrenchDateTime } from '../../lib/format';

/*
 * Parts of the establishment's form and page that say more than a field: its address and the earlier ones
 * that still lead to it, its visibility and why it is hidden, its week of opening hours.
 */

/** A page address as people read it: `/restaurant/le-zinc-a-lyon`. */
function readablePath(kind: Kind, uri: string): string {
  return `/${kind}/${uri}`;
}

/** The earlier addresses of the page, each answered with a redirect to the current one. */
export function PreviousUris({ record }: { record: Pick<Establishment, 'kind' | 'previousUris'> }) {
  if (record.previousUris.length === 0) return null;
  return (
    <Box>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        Anciennes adresses, qui mènent toujours à la page :
      </Typography>
      <Box component="ul" sx={{ my: 0.5, pl: 3 }} aria-label="Anciennes adresses de la page">
        {record.previousUris.map((uri) => (
          <Box component="li" key={uri} sx={{ overflowWrap: 'anywhere' }}>
            <Link href={establishmentPath(record.kind, uri)} target="_blank" rel="noopener">
              {readablePath(record.kind, uri)}
            </Link>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/**
 * « Adresse de la page »: changed, it warns that the address in use is printed on QR posters and in links
 * people have shared, and that it will keep leading to the page (the server redirects it, forever).
 */
export function UriInput() {
  const record = useRecordContext<Establishment>();
  const uri = useWatch({ name: 'uri' }) as unknown;
  const kind = (useWatch({ name: 'kind' }) as Kind | undefined) ?? record?.kind ?? 'restaurant';
  if (!record) return null;
  const typed = typeof uri === 'string' ? uri.trim() : '';
  const changed = typed !== '' && typed !== record.uri;
  return (
    <Box sx={{ width: '100%', display: 'flex', flexDirection: 'column', gap: 1, mb: 2 }}>
      <TextInput
        source="uri"
        fullWidth
        helperText="Adresse de la page publique, sans espace."
        sx={{ mb: 0 }}
      />
      {changed && (
        <Alert severity="warning" data-testid="uri-warning">
          L’adresse actuelle, <strong>{readablePath(record.kind, record.uri)}</strong>, figure sur les
          affiches à QR code imprimées et dans les liens déjà partagés. Elle continuera de mener à la page :
          les visiteurs seront redirigés vers la nouvelle adresse,{' '}
          <strong>{readablePath(kind, typed)}</strong>.
        </Alert>
      )}
      <PreviousUris record={record} />
    </Box>
  );
}

/**
 * « Désactivé »: hiding a page takes an optional reason, shown to its owner, who is told by e-mail when
 * the page is hidden or shown again. A page shown again loses its reason (the server clears it).
 */
export function VisibilityInputs() {
  const record = useRecordContext<Establishment>();
  const { setValue, getValues } = useFormContext();
  const disabled = useWatch({ name: 'disabled' }) === true;
  useEffect(() => {
    if (!disabled && getValues('disabledReason')) setValue('disabledReason', null, { shouldDirty: true });
  }, [disabled, getValues, setValue]);
  const wasDisabled = record?.disabled === true;
  const hasOwner = record?.restaurantOwner != null;
  return (
    <Box sx={{ width: '100%', display: 'flex', flexDirection: 'column', gap: 1 }}>
      <BooleanInput source="disabled" label="Désactivé (absent du site)" helperText={false} />
      {wasDisabled && record?.disabledAt && (
        <Typography variant="body2" color="text.secondary">
          Masquée depuis le {formatFrenchDateTime(record.disabledAt)}.
        </Typography>
      )}
      {disabled && (
        <TextInput
          source="disabledReason"
          label="Raison (montrée au restaurateur)"
          multiline
          minRows={2}
          fullWidth
          helperText={`Facultative, ${MAX_DISABLED_REASON_LENGTH} caractères au plus : le restaurateur la lit dans son espace et dans l’e-mail qui le prévient.`}
        />
      )}
      {hasOwner && disabled !== wasDisabled && (
        <Alert severity="info" data-testid="owner-told">
          {disabled
            ? 'Le restaurateur de cette page en sera prévenu par e-mail à l’enregistrement, avec la raison donnée.'
            : 'Le restaurateur de cette page sera prévenu par e-mail à l’enregistrement qu’elle est de nouveau visible.'}
        </Alert>
      )}
    </Box>
  );
}

/**
 * « Fermé définitivement »: the place is out of the map, the lists and the search, its addresses answer « Ce
 * restaurant a fermé » with places nearby; its owner keeps its page and is told by e-mail (decision 0070).
 */
export function ClosedForGoodInput() {
  const record = useRecordContext<Establishment>();
  const closed = useWatch({ name: 'closedForGood' }) === true;
  const wasClosed = record?.closedForGood === true;
  const hasOwner = record?.restaurantOwner != null;
  return (
    <Box sx={{ width: '100%', display: 'flex', flexDirection: 'column', gap: 1 }}>
      <BooleanInput
        source="closedForGood"
        label="Fermé définitivement"
        helperText={
          'La page quitte la carte, les listes et la recherche\u00a0; ses adresses, dont celle des affiches, affichent «\u00a0Ce restaurant a fermé\u00a0» avec des établissements proches.'
        }
      />
      {closed !== wasClosed && (
        <Alert severity="info" data-testid="closed-for-good-told">
          {closed
            ? `À l’enregistrement, l’établissement sera indiqué comme fermé définitivement.${hasOwner ? ' Son restaurateur gardera l’accès à sa page et en sera prévenu par e-mail.' : ''}`
            : `À l’enregistrement, la page sera de nouveau publiée.${hasOwner ? ' Son restaurateur en sera prévenu par e-mail.' : ''}`}
        </Alert>
      )}
    </Box>
  );
}

/** The week's opening hours, Monday first, read only. */
export function OpeningHoursView() {
  const record = useRecordContext<Establishment>();
  if (!record) return null;
  return (
    <Table size="small" aria-label="Horaires d’ouverture" sx={{ maxWidth: 480 }}>
      <TableBody>
        {DAY_NAMES_FR.map((name, index) => {
          const slots = record.openingHours
            .filter((range) => range.day === index + 1)
            .sort((a, b) => a.opens.localeCompare(b.opens))
            .map(formatTimeRange);
          return (
            <TableRow key={name}>
              <TableCell component="th" scope="row" sx={{ textTransform: 'capitalize', width: 120 }}>
                {name}
              </TableCell>
              <TableCell>{slots.length === 0 ? 'Fermé' : slots.join(', ')}</TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import MuiLink from '@mui/material/Link';
import { useQuery } from '@tanstack/react-query';
import { Title, useCreatePath, useGetIdentity, useGetList, type RaRecord } from 'react-admin';
import { Link } from 'react-router';
import { useAbility } from './ability-context';
import { RESOURCE_SUBJECTS, type AdminResource } from './admin-ability';
import { formatShortFrenchDateTime } from '../../lib/format';
import { STALE_AFTER_MONTHS, monthsBefore } from '../closures/freshness';
import { verifiedLabel } from './establishment-verification';
import { parisDay } from '@tables-voisines/contract/paris-time';
import { apiRequest, isApiError } from '../../lib/api-client';
import { formatCount } from '../../lib/format';
import { useSession } from '../session/use-session';

const COUNTS: { resource: AdminResource; label: string }[] = [
  { resource: 'establishments', label: 'Établissements' },
  { resource: 'restaurant-owners', label: 'Restaurateurs' },
  { resource: 'admins', label: 'Administrateurs' },
  { resource: 'groups', label: 'Groupes' },
  { resource: 'menu-boards', label: 'Ardoises du jour' },
];

function Count({ resource, label }: { resource: AdminResource; label: string }) {
  // The boards of today only: the list holds every day's.
  const filter = resource === 'menu-boards' ? { date: parisDay(new Date()) } : {};
  const { total, isPending } = useGetList(resource, { filter, pagination: { page: 1, perPage: 1 } });
  return (
    <Card sx={{ minWidth: 160 }}>
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h2" component="p" data-testid={`count-${resource}`}>
          {isPending ? '…' : (total ?? 0).toLocaleString('fr-FR')}
        </Typography>
      </CardContent>
    </Card>
  );
}

/**
 * The mails that never went (kept failed by the job queue after their last try, about two hours of tries):
 * nothing to do when there are none; otherwise the mail settings are to be checked.
 */
function FailedJobs() {
  const { state } = useSession();
  const { data, isPending, error } = useQuery({
    queryKey: ['jobs', 'status'],
    queryFn: () => apiRequest('getJobsStatus', { token: state.token ?? undefined }),
  });
  const failed = data?.failed ?? 0;
  return (
    <Card sx={{ minWidth: 160, maxWidth: 360 }}>
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          Envois en échec
        </Typography>
        <Typography
          variant="h2"
          component="p"
          data-testid="count-failed-jobs"
          color={failed > 0 ? 'error' : undefined}
        >
          {isPending ? '…' : error ? '—' : formatCount(failed)}
        </Typography>
        {failed > 0 && (
          <Typography variant="body2">
            {failed > 1 ? 'Des e-mails ne sont pas partis' : 'Un e-mail n’est pas parti'} après tous les
            essais (environ deux heures) : vérifiez la configuration de l’envoi des e-mails (SMTP).
          </Typography>
        )}
        {error && <Typography variant="body2">Le compte n’a pas pu être lu.</Typography>}
      </CardContent>
    </Card>
  );
}

function EstablishmentLinks({
  title,
  params,
  empty,
  secondary,
  showTotal = false,
  description,
}: {
  title: string;
  description?: string;
  showTotal?: boolean;
  params: Parameters<typeof useGetList>[1];
  empty: string;
  secondary: (record: RaRecord) => string;
}) {
  const { data, total, isPending, error } = useGetList('establishments', params);
  const createPath = useCreatePath();
  const page = useAbility().can('update', 'establishment') ? 'edit' : 'show';
  return (
    <Card sx={{ flex: '1 1 360px' }}>
      <CardContent>
        <Typography variant="h2" gutterBottom>
          {title}
          {showTotal && total !== undefined && ` (${total.toLocaleString('fr-FR')})`}
        </Typography>
        {description !== undefined && (
          <Typography variant="body2" color="text.secondary">
            {description}
          </Typography>
        )}
        {isPending ? (
          <Typography>Chargement…</Typography>
        ) : error ? (
          // Not « nothing to show »: the list could not be read.
          <Typography color="error">
            La liste n’a pas pu être chargée. Rechargez la page pour réessayer.
          </Typography>
        ) : data?.length ? (
          <List dense>
            {data.map((record) => (
              <ListItem key={record.id} disablePadding>
                <ListItemButton
                  component={Link}
                  to={createPath({ resource: 'establishments', id: record.id, type: page })}
                >
                  <ListItemText primary={String(record.name)} secondary={secondary(record)} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        ) : (
          <Typography>{empty}</Typography>
        )}
      </CardContent>
    </Card>
  );
}

const MONTH = new Intl.DateTimeFormat('fr-FR', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * « Les plus vus ce mois-ci » (issue 53): the ten places whose pages were viewed most this Paris month,
 * from `GET /api/stats/top`. An account the API refuses (403) is shown nothing rather than an error.
 */
function MostViewed() {
  const { state } = useSession();
  const createPath = useCreatePath();
  const page = useAbility().can('update', 'establishment') ? 'edit' : 'show';
  const top = useQuery({
    queryKey: ['stats', 'top'],
    queryFn: () =>
      apiRequest('getTopEstablishments', { token: state.token ?? undefined, query: { limit: 10 } }),
    retry: (count, error) => !isApiError(error, 'Forbidden') && count < 2,
  });
  if (isApiError(top.error, 'Forbidden')) return null;
  const month = top.data === undefined ? '' : MONTH.format(new Date(`${top.data.month}-01T00:00:00Z`));
  return (
    <Card sx={{ flex: '1 1 100%', minWidth: 0 }}>
      <CardContent>
        <Typography variant="h2" gutterBottom>
          Les plus vus ce mois-ci
        </Typography>
        {month !== '' && (
          <Typography variant="body2" color="text.secondary">
            Les pages les plus vues en {month}, avec les appels et les itinéraires demandés depuis elles.
          </Typography>
        )}
        {top.isPending ? (
          <Typography>Chargement…</Typography>
        ) : top.isError ? (
          <Typography color="error">
            Les statistiques n’ont pas pu être chargées. Rechargez la page pour réessayer.
          </Typography>
        ) : top.data.establishments.length === 0 ? (
          <Typography>Aucune visite comptée ce mois-ci pour l’instant.</Typography>
        ) : (
          // Scrolls on its own in a narrow window, by keyboard too.
          <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Tableau des plus vus">
            <Table size="small" aria-label="Les plus vus ce mois-ci">
              <TableHead>
                <TableRow>
                  <TableCell component="th" scope="col">
                    Établissement
                  </TableCell>
                  <TableCell component="th" scope="col">
                    Ville
                  </TableCell>
                  <TableCell component="th" scope="col" align="right">
                    Vues
                  </TableCell>
                  <TableCell component="th" scope="col" align="right">
                    Appels
                  </TableCell>
                  <TableCell component="th" scope="col" align="right">
                    Itinéraires
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {top.data.establishments.map((place) => (
                  <TableRow key={place.id}>
                    <TableCell component="th" scope="row">
                      <MuiLink
                        component={Link}
                        to={createPath({ resource: 'establishments', id: place.id, type: page })}
                        underline="always"
                      >
                        {place.name}
                      </MuiLink>
                    </TableCell>
                    <TableCell>{place.town}</TableCell>
                    <TableCell align="right">{formatCount(place.view)}</TableCell>
                    <TableCell align="right">{formatCount(place.phone)}</TableCell>
                    <TableCell align="right">{formatCount(place.directions)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

/** Counts, establishments without an owner, and the latest changes. */
export function Dashboard() {
  const ability = useAbility();
  const { identity } = useGetIdentity();
  const canRead = (resource: AdminResource) => ability.can('read', RESOURCE_SUBJECTS[resource]);
  return (
    <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Title title="Tableau de bord" />
      <Typography variant="h1" component="h2">
        Bonjour{identity?.fullName ? ` ${identity.fullName}` : ''}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        {COUNTS.filter(({ resource }) => canRead(resource)).map((count) => (
          <Count key={count.resource} {...count} />
        ))}
        <FailedJobs />
      </Box>
      {canRead('establishments') && (
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <EstablishmentLinks
            title="Établissements sans propriétaire"
            showTotal
            params={{ filter: { restaurantOwner: 'none' }, pagination: { page: 1, perPage: 5 } }}
            empty="Tous les établissements ont un propriétaire."
            secondary={(record) => String((record.address as { town?: string } | undefined)?.town ?? '')}
          />
          <EstablishmentLinks
            title="Dernières modifications"
            params={{ sort: { field: 'updatedAt', order: 'DESC' }, pagination: { page: 1, perPage: 5 } }}
            empty="Aucune modification."
            secondary={(record) => `Modifié le ${formatShortFrenchDateTime(String(record.updatedAt))}`}
          />
          <EstablishmentLinks
            title="Pages à vérifier"
            showTotal
            description={`Pages visibles dont les informations n’ont pas été vérifiées depuis ${STALE_AFTER_MONTHS} mois, ou jamais : les plus anciennes d’abord.`}
            params={{
              filter: {
                notVerifiedSince: monthsBefore(parisDay(new Date()), STALE_AFTER_MONTHS),
                withDisabled: false,
              },
              sort: { field: 'verifiedAt', order: 'ASC' },
              pagination: { page: 1, perPage: 10 },
            }}
            empty={`Toutes les pages ont été vérifiées depuis moins de ${STALE_AFTER_MONTHS} mois.`}
            secondary={(record) => verifiedLabel(record.verifiedAt as string | null)}
          />
          <MostViewed />
        </Box>
      )}
      {!COUNTS.some(({ resource }) => canRead(resource)) && !canRead('categories') && (
        <Typography>Votre compte n’a encore aucune permission. Demandez-en à un administrateur.</Typography>
      )}
    </Box>
  );
}

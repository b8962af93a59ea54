import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { getEstablishmentHistoryRoute } from '../../lib/api-routes';
import { ACTION_LABELS, actorText, fieldLabel, valueText } from './history-labels';
import { FormMessage, OwnerLoading, OwnerScreen } from './owner-ui';
import { useOwnerPage } from './use-owner-page';

const WHEN = new Intl.DateTimeFormat('fr-FR', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Paris',
});

export function HistoryPage() {
  const { owner, token, here } = useOwnerPage('ready');
  const id = owner?.establishment ?? null;
  const history = useQuery({
    queryKey: ['owner', 'history', id],
    enabled: here && id !== null && token !== null,
    queryFn: ({ signal }) =>
      apiRequest(getEstablishmentHistoryRoute, { token: token!, params: { id: id! }, signal }),
  });

  if (!here) return <OwnerLoading />;
  return (
    <OwnerScreen
      title="Historique de ma page"
      intro="Chaque modification de votre page, la plus récente en premier."
    >
      {history.isError && <FormMessage message="L’historique n’a pas pu être chargé. Veuillez réessayer." />}
      {history.data === undefined && !history.isError && <OwnerLoading />}
      {history.data?.length === 0 && <Typography>Aucune modification pour l’instant.</Typography>}
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {history.data?.map((entry) => (
          <Box component="li" key={entry.id} sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
            <Typography sx={{ fontWeight: 600 }}>{ACTION_LABELS[entry.action]}</Typography>
            <Typography variant="body2" color="text.secondary">
              <time dateTime={entry.at}>{WHEN.format(new Date(entry.at))}</time> · par{' '}
              {actorText(entry.actor, owner?.id ?? null)}
            </Typography>
            {entry.changes.length > 0 && (
              <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
                {entry.changes.map((change) => {
                  const from = valueText(change.from);
                  const to = valueText(change.to);
                  return (
                    <li key={change.field}>
                      <Typography variant="body2">
                        {fieldLabel(change.field)}
                        {from !== null && to !== null ? ` : « ${from} » → « ${to} »` : ' modifié'}
                      </Typography>
                    </li>
                  );
                })}
              </Box>
            )}
          </Box>
        ))}
      </Box>
    </OwnerScreen>
  );
}

import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { ACTION_LABELS, actorText, changeText } from '@tables-voisines/contract/history-text';
import { apiRequest } from '../../lib/api-client';
import { formatFrenchDateTime } from '../../lib/format';
import { useOwnerSession } from './owner-session';
import { FormMessage, OwnerLoading, OwnerScreen } from './owner-ui';

export function HistoryPage() {
  const { owner, token } = useOwnerSession();
  const id = owner?.establishment ?? null;
  const history = useQuery({
    queryKey: ['owner', 'history', id],
    enabled: id !== null && token !== null,
    queryFn: ({ signal }) =>
      apiRequest('getEstablishmentHistory', { token: token!, params: { id: id! }, signal }),
  });

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
              <time dateTime={entry.at}>{formatFrenchDateTime(entry.at)}</time> · par{' '}
              {actorText(entry.actor, owner?.id ?? null)}
            </Typography>
            {entry.changes.length > 0 && (
              <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
                {entry.changes.map((change) => (
                  <li key={change.field}>
                    <Typography variant="body2">
                      {changeText(
                        change,
                        { role: 'restaurant-owner', ownerId: owner?.id ?? null },
                        entry.actor,
                      )}
                    </Typography>
                  </li>
                ))}
              </Box>
            )}
          </Box>
        ))}
      </Box>
    </OwnerScreen>
  );
}

import Alert from '@mui/material/Alert';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useQuery } from '@tanstack/react-query';
import { useRecordContext } from 'react-admin';
import { ACTION_LABELS, changeText } from '@tables-voisines/contract/history-text';
import { apiRequest } from '../../lib/api-client';
import { formatShortFrenchDateTime } from '../../lib/format';
import { useSession } from '../session/use-session';

const ACTOR_LABELS = { admin: 'Administrateur', 'restaurant-owner': 'Restaurateur', system: 'Système' };

/**
 * An establishment's history, newest first, read again whenever the record changes (its `updatedAt`): the
 * history tab and the photo tab (what the last share did) share the one request.
 */
export function useEstablishmentHistory(record: { id?: unknown; updatedAt?: unknown } | undefined) {
  const { state } = useSession();
  const id = record?.id === undefined ? null : String(record.id);
  return useQuery({
    queryKey: ['establishments', 'history', id, record?.updatedAt],
    enabled: id !== null,
    queryFn: () =>
      apiRequest('getEstablishmentHistory', { token: state.token ?? undefined, params: { id: id! } }),
  });
}

/** History tab: who changed what and when, most recent first. */
export function EstablishmentHistory() {
  const record = useRecordContext();
  const { data, error, isPending } = useEstablishmentHistory(record);
  if (isPending) return <Alert severity="info">Chargement de l’historique…</Alert>;
  if (error) return <Alert severity="error">{error.message}</Alert>;
  if (data.length === 0) return <Alert severity="info">Aucune modification enregistrée.</Alert>;
  return (
    <Table size="small" aria-label="Historique des modifications">
      <TableHead>
        <TableRow>
          <TableCell>Date</TableCell>
          <TableCell>Action</TableCell>
          <TableCell>Par</TableCell>
          <TableCell>Changements</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {data.map((entry) => (
          <TableRow key={entry.id}>
            <TableCell>{formatShortFrenchDateTime(entry.at)}</TableCell>
            <TableCell>{ACTION_LABELS[entry.action]}</TableCell>
            <TableCell>
              {entry.actor === null
                ? '—'
                : `${ACTOR_LABELS[entry.actor.role]}${entry.actor.name ? ` ${entry.actor.name}` : ''}`}
            </TableCell>
            <TableCell>
              {entry.changes.map((change) => (
                <div key={change.field}>{changeText(change, { role: 'admin' }, entry.actor)}</div>
              ))}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

import Alert from '@mui/material/Alert';
import { useRecordContext } from 'react-admin';
import { StatsPanel } from '../stats/stats-panel';
import { useSession } from '../session/use-session';

/** « Statistiques » tab: the owner's screen (stats-panel.tsx), read with the admin's token. */
export function EstablishmentStats() {
  const record = useRecordContext();
  const { state } = useSession();
  if (record?.id === undefined) return <Alert severity="info">Chargement des statistiques…</Alert>;
  return (
    <StatsPanel
      establishmentId={String(record.id)}
      token={state.token ?? undefined}
      emptyHint="L’affiche à QR code que le restaurateur télécharge depuis son espace, et les partages de la page, amènent des visites."
    />
  );
}

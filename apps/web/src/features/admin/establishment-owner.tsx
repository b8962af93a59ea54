import AutorenewIcon from '@mui/icons-material/Autorenew';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Confirm, useDataProvider, useNotify, useRecordContext } from 'react-admin';
import type { AdminEstablishment } from '@tables-voisines/contract/schemas/establishment';
import { Can } from './ability-context';
import { useStaleRecord } from './concurrent-edit';
import type { AdminDataProvider } from './data-provider';
import { errorCodeOf } from './providers/provider-kit';
import { useReplaceRecord } from './record-cache';

type Outcome = { severity: 'success' | 'error'; text: string };

/**
 * The owner tab's claim code: shown to admins who may change every establishment (the server gives it to
 * no one else), mailed to the establishment's own address while nobody has claimed it, renewed on demand.
 */
export function EstablishmentOwnerPanel() {
  const record = useRecordContext<AdminEstablishment>();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const stale = useStaleRecord();
  const replaceRecord = useReplaceRecord('establishments');
  const [sending, setSending] = useState(false);
  // What the last sending said, beside the button: « envoyé », or the server's refusal with its wait.
  const [sent, setSent] = useState<Outcome | null>(null);
  const [claimedMeanwhile, setClaimedMeanwhile] = useState(false);
  const [confirmingRenewal, setConfirmingRenewal] = useState(false);
  const [renewing, setRenewing] = useState(false);
  if (!record) return null;
  const claimed = record.restaurantOwner !== null || claimedMeanwhile;

  const send = async () => {
    setSending(true);
    setSent(null);
    try {
      await dataProvider.sendClaimCode('establishments', { id: String(record.id) });
      setSent({
        severity: 'success',
        text: `Code envoyé à ${record.claimEmail ?? 'l’adresse de l’établissement'}.`,
      });
    } catch (error) {
      // 429 says when it may be asked again; 409, that an owner has claimed it meanwhile.
      if (errorCodeOf(error) === 'EstablishmentAlreadyClaimed') setClaimedMeanwhile(true);
      setSent({ severity: 'error', text: error instanceof Error ? error.message : 'L’envoi a échoué.' });
    } finally {
      setSending(false);
    }
  };

  const renew = async () => {
    setConfirmingRenewal(false);
    setRenewing(true);
    try {
      const { data } = await dataProvider.renewClaimCode('establishments', {
        id: String(record.id),
        previousData: record,
      });
      replaceRecord(data);
      setSent(null);
      notify(`Nouveau code : ${String(data.claimCode)}. L’ancien ne fonctionne plus.`, { type: 'success' });
    } catch (error) {
      if (!stale.report(error))
        notify(error instanceof Error ? error.message : 'Le code n’a pas pu être renouvelé.', {
          type: 'error',
        });
    } finally {
      setRenewing(false);
    }
  };

  if (record.claimCode === undefined) {
    return (
      <Typography sx={{ mb: 2 }}>
        Le code de réclamation n’est montré qu’aux administrateurs qui peuvent modifier les établissements.
      </Typography>
    );
  }

  return (
    <Box sx={{ mb: 2, display: 'flex', flexDirection: 'column', gap: 1, alignItems: 'flex-start' }}>
      <Typography variant="h2">Code de réclamation</Typography>
      <Typography>
        Le restaurateur saisit ce code pour lier son compte à l’établissement :{' '}
        <Box component="strong" data-testid="claim-code" sx={{ fontFamily: 'monospace', fontSize: '1.1rem' }}>
          {record.claimCode}
        </Box>
      </Typography>
      {claimed ? (
        <Typography variant="body2" color="text.secondary">
          L’établissement est déjà rattaché à un restaurateur : le code ne lui est plus envoyé.
        </Typography>
      ) : record.claimEmail ? (
        <>
          <Typography variant="body2" color="text.secondary">
            Le code n’est envoyé qu’à l’adresse de l’établissement connue de l’équipe : {record.claimEmail}
            {record.email !== record.claimEmail ? ' (pas à celle que montre sa page)' : ''}.
          </Typography>
          <Button variant="outlined" disabled={sending} onClick={() => void send()}>
            Envoyer le code à l’établissement
          </Button>
        </>
      ) : (
        <Typography variant="body2" color="text.secondary">
          L’équipe ne connaît pas d’adresse e-mail de l’établissement : le code ne peut lui être envoyé.
          Donnez-le vous-même au restaurateur une fois son identité vérifiée.
        </Typography>
      )}
      {sent !== null && (
        <Alert severity={sent.severity} role={sent.severity === 'error' ? 'alert' : 'status'}>
          {sent.text}
        </Alert>
      )}
      <Can I="update" a="establishment">
        <Button
          variant="outlined"
          startIcon={<AutorenewIcon />}
          disabled={renewing}
          onClick={() => setConfirmingRenewal(true)}
        >
          Générer un nouveau code
        </Button>
        <Confirm
          isOpen={confirmingRenewal}
          title="Générer un nouveau code ?"
          content={`L’ancien code, ${record.claimCode}, ne fonctionnera plus : un restaurateur qui l’a reçu par e-mail ou sur papier devra recevoir le nouveau.`}
          confirm="Générer un nouveau code"
          cancel="Annuler"
          onConfirm={() => void renew()}
          onClose={() => setConfirmingRenewal(false)}
        />
      </Can>
    </Box>
  );
}

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNotify, useRecordContext } from 'react-admin';
import type { AdminEstablishment } from '@tables-voisines/contract/schemas/establishment';
import { apiRequest, isApiError } from '../../lib/api-client';
import { ownerResendEstablishmentCodeRoute } from '../../lib/api-routes';

/** Owner tab: the claim code (admins only) and sending it to the establishment's own address. */
export function EstablishmentOwnerPanel() {
  const record = useRecordContext<AdminEstablishment>();
  const notify = useNotify();
  const [sending, setSending] = useState(false);
  if (!record) return null;

  const resend = async () => {
    setSending(true);
    try {
      await apiRequest(ownerResendEstablishmentCodeRoute, { body: { establishmentId: record.id } });
      notify(`Code envoyé à ${record.email ?? 'l’adresse de l’établissement'}.`, { type: 'success' });
    } catch (error) {
      notify(isApiError(error) ? error.message : 'L’envoi a échoué.', { type: 'error' });
    } finally {
      setSending(false);
    }
  };

  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="h2" gutterBottom>
        Code de réclamation
      </Typography>
      <Typography>
        Le restaurateur saisit ce code pour lier son compte à l’établissement :{' '}
        <Box component="strong" data-testid="claim-code" sx={{ fontFamily: 'monospace', fontSize: '1.1rem' }}>
          {record.claimCode ?? '—'}
        </Box>
      </Typography>
      <Button
        sx={{ mt: 1 }}
        variant="outlined"
        disabled={sending || !record.email}
        onClick={() => void resend()}
      >
        Envoyer le code à l’établissement
      </Button>
      {!record.email && (
        <Typography variant="body2" color="text.secondary">
          L’établissement n’a pas d’adresse e-mail : le code ne peut lui être envoyé.
        </Typography>
      )}
    </Box>
  );
}

import VerifiedIcon from '@mui/icons-material/Verified';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useDataProvider, useNotify, useRecordContext } from 'react-admin';
import type { Establishment } from '@tables-voisines/contract/schemas/establishment';
import { formatFrenchDate } from '../closures/freshness';
import { Can } from './ability-context';
import type { AdminDataProvider } from './data-provider';
import { useReplaceRecord } from './record-cache';

/** « Vérifiée le 3 novembre 2026 », or « Jamais vérifiée ». */
export function verifiedLabel(verifiedAt: string | null | undefined): string {
  return verifiedAt == null ? 'Jamais vérifiée' : `Vérifiée le ${formatFrenchDate(verifiedAt)}`;
}

/**
 * When the page's information was last said to be right, read only, and « Marquer comme vérifiée » for the
 * admins who may change it (after a call to the place, say). The record answered replaces the one the form
 * was read with, so that its next save is based on the version this made.
 */
export function VerificationPanel() {
  const record = useRecordContext<Establishment>();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const replaceRecord = useReplaceRecord('establishments');
  const [busy, setBusy] = useState(false);
  if (!record) return null;

  const verify = async () => {
    setBusy(true);
    try {
      const { data } = await dataProvider.verifyEstablishment('establishments', { id: String(record.id) });
      replaceRecord(data);
      notify('Page marquée comme vérifiée.', { type: 'success' });
    } catch (error) {
      notify(error instanceof Error ? error.message : 'La vérification n’a pas pu être enregistrée.', {
        type: 'error',
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box
      sx={{ mb: 2, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, width: '100%' }}
      data-testid="verification"
    >
      <Typography sx={{ fontWeight: 600 }}>{verifiedLabel(record.verifiedAt)}</Typography>
      <Can I="update" a="establishment">
        <Button
          variant="outlined"
          size="small"
          startIcon={<VerifiedIcon />}
          disabled={busy}
          onClick={() => void verify()}
        >
          Marquer comme vérifiée
        </Button>
      </Can>
    </Box>
  );
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { Establishment } from '@tables-voisines/contract/schemas/establishment';
import { apiRequest } from '../../lib/api-client';
import { VERIFY_PROMPT_DAYS, shouldPromptVerification, verifiedText } from '../closures/freshness';
import { formFailure } from './form-errors';
import { OWNER_PATHS } from './owner-paths';
import { FormMessage, TextLink } from './owner-ui';

type Verifiable = Pick<Establishment, 'id' | 'verifiedAt' | 'createdAt'>;

/**
 * « Informations vérifiées le … » and « Mes informations sont à jour » on the owner's home: one press says
 * the page is right as it stands (`POST /api/establishment/{id}/verify`). After `VERIFY_PROMPT_DAYS` without
 * one, the card asks, gently, for a look at « Ma page » first.
 */
export function VerifyCard({ establishment, token }: { establishment: Verifiable; token: string }) {
  const [verifiedAt, setVerifiedAt] = useState(establishment.verifiedAt);
  const [state, setState] = useState<'idle' | 'busy' | 'done'>('idle');
  const [failure, setFailure] = useState<string | null>(null);
  const prompt =
    state !== 'done' &&
    shouldPromptVerification({ verifiedAt, createdAt: establishment.createdAt }, new Date());

  async function verify() {
    setState('busy');
    setFailure(null);
    try {
      const saved = (await apiRequest('verifyEstablishment', {
        token,
        params: { id: establishment.id },
      })) as Establishment;
      setVerifiedAt(saved.verifiedAt);
      setState('done');
    } catch (error) {
      setFailure(formFailure(error).message ?? 'Une erreur inattendue est survenue. Veuillez réessayer.');
      setState('idle');
    }
  }

  return (
    <Card variant="outlined" sx={{ mb: 3 }} component="section" aria-labelledby="verification-titre">
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Typography id="verification-titre" variant="h2">
          Vos informations
        </Typography>
        {prompt && (
          <Alert severity="info">
            {verifiedAt === null
              ? 'Vos informations n’ont encore jamais été vérifiées.'
              : `Vos informations n’ont pas été vérifiées depuis plus de ${VERIFY_PROMPT_DAYS} jours.`}{' '}
            Un coup d’œil à <TextLink to={OWNER_PATHS.editPage}>Ma page</TextLink> (horaires, fermetures,
            coordonnées), puis dites-nous qu’elles sont à jour.
          </Alert>
        )}
        {/* Said again when it changes: the answer of the button. */}
        <Typography role="status" sx={{ fontWeight: 600 }}>
          {state === 'done' ? `Merci ! ${verifiedText(verifiedAt)}.` : verifiedText(verifiedAt)}
        </Typography>
        {verifiedAt === null && (
          <Typography color="text.secondary">
            Une date de vérification récente rassure les visiteurs : elle s’affiche sur votre page publique.
          </Typography>
        )}
        <Box>
          <Button variant="outlined" onClick={() => void verify()} disabled={state === 'busy'}>
            {state === 'busy' ? 'Enregistrement…' : 'Mes informations sont à jour'}
          </Button>
        </Box>
        {failure !== null && <FormMessage message={failure} />}
      </CardContent>
    </Card>
  );
}

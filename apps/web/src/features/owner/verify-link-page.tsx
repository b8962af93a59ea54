import Alert from '@mui/material/Alert';
import { ofName } from '@tables-voisines/contract/french-names';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { OWNER_PATHS } from './owner-paths';
import { OwnerScreen } from './owner-ui';
import { TOKEN_PARAM, verifyByToken, type VerifyOutcome } from './verify-link';

const TITLE = 'Vérifier mes informations';

function SignInLink() {
  return (
    <Link component={RouterLink} to={OWNER_PATHS.signIn} underline="always">
      Se connecter à mon espace
    </Link>
  );
}

function Outcome({ outcome, retry }: { outcome: VerifyOutcome; retry: (() => void) | null }) {
  switch (outcome.status) {
    case 'verified':
      return (
        <Box sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
          <Alert severity="success" role="status">
            Merci, vos informations sont marquées à jour.
          </Alert>
          <Typography>
            Établissement : <strong>{outcome.name}</strong>
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
            {outcome.path !== null && (
              <Button variant="contained" href={outcome.path}>
                Voir la page {ofName(outcome.name)}
              </Button>
            )}
            <Button variant="outlined" component={RouterLink} to={OWNER_PATHS.home}>
              Aller à mon espace
            </Button>
          </Box>
        </Box>
      );
    case 'invalid':
      return (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Alert severity="warning" role="alert">
            Ce lien a expiré ou a déjà servi.
          </Alert>
          <Typography>
            <SignInLink />, puis appuyez sur «&nbsp;Mes informations sont à jour&nbsp;» dans votre espace,
            après un coup d’œil à «&nbsp;Ma page&nbsp;».
          </Typography>
        </Box>
      );
    case 'gone':
      return (
        <Alert severity="warning" role="alert">
          Cet établissement n’existe plus sur le site.
        </Alert>
      );
    case 'failed':
      return (
        <Box sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
          <Alert severity="error" role="alert">
            {outcome.message}
          </Alert>
          {retry !== null && (
            <Button variant="outlined" onClick={retry}>
              Réessayer
            </Button>
          )}
        </Box>
      );
  }
}

/**
 * `/espace-restaurateur/verifier?jeton=…`: no session needed. Rendered on the server as a form whose button
 * confirms (the route's action: without JavaScript); in the browser the same confirmation is posted as soon
 * as the page is there. A GET alone never verifies: mail scanners open links.
 */
export function VerifyLinkPage({ submitted }: { submitted: VerifyOutcome | undefined }) {
  const [params] = useSearchParams();
  const token = params.get(TOKEN_PARAM)?.trim() ?? '';
  const [outcome, setOutcome] = useState<VerifyOutcome | 'busy' | null>(null);
  const started = useRef(false);

  const confirm = () => {
    setOutcome('busy');
    void verifyByToken(token).then(setOutcome);
  };
  useEffect(() => {
    // Once per page, in the browser only; the form's answer, when it came first, is the answer.
    if (started.current || submitted !== undefined || token === '') return;
    started.current = true;
    confirm();
  }, []);

  const shown = submitted ?? outcome;
  return (
    <OwnerScreen title={TITLE}>
      {token === '' ? (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Alert severity="warning" role="alert">
            Ce lien est incomplet.
          </Alert>
          <Typography>
            Copiez l’adresse entière depuis l’e-mail, ou <SignInLink /> et appuyez sur «&nbsp;Mes informations
            sont à jour&nbsp;».
          </Typography>
        </Box>
      ) : shown === 'busy' ? (
        <Typography role="status">Confirmation en cours…</Typography>
      ) : shown !== null ? (
        <Outcome outcome={shown} retry={submitted === undefined ? confirm : null} />
      ) : (
        // What the server draws, and what stays without JavaScript.
        <Box component="form" method="post" sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
          <Typography>
            Vous confirmez que les informations de votre page (horaires, fermetures, coordonnées) sont justes
            : la date de vérification s’affichera sur votre page.
          </Typography>
          <input type="hidden" name={TOKEN_PARAM} value={token} />
          <Button type="submit" variant="contained">
            Confirmer que mes informations sont à jour
          </Button>
        </Box>
      )}
    </OwnerScreen>
  );
}

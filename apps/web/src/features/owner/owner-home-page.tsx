import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useRouteLoaderData } from 'react-router';
import type { PublicSettings } from '@tables-voisines/contract/public-data';
import { establishmentPath } from '@tables-voisines/contract/site-paths';
import { LoadFailure } from './form-parts';
import { FollowersLine } from './followers';
import { HiddenPageNotice } from './hidden-page-notice';
import type { EstablishmentScreenData } from './owner-loaders';
import { OWNER_PATHS } from './owner-paths';
import { useOwnerSession } from './owner-session';
import { FormMessage, OwnerLoading, OwnerScreen } from './owner-ui';
import { posterFileName } from './poster-layout';
import { VerifyCard } from './verify-card';

const ACTIONS = [
  { to: OWNER_PATHS.menuBoard, title: 'Ardoise du jour', text: 'Publiez les plats du jour et leurs prix.' },
  {
    to: OWNER_PATHS.editPage,
    title: 'Ma page',
    text: 'Description, photo, horaires, fermetures, coordonnées.',
  },
  {
    to: OWNER_PATHS.stats,
    title: 'Statistiques',
    text: 'Les visites, les appels et les itinéraires que votre page vous apporte.',
  },
  { to: OWNER_PATHS.history, title: 'Historique', text: 'Les modifications de votre page.' },
  {
    to: OWNER_PATHS.reports,
    title: 'Signalements',
    text: 'Les erreurs signalées par des visiteurs, et votre réponse.',
  },
] as const;

export function OwnerHomePage({ loaded }: { loaded: EstablishmentScreenData }) {
  const { owner, token } = useOwnerSession();
  const settings = useRouteLoaderData<PublicSettings>('root');
  const [posterState, setPosterState] = useState<'idle' | 'busy' | 'failed'>('idle');

  if (!loaded.ok) {
    return (
      <OwnerScreen title="Mon espace">
        <LoadFailure message={loaded.message} />
      </OwnerScreen>
    );
  }
  if (owner === null || token === null) return <OwnerLoading />;
  const e = loaded.data.value;
  const path = establishmentPath(e.kind, e.uri);

  async function poster() {
    setPosterState('busy');
    try {
      // pdf-lib and qrcode load only now: nobody else downloads them.
      const { downloadPoster } = await import('./poster-pdf');
      await downloadPoster(
        {
          siteName: settings?.siteName ?? 'Tables Voisines',
          name: e.name,
          town: e.address.town,
          url: new URL(path, settings?.publicUrl ?? window.location.origin).href,
        },
        posterFileName(e.uri),
      );
      setPosterState('idle');
    } catch {
      setPosterState('failed');
    }
  }

  return (
    <OwnerScreen
      title={`Bonjour ${owner.firstName}`}
      intro={
        <>
          {/* Which establishment the link changes: said beside it, and with it to a screen reader. */}
          <span id="etablissement-actuel">
            Votre établissement : <strong>{e.name}</strong> ({e.address.town})
          </span>
          <span aria-hidden="true"> · </span>
          <Link
            component={RouterLink}
            to={OWNER_PATHS.claim}
            underline="always"
            aria-describedby="etablissement-actuel"
          >
            Changer d’établissement
          </Link>
        </>
      }
      wide
    >
      <HiddenPageNotice establishment={e} />
      <FollowersLine token={token} establishmentId={e.id} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 3 }}>
        {ACTIONS.map((action) => (
          <Card key={action.to} variant="outlined" sx={{ flex: 1 }}>
            <CardContent>
              <Typography variant="h2" gutterBottom>
                <Link component={RouterLink} to={action.to}>
                  {action.title}
                </Link>
              </Typography>
              <Typography color="text.secondary">{action.text}</Typography>
            </CardContent>
          </Card>
        ))}
      </Stack>
      <VerifyCard establishment={e} token={token} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        {/* A hidden page answers « Page introuvable »: no link to it then (the notice above says why). */}
        {!e.disabled && (
          <Button variant="contained" component={RouterLink} to={path} reloadDocument>
            Voir ma page publique
          </Button>
        )}
        <Button variant="outlined" onClick={() => void poster()} disabled={posterState === 'busy'}>
          {posterState === 'busy' ? 'Préparation de l’affiche…' : 'Télécharger mon affiche A4 (PDF)'}
        </Button>
      </Box>
      {posterState === 'failed' && (
        <Box sx={{ mt: 2 }}>
          <FormMessage message="L’affiche n’a pas pu être créée. Veuillez réessayer." />
        </Box>
      )}
    </OwnerScreen>
  );
}

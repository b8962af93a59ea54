import { StatsPanel } from '../stats/stats-panel';
import { OWNER_PATHS } from './owner-paths';
import { useOwnerSession } from './owner-session';
import { OwnerLoading, OwnerScreen, TextLink } from './owner-ui';

/** « Statistiques »: what the owner's page brought (issue 53), its own route chunk with the chart library. */
export function StatsPage() {
  const { owner, token } = useOwnerSession();
  const id = owner?.establishment ?? null;
  return (
    <OwnerScreen
      title="Statistiques"
      intro="Ce que votre page vous apporte : les visites, les appels, les itinéraires demandés, les visites de votre site, les partages et les scans du QR code de votre affiche."
      wide
    >
      {id === null || token === null ? (
        <OwnerLoading />
      ) : (
        <StatsPanel
          establishmentId={id}
          token={token}
          emptyHint={
            <>
              Imprimez l’affiche de votre page et collez-la sur votre porte, partagez le lien de votre page :
              chaque visite comptera ici. L’affiche se télécharge depuis{' '}
              <TextLink to={OWNER_PATHS.home}>Mon espace</TextLink>.
            </>
          }
        />
      )}
    </OwnerScreen>
  );
}

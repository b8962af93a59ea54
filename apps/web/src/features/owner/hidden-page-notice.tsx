import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useRouteLoaderData } from 'react-router';
import type { PublicSettings } from '@tables-voisines/contract/public-data';
import type { Establishment } from '@tables-voisines/contract/schemas/establishment';
import { formatFrenchDateTime } from '../../lib/format';

/** Since when and why the team hid the page, in a sentence; `null` while the page is visible. */
export function hiddenPageText(
  establishment: Pick<Establishment, 'disabled' | 'disabledAt' | 'disabledReason'>,
  siteName: string,
): { since: string; reason: string | null } | null {
  if (!establishment.disabled) return null;
  const since =
    establishment.disabledAt === null
      ? `L’équipe ${siteName} l’a masquée`
      : `L’équipe ${siteName} l’a masquée le ${formatFrenchDateTime(establishment.disabledAt)}`;
  const reason = establishment.disabledReason?.trim() || null;
  return { since, reason };
}

/**
 * Said on « Mon espace » and « Ma page » while the team hides the page: visitors get « Page introuvable »,
 * the map and the searches leave it out, and the owner learns why.
 */
export function HiddenPageNotice({
  establishment,
}: {
  establishment: Pick<Establishment, 'disabled' | 'disabledAt' | 'disabledReason'>;
}) {
  const settings = useRouteLoaderData<PublicSettings>('root');
  const text = hiddenPageText(establishment, settings?.siteName ?? 'Tables Voisines');
  if (text === null) return null;
  return (
    <Alert severity="warning" sx={{ mb: 3 }}>
      <AlertTitle component="h2" sx={{ fontSize: '1.0625rem', fontWeight: 700 }}>
        Votre page est masquée
      </AlertTitle>
      <p style={{ margin: 0 }}>
        {text.since} : elle n’apparaît ni sur la carte ni dans les recherches, et son adresse répond
        «&nbsp;Page introuvable&nbsp;».
      </p>
      {text.reason !== null && (
        <p style={{ margin: '8px 0 0' }}>Raison donnée par l’équipe : {text.reason}</p>
      )}
      <p style={{ margin: '8px 0 0' }}>
        Vous pouvez toujours la modifier : vos changements se verront dès que l’équipe la rendra de nouveau
        visible.
      </p>
    </Alert>
  );
}

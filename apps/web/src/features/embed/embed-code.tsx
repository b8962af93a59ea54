import { useContext, useId, useRef, useState } from 'react';
import { UNSAFE_DataRouterStateContext } from 'react-router';
import type { PublicSettings } from '@tables-voisines/contract/public-data';
import type { Group } from '@tables-voisines/contract/schemas/group';
import { embedIframeCode } from './embed-paths';

/**
 * What « Intégrer cette carte » says of the code, on the public card and in the back office: the site by
 * the name it is deployed under (`SITE_NAME`), which is where each place opens.
 */
export const embedCodeExplanation = (siteName: string): string =>
  `Collez ce code dans une page de votre site : la carte des membres du collectif s’y affiche, toujours à jour, et chaque établissement s’ouvre sur ${siteName} dans un nouvel onglet.`;

/** The site's name when no router holds it (a component test): the default `SITE_NAME`. */
const DEFAULT_SITE_NAME = 'Tables Voisines';

export const COPIED = 'Code copié.';
export const COPY_FAILED =
  'La copie automatique n’a pas fonctionné : le code est sélectionné, copiez-le avec Ctrl+C (⌘+C sur Mac).';

/**
 * The site's public address as the server gives it to every page (the root's loader), without a trailing
 * slash; the page's own origin where no router holds it (a component test). Read from the router's state
 * rather than `useRouteLoaderData`, which throws outside a data router.
 */
export function useSiteUrl(): string {
  const settings = useRootSettings();
  const url = settings?.publicUrl ?? (typeof window === 'undefined' ? '' : window.location.origin);
  return url.replace(/\/+$/, '');
}

/** The site's name as the server gives it to every page (`SITE_NAME`). */
export function useSiteName(): string {
  return useRootSettings()?.siteName ?? DEFAULT_SITE_NAME;
}

function useRootSettings(): PublicSettings | undefined {
  const state = useContext(UNSAFE_DataRouterStateContext);
  return state?.loaderData.root as PublicSettings | undefined;
}

/**
 * Copies the field's text: the Clipboard API, or, where it is refused (no permission, an old browser, a page
 * not served over HTTPS), the field's text selected and the browser's copy command. Either way the field is
 * selected, so that the visitor can copy it by hand if both failed.
 */
export async function copyField(field: HTMLTextAreaElement): Promise<boolean> {
  field.focus();
  field.select();
  try {
    await navigator.clipboard.writeText(field.value);
    return true;
  } catch {
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    }
  }
}

/**
 * « Intégrer cette carte » on the public group card: a disclosure with the iframe code of the group's map,
 * « Copier le code » and what to do with it.
 */
export function EmbedCodeDisclosure({ group }: { group: Pick<Group, 'id' | 'name'> }) {
  const siteUrl = useSiteUrl();
  const siteName = useSiteName();
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState('');
  const field = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const code = embedIframeCode(siteUrl, group);
  return (
    <div className="tv-embed-code">
      <button
        type="button"
        className="tv-button tv-button--text tv-button--small"
        aria-expanded={open}
        aria-controls={`${id}-zone`}
        onClick={() => {
          setOpen(!open);
          setStatus('');
        }}
      >
        Intégrer cette carte
      </button>
      <div id={`${id}-zone`} hidden={!open} style={{ marginTop: 8 }}>
        <p className="tv-small" id={`${id}-aide`} style={{ marginBottom: 8 }}>
          {embedCodeExplanation(siteName)}
        </p>
        <label htmlFor={`${id}-code`} className="tv-label">
          Code de la carte à intégrer
        </label>
        <textarea
          ref={field}
          id={`${id}-code`}
          className="tv-input"
          readOnly
          rows={4}
          value={code}
          aria-describedby={`${id}-aide`}
          onFocus={(event) => event.currentTarget.select()}
          style={{ height: 'auto', fontFamily: 'monospace', fontSize: 13, resize: 'vertical' }}
        />
        <div className="tv-actions" style={{ marginTop: 8 }}>
          <button
            type="button"
            className="tv-button tv-button--small"
            onClick={() => {
              if (field.current !== null) {
                void copyField(field.current).then((done) => setStatus(done ? COPIED : COPY_FAILED));
              }
            }}
          >
            Copier le code
          </button>
        </div>
        <p role="status" aria-live="polite" className="tv-small tv-muted">
          {status}
        </p>
      </div>
    </div>
  );
}

import {
  Component,
  Suspense,
  lazy,
  useCallback,
  useEffect,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import { CLOSE_ICON, Icon } from '../site/icons';
import { useClearMapSelection, useMapState, useMapStore } from './map-store';

// MapLibre touches `window` and is the site's largest script: only in the browser, after hydration, with
// TanStack Query, which the map's data hooks use and the detail page needs nothing else of before the map.
const loadMapChunk = () => import('./map-chunk.client');
const MapChunk = lazy(loadMapChunk);

/**
 * Asks for the map's chunk now, in the browser, rather than once the page is hydrated and the map area in
 * view: where the map is the page (home), its code then comes over the network while React hydrates
 * instead of after (docs/decisions/0064). The lazy component above gets the same module.
 */
export function loadMapChunkEarly(): void {
  if (typeof document !== 'undefined') void loadMapChunk().catch(() => {});
}

/** How close to the viewport the map area must come for the map to start (it takes a second to start). */
const START_MARGIN = '150px 0px';

/** Below the desktop width (public.css): a detail page's small map comes after its content. */
const PHONE_WIDTH = '(max-width: 959.98px)';

/** The address of the map area, the detail page's « Voir sur la carte » link. */
const MAP_HASH = '#carte';

/**
 * Whether the map has started: `false` on the server and during hydration, then `true` for good once the
 * visitor is about to see it. Where the map is the page (home, desktop) that is once it comes within
 * START_MARGIN of the viewport, at once in practice.
 *
 * On a phone's detail page the map waits for the visitor: MapLibre's start holds a mid-range phone's main
 * thread for a long while, and the visitor came for the menu, the hours or the phone number. It starts when
 * they ask for it (« Voir sur la carte », the placeholder's button) or scroll it into view; a short page whose
 * map is in view at load shows the placeholder until then (issue 32, docs/decisions/0056).
 */
function useMapStart(ref: RefObject<HTMLElement | null>, detail: boolean): [boolean, () => void] {
  const [started, setStarted] = useState(false);
  const start = useCallback(() => setStarted(true), []);
  useEffect(() => {
    const element = ref.current;
    if (started || element === null) return undefined;
    if (typeof IntersectionObserver === 'undefined') {
      start();
      return undefined;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) start();
      },
      { rootMargin: START_MARGIN },
    );
    const phone = window.matchMedia(PHONE_WIDTH);
    if (!detail || !phone.matches) {
      observer.observe(element);
      return () => observer.disconnect();
    }
    // The link may have been tapped before the page was hydrated.
    if (window.location.hash === MAP_HASH) {
      start();
      return undefined;
    }
    const onHash = () => {
      if (window.location.hash === MAP_HASH) start();
    };
    const onScroll = () => {
      window.removeEventListener('scroll', onScroll, true);
      observer.observe(element);
    };
    // A tablet turned to a desktop's width: the map is beside the page again, and starts as it does there.
    const onWidth = () => {
      if (!phone.matches) observer.observe(element);
    };
    window.addEventListener('hashchange', onHash);
    // Any scroll the visitor makes (the page's, or the panel's): from then on, the map starts once near.
    window.addEventListener('scroll', onScroll, { capture: true, passive: true });
    phone.addEventListener('change', onWidth);
    return () => {
      window.removeEventListener('hashchange', onHash);
      window.removeEventListener('scroll', onScroll, true);
      phone.removeEventListener('change', onWidth);
      observer.disconnect();
    };
  }, [ref, started, start, detail]);
  return [started, start];
}

function MapPlaceholder({ children }: { children?: ReactNode }) {
  return (
    <div role="status" className="tv-map-placeholder">
      {children ?? <p className="tv-text">Chargement de la carte…</p>}
    </div>
  );
}

class MapErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.warn('The map could not be shown:', error);
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <MapPlaceholder>
        <div>
          <p className="tv-text" style={{ marginBottom: '0.35em' }}>
            La carte n’a pas pu être affichée.
          </p>
          <p className="tv-small" style={{ marginBottom: '0.35em' }}>
            La liste reste disponible. Vous pouvez aussi recharger la page.
          </p>
          <button type="button" className="tv-button" onClick={() => window.location.reload()}>
            Recharger la page
          </button>
        </div>
      </MapPlaceholder>
    );
  }
}

function SelectionCard() {
  const current = useMapState((s) => s.currentEstablishment);
  const clear = useClearMapSelection();
  if (current === null) return null;
  return (
    <div className="tv-paper tv-selection-card">
      <p className="tv-small tv-nowrap tv-strong">{current.name}</p>
      <button
        type="button"
        className="tv-icon-button tv-icon-button--small"
        onClick={clear}
        aria-label={`Fermer ${current.name} et revenir à la liste`}
      >
        <Icon path={CLOSE_ICON} />
      </button>
    </div>
  );
}

function Legend() {
  return (
    <ul aria-label="Légende de la carte" className="tv-paper tv-legend">
      <li>
        <span className="tv-kind-mark tv-kind-mark--restaurant" />
        <span>Restaurant</span>
      </li>
      <li>
        <span className="tv-kind-mark tv-kind-mark--remplisvert" />
        <span>Remplis vert</span>
      </li>
      <li>
        <span className="tv-kind-mark tv-kind-mark--board" />
        <span>Ardoise du jour</span>
      </li>
      {/* The two marks drawn on the map that are not a place: a count to zoom into, a group's area. */}
      <li>
        <span className="tv-legend__cluster" aria-hidden="true">
          12
        </span>
        <span>Plusieurs établissements (zoomez)</span>
      </li>
      <li>
        <span className="tv-legend__group" />
        <span>Zone d’un collectif</span>
      </li>
    </ul>
  );
}

/**
 * « Autour de moi » that failed, said over the map (MapLibre only greys its button), with the town search as
 * the way on: the field is focused (on a phone the list's sheet opens with it).
 */
function LocationProblem() {
  const store = useMapStore();
  const problem = useMapState((s) => s.locationProblem);
  if (problem === null) return null;
  const close = () => store.dispatch({ type: 'locationFailed', problem: null });
  return (
    <div role="alert" className="tv-paper tv-map-note">
      <p className="tv-small">
        {problem === 'refused'
          ? 'La localisation est désactivée pour ce site. Autorisez-la dans les réglages du navigateur, ou cherchez une ville.'
          : 'Votre position n’a pas pu être trouvée. Cherchez une ville ou un code postal.'}
      </p>
      <div className="tv-actions">
        <button
          type="button"
          className="tv-button tv-button--contained tv-button--small"
          onClick={() => {
            close();
            document.getElementById('recherche')?.focus();
          }}
        >
          Chercher une ville
        </button>
        <button type="button" className="tv-button tv-button--text tv-button--small" onClick={close}>
          Fermer
        </button>
      </div>
    </div>
  );
}

/**
 * A search or filters that leave nothing in view, said over the map on a phone with the way out: there the
 * list's sheet, half open or lowered, hid its status line, and the visitor saw an empty map and no reason
 * (issue 49). Not a live region: the list's status line already says it once to screen readers. Hidden on
 * desktop, where the list beside the map says it (public.css).
 */
function EmptyNotice() {
  const store = useMapStore();
  const notice = useMapState((s) => s.emptyNotice);
  if (notice === null) return null;
  return (
    <div className="tv-paper tv-map-note tv-map-note--empty tv-phone-only" data-testid="map-empty-notice">
      <p className="tv-small">
        <strong>{notice.text}</strong>
        {notice.detail !== null && (
          <>
            <br />
            {notice.detail}
          </>
        )}
      </p>
      <button
        type="button"
        className="tv-button tv-button--contained tv-button--small"
        onClick={() => store.dispatch({ type: 'filtersCleared' })}
      >
        Retirer les filtres
      </button>
    </div>
  );
}

/**
 * The map area: the MapLibre map once loaded in the browser and near the viewport, a placeholder before,
 * and its overlays.
 */
export function MapArea({
  mapStyleUrl,
  serverClustersFrom,
  compact = false,
}: {
  mapStyleUrl: string | null;
  /** Unset: the default (`contract/map-settings`). */
  serverClustersFrom: number | undefined;
  compact?: boolean;
}) {
  const area = useRef<HTMLDivElement>(null);
  const [started, start] = useMapStart(area, compact);
  return (
    <div ref={area} className="tv-map-area" data-map-started={started}>
      {started ? (
        <MapErrorBoundary>
          <Suspense fallback={<MapPlaceholder />}>
            <MapChunk mapStyleUrl={mapStyleUrl} serverClustersFrom={serverClustersFrom} />
          </Suspense>
        </MapErrorBoundary>
      ) : compact ? (
        // Phones: the map on request (useMapStart); desktop: beside the page, it starts at once.
        <MapPlaceholder>
          <div className="tv-phone-only">
            <p className="tv-text" style={{ marginBottom: '0.35em' }}>
              La carte des environs s’affiche à votre demande.
            </p>
            <button type="button" className="tv-button" onClick={start}>
              Afficher la carte
            </button>
          </div>
          <p className="tv-text tv-desktop-only">Chargement de la carte…</p>
        </MapPlaceholder>
      ) : (
        <MapPlaceholder />
      )}
      <SelectionCard />
      {/* Over the top of the map, left of its buttons, one under the other. */}
      <div className="tv-map-notes">
        <LocationProblem />
        {!compact && <EmptyNotice />}
      </div>
      {!compact && <Legend />}
    </div>
  );
}

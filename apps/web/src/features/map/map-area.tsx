import {
  Component,
  Suspense,
  lazy,
  useEffect,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import { CLOSE_ICON, Icon } from '../site/icons';
import { useClearMapSelection, useMapState } from './map-store';

// MapLibre touches `window` and weighs about 250 KB gzip: only in the browser, after hydration, with
// TanStack Query, which the map's data hooks use and the detail page needs nothing else of before the map.
const MapChunk = lazy(() => import('./map-chunk.client'));

/** How close to the viewport the map area must come for the map to start (it takes a second to start). */
const START_MARGIN = '150px 0px';

/**
 * `false` on the server, during hydration, and while the element is far from the viewport; `true` for good
 * once it comes within START_MARGIN of it. On a phone the detail page's small map is at the end of the
 * page: MapLibre (about 1.5 s of main thread on a mid-range phone) starts only for a visitor who scrolls
 * to it, not for one who came for today's menu. Everywhere else the map is in view and starts at once.
 */
function useNearViewport(ref: RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || element === null) return undefined;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return undefined;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: START_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, near]);
  return near;
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
  const started = useNearViewport(area);
  return (
    <div ref={area} className="tv-map-area" data-map-started={started}>
      {started ? (
        <MapErrorBoundary>
          <Suspense fallback={<MapPlaceholder />}>
            <MapChunk mapStyleUrl={mapStyleUrl} serverClustersFrom={serverClustersFrom} />
          </Suspense>
        </MapErrorBoundary>
      ) : (
        <MapPlaceholder />
      )}
      <SelectionCard />
      {!compact && <Legend />}
    </div>
  );
}

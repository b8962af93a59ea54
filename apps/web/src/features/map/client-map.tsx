import { Component, Suspense, lazy, useSyncExternalStore, type ReactNode } from 'react';
import { CLOSE_ICON, Icon } from '../site/icons';
import { useClearMapSelection, useMapState } from './map-store';

// MapLibre touches `window` and weighs about 250 KB gzip: only in the browser, after hydration, with
// TanStack Query, which the map's data hooks use and the detail page needs nothing else of before the map.
const MapView = lazy(() => import('./map-view-with-data.client'));

const subscribeNothing = () => () => {};
/** `false` on the server and during hydration, `true` afterwards. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
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
    </ul>
  );
}

/** The map area: the MapLibre map once loaded in the browser, a placeholder before, and its overlays. */
export function ClientMap({
  mapStyleUrl,
  compact = false,
}: {
  mapStyleUrl: string | null;
  compact?: boolean;
}) {
  const hydrated = useHydrated();
  return (
    <div className="tv-map-area">
      {hydrated ? (
        <MapErrorBoundary>
          <Suspense fallback={<MapPlaceholder />}>
            <MapView mapStyleUrl={mapStyleUrl} />
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

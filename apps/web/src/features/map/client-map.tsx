import { Component, Suspense, lazy, useSyncExternalStore, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { useClearMapSelection, useMapState } from './map-store';

// MapLibre touches `window` and weighs about 250 KB gzip: only in the browser, after hydration.
const MapView = lazy(() => import('./map-view.client'));

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
    <Box
      role="status"
      sx={{
        position: 'absolute',
        inset: 0,
        display: 'grid',
        placeItems: 'center',
        bgcolor: '#cfe2ee',
        color: 'text.secondary',
        textAlign: 'center',
        p: 2,
      }}
    >
      {children ?? <Typography>Chargement de la carte…</Typography>}
    </Box>
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
        <Box>
          <Typography gutterBottom>La carte n’a pas pu être affichée.</Typography>
          <Typography variant="body2" gutterBottom>
            La liste reste disponible. Vous pouvez aussi recharger la page.
          </Typography>
          <Button
            variant="outlined"
            sx={{ color: 'primary.dark', borderColor: 'primary.dark' }}
            onClick={() => window.location.reload()}
          >
            Recharger la page
          </Button>
        </Box>
      </MapPlaceholder>
    );
  }
}

function SelectionCard() {
  const current = useMapState((s) => s.currentEstablishment);
  const clear = useClearMapSelection();
  if (current === null) return null;
  return (
    <Paper
      elevation={3}
      sx={{
        position: 'absolute',
        top: 12,
        left: 12,
        maxWidth: 'calc(100% - 80px)',
        display: 'flex',
        alignItems: 'center',
        gap: 0.5,
        pl: 1.5,
        borderRadius: 2,
      }}
    >
      <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
        {current.name}
      </Typography>
      <IconButton size="small" onClick={clear} aria-label={`Fermer ${current.name} et revenir à la liste`}>
        <CloseIcon fontSize="small" />
      </IconButton>
    </Paper>
  );
}

function Legend() {
  const item = (shape: ReactNode, label: string) => (
    <Box component="li" sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
      {shape}
      <span>{label}</span>
    </Box>
  );
  const mark = { width: 12, height: 12, display: 'inline-block', border: '1.5px solid #fff' };
  return (
    <Paper
      component="ul"
      aria-label="Légende de la carte"
      elevation={1}
      sx={{
        position: 'absolute',
        left: 8,
        bottom: 8,
        m: 0,
        px: 1,
        py: 0.5,
        listStyle: 'none',
        display: 'flex',
        gap: 1.5,
        fontSize: 12,
        borderRadius: 2,
        opacity: 0.95,
      }}
    >
      {item(<Box component="span" sx={{ ...mark, bgcolor: '#c2410c', borderRadius: '50%' }} />, 'Restaurant')}
      {item(
        <Box
          component="span"
          sx={{ ...mark, bgcolor: '#2e7d32', borderRadius: '2px', transform: 'rotate(45deg)' }}
        />,
        'Remplis vert',
      )}
      {item(
        <Box component="span" sx={{ ...mark, bgcolor: '#263238', borderRadius: '3px' }} />,
        'Ardoise du jour',
      )}
    </Paper>
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
    <Box sx={{ position: 'absolute', inset: 0, overflow: 'hidden' }}>
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
    </Box>
  );
}

import { useState, type ReactNode } from 'react';
import { useLocation, useRouteLoaderData } from 'react-router';
import type { PublicSettings } from '@tables-voisines/contract/public-data';
import { ClientMap } from './client-map';
import { isEstablishmentPath } from './map-rules';
import { MapStoreProvider } from './map-store';
import { useMapSync } from './use-map-sync';

type SheetHeight = 'peek' | 'half' | 'full';
const NEXT_SHEET: Record<SheetHeight, SheetHeight> = { peek: 'half', half: 'full', full: 'peek' };
const SHEET_ACTION: Record<SheetHeight, string> = {
  peek: 'Agrandir la liste',
  half: 'Afficher la liste en plein écran',
  full: 'Réduire la liste',
};

function Shell({ children }: { children: ReactNode }) {
  useMapSync();
  const settings = useRouteLoaderData('root') as PublicSettings | undefined;
  const mapStyleUrl = settings?.mapStyleUrl ?? null;
  const serverClustersFrom = settings?.mapServerClustersFrom;
  const { pathname } = useLocation();
  const detail = isEstablishmentPath(pathname);
  const [sheet, setSheet] = useState<SheetHeight>('peek');

  // Phones, home: a bottom sheet over the map with three heights (`data-sheet`, public.css).
  return (
    <div className={`tv-shell ${detail ? 'tv-shell--detail' : 'tv-shell--home'}`}>
      <section
        aria-label={detail ? 'Établissement' : 'Liste des établissements de la carte'}
        className="tv-shell__panel"
        data-sheet={detail ? undefined : sheet}
      >
        {!detail && (
          <button
            type="button"
            className="tv-sheet-handle"
            onClick={() => setSheet(NEXT_SHEET[sheet])}
            aria-label={SHEET_ACTION[sheet]}
            aria-expanded={sheet !== 'peek'}
          >
            <span />
          </button>
        )}
        {detail ? children : <div className="tv-shell__scroll">{children}</div>}
      </section>
      {/* The map: beside the panel on desktop; on phones full screen under the sheet, or a small map after
          a detail page's content (public.css), started only when scrolled near (ClientMap). After the panel
          in the page too: a phone showing a page still being read put the map under the part read, then
          moved it down as the rest came (a layout shift of 0.15-0.32 seen in one load of six). */}
      <div id="carte" className="tv-shell__map">
        <ClientMap mapStyleUrl={mapStyleUrl} serverClustersFrom={serverClustersFrom} compact={detail} />
      </div>
    </div>
  );
}

/**
 * The map page's frame, kept mounted across the home page and the detail pages: the map, and the page
 * (the list, or an establishment) in the side panel on desktop, in a bottom sheet or below a small map on
 * phones.
 */
export function MapShell({ children }: { children: ReactNode }) {
  return (
    <MapStoreProvider>
      <Shell>{children}</Shell>
    </MapStoreProvider>
  );
}

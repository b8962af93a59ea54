import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type PointerEvent,
  type ReactNode,
  type UIEvent,
} from 'react';
import { useLocation, useRouteLoaderData } from 'react-router';
import type { PublicSettings } from '@tables-voisines/contract/public-data';
import { MapArea } from './map-area';
import { isEstablishmentPath, isReadingPagePath } from './map-rules';
import { MapStoreProvider, useMapState, useMapStore } from './map-store';
import { ShowMapContext } from './show-map';
import { useMapSync } from './use-map-sync';
import { useViewInAddress } from './use-view-in-address';

type SheetHeight = 'peek' | 'half' | 'full';
const NEXT_SHEET: Record<SheetHeight, SheetHeight> = { peek: 'half', half: 'full', full: 'peek' };
const SHEET_UP: Record<SheetHeight, SheetHeight> = { peek: 'half', half: 'full', full: 'full' };
const SHEET_DOWN: Record<SheetHeight, SheetHeight> = { peek: 'peek', half: 'peek', full: 'half' };
/** How far the handle must be dragged, in CSS pixels, to move the sheet one height up or down. */
const SWIPE_PX = 24;
const SHEET_ACTION: Record<SheetHeight, string> = {
  peek: 'Agrandir la liste',
  half: 'Afficher la liste en plein écran',
  full: 'Réduire la liste',
};

/** How long the list's scroll waits for its places to come back (the server's list of the view). */
const SCROLL_RESTORE_MS = 3000;

/**
 * The list's scroll across the detail pages: remembered while the map page is shown, put back when it
 * comes back (as soon as the list is long enough again, unless the visitor scrolls first). A detail page
 * opens at its top: on desktop the panel that scrolls is the same element for the list and the page.
 */
function usePanelScroll(detail: boolean, pathname: string) {
  const store = useMapStore();
  const panel = useRef<HTMLElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const restoring = useRef(false);

  useLayoutEffect(() => {
    if (detail) {
      panel.current?.scrollTo({ top: 0 });
      return undefined;
    }
    const top = store.getState().listScrollTop;
    const scrollers = [panel.current, list.current].filter((e): e is HTMLElement => e !== null);
    if (scrollers.length === 0) return undefined;
    // At the top too: on desktop the panel is still where the detail page was scrolled.
    if (top === 0) {
      for (const element of scrollers) element.scrollTop = 0;
      return undefined;
    }
    // The panel on desktop, the sheet's inner box on phones: whichever scrolls takes it.
    const apply = () => {
      for (const element of scrollers) element.scrollTop = top;
      return scrollers.some((element) => element.scrollTop >= top - 1);
    };
    restoring.current = true;
    if (apply()) {
      restoring.current = false;
      return undefined;
    }
    const content = list.current?.firstElementChild ?? null;
    const observer = new ResizeObserver(() => {
      if (apply()) stop();
    });
    const stop = () => {
      restoring.current = false;
      observer.disconnect();
      window.clearTimeout(timer);
      for (const element of scrollers) {
        element.removeEventListener('wheel', stop);
        element.removeEventListener('touchstart', stop);
        element.removeEventListener('keydown', stop);
      }
    };
    const timer = window.setTimeout(stop, SCROLL_RESTORE_MS);
    if (content !== null) observer.observe(content);
    for (const element of scrollers) {
      element.addEventListener('wheel', stop, { passive: true });
      element.addEventListener('touchstart', stop, { passive: true });
      element.addEventListener('keydown', stop);
    }
    return stop;
  }, [store, detail, pathname]);

  const onScroll = (event: UIEvent<HTMLElement>) => {
    if (detail || restoring.current || event.target !== event.currentTarget) return;
    store.dispatch({ type: 'listScrolled', top: event.currentTarget.scrollTop });
  };
  return { panel, list, onScroll };
}

function Frame({ children }: { children: ReactNode }) {
  useMapSync();
  useViewInAddress();
  const settings = useRouteLoaderData('root') as PublicSettings | undefined;
  const mapStyleUrl = settings?.mapStyleUrl ?? null;
  const serverClustersFrom = settings?.mapServerClustersFrom;
  const { pathname } = useLocation();
  const detail = isReadingPagePath(pathname);
  const scroll = usePanelScroll(detail, pathname);
  const [sheet, setSheet] = useState<SheetHeight>('peek');
  // Where a drag of the handle began, and whether the click being dispatched ends a drag (a mouse's
  // release, dispatched at once after it), not a tap.
  const dragStart = useRef<number | null>(null);
  const dragEnding = useRef(false);

  // Phones, home: a bottom sheet over the map with three heights (`data-sheet`, public.css). A tap on the
  // handle (or Enter) goes to the next height; dragging it up or down moves one height that way. Typing in
  // the sheet's search or category field raises it to full height: at its lowest the results would be
  // under the field and the phone's keyboard. On desktop the heights do nothing (public.css).
  const raiseForTyping = (event: FocusEvent<HTMLElement>) => {
    const target = event.target;
    if (target instanceof HTMLInputElement && target.type !== 'checkbox' && target.type !== 'radio') {
      setSheet('full');
    }
  };
  const startDrag = (event: PointerEvent<HTMLButtonElement>) => {
    dragStart.current = event.clientY;
    // The release reaches the handle wherever the finger or the mouse has gone.
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const endDrag = (event: PointerEvent<HTMLButtonElement>) => {
    if (dragStart.current === null) return;
    const moved = event.clientY - dragStart.current;
    dragStart.current = null;
    if (Math.abs(moved) < SWIPE_PX) return;
    dragEnding.current = true;
    window.setTimeout(() => (dragEnding.current = false), 0);
    setSheet((height) => (moved < 0 ? SHEET_UP[height] : SHEET_DOWN[height]));
  };
  const tap = () => {
    if (!dragEnding.current) setSheet(NEXT_SHEET[sheet]);
  };
  // « Mes favoris » replaces the list with the followed places, today's boards and « Ne plus suivre », or says
  // how to follow one: on a phone the sheet rises to half height to show it. Lowered, the visitor who turned
  // it on saw the map alone, empty when nothing is followed, and no reason.
  const favorites = useMapState((s) => s.filters.favorites);
  useEffect(() => {
    if (favorites) setSheet((height) => (height === 'peek' ? 'half' : height));
  }, [favorites]);
  // The sheet's width is the phones' (public.css): below 960 px.
  const showMap = useCallback(() => {
    if (window.matchMedia('(min-width: 960px)').matches) return;
    setSheet('peek');
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
  }, []);

  return (
    <div className={`tv-shell ${detail ? 'tv-shell--detail' : 'tv-shell--home'}`}>
      <section
        ref={scroll.panel}
        onScroll={scroll.onScroll}
        aria-label={
          isEstablishmentPath(pathname)
            ? 'Établissement'
            : detail
              ? undefined
              : 'Liste des établissements de la carte'
        }
        className="tv-shell__panel"
        data-sheet={detail ? undefined : sheet}
        onFocus={detail ? undefined : raiseForTyping}
      >
        {!detail && (
          <button
            type="button"
            className="tv-sheet-handle"
            onClick={tap}
            onPointerDown={startDrag}
            onPointerUp={endDrag}
            onPointerCancel={() => (dragStart.current = null)}
            aria-label={SHEET_ACTION[sheet]}
            aria-expanded={sheet !== 'peek'}
          >
            <span />
          </button>
        )}
        {detail ? (
          children
        ) : (
          <ShowMapContext.Provider value={showMap}>
            <div ref={scroll.list} onScroll={scroll.onScroll} className="tv-shell__scroll">
              {children}
            </div>
          </ShowMapContext.Provider>
        )}
      </section>
      {/* The map: beside the panel on desktop; on phones full screen under the sheet, or a small map after
          a detail page's content (public.css), started only when scrolled near (MapArea). After the panel
          in the page too: a phone showing a page still being read put the map under the part read, then
          moved it down as the rest came (a layout shift of 0.15-0.32 seen in one load of six). */}
      <div id="carte" className="tv-shell__map">
        <MapArea mapStyleUrl={mapStyleUrl} serverClustersFrom={serverClustersFrom} compact={detail} />
      </div>
    </div>
  );
}

/**
 * The map page's frame, kept mounted across the home page and the detail pages: the map, and the page
 * (the list, or an establishment) in the side panel on desktop, in a bottom sheet or below a small map on
 * phones.
 */
export function MapPageFrame({ children }: { children: ReactNode }) {
  return (
    <MapStoreProvider>
      <Frame>{children}</Frame>
    </MapStoreProvider>
  );
}

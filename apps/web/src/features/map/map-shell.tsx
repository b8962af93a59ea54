import { useState, type ReactNode } from 'react';
import { useLocation, useRouteLoaderData } from 'react-router';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import type { PublicSettings } from '@tables-voisines/contract/public-data';
import { ClientMap } from './client-map';
import { isEstablishmentPath } from './map-rules';
import { MapStoreProvider } from './map-store';
import { useMapSync } from './use-map-sync';

const HEADER_HEIGHT = 56;

type SheetHeight = 'peek' | 'half' | 'full';
const SHEET_HEIGHTS: Record<SheetHeight, string> = {
  peek: '168px',
  half: '50%',
  full: 'calc(100% - 48px)',
};
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
  const { pathname } = useLocation();
  const detail = isEstablishmentPath(pathname);
  const [sheet, setSheet] = useState<SheetHeight>('peek');

  return (
    <Box
      sx={{
        position: 'relative',
        display: { xs: detail ? 'block' : 'block', md: 'flex' },
        height: {
          xs: detail ? 'auto' : `calc(100dvh - ${HEADER_HEIGHT}px)`,
          md: `calc(100dvh - ${HEADER_HEIGHT}px)`,
        },
        minHeight: { md: 480 },
      }}
    >
      {/* The map: beside the panel on desktop; full screen under the sheet, or a small map above a detail page, on phones. */}
      <Box
        sx={{
          position: { xs: detail ? 'relative' : 'absolute', md: 'relative' },
          inset: { xs: detail ? 'auto' : 0, md: 'auto' },
          height: { xs: detail ? 220 : 'auto', md: 'auto' },
          order: { md: 2 },
          flex: { md: 1 },
        }}
      >
        <ClientMap mapStyleUrl={mapStyleUrl} compact={detail} />
      </Box>
      <Box
        component="section"
        aria-label={detail ? 'Établissement' : 'Liste des établissements de la carte'}
        sx={{
          order: { md: 1 },
          width: { md: 400 },
          flexShrink: 0,
          overflowY: { md: 'auto' },
          borderRight: { md: 1 },
          borderColor: { md: 'divider' },
          bgcolor: 'background.paper',
          // Phones, home: a bottom sheet over the map with three heights.
          ...(detail
            ? {}
            : {
                position: { xs: 'absolute', md: 'static' },
                left: 0,
                right: 0,
                bottom: 0,
                height: { xs: SHEET_HEIGHTS[sheet], md: 'auto' },
                // The sheet clips and an inner box scrolls: a scrolling box laid directly over the WebGL
                // canvas left part of the map undrawn in Chromium's software compositor.
                overflow: { xs: 'hidden', md: 'auto' },
                display: { xs: 'flex', md: 'block' },
                flexDirection: 'column',
                borderTopLeftRadius: { xs: 16, md: 0 },
                borderTopRightRadius: { xs: 16, md: 0 },
                boxShadow: { xs: '0 -2px 12px rgb(0 0 0 / 20%)', md: 'none' },
                transition: 'height 200ms ease-out',
                zIndex: 2,
              }),
        }}
      >
        {!detail && (
          <ButtonBase
            onClick={() => setSheet(NEXT_SHEET[sheet])}
            aria-label={SHEET_ACTION[sheet]}
            aria-expanded={sheet !== 'peek'}
            sx={{
              display: { xs: 'flex', md: 'none' },
              width: '100%',
              height: 28,
              flexShrink: 0,
              bgcolor: 'background.paper',
              '&:focus-visible': { outline: '3px solid #1565c0', outlineOffset: -3 },
            }}
          >
            <Box sx={{ width: 40, height: 5, borderRadius: 3, bgcolor: 'grey.500' }} />
          </ButtonBase>
        )}
        {detail ? (
          children
        ) : (
          <Box sx={{ flex: 1, minHeight: 0, overflowY: { xs: 'auto', md: 'visible' } }}>{children}</Box>
        )}
      </Box>
    </Box>
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

import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { createEmotionCache } from './emotion-cache';
import { theme } from './theme';

/*
 * MUI's theme and emotion for the signed-in areas only (owner pages, back office): the public pages are
 * plain React and CSS (docs/decisions/0031-public-pages-without-mui.md), so this module is in those areas'
 * chunks alone. In the browser one cache with the server's key adopts the styles the server extracted
 * into `<head>`; on the server there is none here, entry.server's cache collects the styles.
 */
const browserCache = typeof document === 'undefined' ? null : createEmotionCache();

export function MuiProviders({ children }: { children: ReactNode }) {
  const themed = (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
  return browserCache === null ? themed : <CacheProvider value={browserCache}>{themed}</CacheProvider>;
}

import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';
import { setPendingNavigationTarget } from './hard-navigation';

/** The specification's delay before the notice shows. */
export const SLOW_NAVIGATION_MS = 1000;

/**
 * A thin notice when a navigation takes more than a second. The live region is always in the page so
 * that screen readers announce the text when it appears.
 */
export function SlowNavigationNotice() {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const target = navigation.location
    ? `${navigation.location.pathname}${navigation.location.search}${navigation.location.hash}`
    : null;
  const [slow, setSlow] = useState(false);

  useEffect(() => {
    setPendingNavigationTarget(target);
  }, [target]);

  useEffect(() => {
    if (!busy) {
      setSlow(false);
      return;
    }
    const timer = setTimeout(() => setSlow(true), SLOW_NAVIGATION_MS);
    return () => clearTimeout(timer);
  }, [busy, target]);

  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: (theme) => theme.zIndex.snackbar }}
    >
      {slow && (
        <>
          <LinearProgress aria-hidden="true" sx={{ height: 3 }} />
          <Box sx={{ display: 'flex', justifyContent: 'center', mt: 1 }}>
            <Paper elevation={3} sx={{ px: 2, py: 0.75, borderRadius: 99 }} data-testid="slow-navigation">
              <Typography variant="body2">Chargement un peu long…</Typography>
            </Paper>
          </Box>
        </>
      )}
    </Box>
  );
}

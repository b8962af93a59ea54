import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { keyframes } from '@emotion/react';
import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';
import { setPendingNavigationTarget } from './hard-navigation';

/** The specification's delay before the notice shows. */
export const SLOW_NAVIGATION_MS = 1000;

const sweep = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(250%); }
`;

/** An indeterminate bar: MUI's LinearProgress would add about 2 KB gzip to every page for this. */
function ProgressBar() {
  return (
    <Box aria-hidden="true" sx={{ height: 3, overflow: 'hidden', bgcolor: 'rgba(240, 96, 35, 0.25)' }}>
      <Box
        sx={{
          width: '40%',
          height: '100%',
          bgcolor: 'primary.main',
          animation: `${sweep} 1.2s ease-in-out infinite`,
          '@media (prefers-reduced-motion: reduce)': { animation: 'none', width: '100%', opacity: 0.6 },
        }}
      />
    </Box>
  );
}

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
          <ProgressBar />
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

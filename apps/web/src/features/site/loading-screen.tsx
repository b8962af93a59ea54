import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

/** While the application boots (the SPA fallback) or a full page load is under way. */
export function LoadingScreen() {
  return (
    <Box
      role="status"
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
      }}
    >
      <img src="/favicon.svg" alt="" width={72} height={72} />
      <CircularProgress aria-hidden="true" size={28} />
      <Typography>Chargement en cours...</Typography>
    </Box>
  );
}

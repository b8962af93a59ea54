import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';

/** Logo, product name (back to the map) and the restaurant owners' entry. */
export function SiteHeader({ siteName }: { siteName: string }) {
  return (
    <Box
      component="header"
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 2,
        px: { xs: 2, md: 3 },
        height: 56,
        flexShrink: 0,
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
      }}
    >
      <Link
        component={RouterLink}
        to="/"
        prefetch="intent"
        underline="none"
        color="text.primary"
        sx={{ display: 'flex', alignItems: 'center', gap: 1, fontWeight: 700, fontSize: '1.125rem' }}
      >
        <img src="/favicon.svg" alt="" width={32} height={32} />
        {siteName}
      </Link>
      <Link component={RouterLink} to="/espace-restaurateur" prefetch="intent" sx={{ fontWeight: 600 }}>
        Espace restaurateur
      </Link>
    </Box>
  );
}

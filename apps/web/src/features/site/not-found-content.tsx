import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Form, Link as RouterLink } from 'react-router';

/**
 * "Page introuvable": a search that opens the map on the words typed (`/?q=`), and the way back to the
 * map. A native field: this page is in every page's bundle (the root's error boundary), MUI's TextField
 * would weigh 26 KB gzip there.
 */
export function NotFoundContent() {
  return (
    <Box sx={{ p: { xs: 2, md: 4 }, maxWidth: 640, mx: 'auto', width: '100%' }}>
      <Typography variant="h1" gutterBottom>
        Page introuvable
      </Typography>
      <Typography sx={{ mb: 3 }}>
        La page demandée n’existe pas ou n’est plus disponible. Cherchez un établissement ou une ville :
      </Typography>
      <Box component={Form} action="/" method="get" role="search" sx={{ mb: 3 }}>
        <Box component="label" htmlFor="recherche-404" sx={{ display: 'block', fontWeight: 600, mb: 0.5 }}>
          Rechercher
        </Box>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Box
            component="input"
            id="recherche-404"
            name="q"
            type="search"
            placeholder="Un restaurant, une ville..."
            sx={{
              flex: '1 1 240px',
              font: 'inherit',
              px: 1.5,
              py: 1,
              border: 1,
              borderColor: 'grey.600',
              borderRadius: 1,
              '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.dark', outlineOffset: 1 },
            }}
          />
          <Button type="submit" variant="contained">
            Rechercher
          </Button>
        </Box>
      </Box>
      <Link component={RouterLink} to="/" prefetch="intent" sx={{ fontWeight: 600 }}>
        Retour à la carte
      </Link>
    </Box>
  );
}

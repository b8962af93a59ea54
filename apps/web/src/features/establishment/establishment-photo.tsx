import Box from '@mui/material/Box';
import type { Photo } from '@tables-voisines/contract/schemas/establishment';

/**
 * The photo at the top of the page, in a 1200×630 frame (the share format) that reserves its space before
 * the image arrives. It is the page's largest image: fetched first, never lazily.
 */
export function EstablishmentPhoto({ photo, name }: { photo: NonNullable<Photo>; name: string }) {
  return (
    <Box
      component="img"
      src={photo.url}
      alt={`Photo de ${name}`}
      width={1200}
      height={630}
      sizes="(min-width: 960px) 420px, 100vw"
      fetchPriority="high"
      decoding="async"
      sx={{
        display: 'block',
        width: '100%',
        height: 'auto',
        aspectRatio: '1200 / 630',
        objectFit: 'cover',
        borderRadius: 2,
        bgcolor: 'grey.200',
      }}
    />
  );
}

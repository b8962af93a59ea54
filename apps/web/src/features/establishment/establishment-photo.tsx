import { PHOTO_VARIANTS, photoVariantUrl } from '@tables-voisines/contract/photo-variants';
import type { Photo } from '@tables-voisines/contract/schemas/establishment';
import { establishmentPhotoAlt } from '../../lib/format';

/**
 * The photo at the top of the page, in a 1200×630 frame (the share format) that reserves its space before
 * the image arrives. It is the page's largest image: fetched first, never lazily.
 */
export function EstablishmentPhoto({ photo, name }: { photo: NonNullable<Photo>; name: string }) {
  // Uploaded photos have resized copies: the phone downloads 480 px, a wide screen 1200 px.
  const card = photoVariantUrl(photo.url, 'card');
  const page = photoVariantUrl(photo.url, 'page');
  const srcSet =
    card === null || page === null
      ? undefined
      : `${card} ${PHOTO_VARIANTS.card.width}w, ${page} ${PHOTO_VARIANTS.page.width}w`;
  return (
    <img
      src={page ?? photo.url}
      srcSet={srcSet}
      alt={establishmentPhotoAlt(name)}
      width={1200}
      height={630}
      sizes="(min-width: 960px) 420px, 100vw"
      fetchPriority="high"
      decoding="async"
      className="tv-photo"
    />
  );
}

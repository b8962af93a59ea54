import { PHOTO_VARIANTS, photoVariantUrl } from '@tables-voisines/contract/photo-variants';
import type { Photo } from '@tables-voisines/contract/schemas/establishment';
import { establishmentPhotoAlt } from '../../lib/format';

/**
 * The photo at the top of the page, in a 1200×630 frame (the share format) that reserves its space before
 * the image arrives. It is the page's largest image: fetched first, never lazily.
 */
export function EstablishmentPhoto({ photo, name }: { photo: NonNullable<Photo>; name: string }) {
  // Uploaded photos have resized copies: the browser takes the smallest that fills the frame at the screen's
  // density, 800 px on a common phone (412 px at 1.75), 1200 px on a sharper one.
  const page = photoVariantUrl(photo.url, 'page');
  const srcSet =
    page === null
      ? undefined
      : (['card', 'medium', 'page'] as const)
          .map((variant) => `${photoVariantUrl(photo.url, variant)} ${PHOTO_VARIANTS[variant].width}w`)
          .join(', ');
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

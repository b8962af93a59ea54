import type { MetaDescriptor } from 'react-router';
import type { Category } from '@tables-voisines/contract/schemas/category';
import { VENUE_TYPE_LABELS } from '@tables-voisines/contract/labels';
import type { PublicEstablishment } from '@tables-voisines/contract/schemas/establishment';
import type { MenuBoard } from '@tables-voisines/contract/schemas/menu-board';
import { photoVariantUrl } from '@tables-voisines/contract/photo-variants';
import { establishmentPath } from '@tables-voisines/contract/site-paths';
import { establishmentPhotoAlt } from '../../lib/format';

/** The shared image when an establishment has no photo: 1200×630, what social networks expect. */
export const DEFAULT_SHARE_IMAGE = '/og-image.png';

/** The 1200×630 copy of an uploaded photo, the photo itself otherwise, the default image without one. */
function shareImage(e: PublicEstablishment): string {
  if (e.photo === null) return DEFAULT_SHARE_IMAGE;
  return photoVariantUrl(e.photo.url, 'social') ?? e.photo.url;
}

const SCHEMA_DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

export interface EstablishmentSeoInput {
  establishment: PublicEstablishment;
  menuBoard: MenuBoard | null;
  categories: Category[];
  publicUrl: string;
  siteName: string;
}

function absolute(publicUrl: string, url: string): string {
  return /^https?:\/\//i.test(url) ? url : `${publicUrl}${url.startsWith('/') ? '' : '/'}${url}`;
}

export function establishmentUrl(publicUrl: string, e: Pick<PublicEstablishment, 'kind' | 'uri'>): string {
  return `${publicUrl}${establishmentPath(e.kind, e.uri)}`;
}

export function establishmentTitle(e: PublicEstablishment, siteName: string): string {
  return `${e.name} à ${e.address.town} — ${siteName}`;
}

export function establishmentDescription(e: PublicEstablishment): string {
  if (e.description !== null && e.description.trim() !== '') {
    const text = e.description.trim().replace(/\s+/g, ' ');
    return text.length > 160 ? `${text.slice(0, 157).trimEnd()}…` : text;
  }
  return `${VENUE_TYPE_LABELS[e.venueType]} à ${e.address.town} : horaires, ardoise du jour, adresse, téléphone et itinéraire.`;
}

/** schema.org `Restaurant`: address, position, hours, today's menu, image. */
export function establishmentJsonLd(input: EstablishmentSeoInput): Record<string, unknown> {
  const { establishment: e, menuBoard, categories, publicUrl } = input;
  const url = establishmentUrl(publicUrl, e);
  const categoryName = new Map(categories.map((c) => [c.id, c.name]));
  const cuisines = e.categories.flatMap((id) => categoryName.get(id) ?? []);
  return {
    '@context': 'https://schema.org',
    '@type': 'Restaurant',
    '@id': url,
    url,
    name: e.name,
    ...(e.description ? { description: e.description } : {}),
    image: absolute(publicUrl, e.photo?.url ?? DEFAULT_SHARE_IMAGE),
    address: {
      '@type': 'PostalAddress',
      ...(e.address.street ? { streetAddress: e.address.street } : {}),
      ...(e.address.postcode ? { postalCode: e.address.postcode } : {}),
      addressLocality: e.address.town,
      addressCountry: 'FR',
    },
    geo: { '@type': 'GeoCoordinates', latitude: e.location.latitude, longitude: e.location.longitude },
    ...(e.phone ? { telephone: e.phone } : {}),
    ...(e.website ? { sameAs: [e.website] } : {}),
    ...(e.priceRange ? { priceRange: e.priceRange } : {}),
    ...(cuisines.length > 0 ? { servesCuisine: cuisines } : {}),
    openingHoursSpecification: e.openingHours.map((h) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: `https://schema.org/${SCHEMA_DAYS[h.day - 1]}`,
      opens: h.opens,
      closes: h.closes,
    })),
    ...(menuBoard
      ? {
          hasMenu: {
            '@type': 'Menu',
            name: menuBoard.title,
            hasMenuItem: menuBoard.items.map((item) => ({
              '@type': 'MenuItem',
              name: item.name,
              offers: { '@type': 'Offer', price: item.price.toFixed(2), priceCurrency: 'EUR' },
            })),
          },
        }
      : {}),
  };
}

/** Title, description, canonical address, OpenGraph and Twitter tags, and the JSON-LD block. */
export function establishmentMeta(input: EstablishmentSeoInput): MetaDescriptor[] {
  const { establishment: e, publicUrl, siteName } = input;
  const title = establishmentTitle(e, siteName);
  const description = establishmentDescription(e);
  const url = establishmentUrl(publicUrl, e);
  const image = absolute(publicUrl, shareImage(e));
  return [
    { title },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: 'restaurant.restaurant' },
    { property: 'og:site_name', content: siteName },
    { property: 'og:locale', content: 'fr_FR' },
    { property: 'og:title', content: `${e.name} à ${e.address.town}` },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: image },
    { property: 'og:image:width', content: '1200' },
    { property: 'og:image:height', content: '630' },
    { property: 'og:image:alt', content: e.photo ? establishmentPhotoAlt(e.name) : siteName },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: `${e.name} à ${e.address.town}` },
    { name: 'twitter:description', content: description },
    { name: 'twitter:image', content: image },
    { 'script:ld+json': establishmentJsonLd(input) },
  ];
}

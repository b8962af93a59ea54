import type { MetaDescriptor } from 'react-router';
import type { Category } from '@tables-voisines/contract/schemas/category';
import { currentAndFutureClosures, type Closure } from '@tables-voisines/contract/closures';
import { VENUE_TYPE_LABELS, type VenueType } from '@tables-voisines/contract/labels';
import { internationalPhone } from '@tables-voisines/contract/phone';
import type { PublicEstablishment } from '@tables-voisines/contract/schemas/establishment';
import type {
  MenuBoard,
  MenuBoardFormula,
  MenuBoardItem,
} from '@tables-voisines/contract/schemas/menu-board';
import { formulaCoursesText, groupByCourse } from '@tables-voisines/contract/courses';
import { DIET_SCHEMA_ORG } from '@tables-voisines/contract/dishes';
import { PHOTO_VARIANTS, photoVariantUrl } from '@tables-voisines/contract/photo-variants';
import { establishmentPath } from '@tables-voisines/contract/site-paths';
import { establishmentPhotoAlt, formatFrenchDay } from '../../lib/format';
import { parisDay } from '@tables-voisines/contract/paris-time';
import { toName } from '@tables-voisines/contract/french-names';

/** The shared image when an establishment has no photo: 1200×630, what social networks expect. */
export const DEFAULT_SHARE_IMAGE = '/og-image.png';

interface ShareImage {
  url: string;
  /** Known for the images we make (the default one, the 1200×630 copy of an uploaded photo). */
  size: { width: number; height: number } | null;
}

/**
 * The 1200×630 copy of an uploaded photo, the photo itself otherwise (a photo from elsewhere, of a size
 * we do not know), the default image without one.
 */
export function shareImage(e: PublicEstablishment): ShareImage {
  if (e.photo === null) return { url: DEFAULT_SHARE_IMAGE, size: { width: 1200, height: 630 } };
  const social = photoVariantUrl(e.photo.url, 'social');
  if (social === null) return { url: e.photo.url, size: null };
  const { width, height } = PHOTO_VARIANTS.social;
  return { url: social, size: { width, height } };
}

/** The board's picture in the link preview's format (`GET /api/establishment/{id}/menuboard.png`). */
export const BOARD_PICTURE_SIZE = { width: 1200, height: 630 } as const;

/**
 * What a link to the page shows: the picture of today's board when the page has one served today (drawn by
 * the server, in the link preview's format, issue 54), the establishment's image otherwise.
 */
export function pageShareImage(
  e: PublicEstablishment,
  menuBoard: MenuBoard | null,
): ShareImage & { alt: string } {
  if (menuBoard !== null && !menuBoard.closedOnDate) {
    const query = new URLSearchParams({ date: menuBoard.date, format: 'landscape' });
    return {
      url: `/api/establishment/${encodeURIComponent(e.id)}/menuboard.png?${query.toString()}`,
      size: BOARD_PICTURE_SIZE,
      alt: `${e.name} : ardoise du ${formatFrenchDay(menuBoard.date)}`,
    };
  }
  return { ...shareImage(e), alt: '' };
}

/**
 * The schema.org type of each venue type: its most precise FoodEstablishment type, `Restaurant` for
 * the kinds of restaurant schema.org does not name (a brasserie, a crêperie), `FoodEstablishment` for
 * what is not a restaurant nor a more precise type (a food truck, a caterer); a hotel-restaurant is both.
 */
export const SCHEMA_TYPES: Readonly<Record<VenueType, string | readonly string[]>> = {
  restaurant: 'Restaurant',
  brasserie: 'Restaurant',
  creperie: 'Restaurant',
  'food-truck': 'FoodEstablishment',
  traiteur: 'FoodEstablishment',
  'hotel-restaurant': ['Hotel', 'Restaurant'],
  bar: 'BarOrPub',
};

const SCHEMA_DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

export interface EstablishmentSeoInput {
  establishment: PublicEstablishment;
  menuBoard: MenuBoard | null;
  categories: Category[];
  publicUrl: string;
  siteName: string;
  /** When the page was rendered: closures that ended before that day are left out. Now by default. */
  renderedAt?: string;
}

function absolute(publicUrl: string, url: string): string {
  return /^https?:\/\//i.test(url) ? url : `${publicUrl}${url.startsWith('/') ? '' : '/'}${url}`;
}

export function establishmentUrl(publicUrl: string, e: Pick<PublicEstablishment, 'kind' | 'uri'>): string {
  return `${publicUrl}${establishmentPath(e.kind, e.uri)}`;
}

/** « Le Zinc à Lyon », « Le Bistrot au Mans »: what a title or a shared post calls a place. */
export function establishmentHeadline(e: Pick<PublicEstablishment, 'name' | 'address'>): string {
  return `${e.name} ${toName(e.address.town)}`;
}

export function establishmentTitle(e: PublicEstablishment, siteName: string): string {
  return `${establishmentHeadline(e)} — ${siteName}`;
}

export function establishmentDescription(e: PublicEstablishment): string {
  if (e.description !== null && e.description.trim() !== '') {
    const text = e.description.trim().replace(/\s+/g, ' ');
    return text.length > 160 ? `${text.slice(0, 157).trimEnd()}…` : text;
  }
  return `${VENUE_TYPE_LABELS[e.venueType]} ${toName(e.address.town)} : horaires, ardoise du jour, adresse, téléphone et itinéraire.`;
}

/**
 * A dish as schema.org's `MenuItem`: its name, its line of description, the diets it suits (schema.org's
 * `RestrictedDiet` members) and its price. schema.org has no property for allergens: the page says them.
 */
export function menuItemJsonLd(item: MenuBoardItem): Record<string, unknown> {
  return {
    '@type': 'MenuItem',
    name: item.name,
    ...(item.description !== null ? { description: item.description } : {}),
    ...(item.diets.length > 0 ? { suitableForDiet: item.diets.map((d) => DIET_SCHEMA_ORG[d]) } : {}),
    offers: { '@type': 'Offer', price: item.price.toFixed(2), priceCurrency: 'EUR' },
  };
}

/**
 * A formule as schema.org's `MenuItem`: its name, its combinations in words (and its own line) as its
 * description, its price as an `Offer`.
 */
export function formulaJsonLd(formula: MenuBoardFormula): Record<string, unknown> {
  const courses = formulaCoursesText(formula.courses);
  const description = [courses, formula.description ?? ''].filter((part) => part !== '').join('. ');
  return {
    '@type': 'MenuItem',
    name: formula.name,
    ...(description !== '' ? { description } : {}),
    offers: { '@type': 'Offer', price: formula.price.toFixed(2), priceCurrency: 'EUR' },
  };
}

/**
 * Today's board as schema.org's `Menu`: its formules as a `MenuSection` « Formules » first, then a
 * `MenuSection` per course (« Entrées », « Plats », « Desserts », « Et aussi »); a board none of whose
 * dishes says its course has its dishes on the menu itself, as before courses existed.
 */
export function menuJsonLd(menuBoard: MenuBoard): Record<string, unknown> {
  const groups = groupByCourse(menuBoard.items);
  const byCourse = groups.length > 0 && groups.every((group) => group.heading !== null);
  const formulas = menuBoard.formulas ?? [];
  const sections = [
    ...(formulas.length > 0
      ? [{ '@type': 'MenuSection', name: 'Formules', hasMenuItem: formulas.map(formulaJsonLd) }]
      : []),
    ...(byCourse
      ? groups.map((group) => ({
          '@type': 'MenuSection',
          name: group.heading,
          hasMenuItem: group.items.map((item) => menuItemJsonLd(item)),
        }))
      : []),
  ];
  return {
    '@type': 'Menu',
    name: menuBoard.title,
    ...(sections.length > 0 ? { hasMenuSection: sections } : {}),
    ...(byCourse ? {} : { hasMenuItem: menuBoard.items.map((item) => menuItemJsonLd(item)) }),
  };
}

/**
 * A closure as Google documents special hours: an `OpeningHoursSpecification` valid from its first day
 * through its last (none when it lasts until further notice), opening and closing at "00:00", which means
 * closed all day.
 */
export function closureJsonLd(closure: Closure): Record<string, unknown> {
  return {
    '@type': 'OpeningHoursSpecification',
    opens: '00:00',
    closes: '00:00',
    validFrom: closure.from,
    ...(closure.to !== null ? { validThrough: closure.to } : {}),
  };
}

/** schema.org's type for the venue (`Restaurant`, `BarOrPub`...): address, position, hours, today's menu, image. */
export function establishmentJsonLd(input: EstablishmentSeoInput): Record<string, unknown> {
  const { establishment: e, menuBoard, categories, publicUrl } = input;
  const url = establishmentUrl(publicUrl, e);
  const categoryName = new Map(categories.map((c) => [c.id, c.name]));
  const cuisines = e.categories.flatMap((id) => categoryName.get(id) ?? []);
  const today = parisDay(input.renderedAt === undefined ? new Date() : new Date(input.renderedAt));
  const closures = currentAndFutureClosures(e.closures, today);
  return {
    '@context': 'https://schema.org',
    '@type': SCHEMA_TYPES[e.venueType] ?? 'FoodEstablishment',
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
    ...(e.phone ? { telephone: internationalPhone(e.phone) ?? e.phone } : {}),
    ...(e.website ? { sameAs: [e.website] } : {}),
    ...(e.priceRange ? { priceRange: e.priceRange } : {}),
    ...(cuisines.length > 0 ? { servesCuisine: cuisines } : {}),
    openingHoursSpecification: e.openingHours.map((h) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: `https://schema.org/${SCHEMA_DAYS[h.day - 1]}`,
      opens: h.opens,
      closes: h.closes,
    })),
    ...(closures.length > 0 ? { specialOpeningHoursSpecification: closures.map(closureJsonLd) } : {}),
    // A board of a day the place is closed is not on its menu that day (decision 0073).
    ...(menuBoard && !menuBoard.closedOnDate ? { hasMenu: menuJsonLd(menuBoard) } : {}),
  };
}

/**
 * Title, description, canonical address, OpenGraph and Twitter tags, and the JSON-LD block. With today's
 * board, the link preview is the board's picture (1200×630).
 */
export function establishmentMeta(input: EstablishmentSeoInput): MetaDescriptor[] {
  const { establishment: e, publicUrl, siteName } = input;
  const title = establishmentTitle(e, siteName);
  const headline = establishmentHeadline(e);
  const description = establishmentDescription(e);
  const url = establishmentUrl(publicUrl, e);
  const image = pageShareImage(e, input.menuBoard);
  const imageUrl = absolute(publicUrl, image.url);
  const imageAlt = image.alt !== '' ? image.alt : e.photo ? establishmentPhotoAlt(e.name) : siteName;
  return [
    { title },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: 'restaurant.restaurant' },
    { property: 'og:site_name', content: siteName },
    { property: 'og:locale', content: 'fr_FR' },
    { property: 'og:title', content: headline },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: imageUrl },
    ...(image.size === null
      ? []
      : [
          { property: 'og:image:width', content: String(image.size.width) },
          { property: 'og:image:height', content: String(image.size.height) },
        ]),
    { property: 'og:image:alt', content: imageAlt },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: headline },
    { name: 'twitter:description', content: description },
    { name: 'twitter:image', content: imageUrl },
    { name: 'twitter:image:alt', content: imageAlt },
    { 'script:ld+json': establishmentJsonLd(input) },
  ];
}

import { describe, expect, it } from 'vitest';
import { VENUE_TYPES, type VenueType } from '@tables-voisines/contract/labels';
import type { PublicEstablishment } from '@tables-voisines/contract/schemas/establishment';
import type { MenuBoard, MenuBoardItem } from '@tables-voisines/contract/schemas/menu-board';
import { establishmentJsonLd, establishmentMeta } from './establishment-seo';
import { aMenuBoardItem, anEstablishment } from '../../test/factories';

const PUBLIC_URL = 'https://tables.exemple.fr';

function place(overrides: Partial<PublicEstablishment> = {}): PublicEstablishment {
  return anEstablishment({
    id: '11111111-1111-4111-8111-111111111111',
    uri: 'le-zinc-a-lyon',
    name: 'Le Zinc',
    address: { street: '1 place Bellecour', postcode: '69002', town: 'Lyon' },
    location: { latitude: 45.757, longitude: 4.832 },
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  });
}

const seo = (establishment: PublicEstablishment, menuBoard: MenuBoard | null = null) => ({
  establishment,
  menuBoard,
  categories: [],
  publicUrl: PUBLIC_URL,
  siteName: 'Tables Voisines',
});

const metaContent = (establishment: PublicEstablishment, property: string) =>
  establishmentMeta(seo(establishment)).find((m) => (m as { property?: string }).property === property) as
    { content: string } | undefined;

describe('the JSON-LD of a place', () => {
  // Each schema.org type and the venue types it is said of; a venue type in none fails its test.
  const typed: [unknown, VenueType[]][] = [
    ['Restaurant', ['restaurant', 'brasserie', 'creperie']],
    ['FoodEstablishment', ['food-truck', 'traiteur']],
    [['Hotel', 'Restaurant'], ['hotel-restaurant']],
    ['BarOrPub', ['bar']],
  ];

  it.each(VENUE_TYPES)('types a %s with schema.org’s type for it', (venueType) => {
    const expected = typed.find(([, venueTypes]) => venueTypes.includes(venueType));
    expect(expected).toBeDefined();
    expect(establishmentJsonLd(seo(place({ venueType })))['@type']).toEqual(expected?.[0]);
  });

  it('gives the phone in its international form', () => {
    expect(establishmentJsonLd(seo(place({ phone: '01 23 45 67 89' }))).telephone).toBe('+33123456789');
    expect(establishmentJsonLd(seo(place({ phone: '0262 12 34 56' }))).telephone).toBe('+262262123456');
    expect(establishmentJsonLd(seo(place({ phone: '3631' }))).telephone).toBe('3631');
  });

  it('gives each closure in progress or to come as special hours closed all day, as Google documents', () => {
    const closures = [
      { from: '2026-07-01', to: '2026-07-14', reason: null },
      { from: '2026-08-03', to: '2026-08-15', reason: 'Congés annuels' },
      { from: '2026-12-24', to: null, reason: null },
    ];
    // Rendered on 15 August at 23:59 in Paris (21:59 UTC): the July closure is over, August's last day not.
    const jsonLd = establishmentJsonLd({
      ...seo(place({ closures, openingHours: [{ day: 6, opens: '19:00', closes: '23:00' }] })),
      renderedAt: '2026-08-15T21:59:00.000Z',
    });
    expect(jsonLd.specialOpeningHoursSpecification).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        opens: '00:00',
        closes: '00:00',
        validFrom: '2026-08-03',
        validThrough: '2026-08-15',
      },
      { '@type': 'OpeningHoursSpecification', opens: '00:00', closes: '00:00', validFrom: '2026-12-24' },
    ]);
    // The weekly hours stay.
    expect(jsonLd.openingHoursSpecification).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: 'https://schema.org/Saturday',
        opens: '19:00',
        closes: '23:00',
      },
    ]);
    // At midnight in Paris, August's is over too.
    const after = establishmentJsonLd({
      ...seo(place({ closures })),
      renderedAt: '2026-08-15T22:00:00.000Z',
    });
    expect(after.specialOpeningHoursSpecification).toHaveLength(1);
  });

  it('has no special hours without a closure', () => {
    expect(establishmentJsonLd(seo(place())).specialOpeningHoursSpecification).toBeUndefined();
  });
});

const CATEGORY = '33333333-3333-4333-8333-333333333333';

const dish = (overrides: Partial<MenuBoardItem> = {}): MenuBoardItem =>
  aMenuBoardItem({ name: 'Plat', price: 12.5, category: CATEGORY, ...overrides });

function board(items: MenuBoardItem[]): MenuBoard {
  const e = place();
  return {
    id: '44444444-4444-4444-8444-444444444444',
    establishment: { id: e.id, uri: e.uri, name: e.name, kind: e.kind, location: e.location },
    title: 'Ardoise du jour',
    date: '2026-11-21',
    closedOnDate: false,
    items,
    formulas: [],
    fromPrice: null,
    createdAt: '2026-11-21T08:00:00.000Z',
  };
}

describe('the JSON-LD of today’s board', () => {
  it('gives each dish as a MenuItem with its description, the diets it suits and its price', () => {
    const menu = board([
      dish({
        name: 'Curry de légumes',
        description: 'Lait de coco, riz basmati',
        price: 13,
        allergens: [],
        diets: ['vegetarian', 'vegan', 'halal'],
        homemade: true,
      }),
      dish({ name: 'Bœuf bourguignon', meatOrigin: 'Bœuf né, élevé et abattu en France', diets: ['kosher'] }),
    ]);
    const jsonLd = establishmentJsonLd(seo(place(), menu));
    expect(jsonLd.hasMenu).toEqual({
      '@type': 'Menu',
      name: 'Ardoise du jour',
      hasMenuItem: [
        {
          '@type': 'MenuItem',
          name: 'Curry de légumes',
          description: 'Lait de coco, riz basmati',
          suitableForDiet: [
            'https://schema.org/VegetarianDiet',
            'https://schema.org/VeganDiet',
            'https://schema.org/HalalDiet',
          ],
          offers: { '@type': 'Offer', price: '13.00', priceCurrency: 'EUR' },
        },
        {
          '@type': 'MenuItem',
          name: 'Bœuf bourguignon',
          suitableForDiet: ['https://schema.org/KosherDiet'],
          offers: { '@type': 'Offer', price: '12.50', priceCurrency: 'EUR' },
        },
      ],
    });
  });

  it('leaves out a description and diets a dish does not have', () => {
    const [item] = (establishmentJsonLd(seo(place(), board([dish()]))).hasMenu as { hasMenuItem: object[] })
      .hasMenuItem;
    expect(item).not.toHaveProperty('description');
    expect(item).not.toHaveProperty('suitableForDiet');
  });

  it('has no menu without a board today, nor with a board of a day the place is closed', () => {
    expect(establishmentJsonLd(seo(place()))).not.toHaveProperty('hasMenu');
    const closed = { ...board([dish()]), closedOnDate: true };
    expect(establishmentJsonLd(seo(place(), closed))).not.toHaveProperty('hasMenu');
  });
});

describe('the title and description of a place', () => {
  const metaNamed = (e: PublicEstablishment, name: string) =>
    establishmentMeta(seo(e)).find((m) => (m as { name?: string }).name === name) as
      { content: string } | undefined;
  const titleOf = (e: PublicEstablishment) =>
    (establishmentMeta(seo(e)).find((m) => 'title' in m) as { title: string }).title;

  it('name the town after « à » as French writes it, contracted with « Le » and « Les »', () => {
    const town = (name: string) =>
      place({ address: { street: '1 rue Nationale', postcode: '72000', town: name } });
    expect(titleOf(town('Le Mans'))).toBe('Le Zinc au Mans — Tables Voisines');
    expect(metaContent(town('Le Mans'), 'og:title')?.content).toBe('Le Zinc au Mans');
    expect(metaNamed(town('Les Sables-d’Olonne'), 'twitter:title')?.content).toBe(
      'Le Zinc aux Sables-d’Olonne',
    );
    expect(metaNamed(town('Le Havre'), 'description')?.content).toBe(
      'Restaurant au Havre : horaires, ardoise du jour, adresse, téléphone et itinéraire.',
    );
    expect(titleOf(place())).toBe('Le Zinc à Lyon — Tables Voisines');
    expect(metaContent(town('La Rochelle'), 'og:title')?.content).toBe('Le Zinc à La Rochelle');
  });
});

describe('the OpenGraph image of a place', () => {
  it('is the 1200×630 copy of its uploaded photo, with its size and text', () => {
    const photo = { url: '/media/22222222-2222-4222-8222-222222222222.jpg', isFacebookShared: false };
    const e = place({ photo });
    expect(metaContent(e, 'og:image')?.content).toBe(
      `${PUBLIC_URL}/media/22222222-2222-4222-8222-222222222222-social.webp`,
    );
    expect(metaContent(e, 'og:image:width')?.content).toBe('1200');
    expect(metaContent(e, 'og:image:height')?.content).toBe('630');
    expect(metaContent(e, 'og:image:alt')?.content).toBe('Le Zinc : photo de l’établissement');
  });

  it('is its photo from elsewhere as it is, without a size nobody measured', () => {
    const e = place({ photo: { url: 'https://photos.exemple.fr/zinc.jpg', isFacebookShared: false } });
    expect(metaContent(e, 'og:image')?.content).toBe('https://photos.exemple.fr/zinc.jpg');
    expect(metaContent(e, 'og:image:width')).toBeUndefined();
    expect(metaContent(e, 'og:image:height')).toBeUndefined();
    expect(metaContent(e, 'og:image:alt')?.content).toBe('Le Zinc : photo de l’établissement');
  });

  it('is the site’s image, 1200×630, for a place without a photo', () => {
    const e = place();
    expect(metaContent(e, 'og:image')?.content).toBe(`${PUBLIC_URL}/og-image.png`);
    expect(metaContent(e, 'og:image:width')?.content).toBe('1200');
  });
});

describe('today’s board by course and its formules in JSON-LD', () => {
  const withCourses: MenuBoard = {
    ...board([
      dish({ name: 'Velouté', price: 6, course: 'entree' }),
      dish({ name: 'Quiche', price: 12, course: 'plat' }),
      dish({ name: 'Tarte Tatin', price: 5.5, course: 'dessert' }),
      dish({ name: 'Café', price: 2, course: null }),
    ]),
    formulas: [
      {
        name: 'Formule du midi',
        price: 16.5,
        courses: [
          ['entree', 'plat'],
          ['plat', 'dessert'],
        ],
        description: 'Café compris',
      },
    ],
  };
  const offer = (price: string) => ({ '@type': 'Offer', price, priceCurrency: 'EUR' });

  it('gives a MenuSection per course, and the formules as MenuItems with their price and combinations', () => {
    expect(establishmentJsonLd(seo(place(), withCourses)).hasMenu).toEqual({
      '@type': 'Menu',
      name: 'Ardoise du jour',
      hasMenuSection: [
        {
          '@type': 'MenuSection',
          name: 'Formules',
          hasMenuItem: [
            {
              '@type': 'MenuItem',
              name: 'Formule du midi',
              description: 'Entrée + plat ou plat + dessert. Café compris',
              offers: offer('16.50'),
            },
          ],
        },
        {
          '@type': 'MenuSection',
          name: 'Entrées',
          hasMenuItem: [{ '@type': 'MenuItem', name: 'Velouté', offers: offer('6.00') }],
        },
        {
          '@type': 'MenuSection',
          name: 'Plats',
          hasMenuItem: [{ '@type': 'MenuItem', name: 'Quiche', offers: offer('12.00') }],
        },
        {
          '@type': 'MenuSection',
          name: 'Desserts',
          hasMenuItem: [{ '@type': 'MenuItem', name: 'Tarte Tatin', offers: offer('5.50') }],
        },
        {
          '@type': 'MenuSection',
          name: 'Et aussi',
          hasMenuItem: [{ '@type': 'MenuItem', name: 'Café', offers: offer('2.00') }],
        },
      ],
    });
  });

  it('keeps the dishes of a board without courses on the menu itself, its formules in their section', () => {
    const menu = establishmentJsonLd(
      seo(place(), { ...withCourses, items: [dish({ name: 'Quiche', price: 12 })] }),
    ).hasMenu as Record<string, unknown>;
    expect(menu.hasMenuItem).toEqual([{ '@type': 'MenuItem', name: 'Quiche', offers: offer('12.00') }]);
    expect((menu.hasMenuSection as { name: string }[]).map((section) => section.name)).toEqual(['Formules']);
  });
});

describe('the link preview of a page with today’s board', () => {
  const tags = (menuBoard: MenuBoard | null, e = place()) => {
    const meta = establishmentMeta(seo(e, menuBoard));
    const tag = (key: 'property' | 'name', value: string) =>
      (meta.find((m) => (m as Record<string, unknown>)[key] === value) as { content: string } | undefined)
        ?.content;
    return {
      image: tag('property', 'og:image'),
      width: tag('property', 'og:image:width'),
      height: tag('property', 'og:image:height'),
      alt: tag('property', 'og:image:alt'),
      card: tag('name', 'twitter:card'),
      twitterImage: tag('name', 'twitter:image'),
    };
  };
  const picture = `${PUBLIC_URL}/api/establishment/11111111-1111-4111-8111-111111111111/menuboard.png?date=2026-11-21&format=landscape`;

  it('is the board’s picture in the landscape format, 1200×630, a large card', () => {
    const photo = { url: '/media/22222222-2222-4222-8222-222222222222.jpg', isFacebookShared: false };
    expect(tags(board([dish()]), place({ photo }))).toEqual({
      image: picture,
      width: '1200',
      height: '630',
      alt: 'Le Zinc : ardoise du samedi 21 novembre',
      card: 'summary_large_image',
      twitterImage: picture,
    });
  });

  it('stays the place’s image without a board, or with a board of a day it is closed', () => {
    const photo = { url: '/media/22222222-2222-4222-8222-222222222222.jpg', isFacebookShared: false };
    const photoImage = `${PUBLIC_URL}/media/22222222-2222-4222-8222-222222222222-social.webp`;
    expect(tags(null, place({ photo }))).toMatchObject({
      image: photoImage,
      alt: 'Le Zinc : photo de l’établissement',
    });
    expect(tags({ ...board([dish()]), closedOnDate: true }, place({ photo })).image).toBe(photoImage);
    expect(tags(null)).toMatchObject({ image: `${PUBLIC_URL}/og-image.png`, alt: 'Tables Voisines' });
  });
});

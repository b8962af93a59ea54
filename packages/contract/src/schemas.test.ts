/*
 * The contract's zod schemas, one describe per family (ids, postcodes, hours, prices, establishments, menu
 * boards, groups, permissions, accounts, contact formats). Its size (over 400 lines) is those 14 families
 * and over a hundred cases, each what a schema accepts, refuses or rewrites; cases alike are already tables.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  AdminSignInBodySchema,
  CheckBodySchema,
  ConfirmBodySchema,
  CreateAdminBodySchema,
  OwnerListItemSchema,
  OwnerSignInBodySchema,
  PasswordSchema,
  PatchOwnerBodySchema,
  SignUpBodySchema,
} from './schemas/account';
import { CategorySearchQuerySchema } from './schemas/category';
import {
  BooleanQuerySchema,
  EmailSchema,
  HttpUrlSchema,
  IdParamsSchema,
  PageQuerySchema,
  PhoneSchema,
} from './schemas/common';
import {
  AddressBodySchema,
  CreateEstablishmentBodySchema,
  EstablishmentAnswerSchema,
  EstablishmentListItemSchema,
  ListEstablishmentsQuerySchema,
  OpeningHoursBodySchema,
  OpeningHoursSchema,
  PatchEstablishmentBodySchema,
  PostcodeSchema,
  PublicEstablishmentSchema,
  UriSchema,
  getOwnerId,
} from './schemas/establishment';
import { CreateGroupBodySchema, PatchGroupBodySchema } from './schemas/group';
import {
  CreateMenuBoardBodySchema,
  PatchMenuBoardBodySchema,
  PriceSchema,
  SurroundingMenuBoardsBodySchema,
} from './schemas/menu-board';
import { PermissionSchema, SubjectSchema } from './schemas/permission';

const ID = '5f0c6b8e-3f7a-4c1e-9d2b-0a1b2c3d4e5f';
const OTHER_ID = '11111111-1111-1111-1111-111111111111';

function messagesOf(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

const validEstablishment = {
  kind: 'restaurant',
  name: '  Chez Toto ',
  venueType: 'creperie',
  address: { town: 'Quimper' },
  location: { latitude: 47.996, longitude: -4.102 },
};

const storedEstablishment = {
  id: ID,
  uri: 'chez-toto-a-quimper',
  kind: 'restaurant',
  name: 'Chez Toto',
  venueType: 'creperie',
  description: null,
  address: { street: null, postcode: '29000', town: 'Quimper' },
  location: { latitude: 47.996, longitude: -4.102 },
  phone: null,
  email: null,
  website: null,
  openingHours: [{ day: 1, opens: '12:00', closes: '14:30' }],
  closures: [{ from: '2024-08-01', to: '2024-08-15', reason: 'Congés annuels' }],
  verifiedAt: '2024-05-02T08:00:00.000Z',
  priceRange: '€€',
  categories: [OTHER_ID],
  photo: null,
  createdAt: '2024-05-01T10:00:00.000Z',
  updatedAt: '2024-05-01T10:00:00.000Z',
};

describe('ids', () => {
  it('accepts any well-formed UUID, so an unknown one can be a 404', () => {
    expect(IdParamsSchema.safeParse({ id: ID }).success).toBe(true);
    expect(IdParamsSchema.safeParse({ id: OTHER_ID }).success).toBe(true);
  });

  it('refuses what is not a UUID, in French', () => {
    expect(messagesOf(IdParamsSchema, { id: 'abc' })).toEqual([
      'Identifiant invalide : un UUID est attendu.',
    ]);
  });
});

describe('postcode', () => {
  it.each(['75001', '29000', '97400', '2A004', '2b200', ' 69001 '])('accepts %j', (postcode) => {
    expect(PostcodeSchema.safeParse(postcode).success).toBe(true);
  });

  it('writes Corsican postcodes in upper case and trims', () => {
    expect(PostcodeSchema.parse(' 2a004 ')).toBe('2A004');
  });

  it.each(['7500', '750011', '2C004', 'ABCDE', '75 001', ''])(
    'refuses %j with a French message',
    (postcode) => {
      expect(messagesOf(PostcodeSchema, postcode)).toEqual([
        'Code postal invalide : 5 chiffres sont attendus (2A ou 2B pour la Corse).',
      ]);
    },
  );

  it('lets an address leave street and postcode out or clear them, but not the town', () => {
    expect(AddressBodySchema.parse({ street: '', postcode: null, town: 'Lyon' })).toEqual({
      street: null,
      postcode: null,
      town: 'Lyon',
    });
    expect(AddressBodySchema.safeParse({ town: '  ' }).success).toBe(false);
  });
});

describe('opening hours', () => {
  it('accepts lunch and dinner on the same day, and an evening past midnight', () => {
    const hours = [
      { day: 5, opens: '12:00', closes: '14:30' },
      { day: 5, opens: '19:00', closes: '02:00' },
      { day: 7, opens: '00:00', closes: '23:59' },
    ];
    expect(OpeningHoursSchema.parse(hours)).toEqual(hours);
  });

  it.each([
    [{ day: 0, opens: '12:00', closes: '14:00' }],
    [{ day: 8, opens: '12:00', closes: '14:00' }],
    [{ day: 1.5, opens: '12:00', closes: '14:00' }],
    [{ day: 1, opens: '24:00', closes: '14:00' }],
    [{ day: 1, opens: '9:00', closes: '14:00' }],
    [{ day: 1, opens: '12:60', closes: '14:00' }],
    [{ day: 1, opens: '12:00', closes: '12:00' }],
    [{ day: 1, opens: '12:00', closes: '14:00', note: 'x' }],
  ])('refuses %j', (entry) => {
    expect(OpeningHoursSchema.safeParse([entry]).success).toBe(false);
  });

  it('refuses, in a body, a range opening while another is open, on its opening time', () => {
    const issues = (value: unknown) => {
      const result = OpeningHoursBodySchema.safeParse(value);
      return result.success ? [] : result.error.issues.map(({ path, message }) => ({ path, message }));
    };
    expect(
      issues([
        { day: 1, opens: '12:00', closes: '14:00' },
        { day: 1, opens: '13:00', closes: '22:00' },
        { day: 2, opens: '12:00', closes: '14:00' },
      ]),
    ).toEqual([{ path: [1, 'opens'], message: 'Cette plage chevauche une autre plage du même jour.' }]);
    expect(
      issues([
        { day: 5, opens: '19:00', closes: '02:00' },
        { day: 6, opens: '01:00', closes: '03:00' },
      ]),
    ).toEqual([
      {
        path: [1, 'opens'],
        message: 'Cette plage chevauche celle de la veille, qui se poursuit après minuit.',
      },
    ]);
    // An invalid range keeps its own message only, and the index of the others is the body's.
    expect(
      issues([
        { day: 1, opens: '12:00', closes: '12:00' },
        { day: 2, opens: '12:00', closes: '14:00' },
        { day: 2, opens: '12:30', closes: '15:00' },
      ]),
    ).toEqual([
      { path: [0, 'closes'], message: 'L’heure de fermeture doit différer de l’heure d’ouverture.' },
      { path: [2, 'opens'], message: 'Cette plage chevauche une autre plage du même jour.' },
    ]);
    // What is stored is still answered as it is.
    expect(
      OpeningHoursSchema.safeParse([
        { day: 1, opens: '12:00', closes: '14:00' },
        { day: 1, opens: '13:00', closes: '22:00' },
      ]).success,
    ).toBe(true);
  });

  it('refuses more than 21 entries', () => {
    const entry = { day: 1, opens: '12:00', closes: '14:00' };
    expect(OpeningHoursSchema.safeParse(Array.from({ length: 21 }, () => entry)).success).toBe(true);
    expect(
      messagesOf(
        OpeningHoursSchema,
        Array.from({ length: 22 }, () => entry),
      ),
    ).toEqual(['Au plus 21 plages horaires (trois par jour).']);
  });
});

describe('prices', () => {
  it.each([0, 1, 12.5, 12.99, 0.29, 0.07, 10_000])('accepts %d €', (price) => {
    expect(PriceSchema.safeParse(price).success).toBe(true);
  });

  it.each([12.345, 1.005, 0.001])('refuses %d € (more than two decimals)', (price) => {
    expect(messagesOf(PriceSchema, price)).toEqual(['Le prix a au plus deux décimales (centimes).']);
  });

  it.each([-0.01, 10_000.01, Number.NaN, Number.POSITIVE_INFINITY, '12.50'])('refuses %j', (price) => {
    expect(PriceSchema.safeParse(price).success).toBe(false);
  });
});

describe('establishment bodies', () => {
  it('needs only kind, name, venue type, address and location', () => {
    const body = CreateEstablishmentBodySchema.parse(validEstablishment);
    expect(body.name).toBe('Chez Toto');
    expect(body.address).toEqual({ town: 'Quimper' });
  });

  it.each(['kind', 'name', 'venueType', 'address', 'location'])('refuses a body without %s', (key) => {
    const body: Record<string, unknown> = { ...validEstablishment };
    delete body[key];
    expect(CreateEstablishmentBodySchema.safeParse(body).success).toBe(false);
  });

  it('refuses unknown keys, at the top and inside', () => {
    expect(
      CreateEstablishmentBodySchema.safeParse({ ...validEstablishment, claimCode: 'ABCDEFGH' }).success,
    ).toBe(false);
    expect(
      CreateEstablishmentBodySchema.safeParse({
        ...validEstablishment,
        location: { latitude: 47, longitude: -4, altitude: 3 },
      }).success,
    ).toBe(false);
    expect(PatchEstablishmentBodySchema.safeParse({ id: ID }).success).toBe(false);
    expect(
      PatchEstablishmentBodySchema.safeParse({ photo: { url: '/u/a.jpg', isFacebookShared: true } }).success,
    ).toBe(false);
  });

  it('accepts an empty patch and clears optional fields with null or a blank string', () => {
    expect(PatchEstablishmentBodySchema.parse({})).toEqual({});
    expect(PatchEstablishmentBodySchema.parse({ website: '', phone: null, description: '  ' })).toEqual({
      website: null,
      phone: null,
      description: null,
    });
  });

  it('normalises contact fields', () => {
    expect(
      PatchEstablishmentBodySchema.parse({
        email: ' Contact@Chez-Toto.FR ',
        website: 'www.chez-toto.fr',
        phone: '+33 (0)2 98 00 00 00',
      }),
    ).toEqual({
      email: 'contact@chez-toto.fr',
      website: 'https://www.chez-toto.fr',
      phone: '+33 (0)2 98 00 00 00',
    });
  });

  it('refuses a name over 120 characters and a description over 5000', () => {
    expect(PatchEstablishmentBodySchema.safeParse({ name: 'x'.repeat(121) }).success).toBe(false);
    expect(PatchEstablishmentBodySchema.safeParse({ description: 'x'.repeat(5001) }).success).toBe(false);
  });

  it('folds the `user` naming of the owner into `restaurantOwner`', () => {
    expect(PatchEstablishmentBodySchema.parse({ user: ID })).toEqual({ restaurantOwner: ID });
    expect(PatchEstablishmentBodySchema.parse({ user: null })).toEqual({ restaurantOwner: null });
    expect(PatchEstablishmentBodySchema.parse({ restaurantOwner: ID, user: ID })).toEqual({
      restaurantOwner: ID,
    });
    expect(PatchEstablishmentBodySchema.safeParse({ restaurantOwner: ID, user: OTHER_ID }).success).toBe(
      false,
    );
  });

  it('accepts photo addresses from the server or from object storage', () => {
    for (const url of ['/uploads/abc.webp', 'https://cdn.exemple.fr/p/abc.jpg']) {
      expect(PatchEstablishmentBodySchema.safeParse({ photo: { url } }).success).toBe(true);
    }
    for (const url of ['javascript:alert(1)', '//evil.example/x.jpg', 'photo.jpg']) {
      expect(PatchEstablishmentBodySchema.safeParse({ photo: { url } }).success).toBe(false);
    }
  });

  it('accepts a uri like the generated ones and refuses forbidden characters', () => {
    expect(UriSchema.safeParse("l'atelier-(chez-toto)-a-saint-étienne-2").success).toBe(true);
    for (const uri of ['a/b', 'a#b', '100%', 'a b', 'a\tb', 'a\u0000b', '']) {
      expect(UriSchema.safeParse(uri).success, uri).toBe(false);
    }
  });
});

describe('establishment answers', () => {
  it('keeps the claim code in an admin answer and the owner under either naming', () => {
    const ownView = {
      disabled: false,
      disabledAt: null,
      disabledReason: null,
      closedForGood: false,
      previousUris: [],
    };
    const admin = {
      ...storedEstablishment,
      ...ownView,
      restaurantOwner: null,
      claimCode: 'ABCD2345',
      claimEmail: 'contact@exemple.fr',
    };
    expect(EstablishmentAnswerSchema.parse(admin)).toEqual(admin);
    const user = { ...storedEstablishment, ...ownView, user: ID };
    expect(EstablishmentAnswerSchema.parse(user)).toEqual(user);
    expect(getOwnerId(EstablishmentAnswerSchema.parse(user))).toBe(ID);
  });

  it('gives the public view in the list to anonymous callers, without owner or flag', () => {
    const parsed = EstablishmentListItemSchema.parse(storedEstablishment);
    expect(parsed).toEqual(storedEstablishment);
    expect(getOwnerId(parsed)).toBeNull();
    expect(PublicEstablishmentSchema.parse({ ...storedEstablishment, disabled: true })).not.toHaveProperty(
      'disabled',
    );
  });
});

describe('booleanish query', () => {
  it.each([
    ['true', true],
    ['false', false],
    [true, true],
    [false, false],
  ])('reads %j as %j', (input, expected) => {
    expect(BooleanQuerySchema.parse(input)).toBe(expected);
  });

  it.each(['', 'yes', '1', 'TRUE', 0])('refuses %j', (input) => {
    expect(messagesOf(BooleanQuerySchema, input)).toEqual(['« true » ou « false » est attendu.']);
  });

  it('defaults withDisabled to false in the list query', () => {
    expect(ListEstablishmentsQuerySchema.parse({})).toEqual({
      withDisabled: false,
      locale: 'fr',
      perPage: 50,
      sort: 'name',
      order: 'asc',
    });
    expect(ListEstablishmentsQuerySchema.parse({ withDisabled: 'true' }).withDisabled).toBe(true);
  });
});

describe('pagination query', () => {
  it('reads numbers sent as text', () => {
    expect(PageQuerySchema.parse({ page: '2', perPage: '25' })).toEqual({ page: 2, perPage: 25 });
    expect(PageQuerySchema.parse({ page: 3 })).toEqual({ page: 3, perPage: 50 });
  });

  it('leaves page out when not given: the whole list', () => {
    expect(PageQuerySchema.parse({})).toEqual({ perPage: 50 });
  });

  it.each(['', 'abc', '1.5', '-1', '0', '1e2', ' 2', 1.5])('refuses page %j', (page) => {
    expect(PageQuerySchema.safeParse({ page }).success).toBe(false);
  });

  it('says why in French', () => {
    expect(messagesOf(PageQuerySchema, { page: 'abc' })).toEqual(['Un nombre entier est attendu.']);
    expect(messagesOf(PageQuerySchema, { perPage: '201' })).toEqual(['La valeur doit être au plus 200.']);
    expect(messagesOf(PageQuerySchema, { page: '0' })).toEqual(['La valeur doit être au moins 1.']);
  });

  it('limits a category search to 50, 10 by default', () => {
    expect(CategorySearchQuerySchema.parse({})).toEqual({ searchTerm: '', locale: 'fr', limit: 10 });
    expect(CategorySearchQuerySchema.parse({ searchTerm: ' crêpe ', locale: 'en', limit: '50' })).toEqual({
      searchTerm: 'crêpe',
      locale: 'en',
      limit: 50,
    });
    expect(CategorySearchQuerySchema.safeParse({ limit: '51' }).success).toBe(false);
    expect(CategorySearchQuerySchema.safeParse({ locale: 'de' }).success).toBe(false);
  });
});

describe('surrounding menu boards body', () => {
  const box = {
    northEast: { latitude: 45.8, longitude: 4.9 },
    southWest: { latitude: 45.7, longitude: 4.8 },
  };

  it('takes every category when none is given', () => {
    expect(SurroundingMenuBoardsBodySchema.parse(box)).toEqual({
      ...box,
      categories: [],
      excludeAllergens: [],
      diets: [],
      homemade: false,
    });
  });

  it('refuses a box whose corners are the same point', () => {
    expect(
      messagesOf(SurroundingMenuBoardsBodySchema, {
        categories: [],
        northEast: box.northEast,
        southWest: box.northEast,
      }),
    ).toEqual(['La zone demandée est vide : ses deux coins sont identiques.']);
  });

  it('refuses an upside-down box', () => {
    expect(
      messagesOf(SurroundingMenuBoardsBodySchema, { northEast: box.southWest, southWest: box.northEast }),
    ).toEqual(['Le coin sud-ouest doit être au sud du coin nord-est.']);
    expect(
      messagesOf(SurroundingMenuBoardsBodySchema, {
        northEast: { latitude: 45.8, longitude: 4.8 },
        southWest: { latitude: 45.7, longitude: 4.9 },
      }),
    ).toEqual(['Le coin sud-ouest doit être à l’ouest du coin nord-est.']);
  });

  it('refuses out of range coordinates, unknown keys and more than 100 categories', () => {
    expect(
      SurroundingMenuBoardsBodySchema.safeParse({ ...box, northEast: { latitude: 91, longitude: 4.9 } })
        .success,
    ).toBe(false);
    expect(SurroundingMenuBoardsBodySchema.safeParse({ ...box, zoom: 9 }).success).toBe(false);
    expect(
      SurroundingMenuBoardsBodySchema.safeParse({ ...box, categories: Array.from({ length: 101 }, () => ID) })
        .success,
    ).toBe(false);
  });
});

describe('menu board bodies', () => {
  const board = {
    establishment: ID,
    title: 'Ardoise du jour',
    date: '2024-02-29',
    items: [{ name: 'Galette complète', price: 9.5, category: OTHER_ID }],
  };

  it('accepts a board with one dish', () => {
    expect(CreateMenuBoardBodySchema.safeParse(board).success).toBe(true);
  });

  it('refuses a board without dishes or on a day that does not exist', () => {
    expect(messagesOf(CreateMenuBoardBodySchema, { ...board, items: [] })).toEqual([
      'Ajoutez au moins un plat.',
    ]);
    for (const date of ['2023-02-29', '2024-04-31', '2024-13-01', '01/05/2024', '2024-5-1']) {
      expect(CreateMenuBoardBodySchema.safeParse({ ...board, date }).success, date).toBe(false);
    }
  });

  it('refuses unknown keys, in the board and in its dishes', () => {
    expect(CreateMenuBoardBodySchema.safeParse({ ...board, id: ID }).success).toBe(false);
    expect(
      CreateMenuBoardBodySchema.safeParse({ ...board, items: [{ ...board.items[0], vegan: true }] }).success,
    ).toBe(false);
    expect(PatchMenuBoardBodySchema.safeParse({ establishment: ID }).success).toBe(false);
  });
});

describe('groups', () => {
  it('needs a radius above 0 and at most 200 km', () => {
    const group = { name: 'Collectif de Quimper', latitude: 47.99, longitude: -4.1, radius: 15 };
    expect(CreateGroupBodySchema.safeParse(group).success).toBe(true);
    expect(CreateGroupBodySchema.safeParse({ ...group, radius: 0 }).success).toBe(false);
    expect(CreateGroupBodySchema.safeParse({ ...group, radius: 201 }).success).toBe(false);
    expect(PatchGroupBodySchema.safeParse({ radius: 20 }).success).toBe(true);
    expect(PatchGroupBodySchema.safeParse({ members: [] }).success).toBe(false);
  });

  it('says a required text left empty is missing, and a value of the wrong kind is not text', () => {
    const group = { name: 'Collectif de Quimper', latitude: 47.99, longitude: -4.1, radius: 15 };
    const messageOf = (name: unknown) =>
      CreateGroupBodySchema.safeParse({ ...group, name }).error?.issues.map((i) => i.message);
    expect(messageOf(null)).toEqual(['Ce champ est obligatoire.']);
    expect(messageOf(undefined)).toEqual(['Ce champ est obligatoire.']);
    expect(messageOf('  ')).toEqual(['Ce champ est obligatoire.']);
    expect(messageOf(12)).toEqual(['Du texte est attendu.']);
  });
});

describe('permissions', () => {
  it('reads the subject `user` as `restaurant-owner`', () => {
    expect(SubjectSchema.parse('user')).toBe('restaurant-owner');
    expect(PermissionSchema.parse({ action: 'read', subject: 'user' })).toEqual({
      action: 'read',
      subject: 'restaurant-owner',
    });
    expect(SubjectSchema.parse('menu-board')).toBe('menu-board');
  });

  it('refuses unknown actions and subjects', () => {
    expect(PermissionSchema.safeParse({ action: 'fly', subject: 'all' }).success).toBe(false);
    expect(PermissionSchema.safeParse({ action: 'read', subject: 'users' }).success).toBe(false);
  });

  it('folds the alias in an admin body', () => {
    const admin = CreateAdminBodySchema.parse({
      username: 'camille',
      email: 'Camille@Exemple.fr',
      password: 'un mot de passe long',
      permissions: [{ action: 'manage', subject: 'user' }],
    });
    expect(admin.permissions).toEqual([{ action: 'manage', subject: 'restaurant-owner' }]);
    expect(admin.email).toBe('camille@exemple.fr');
  });
});

describe('accounts', () => {
  it('signs in by identifier and password, or by token, not by a mix', () => {
    expect(AdminSignInBodySchema.safeParse({ username: 'admin', password: 'x' }).success).toBe(true);
    expect(AdminSignInBodySchema.safeParse({ token: 'abc' }).success).toBe(true);
    expect(AdminSignInBodySchema.safeParse({}).success).toBe(false);
    expect(AdminSignInBodySchema.safeParse({ username: 'admin', password: 'x', token: 'abc' }).success).toBe(
      false,
    );
    expect(OwnerSignInBodySchema.parse({ email: ' Jo@Exemple.FR', password: 'x' })).toEqual({
      email: 'jo@exemple.fr',
      password: 'x',
    });
  });

  it('asks for a password of 10 to 200 characters, untrimmed', () => {
    expect(messagesOf(PasswordSchema, 'court')).toEqual([
      'Le mot de passe doit contenir au moins 10 caractères.',
    ]);
    expect(PasswordSchema.parse(' dix carac ')).toBe(' dix carac ');
    expect(PasswordSchema.safeParse('x'.repeat(201)).success).toBe(false);
  });

  it('signs up with a claim code typed loosely', () => {
    const body = SignUpBodySchema.parse({
      email: 'jo@exemple.fr',
      password: 'un mot de passe long',
      firstName: 'Jo',
      lastName: 'Martin',
      establishmentCode: ' abcd2345 ',
    });
    expect(body.establishmentCode).toBe('ABCD2345');
    expect(
      SignUpBodySchema.safeParse({ ...body, password: 'un mot de passe long', establishmentCode: 'ABCD1234' })
        .success,
    ).toBe(false);
  });

  it('reads a claim code typed in two halves, with a space or a dash between them', () => {
    for (const typed of ['t7qa 4mr3', 'nyrz-jud2', ' NYRZ – JUD2 ', 't7qa\u00a04mr3']) {
      const body = PatchOwnerBodySchema.parse({ establishmentCode: typed });
      expect(body.establishmentCode).toMatch(/^[A-Z2-9]{8}$/);
    }
    expect(CheckBodySchema.parse({ establishmentCode: 'nyrz-jud2' }).establishmentCode).toBe('NYRZJUD2');
    // Anything else than spaces and dashes still makes the code invalid.
    for (const typed of ['t7qa.4mr3', 't7qa 4mr', 't7qa 4mr31']) {
      expect(PatchOwnerBodySchema.safeParse({ establishmentCode: typed }).success).toBe(false);
    }
  });

  it('confirms with exactly 6 digits', () => {
    expect(ConfirmBodySchema.safeParse({ code: '012345' }).success).toBe(true);
    for (const code of ['12345', '1234567', 'abcdef', 12345]) {
      expect(ConfirmBodySchema.safeParse({ code }).success).toBe(false);
    }
  });

  it('checks an e-mail or a code', () => {
    expect(CheckBodySchema.parse({})).toEqual({});
    expect(CheckBodySchema.safeParse({ email: 'pas-un-email' }).success).toBe(false);
  });

  it('relinks an owner by establishment or by code, not both', () => {
    expect(PatchOwnerBodySchema.safeParse({ establishment: null }).success).toBe(true);
    expect(PatchOwnerBodySchema.safeParse({ establishmentCode: 'ABCD2345' }).success).toBe(true);
    expect(PatchOwnerBodySchema.safeParse({ establishment: ID, establishmentCode: 'ABCD2345' }).success).toBe(
      false,
    );
    expect(PatchOwnerBodySchema.safeParse({ confirmed: true }).success).toBe(false);
  });

  it('lists full owners for admins and bare pairs otherwise', () => {
    expect(OwnerListItemSchema.parse({ id: ID, establishment: null })).toEqual({
      id: ID,
      establishment: null,
    });
  });

  it('limits e-mail addresses to 254 characters and lower-cases them', () => {
    expect(EmailSchema.parse(' Jo.Martin@Exemple.FR ')).toBe('jo.martin@exemple.fr');
    expect(EmailSchema.safeParse(`${'a'.repeat(250)}@b.fr`).success).toBe(false);
    expect(messagesOf(EmailSchema, 'jo@')).toEqual(['Adresse e-mail invalide.']);
  });
});

describe('contact formats', () => {
  it.each(['01 23 45 67 89', '0123456789', '01.23.45.67.89', '+33 1 23 45 67 89', '+33 (0)1 23 45 67 89'])(
    'accepts the phone number %j',
    (phone) => {
      expect(PhoneSchema.safeParse(phone).success).toBe(true);
    },
  );

  it.each(['12345', 'appelez-nous', '01 23 45 67 89 00 00 00 00 00 00'])(
    'refuses the phone number %j',
    (phone) => {
      expect(PhoneSchema.safeParse(phone).success).toBe(false);
    },
  );

  it('accepts http and https web sites only', () => {
    expect(HttpUrlSchema.parse('http://exemple.fr/menu')).toBe('http://exemple.fr/menu');
    for (const url of [
      'ftp://exemple.fr',
      'javascript:alert(1)',
      'https://localhost',
      `https://exemple.fr/${'a'.repeat(500)}`,
    ]) {
      expect(HttpUrlSchema.safeParse(url).success, url).toBe(false);
    }
  });
});

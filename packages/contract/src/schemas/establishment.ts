/*
 * The establishment in every shape the contract gives it: the admin's, the owner's, the public page's, the
 * lists', the bodies that create and change it, and their French messages. Its size (over 400 lines) is
 * those shapes kept beside each other, so that a field added to one is seen next to the others.
 */
import { z } from 'zod';
import { contractRegistry } from '../registry';
import { KINDS, PRICE_RANGES, VENUE_TYPES } from '../labels';
import { findOverlappingHours, type OpeningHoursEntry } from '../opening-hours';
import { uriProblem } from '../slug';
import {
  closurePeriodText,
  findOverlappingClosures,
  MAX_CLOSURE_REASON_LENGTH,
  MAX_CLOSURES,
} from '../closures';
import {
  EmailSchema,
  ExportQuerySchema,
  HttpUrlSchema,
  IsoDateSchema,
  IsoDateTimeSchema,
  LatLngBodySchema,
  LatLngSchema,
  LocaleSchema,
  PageQuerySchema,
  PhoneSchema,
  BooleanQuerySchema,
  UuidSchema,
  clearable,
  intQuery,
  nameSchema,
  textSchema,
} from './common';
import { isInFrance, isValidPoint } from '../geo';

export { KINDS, KIND_LABELS, PRICE_RANGES, VENUE_TYPES, VENUE_TYPE_LABELS } from '../labels';
export type { Kind, PriceRange, VenueType } from '../labels';

export const KindSchema = z.enum(KINDS, {
  error: 'Type inconnu : « restaurant » ou « remplisvert » est attendu.',
});
export const VenueTypeSchema = z.enum(VENUE_TYPES, {
  error: `Type d’établissement inconnu (valeurs possibles : ${VENUE_TYPES.join(', ')}).`,
});
export const PriceRangeSchema = z.enum(PRICE_RANGES, {
  error: 'Gamme de prix inconnue : de « € » à « €€€€ ».',
});

/** Secret code an owner gives to claim an establishment: 8 characters from A-Z and 2-9. */
export const CLAIM_CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ23456789';
export const CLAIM_CODE_LENGTH = 8;
const CLAIM_CODE_PATTERN = /^[A-Z2-9]{8}$/;
const CLAIM_CODE_MESSAGE = 'Code établissement invalide : 8 caractères, lettres et chiffres de 2 à 9.';

/**
 * A claim code as a person types or pastes it (`t7qa 4mr3`, `NYRZ-JUD2`): upper case, without the spaces
 * and dashes people put between its halves.
 */
export function normalizeClaimCode(text: string): string {
  return text.replace(/[\s\u2010-\u2015-]/gu, '').toUpperCase();
}

/** As typed by a person: lower case, spaces and dashes are forgiven. */
export const ClaimCodeSchema = z
  .string({ error: CLAIM_CODE_MESSAGE })
  .overwrite(normalizeClaimCode)
  .regex(CLAIM_CODE_PATTERN, CLAIM_CODE_MESSAGE);

const ClaimCodeValueSchema = z.string().regex(CLAIM_CODE_PATTERN);

/**
 * A French postcode: 5 digits, or `2A`/`2B` and 3 digits for Corsica. Checked on input only: stored
 * addresses may predate the rule.
 */
export const PostcodeSchema = z
  .string({ error: 'Un code postal est attendu.' })
  .trim()
  .toUpperCase()
  .regex(
    /^(?:[0-9]{5}|2[AB][0-9]{3})$/,
    'Code postal invalide : 5 chiffres sont attendus (2A ou 2B pour la Corse).',
  );

export const AddressSchema = z
  .object({
    street: z.string().nullable(),
    postcode: z.string().nullable(),
    town: z.string(),
  })
  .register(contractRegistry, { id: 'Address' });
export type Address = z.infer<typeof AddressSchema>;

export const AddressBodySchema = z.strictObject({
  street: clearable(textSchema(1, 200)).optional(),
  postcode: clearable(PostcodeSchema).optional(),
  town: nameSchema(1, 100),
});

/**
 * Where the establishment is: in France, metropolitan or overseas (`isInFrance`). (0, 0), what a form
 * left empty or a failed geocoding gives, is said as such.
 */
export const LocationBodySchema = LatLngBodySchema.superRefine((p, ctx) => {
  // Out of range or not numbers: the fields already say so.
  if (!isValidPoint(p)) return;
  if (p.latitude === 0 && p.longitude === 0) {
    ctx.addIssue({
      code: 'custom',
      message:
        'Position (0, 0) : placez l’établissement sur la carte ou indiquez sa latitude et sa longitude.',
    });
  } else if (!isInFrance(p)) {
    ctx.addIssue({
      code: 'custom',
      message:
        'Cette position n’est pas en France (métropole, Corse ou outre-mer) : vérifiez la latitude et la longitude, qui sont peut-être inversées.',
    });
  }
});

/** In a PATCH the address is merged key by key: a key left out keeps its value. */
export const AddressPatchSchema = AddressBodySchema.partial();

const TIME_PATTERN = /^(?:[01][0-9]|2[0-3]):[0-5][0-9]$/;
const TIME_MESSAGE = 'Heure invalide : le format HH:MM est attendu (de 00:00 à 23:59).';

/**
 * Opening hours, Europe/Paris time, Monday = 1. Several entries may share a day (lunch and dinner). A
 * `closes` earlier than `opens` runs past midnight into the next day (`{ day: 5, opens: '19:00', closes:
 * '02:00' }` is Friday evening to Saturday 2 a.m.); closing at midnight is written `00:00`. `opens` and
 * `closes` cannot be equal. This is what is stored and answered; bodies use `OpeningHoursBodySchema`.
 */
export const OpeningHoursSchema = z
  .array(
    z
      .strictObject({
        day: z
          .int({ error: 'Le jour doit être un entier de 1 (lundi) à 7 (dimanche).' })
          .min(1, 'Le jour doit être un entier de 1 (lundi) à 7 (dimanche).')
          .max(7, 'Le jour doit être un entier de 1 (lundi) à 7 (dimanche).'),
        opens: z.string({ error: TIME_MESSAGE }).regex(TIME_PATTERN, TIME_MESSAGE),
        closes: z.string({ error: TIME_MESSAGE }).regex(TIME_PATTERN, TIME_MESSAGE),
      })
      .refine((h) => h.opens !== h.closes, {
        message: 'L’heure de fermeture doit différer de l’heure d’ouverture.',
        path: ['closes'],
      }),
    { error: 'Une liste d’horaires est attendue.' },
  )
  .max(21, 'Au plus 21 plages horaires (trois par jour).')
  .register(contractRegistry, { id: 'OpeningHours' });
export type OpeningHours = z.infer<typeof OpeningHoursSchema>;

const OVERLAP_SAME_DAY = 'Cette plage chevauche une autre plage du même jour.';
const OVERLAP_PREVIOUS_DAY = 'Cette plage chevauche celle de la veille, qui se poursuit après minuit.';

function isValidEntry(entry: { day: unknown; opens: unknown; closes: unknown }): entry is OpeningHoursEntry {
  return (
    Number.isInteger(entry.day) &&
    (entry.day as number) >= 1 &&
    (entry.day as number) <= 7 &&
    typeof entry.opens === 'string' &&
    typeof entry.closes === 'string' &&
    TIME_PATTERN.test(entry.opens) &&
    TIME_PATTERN.test(entry.closes) &&
    entry.opens !== entry.closes
  );
}

/**
 * Opening hours as a body gives them: no range may open while another is still open, on its `opens`
 * (`openingHours.1.opens`). Stored hours are answered as they are (`OpeningHoursSchema`), even from before
 * this rule.
 */
export const OpeningHoursBodySchema = OpeningHoursSchema.superRefine((hours, ctx) => {
  // Only the entries valid on their own are compared; the others already have their message. Their index
  // in the body is kept.
  const valid = hours.map((entry, index) => ({ entry, index })).filter(({ entry }) => isValidEntry(entry));
  for (const overlap of findOverlappingHours(valid.map(({ entry }) => entry))) {
    ctx.addIssue({
      code: 'custom',
      path: [valid[overlap.index]!.index, 'opens'],
      message: overlap.sameDay ? OVERLAP_SAME_DAY : OVERLAP_PREVIOUS_DAY,
    });
  }
});

/**
 * A closure as stored and answered: Europe/Paris days, both inclusive; `to: null` is until further notice
 * (docs/api.md, "Closures and the verified date"). Bodies use `ClosuresBodySchema`.
 */
export const ClosureSchema = z
  .object({ from: z.string(), to: z.string().nullable(), reason: z.string().nullable() })
  .register(contractRegistry, { id: 'Closure' });
export type ClosureValue = z.infer<typeof ClosureSchema>;

const ClosureBodySchema = z
  .strictObject({
    from: IsoDateSchema,
    to: z.union([z.null(), IsoDateSchema]).default(null),
    reason: clearable(textSchema(1, MAX_CLOSURE_REASON_LENGTH)).default(null),
  })
  .refine((c) => c.to === null || c.from <= c.to, {
    message: 'La fin de la fermeture ne peut précéder son début.',
    path: ['to'],
  });

/**
 * What a `PATCH` gives: the whole list, which replaces the stored one. Two closures may not share a day
 * (the later one is refused, at its place in the body). The list stays in the body's order, so that the
 * server's messages about dates (`closureDateIssues`) name the form's rows; it is stored in order of the
 * first days (`sortClosures`).
 */
export const ClosuresBodySchema = z
  .array(ClosureBodySchema, { error: 'Une liste de fermetures est attendue.' })
  .max(MAX_CLOSURES, `Au plus ${MAX_CLOSURES} fermetures.`)
  .superRefine((list, ctx) => {
    for (const { index, other } of findOverlappingClosures(list)) {
      ctx.addIssue({
        code: 'custom',
        path: [index, 'from'],
        message: `Cette fermeture chevauche celle ${closurePeriodText(other)} : réunissez-les ou changez leurs dates.`,
      });
    }
  });

export const PhotoSchema = z
  .object({ url: z.string(), isFacebookShared: z.boolean() })
  .register(contractRegistry, { id: 'Photo' })
  .nullable();
export type Photo = z.infer<typeof PhotoSchema>;

/**
 * A photo address as `prepare-upload` gives it: absolute http(s), or a path on this origin when photos
 * are stored on the server's own disk.
 */
export const PhotoUrlSchema = z
  .string({ error: 'Une adresse de photo est attendue.' })
  .trim()
  .min(1, 'Une adresse de photo est attendue.')
  .max(1000, 'L’adresse de la photo ne peut dépasser 1000 caractères.')
  .regex(/^(?:https?:\/\/[^\s/?#]+|\/(?!\/))[^\s]*$/i, 'Adresse de photo invalide.');

export const PhotoBodySchema = z.strictObject({ url: PhotoUrlSchema }).nullable();

/**
 * A uri chosen by an admin: what `slugify` could produce, in NFC, and a page a browser can open
 * (`uriProblem`: no `.data` suffix, no dot segment, nothing invisible, no `<` or `>`). Its case is kept;
 * the server refuses one that differs only by case from an address any establishment has or had.
 */
export const UriSchema = z
  .string({ error: 'Une adresse de page est attendue.' })
  .trim()
  .normalize('NFC')
  .min(1, 'L’adresse de la page est obligatoire.')
  .max(300, 'L’adresse de la page ne peut dépasser 300 caractères.')
  .superRefine((uri, ctx) => {
    const problem = uri === '' ? null : uriProblem(uri);
    if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
  });

const CategoryIdsSchema = z
  .array(UuidSchema, { error: 'Une liste de catégories est attendue.' })
  .max(50, 'Au plus 50 catégories.')
  .transform((ids) => [...new Set(ids)]);

const establishmentFields = {
  id: UuidSchema,
  uri: z.string(),
  kind: KindSchema,
  name: z.string(),
  venueType: VenueTypeSchema,
  description: z.string().nullable(),
  address: AddressSchema,
  location: LatLngSchema,
  phone: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  openingHours: OpeningHoursSchema,
  /** Annual leave and exceptional closures, in order of their first day; `[]` when none. */
  closures: z.array(ClosureSchema),
  /** When the owner or the team last said the information is right; `null` never. */
  verifiedAt: IsoDateTimeSchema.nullable(),
  priceRange: PriceRangeSchema.nullable(),
  categories: z.array(UuidSchema),
  photo: PhotoSchema,
  createdAt: IsoDateTimeSchema,
  updatedAt: IsoDateTimeSchema,
};

/** What anyone may read: no owner, no disabled flag, no claim code; `photo` is `null` when there is none. */
export const PublicEstablishmentSchema = z
  .object(establishmentFields)
  .register(contractRegistry, { id: 'PublicEstablishment' });
export type PublicEstablishment = z.infer<typeof PublicEstablishmentSchema>;

/**
 * The record as its owner sees it: beyond the public view, its owner, whether the team hid it (since when and
 * why: `disabledAt`, `disabledReason`, null while it is visible), and its earlier page addresses, which keep
 * answering with a redirect to the current one.
 */
export const EstablishmentSchema = z
  .object({
    ...establishmentFields,
    restaurantOwner: UuidSchema.nullable(),
    disabled: z.boolean(),
    disabledAt: IsoDateTimeSchema.nullable(),
    disabledReason: z.string().nullable(),
    /** Marked closed for good by the team: its page answers 410 with places nearby; out of every list. */
    closedForGood: z.boolean(),
    previousUris: z.array(z.string()),
  })
  .register(contractRegistry, { id: 'Establishment' });
export type Establishment = z.infer<typeof EstablishmentSchema>;

/** A record as an admin allowed to change every establishment sees it: with the claim code. */
function withClaimCode<Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape, z.core.$strip>, id: string) {
  return schema
    .extend({
      claimCode: ClaimCodeValueSchema,
      /**
       * The only address its claim code is ever mailed to: the page's e-mail as the team knows it (set on
       * creation or by an admin, never by its owner's edits); `null`: the team hands the code itself.
       */
      claimEmail: z.string().nullable(),
    })
    .register(contractRegistry, { id });
}

export const AdminEstablishmentSchema = withClaimCode(EstablishmentSchema, 'AdminEstablishment');
export type AdminEstablishment = z.infer<typeof AdminEstablishmentSchema>;

/** The `/api/user...` naming: the owner field is `user`. */
export const UserEstablishmentSchema = EstablishmentSchema.omit({ restaurantOwner: true })
  .extend({ user: UuidSchema.nullable() })
  .register(contractRegistry, { id: 'UserEstablishment' });
export type UserEstablishment = z.infer<typeof UserEstablishmentSchema>;

export const AdminUserEstablishmentSchema = withClaimCode(UserEstablishmentSchema, 'AdminUserEstablishment');
export type AdminUserEstablishment = z.infer<typeof AdminUserEstablishmentSchema>;

/** The public view is the same in both namings: it has no owner field. */
export const PublicUserEstablishmentSchema = PublicEstablishmentSchema;

/**
 * An establishment answered to a signed-in caller, in either naming. Most specific first: zod keeps the
 * first option that matches and drops unknown keys, so an admin record must not be read as an owner's.
 */
export const EstablishmentAnswerSchema = z.union([
  AdminEstablishmentSchema,
  AdminUserEstablishmentSchema,
  EstablishmentSchema,
  UserEstablishmentSchema,
]);
export type EstablishmentAnswer = z.infer<typeof EstablishmentAnswerSchema>;

/** An item of `GET /api/establishments/`: full records for an admin, the public view otherwise. */
export const EstablishmentListItemSchema = z.union([
  AdminEstablishmentSchema,
  AdminUserEstablishmentSchema,
  EstablishmentSchema,
  UserEstablishmentSchema,
  PublicEstablishmentSchema,
]);
export type EstablishmentListItem = z.infer<typeof EstablishmentListItemSchema>;

/** The owner's id whichever the naming, `null` when unowned or not shown. */
export function getOwnerId(e: EstablishmentListItem): string | null {
  if ('restaurantOwner' in e) return e.restaurantOwner;
  if ('user' in e) return e.user;
  return null;
}

const ownerInput = UuidSchema.nullable();

export const MAX_DISABLED_REASON_LENGTH = 500;

const createFields = {
  kind: KindSchema,
  name: nameSchema(1, 120),
  venueType: VenueTypeSchema,
  address: AddressBodySchema,
  location: LocationBodySchema,
  uri: UriSchema.optional(),
  description: clearable(textSchema(1, 5000)).optional(),
  phone: clearable(PhoneSchema).optional(),
  email: clearable(EmailSchema).optional(),
  website: clearable(HttpUrlSchema).optional(),
  openingHours: OpeningHoursBodySchema.optional(),
  closures: ClosuresBodySchema.optional(),
  priceRange: clearable(PriceRangeSchema).optional(),
  categories: CategoryIdsSchema.optional(),
  photo: PhotoBodySchema.optional(),
  disabled: z.boolean({ error: 'Un booléen est attendu.' }).optional(),
  /** Why the team hides the page, for its owner; kept while it is hidden, cleared when it shows again. */
  disabledReason: clearable(textSchema(1, MAX_DISABLED_REASON_LENGTH)).optional(),
  /** The team says the place closed for good (true) or reopened (false): admins only. */
  closedForGood: z.boolean({ error: 'Un booléen est attendu.' }).optional(),
  restaurantOwner: ownerInput.optional(),
  /** The `/api/user...` naming of `restaurantOwner`, folded into it. */
  user: ownerInput.optional(),
};

type OwnerAlias = { restaurantOwner?: string | null | undefined; user?: string | null | undefined };

function checkOwnerAlias(body: OwnerAlias, ctx: z.RefinementCtx): void {
  if (body.user !== undefined && body.restaurantOwner !== undefined && body.user !== body.restaurantOwner) {
    ctx.addIssue({
      code: 'custom',
      path: ['user'],
      message: '« user » et « restaurantOwner » désignent le même champ et ne peuvent différer.',
    });
  }
}

function foldOwnerAlias<T extends OwnerAlias>({ user, ...rest }: T): Omit<T, 'user'> {
  return user !== undefined && rest.restaurantOwner === undefined ? { ...rest, restaurantOwner: user } : rest;
}

/**
 * Only `kind`, `name`, `venueType`, `address` and `location` are required; a field left out is empty
 * (null, `[]`, not disabled). `uri` is generated from name and town unless given.
 */
export const CreateEstablishmentBodySchema = z
  .strictObject(createFields)
  .superRefine(checkOwnerAlias)
  .transform(foldOwnerAlias);
export type CreateEstablishmentBody = z.output<typeof CreateEstablishmentBodySchema>;

/** Every field optional; `null` or a blank string clears an optional field. */
export const PatchEstablishmentBodySchema = z
  .strictObject({
    kind: createFields.kind.optional(),
    name: createFields.name.optional(),
    venueType: createFields.venueType.optional(),
    address: AddressPatchSchema.optional(),
    location: createFields.location.optional(),
    uri: createFields.uri,
    description: createFields.description,
    phone: createFields.phone,
    email: createFields.email,
    website: createFields.website,
    openingHours: createFields.openingHours,
    closures: createFields.closures,
    priceRange: createFields.priceRange,
    categories: createFields.categories,
    photo: createFields.photo,
    disabled: createFields.disabled,
    disabledReason: createFields.disabledReason,
    closedForGood: createFields.closedForGood,
    restaurantOwner: createFields.restaurantOwner,
    user: createFields.user,
  })
  .superRefine(checkOwnerAlias)
  .transform(foldOwnerAlias);
export type PatchEstablishmentBody = z.output<typeof PatchEstablishmentBodySchema>;

export const ESTABLISHMENT_SORTS = ['name', 'town', 'createdAt', 'updatedAt', 'uri', 'verifiedAt'] as const;
export const SORT_ORDERS = ['asc', 'desc'] as const;

/**
 * `withDisabled` only counts with an admin token. `q` searches name and town ignoring case and accents;
 * blank means no filter.
 */
export const ListEstablishmentsQuerySchema = PageQuerySchema.extend({
  withDisabled: BooleanQuerySchema.default(false),
  locale: LocaleSchema,
  q: z.string().trim().max(100, 'La recherche ne peut dépasser 100 caractères.').optional(),
  sort: z
    .enum(ESTABLISHMENT_SORTS, {
      error: `Tri inconnu (valeurs possibles : ${ESTABLISHMENT_SORTS.join(', ')}).`,
    })
    .default('name'),
  order: z.enum(SORT_ORDERS, { error: 'Ordre inconnu : « asc » ou « desc » est attendu.' }).default('asc'),
  kind: KindSchema.optional(),
  venueType: VenueTypeSchema.optional(),
  /** Part of the town's name, ignoring case and accents. */
  town: z.string().trim().max(100, 'La ville ne peut dépasser 100 caractères.').optional(),
  /** Admins only (ignored otherwise, like `withDisabled`): the disabled ones, or the enabled ones. */
  disabled: BooleanQuerySchema.optional(),
  /** Admins only: `none` (unclaimed), `any` (claimed) or one owner's id. */
  restaurantOwner: z
    .string()
    .refine((v) => v === 'none' || v === 'any' || UuidSchema.safeParse(v).success, {
      message: 'Propriétaire : « none », « any » ou un identifiant est attendu.',
    })
    .optional(),
  /**
   * Admins only: the pages not verified since this day (Paris), never verified included: the dashboard's
   * « Pages à vérifier » (six months).
   */
  notVerifiedSince: IsoDateSchema.optional(),
});
export type ListEstablishmentsQuery = z.output<typeof ListEstablishmentsQuerySchema>;

/**
 * `POST /api/establishments/export`: the format, and the back office list's filters, so that the file holds
 * what the list shows (disabled establishments included unless `disabled=false`, as the list).
 */
export const ExportEstablishmentsQuerySchema = ExportQuerySchema.extend(
  ListEstablishmentsQuerySchema.pick({
    q: true,
    kind: true,
    venueType: true,
    town: true,
    disabled: true,
    restaurantOwner: true,
    notVerifiedSince: true,
  }).shape,
);
export type ExportEstablishmentsQuery = z.output<typeof ExportEstablishmentsQuerySchema>;

export const EstablishmentQuerySchema = z.object({ locale: LocaleSchema });

export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** 10 MB, in bytes. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/**
 * Any content type and size pass the schema, so that the server can answer the documented
 * `415 UnsupportedMediaType` and `413 PayloadTooLarge` rather than a generic validation error.
 */
export const PrepareUploadBodySchema = z.strictObject({
  contentType: z
    .string({ error: 'Le type du fichier est attendu.' })
    .trim()
    .toLowerCase()
    .min(1, 'Le type du fichier est attendu.')
    .max(255, 'Type de fichier trop long.'),
  size: z
    .int({ error: 'La taille du fichier (en octets, entier) est attendue.' })
    .min(1, 'Le fichier est vide.'),
});
export type PrepareUploadBody = z.output<typeof PrepareUploadBodySchema>;

export const PrepareUploadResultSchema = z
  .object({ uploadUrl: z.string(), url: z.string(), expiresAt: IsoDateTimeSchema })
  .register(contractRegistry, { id: 'PreparedUpload' });
export type PrepareUploadResult = z.infer<typeof PrepareUploadResultSchema>;

export const HISTORY_ACTIONS = [
  'create',
  'update',
  'delete',
  'link',
  'unlink',
  'share',
  /** « Mes informations sont à jour », or the reminder's link. */
  'verify',
  /** A visitor's report resolved or dismissed by the team. */
  'report',
] as const;

/**
 * One change of an establishment, newest first in `GET /api/establishment/{id}/history`. `changes` lists
 * the fields that changed, with their values before and after (secret fields never appear).
 */
export const EstablishmentHistoryEntrySchema = z
  .object({
    id: UuidSchema,
    at: IsoDateTimeSchema,
    action: z.enum(HISTORY_ACTIONS),
    actor: z
      .object({
        role: z.enum(['admin', 'restaurant-owner', 'system']),
        id: UuidSchema.nullable(),
        name: z.string().nullable(),
      })
      .nullable(),
    changes: z.array(z.object({ field: z.string(), from: z.unknown(), to: z.unknown() })),
  })
  .register(contractRegistry, { id: 'EstablishmentHistoryEntry' });
export type EstablishmentHistoryEntry = z.infer<typeof EstablishmentHistoryEntrySchema>;

/** `PUT /api/uploads/{key}` (local storage): the key and the signed claims `prepare-upload` wrote. */
export const UploadParamsSchema = z.object({
  key: z.string().min(1, 'Nom de fichier attendu.').max(100, 'Nom de fichier trop long.'),
});

export const UploadQuerySchema = z.object({
  type: z.string({ error: 'Type attendu.' }).max(255, 'Type trop long.'),
  size: intQuery(1, MAX_UPLOAD_BYTES),
  expires: intQuery(0, 100_000_000_000),
  signature: z.string({ error: 'Signature attendue.' }).max(100, 'Signature trop longue.'),
});

/** `GET /media/{file}`: a photo (`{id}.jpg|png|webp`) or one of its copies (`{id}-card|page|social.webp`). */
export const MediaParamsSchema = z.object({
  file: z.string().min(1, 'Nom de fichier attendu.').max(100, 'Nom de fichier trop long.'),
});

export const ImageFileSchema = z
  .string()
  .register(contractRegistry, { description: 'Image JPEG, PNG ou WebP.' });

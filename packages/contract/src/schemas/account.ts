import { z } from 'zod';
import { contractRegistry } from '../registry';
import {
  BooleanQuerySchema,
  EmailSchema,
  ExportQuerySchema,
  IsoDateTimeSchema,
  PageQuerySchema,
  PhoneSchema,
  UuidSchema,
  clearable,
  nameSchema,
  textSchema,
} from './common';
import { ClaimCodeSchema } from './establishment';
import { PermissionRecordSchema, PermissionSchema } from './permission';

export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 200;

/** A new password. Never trimmed: every character counts. */
export const PasswordSchema = z
  .string({ error: 'Un mot de passe est attendu.' })
  .min(MIN_PASSWORD_LENGTH, `Le mot de passe doit contenir au moins ${MIN_PASSWORD_LENGTH} caractères.`)
  .max(MAX_PASSWORD_LENGTH, `Le mot de passe ne peut dépasser ${MAX_PASSWORD_LENGTH} caractères.`);

/**
 * A password given to sign in: only bounded, so that a password set under older rules still works and a
 * wrong one is `InvalidCredentials`, not a validation error that says something about the rules.
 */
const SignInPasswordSchema = z
  .string({ error: 'Un mot de passe est attendu.' })
  .min(1, 'Le mot de passe est obligatoire.')
  .max(MAX_PASSWORD_LENGTH, `Le mot de passe ne peut dépasser ${MAX_PASSWORD_LENGTH} caractères.`);

/** A short access token (JWT) or an opaque long-life token. */
const TokenSchema = z
  .string({ error: 'Un jeton est attendu.' })
  .min(1, 'Le jeton est obligatoire.')
  .max(4096, 'Jeton trop long.');

/**
 * Latin letters (accents included: basic Latin to Latin Extended-B, and Latin Extended Additional), digits,
 * `.`, `-`, `_` and `@`: one script only, so that no username can pass for another with a Cyrillic « а »
 * or a Greek « ο » in place of a Latin one (or a full-width « ａ », Latin but not in these blocks).
 */
const USERNAME_PATTERN = /^(?:[0-9._@-]|(?=[A-Za-z\u00aa-\u024f\u1e00-\u1eff])\p{Script=Latin})+$/u;

export const UsernameSchema = textSchema(3, 60)
  .normalize('NFC')
  .regex(/^[^\s]+$/u, 'Le nom d’utilisateur ne peut contenir d’espace.')
  .regex(
    USERNAME_PATTERN,
    'Le nom d’utilisateur ne peut contenir que des lettres latines (accents compris), des chiffres et « . », « - », « _ » ou « @ » : pas de lettres d’un autre alphabet, qui peuvent ressembler aux latines.',
  );

// Accounts

export const AdminSchema = z
  .object({
    id: UuidSchema,
    username: z.string(),
    email: z.string(),
    permissions: z.array(PermissionRecordSchema),
    createdAt: IsoDateTimeSchema,
    updatedAt: IsoDateTimeSchema,
  })
  .register(contractRegistry, { id: 'Admin' });
export type Admin = z.infer<typeof AdminSchema>;

/** Same fields under both namings (`restaurantOwner` and `user`). */
export const RestaurantOwnerSchema = z
  .object({
    id: UuidSchema,
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    phone: z.string().nullable(),
    confirmed: z.boolean(),
    establishment: UuidSchema.nullable(),
    /**
     * When the last confirmation code was sent, while the address is not confirmed (`null` once it is): the
     * confirmation screen counts its resend delay from it, whatever the tab or device.
     */
    confirmationCodeSentAt: IsoDateTimeSchema.nullable(),
    /**
     * `GET` of an owner without an establishment only: when the team last detached it from a page (that
     * page's name, `null` when unknown; `pageDeleted` when the page was deleted), `null` when it never did.
     */
    detachedByTeam: z
      .object({ at: IsoDateTimeSchema, name: z.string().nullable(), pageDeleted: z.boolean() })
      .nullable()
      .optional(),
    createdAt: IsoDateTimeSchema,
    updatedAt: IsoDateTimeSchema,
  })
  .register(contractRegistry, { id: 'RestaurantOwner' });
export type RestaurantOwner = z.infer<typeof RestaurantOwnerSchema>;

/** What the owner list shows without an admin token: which establishments are claimed. */
export const PublicRestaurantOwnerSchema = z
  .object({ id: UuidSchema, establishment: UuidSchema.nullable() })
  .register(contractRegistry, { id: 'PublicRestaurantOwner' });
export type PublicRestaurantOwner = z.infer<typeof PublicRestaurantOwnerSchema>;

/** An item of the owner list: full for an admin, the public pair otherwise. Full first: zod keeps the first match. */
export const OwnerListItemSchema = z.union([RestaurantOwnerSchema, PublicRestaurantOwnerSchema]);
export type OwnerListItem = z.infer<typeof OwnerListItemSchema>;

export const OWNER_SORTS = ['lastName', 'firstName', 'email', 'createdAt', 'updatedAt'] as const;

/**
 * Without `page` the whole list, as before; with it one page and `X-Total-Count`. `q` searches the e-mail
 * address and the names ignoring case and accents; `confirmed` and `establishment` (`none`: unlinked, `any`:
 * linked) filter. An admin's list only: other callers get the public pairs, filtered and paged the same way.
 */
export const ListOwnersQuerySchema = PageQuerySchema.extend({
  q: z.string().trim().max(100, 'La recherche ne peut dépasser 100 caractères.').optional(),
  sort: z
    .enum(OWNER_SORTS, { error: `Tri inconnu (valeurs possibles : ${OWNER_SORTS.join(', ')}).` })
    .default('lastName'),
  order: z
    .enum(['asc', 'desc'], { error: 'Ordre inconnu : « asc » ou « desc » est attendu.' })
    .default('asc'),
  confirmed: BooleanQuerySchema.optional(),
  establishment: z
    .enum(['none', 'any'], { error: 'Établissement : « none » ou « any » est attendu.' })
    .optional(),
});
export type ListOwnersQuery = z.output<typeof ListOwnersQuerySchema>;

/** `POST /api/restaurant-owners/export`: the format, and the list's filters (the file holds what it shows). */
export const ExportOwnersQuerySchema = ExportQuerySchema.extend(
  ListOwnersQuerySchema.pick({ q: true, confirmed: true, establishment: true }).shape,
);
export type ExportOwnersQuery = z.output<typeof ExportOwnersQuerySchema>;

// Authentication

export const AuthenticationSchema = z
  .object({ token: z.string(), longLifeToken: z.string() })
  .register(contractRegistry, { id: 'Authentication' });
export type Authentication = z.infer<typeof AuthenticationSchema>;

export const AdminSignInResultSchema = z
  .object({ admin: AdminSchema, authentication: AuthenticationSchema })
  .register(contractRegistry, { id: 'AdminSignInResult' });
export type AdminSignInResult = z.infer<typeof AdminSignInResultSchema>;

export const OwnerSignInResultSchema = z
  .object({ restaurantOwner: RestaurantOwnerSchema, authentication: AuthenticationSchema })
  .register(contractRegistry, { id: 'RestaurantOwnerSignInResult' });
export type OwnerSignInResult = z.infer<typeof OwnerSignInResultSchema>;

export const UserSignInResultSchema = z
  .object({ user: RestaurantOwnerSchema, authentication: AuthenticationSchema })
  .register(contractRegistry, { id: 'UserSignInResult' });
export type UserSignInResult = z.infer<typeof UserSignInResultSchema>;

const SIGN_IN_MESSAGE = 'Identifiant et mot de passe, ou jeton de connexion, sont attendus.';

/** By username and password, or by a long-life token (`{ token }`). */
export const AdminSignInBodySchema = z.union(
  [
    z.strictObject({
      username: z
        .string({ error: 'Le nom d’utilisateur est attendu.' })
        .trim()
        .min(1, 'Le nom d’utilisateur est obligatoire.')
        .max(200, 'Le nom d’utilisateur ne peut dépasser 200 caractères.'),
      password: SignInPasswordSchema,
    }),
    z.strictObject({ token: TokenSchema }),
  ],
  { error: SIGN_IN_MESSAGE },
);
export type AdminSignInBody = z.output<typeof AdminSignInBodySchema>;

/** By e-mail and password, or by a long-life token (`{ token }`). */
export const OwnerSignInBodySchema = z.union(
  [
    z.strictObject({
      email: z
        .string({ error: 'L’adresse e-mail est attendue.' })
        .trim()
        .toLowerCase()
        .min(1, 'L’adresse e-mail est obligatoire.')
        .max(254, 'L’adresse e-mail ne peut dépasser 254 caractères.'),
      password: SignInPasswordSchema,
    }),
    z.strictObject({ token: TokenSchema }),
  ],
  { error: 'Adresse e-mail et mot de passe, ou jeton de connexion, sont attendus.' },
);
export type OwnerSignInBody = z.output<typeof OwnerSignInBodySchema>;

/** `POST .../refresh`: the current short token, also sent as the bearer. */
export const RefreshBodySchema = z.strictObject({ token: TokenSchema });
export type RefreshBody = z.output<typeof RefreshBodySchema>;

export const RefreshResultSchema = z
  .object({ token: z.string() })
  .register(contractRegistry, { id: 'RefreshResult' });
export type RefreshResult = z.infer<typeof RefreshResultSchema>;

// Admins

const PermissionsBodySchema = z
  .array(PermissionSchema, { error: 'Une liste de permissions est attendue.' })
  .max(100, 'Au plus 100 permissions.');

export const CreateAdminBodySchema = z.strictObject({
  username: UsernameSchema,
  email: EmailSchema,
  password: PasswordSchema,
  permissions: PermissionsBodySchema,
});
export type CreateAdminBody = z.output<typeof CreateAdminBodySchema>;

/**
 * The account's current password: required by the server when one changes one's own password or e-mail
 * address (docs/api.md, "Accounts and authentication"), ignored otherwise. Only bounded, like a sign-in's.
 */
const CurrentPasswordSchema = SignInPasswordSchema;

/** Any subset; `currentPassword` with a change of one's own `password` or `email`. */
export const PatchAdminBodySchema = CreateAdminBodySchema.partial().extend({
  currentPassword: CurrentPasswordSchema.optional(),
});
export type PatchAdminBody = z.output<typeof PatchAdminBodySchema>;

// Restaurant owners

const NameSchema = nameSchema(1, 100);

export const SignUpBodySchema = z.strictObject({
  email: EmailSchema,
  password: PasswordSchema,
  firstName: NameSchema,
  lastName: NameSchema,
  phone: clearable(PhoneSchema).optional(),
  establishmentCode: ClaimCodeSchema.optional(),
});
export type SignUpBody = z.output<typeof SignUpBodySchema>;

/** The 6 digits of the confirmation e-mail. */
export const ConfirmBodySchema = z.strictObject({
  code: z
    .string({ error: 'Le code de confirmation est attendu.' })
    .trim()
    .regex(/^[0-9]{6}$/, 'Le code de confirmation est composé de 6 chiffres.'),
});
export type ConfirmBody = z.output<typeof ConfirmBodySchema>;

/**
 * How long after a confirmation code was sent another may be asked, unless `CONFIRMATION_RESEND_DELAY_SECONDS`
 * says otherwise: the server refuses sooner (429 with `retryAfter`), and the confirmation screen counts it
 * down on its « Renvoyer un code » button (the site reads the server's value from its public settings).
 */
export const DEFAULT_CONFIRMATION_RESEND_DELAY_SECONDS = 60;

/** Checks, before sign-up, whether an e-mail address is free and which establishment a claim code opens. */
export const CheckBodySchema = z.strictObject({
  email: EmailSchema.optional(),
  establishmentCode: ClaimCodeSchema.optional(),
});
export type CheckBody = z.output<typeof CheckBodySchema>;

export const EstablishmentSummarySchema = z
  .object({ id: UuidSchema, name: z.string(), town: z.string() })
  .register(contractRegistry, { id: 'EstablishmentSummary' });

/** Each key answers the matching key of the body; `establishment` is `null` for an unknown code. */
export const CheckResultSchema = z
  .object({
    emailAvailable: z.boolean().optional(),
    establishment: EstablishmentSummarySchema.nullable().optional(),
  })
  .register(contractRegistry, { id: 'CheckResult' });
export type CheckResult = z.infer<typeof CheckResultSchema>;

export const ResendEstablishmentCodeBodySchema = z.strictObject({ establishmentId: UuidSchema });
export type ResendEstablishmentCodeBody = z.output<typeof ResendEstablishmentCodeBodySchema>;

export const ForgottenPasswordBodySchema = z.strictObject({ email: EmailSchema });
export type ForgottenPasswordBody = z.output<typeof ForgottenPasswordBodySchema>;

export const ForgottenPasswordConfirmBodySchema = z.strictObject({
  token: z
    .string({ error: 'Le lien de réinitialisation est incomplet.' })
    .trim()
    .min(1, 'Le lien de réinitialisation est incomplet.')
    .max(500, 'Le lien de réinitialisation est invalide.'),
  password: PasswordSchema,
});
export type ForgottenPasswordConfirmBody = z.output<typeof ForgottenPasswordConfirmBodySchema>;

/**
 * Any subset. `establishment` (an id, or `null` to detach) or `establishmentCode` relinks the owner;
 * `currentPassword` comes with the owner's own change of `password` or `email`.
 */
export const PatchOwnerBodySchema = z
  .strictObject({
    email: EmailSchema,
    password: PasswordSchema,
    currentPassword: CurrentPasswordSchema,
    firstName: NameSchema,
    lastName: NameSchema,
    phone: clearable(PhoneSchema),
    establishment: UuidSchema.nullable(),
    establishmentCode: ClaimCodeSchema,
  })
  .partial()
  .refine((b) => b.establishment === undefined || b.establishmentCode === undefined, {
    message: 'Donnez soit un établissement, soit un code établissement, pas les deux.',
    path: ['establishmentCode'],
  });
export type PatchOwnerBody = z.output<typeof PatchOwnerBodySchema>;

import { z } from 'zod';
import { contractRegistry } from '../registry';
import { CONTROL_CHARACTER, hasVisibleCharacter } from '../characters';

/*
 * Building blocks shared by every resource. Messages set here are French because they reach people through
 * the `details` of a `ValidationError`; zod's own default messages are English unless the app calls
 * `z.config(z.locales.fr())` once at start, which the contract leaves to the apps (it has no side effects).
 */

/**
 * Any 8-4-4-4-12 hexadecimal id, as PostgreSQL's `uuid` type accepts it, read in lower case once here, so
 * that no server code compares ids of another case. Stricter RFC 9562 checking would
 * turn a well-formed but unknown id (`11111111-1111-1111-1111-111111111111`) into a 400 instead of a 404.
 */
export const UuidSchema = z.guid({ error: 'Identifiant invalide : un UUID est attendu.' }).toLowerCase();

export const LOCALES = ['fr', 'en'] as const;
export const LocaleSchema = z
  .enum(LOCALES, { error: 'Langue inconnue : « fr » ou « en » est attendu.' })
  .default('fr');
export type Locale = (typeof LOCALES)[number];

/** ISO 8601 date and time as the server writes it (`Date#toISOString`), an offset also accepted. */
export const IsoDateTimeSchema = z.iso.datetime({ offset: true, error: 'Date et heure ISO 8601 attendues.' });

const DATE_MESSAGE = 'Date invalide : une date existante au format AAAA-MM-JJ est attendue.';

/**
 * A calendar date `YYYY-MM-DD` that exists (no 31 April, 29 February only in leap years), from 0001-01-01 to
 * 9999-12-31: there is no year 0 (PostgreSQL refuses it). Each use may narrow the range (boards, closures).
 */
export const IsoDateSchema = z.iso
  .date({ error: DATE_MESSAGE })
  .refine((date) => !date.startsWith('0000-'), { message: DATE_MESSAGE });

export const LatitudeSchema = z
  .number({ error: 'La latitude doit être un nombre.' })
  .min(-90, 'La latitude doit être comprise entre -90 et 90.')
  .max(90, 'La latitude doit être comprise entre -90 et 90.');

export const LongitudeSchema = z
  .number({ error: 'La longitude doit être un nombre.' })
  .min(-180, 'La longitude doit être comprise entre -180 et 180.')
  .max(180, 'La longitude doit être comprise entre -180 et 180.');

export const LatLngSchema = z
  .object({ latitude: LatitudeSchema, longitude: LongitudeSchema })
  .register(contractRegistry, { id: 'LatLng' });
export type LatLngValue = z.infer<typeof LatLngSchema>;

/** In request bodies nested objects reject unknown keys like the bodies themselves. */
export const LatLngBodySchema = z.strictObject({ latitude: LatitudeSchema, longitude: LongitudeSchema });

export const BoundsSchema = z.strictObject({ northEast: LatLngBodySchema, southWest: LatLngBodySchema });

export const IdParamsSchema = z.object({ id: UuidSchema });
export type IdParams = z.infer<typeof IdParamsSchema>;

/** `/establishment/{id}/public` takes an id or a uri. */
export const IdOrUriParamsSchema = z.object({
  id: z
    .string()
    .min(1, 'Un identifiant ou une adresse de page est attendu.')
    .max(300, 'Au plus 300 caractères.'),
});
export type IdOrUriParams = z.infer<typeof IdOrUriParamsSchema>;

/**
 * Query strings carry text: `'true'` and `'false'` (a real boolean too, for callers that build the query
 * object themselves). Anything else, the empty string included, is refused rather than guessed.
 */
export const BooleanQuerySchema = z
  .union([z.boolean(), z.enum(['true', 'false'])], { error: '« true » ou « false » est attendu.' })
  .transform((v) => v === true || v === 'true');

const INTEGER_MESSAGE = 'Un nombre entier est attendu.';

/**
 * An integer from a query string: digits only (no sign, no decimals, no exponent, no blank), or a number
 * for callers that build the query object themselves.
 */
export function intQuery(min: number, max: number) {
  return z
    .union(
      [
        z.int({ error: INTEGER_MESSAGE }),
        z
          .string()
          .regex(/^[0-9]{1,15}$/, INTEGER_MESSAGE)
          .transform(Number),
      ],
      {
        error: INTEGER_MESSAGE,
      },
    )
    .pipe(
      z
        .int({ error: INTEGER_MESSAGE })
        .min(min, `La valeur doit être au moins ${min}.`)
        .max(max, `La valeur doit être au plus ${max}.`),
    );
}

export const MAX_PER_PAGE = 200;

/** Without `page` a list answers whole; with it, one page of `perPage` and the `X-Total-Count` header. */
export const PageQuerySchema = z.object({
  page: intQuery(1, 1_000_000).optional(),
  perPage: intQuery(1, MAX_PER_PAGE).default(50),
});
export type PageQuery = z.output<typeof PageQuerySchema>;

export const LocaleQuerySchema = z.object({ locale: LocaleSchema });
export type LocaleQuery = z.output<typeof LocaleQuerySchema>;

/** Trimmed text between `min` and `max` characters, with French messages. */
export function textSchema(min: number, max: number) {
  return (
    z
      // A field left empty comes as nothing at all (a form sends null): it is a missing value, not a wrong one.
      .string({
        error: (issue) =>
          issue.input === undefined || issue.input === null
            ? 'Ce champ est obligatoire.'
            : 'Du texte est attendu.',
      })
      .trim()
      .min(min, min <= 1 ? 'Ce champ est obligatoire.' : `Au moins ${min} caractères.`)
      .max(max, `Au plus ${max} caractères.`)
  );
}

const CONTROL_MESSAGE =
  'Ce champ ne peut contenir de caractère de contrôle (tabulation, retour à la ligne, bip…).';
const INVISIBLE_MESSAGE = 'Ce champ doit contenir au moins une lettre, un chiffre ou un signe visible.';

/**
 * A name or a title (of an establishment, a board, a dish, a group, a person): `textSchema`, on one line
 * and without control characters, and with at least one character that shows (a name of zero-width spaces
 * or Hangul fillers is no name). The empty case is `textSchema`'s message alone.
 */
export function nameSchema(min: number, max: number) {
  return textSchema(min, max)
    .refine((v) => !CONTROL_CHARACTER.test(v), { message: CONTROL_MESSAGE })
    .refine((v) => v === '' || hasVisibleCharacter(v), { message: INVISIBLE_MESSAGE });
}

/** Trimmed and lower-cased, so that `Jean@Exemple.FR` and `jean@exemple.fr` are one account. */
export const EmailSchema = z
  .string({ error: 'Une adresse e-mail est attendue.' })
  .trim()
  .toLowerCase()
  .max(254, 'L’adresse e-mail ne peut dépasser 254 caractères.')
  .email({ error: 'Adresse e-mail invalide.' });

/** French and international numbers as people write them: `01 23 45 67 89`, `+33 (0)1 23 45 67 89`. */
export const PhoneSchema = z
  .string({ error: 'Un numéro de téléphone est attendu.' })
  .trim()
  .max(30, 'Le numéro de téléphone ne peut dépasser 30 caractères.')
  .regex(/^\+?\(?(?:[0-9][ .()-]*){6,15}$/, 'Numéro de téléphone invalide.');

/** A web address; `www.exemple.fr` is read as `https://www.exemple.fr`. */
export const HttpUrlSchema = z
  .string({ error: 'Une adresse web est attendue.' })
  .trim()
  .max(500, 'L’adresse web ne peut dépasser 500 caractères.')
  .transform((v) => (/^[a-z][a-z0-9+.-]*:/i.test(v) ? v : `https://${v}`))
  .pipe(
    z.url({
      protocol: /^https?$/,
      hostname: z.regexes.domain,
      error: 'Adresse web invalide : une adresse http:// ou https:// est attendue.',
    }),
  );

const BlankSchema = z
  .string()
  .trim()
  .max(0)
  .transform(() => null);

/**
 * An optional field of a form: `null` clears it and so does a blank string, which is what an emptied form
 * field sends.
 */
export function clearable<T extends z.ZodType>(schema: T) {
  return z.union([z.null(), BlankSchema, schema]);
}

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;

/** Exports answer CSV (UTF-8 with a byte-order mark, `;` separated) unless `?format=xlsx`. */
export const ExportQuerySchema = z.object({
  format: z
    .enum(EXPORT_FORMATS, { error: 'Format inconnu : « csv » ou « xlsx » est attendu.' })
    .default('csv'),
});
export type ExportQuery = z.output<typeof ExportQuerySchema>;

/** The body of a file download: documented as a string, streamed by the server. */
export const FileSchema = z.string().register(contractRegistry, {
  description: 'Fichier CSV (UTF-8 avec BOM, séparateur « ; ») ou classeur XLSX avec ?format=xlsx.',
});

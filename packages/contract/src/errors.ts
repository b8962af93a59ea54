import { z } from 'zod';
import { contractRegistry } from './registry';

/** Stable error codes: programs branch on them, people read the French `message`. */
export const ERROR_STATUS = {
  ValidationError: 400,
  InvalidCode: 400,
  CodeReplaced: 400,
  InvalidToken: 400,
  Unauthorized: 401,
  TokenExpired: 401,
  InvalidCredentials: 401,
  Forbidden: 403,
  AccountNotConfirmed: 403,
  NotFound: 404,
  MethodNotAllowed: 405,
  RequestTimeout: 408,
  EmailAlreadyUsed: 409,
  UsernameAlreadyUsed: 409,
  UriAlreadyUsed: 409,
  EstablishmentAlreadyClaimed: 409,
  AccessRequestPending: 409,
  AccessRequestDecided: 409,
  OwnerAlreadyLinked: 409,
  ClaimEmailKnown: 409,
  NoPhoto: 409,
  MenuBoardDateTaken: 409,
  ImportChangedSince: 409,
  Gone: 410,
  PreconditionFailed: 412,
  PayloadTooLarge: 413,
  UriTooLong: 414,
  UnsupportedMediaType: 415,
  RangeNotSatisfiable: 416,
  RateLimited: 429,
  HeadersTooLarge: 431,
  ShareFailed: 502,
  ServiceUnavailable: 503,
  UnexpectedError: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];

/** Default French messages, used when the thrower gives none. */
export const ERROR_MESSAGES: Record<ErrorCode, string> = {
  ValidationError: 'Certaines informations envoyées ne sont pas valides.',
  InvalidCode: 'Ce code est incorrect ou a expiré.',
  CodeReplaced: 'Ce code a été remplacé par un nouveau code : saisissez le dernier code reçu.',
  InvalidToken: 'Ce lien est invalide ou a déjà été utilisé.',
  Unauthorized: 'Vous devez être connecté pour effectuer cette action.',
  TokenExpired: 'Votre session a expiré, veuillez vous reconnecter.',
  InvalidCredentials: 'Identifiant ou mot de passe incorrect.',
  Forbidden: 'Vous n’avez pas les droits nécessaires pour effectuer cette action.',
  AccountNotConfirmed: 'Votre compte n’est pas encore confirmé.',
  NotFound: 'La ressource demandée n’existe pas.',
  MethodNotAllowed: 'Cette adresse n’accepte pas cette méthode.',
  RequestTimeout: 'La requête a mis trop de temps à arriver.',
  EmailAlreadyUsed: 'Cette adresse e-mail est déjà utilisée.',
  UsernameAlreadyUsed: 'Ce nom d’utilisateur est déjà pris.',
  UriAlreadyUsed: 'Cette adresse de page est déjà utilisée par un autre établissement.',
  EstablishmentAlreadyClaimed: 'Cet établissement est déjà rattaché à un autre restaurateur.',
  AccessRequestPending:
    'Vous avez déjà une demande d’accès en cours : l’équipe vous répondra par e-mail avant que vous puissiez en envoyer une autre.',
  AccessRequestDecided: 'Cette demande d’accès a déjà été traitée.',
  OwnerAlreadyLinked: 'Votre compte est déjà rattaché à un établissement.',
  ClaimEmailKnown:
    'Une adresse e-mail est connue pour cet établissement : utilisez « Recevoir le code », il y sera envoyé.',
  NoPhoto: 'Cet établissement n’a pas de photo.',
  MenuBoardDateTaken:
    'Cet établissement a déjà une ardoise pour ce jour : modifiez-la ou retirez-la plutôt que d’en publier une autre.',
  ImportChangedSince:
    'Des établissements de cet import ont changé depuis : l’annuler perdrait ces changements.',
  Gone: 'Cet établissement a fermé ou sa page n’existe plus.',
  PreconditionFailed:
    'Quelqu’un d’autre a modifié ces informations pendant que vous les modifiiez : rechargez-les pour voir leur version actuelle, puis refaites vos changements.',
  PayloadTooLarge: 'Le contenu envoyé est trop volumineux.',
  UriTooLong: 'L’adresse demandée est trop longue.',
  UnsupportedMediaType: 'Ce type de fichier n’est pas accepté.',
  RangeNotSatisfiable: 'La partie demandée du fichier dépasse sa taille.',
  RateLimited: 'Trop de tentatives, veuillez réessayer dans quelques instants.',
  HeadersTooLarge: 'Les en-têtes de la requête sont trop volumineux.',
  ShareFailed: 'Le partage sur le réseau social n’a pas abouti.',
  ServiceUnavailable: 'Le service est momentanément indisponible, veuillez réessayer dans quelques instants.',
  UnexpectedError: 'Une erreur inattendue est survenue.',
};

export const ValidationIssueSchema = z.object({
  path: z.string(),
  message: z.string(),
});
export type ValidationIssue = z.infer<typeof ValidationIssueSchema>;

export const ErrorBodySchema = z
  .object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  })
  .register(contractRegistry, { id: 'Error' });
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** The one error type of the product, thrown by the server and rebuilt by the web client. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: unknown;

  constructor(code: ErrorCode, message?: string, details?: unknown) {
    super(message ?? ERROR_MESSAGES[code]);
    this.name = code;
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.details = details;
  }

  toBody(): ErrorBody {
    return this.details === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, details: this.details };
  }
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_STATUS, value);
}

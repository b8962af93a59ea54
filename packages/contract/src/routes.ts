/*
 * The HTTP contract, call by call: each entry of `route-table.ts` with its summary, permission and zod
 * schemas. Its size (over 400 lines) is every call of the API, one entry each, so that the server, the
 * OpenAPI document and the tests read one list.
 */
import { z } from 'zod';
import { contractRegistry } from './registry';
import { routeTable, type RoutePath } from './route-table';
import { ErrorBodySchema } from './errors';
import {
  AdminSchema,
  AdminSignInBodySchema,
  AdminSignInResultSchema,
  CheckBodySchema,
  CheckResultSchema,
  ConfirmBodySchema,
  CreateAdminBodySchema,
  ExportOwnersQuerySchema,
  ForgottenPasswordBodySchema,
  ForgottenPasswordConfirmBodySchema,
  ListOwnersQuerySchema,
  OwnerListItemSchema,
  OwnerSignInBodySchema,
  OwnerSignInResultSchema,
  PatchAdminBodySchema,
  PatchOwnerBodySchema,
  RefreshBodySchema,
  RefreshResultSchema,
  ResendEstablishmentCodeBodySchema,
  RestaurantOwnerSchema,
  SignUpBodySchema,
  UserSignInResultSchema,
} from './schemas/account';
import {
  CategoryQuerySchema,
  CategorySchema,
  CategorySearchQuerySchema,
  CategorySearchResultSchema,
  ListCategoriesQuerySchema,
} from './schemas/category';
import { FileSchema, IdOrUriParamsSchema, IdParamsSchema, IsoDateSchema } from './schemas/common';
import {
  CreateFollowBodySchema,
  DeleteFollowQuerySchema,
  FollowCreatedSchema,
  FollowSchema,
  FollowersCountSchema,
  ListFollowsBodySchema,
  PushPublicKeySchema,
} from './schemas/follow';
import {
  CreateEventBodySchema,
  EstablishmentStatsSchema,
  StatsQuerySchema,
  TopEstablishmentsQuerySchema,
  TopEstablishmentsSchema,
} from './schemas/stats';
import type { Action } from './schemas/permission';
import type { SubjectType } from './permissions';
import {
  CreateEstablishmentBodySchema,
  EstablishmentAnswerSchema,
  ExportEstablishmentsQuerySchema,
  EstablishmentHistoryEntrySchema,
  EstablishmentListItemSchema,
  EstablishmentQuerySchema,
  ImageFileSchema,
  ListEstablishmentsQuerySchema,
  MediaParamsSchema,
  PatchEstablishmentBodySchema,
  PrepareUploadBodySchema,
  PrepareUploadResultSchema,
  PublicEstablishmentSchema,
  UploadParamsSchema,
  UploadQuerySchema,
} from './schemas/establishment';
import {
  MapAroundQuerySchema,
  MapFeedSchema,
  MapListAnswerSchema,
  MapNearestQuerySchema,
  MapPointsAnswerSchema,
  MapPointsQuerySchema,
} from './schemas/map';
import {
  CreateGroupBodySchema,
  ExportGroupsQuerySchema,
  GroupSchema,
  PatchGroupBodySchema,
} from './schemas/group';
import { PlaceSchema, PlaceSearchQuerySchema } from './schemas/place';
import {
  EstablishmentImportSchema,
  ImportQuerySchema,
  ImportReportSchema,
  ImportUndoneSchema,
} from './schemas/establishment-import';
import {
  AccessRequestSchema,
  ContactMessageCreatedSchema,
  ContactMessageSchema,
  CreateAccessRequestBodySchema,
  CreateContactMessageBodySchema,
  DecideAccessRequestBodySchema,
  ListAccessRequestsQuerySchema,
  ListContactMessagesQuerySchema,
  PatchContactMessageBodySchema,
} from './schemas/access';
import {
  CreateReportBodySchema,
  ListReportsQuerySchema,
  OwnerAnswerBodySchema,
  OwnerReportSchema,
  PatchReportBodySchema,
  ReportCreatedSchema,
  ReportSchema,
  VerifyTokenBodySchema,
} from './schemas/report';
import {
  CreateMenuBoardBodySchema,
  EstablishmentMenuBoardQuerySchema,
  ListMenuBoardsQuerySchema,
  EstablishmentDishesQuerySchema,
  EstablishmentDishesSchema,
  BackOfficeMenuBoardSchema,
  MenuBoardSchema,
  SurroundingMenuBoardSchema,
  PatchMenuBoardBodySchema,
  SurroundingMenuBoardsBodySchema,
} from './schemas/menu-board';

export type { AuthMode, HttpMethod } from './route-table';
export { buildPath } from './route-table';

/**
 * A call of the contract: its entry of `routeTable` (method, path, auth, twin), then what only the server and
 * the OpenAPI reference need.
 */
export interface RouteDef extends RoutePath {
  /** French, for the OpenAPI reference. */
  summary: string;
  tags: readonly string[];
  /**
   * What the caller must be allowed to do (see `permissions.ts`), checked by one server hook after the
   * request is validated. With an `:id` parameter the check is on that record (`{ id }`).
   */
  permission?: { action: Action; subject: SubjectType };
  /** The kind of account the route is for (sign-in sessions of the other kind are refused). */
  account?: 'admin' | 'restaurant-owner';
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Status -> body. 204 answers are `z.undefined()` (no body); file downloads are documented as a string. */
  responses: Readonly<Record<number, z.ZodType>>;
}

/** 204 No Content. */
export const NoContentSchema = z.undefined();

/**
 * 304 Not Modified: a read answering an `ETag` and honouring `If-None-Match` (the OpenAPI document lists the
 * header wherever this is, and `If-Match` wherever a 412 is: apps/api/src/plugins/openapi-conditions.ts).
 */
const NOT_MODIFIED = { 304: NoContentSchema } as const;

/** The board's picture in three shapes: a post (1080×1350), a story (1080×1920), a link preview (1200×630). */
export const BOARD_PICTURE_FORMATS = ['square', 'story', 'landscape'] as const;
export type BoardPictureFormat = (typeof BOARD_PICTURE_FORMATS)[number];

export const BoardPictureQuerySchema = z.object({
  date: IsoDateSchema.optional(),
  format: z
    .enum(BOARD_PICTURE_FORMATS, {
      error: 'Format d’image inconnu : « square », « story » ou « landscape » est attendu.',
    })
    .default('square'),
});

const PngFileSchema = z.string().register(contractRegistry, { description: 'Image PNG.' });

export const HealthSchema = z
  .object({ status: z.literal('ok') })
  .register(contractRegistry, { id: 'Health' });
export type Health = z.infer<typeof HealthSchema>;

/** The job queue as admins see it: the jobs kept failed after their last try (mails that never went). */
export const JobsStatusSchema = z
  .object({ failed: z.number().int().min(0) })
  .register(contractRegistry, { id: 'JobsStatus' });
export type JobsStatus = z.infer<typeof JobsStatusSchema>;

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 412 | 413 | 415 | 416 | 429 | 502 | 503;

function errors<const S extends ErrorStatus>(...statuses: S[]): Readonly<Record<S, typeof ErrorBodySchema>> {
  return Object.fromEntries(statuses.map((s) => [s, ErrorBodySchema])) as Record<S, typeof ErrorBodySchema>;
}

const TAGS = {
  health: ['Santé'],
  establishments: ['Établissements'],
  groups: ['Groupes'],
  categories: ['Catégories'],
  menuBoards: ['Ardoises'],
  admins: ['Administrateurs'],
  owners: ['Restaurateurs'],
  users: ['Restaurateurs (chemins /api/user)'],
  places: ['Villes'],
  follows: ['Suivre un établissement'],
  stats: ['Statistiques'],
  openData: ['Données ouvertes'],
  reports: ['Signalements'],
  access: ['Demandes d’accès et messages'],
} as const;

/**
 * The owner calls' schemas, written once for both namings (`/api/restaurant-owner...` and `/api/user...`, the
 * twins of `routeTable`) so that they cannot drift apart. Only the sign-in answer's key and the tag differ.
 */
function ownerCalls<R extends z.ZodType>(signInResult: R, tags: readonly string[]) {
  return {
    signUp: {
      summary: 'Créer un compte restaurateur et envoyer l’e-mail de confirmation',
      tags,
      body: SignUpBodySchema,
      responses: { 201: signInResult, ...errors(400, 404, 409, 429) },
    },
    confirm: {
      summary: 'Confirmer l’adresse e-mail avec le code à 6 chiffres',
      tags,
      account: 'restaurant-owner',
      body: ConfirmBodySchema,
      responses: { 200: RestaurantOwnerSchema, ...errors(400, 401, 403, 429) },
    },
    resend: {
      summary: 'Envoyer un nouveau code de confirmation',
      tags,
      account: 'restaurant-owner',
      responses: { 204: NoContentSchema, ...errors(401, 403, 429) },
    },
    check: {
      summary: 'Vérifier qu’une adresse e-mail est libre et à quel établissement correspond un code',
      tags,
      body: CheckBodySchema,
      responses: { 200: CheckResultSchema, ...errors(400, 429) },
    },
    resendEstablishmentCode: {
      summary: 'Envoyer le code d’un établissement à l’adresse e-mail de l’établissement',
      tags,
      body: ResendEstablishmentCodeBodySchema,
      responses: { 204: NoContentSchema, ...errors(400, 404, 409, 429) },
    },
    signIn: {
      summary: 'Se connecter en restaurateur (e-mail et mot de passe, ou jeton longue durée)',
      tags,
      body: OwnerSignInBodySchema,
      responses: { 200: signInResult, ...errors(400, 401, 429) },
    },
    refresh: {
      summary: 'Renouveler le jeton d’accès d’un restaurateur',
      tags,
      account: 'restaurant-owner',
      body: RefreshBodySchema,
      responses: { 200: RefreshResultSchema, ...errors(400, 401, 403) },
    },
    forgottenPassword: {
      summary: 'Demander un lien de réinitialisation du mot de passe',
      tags,
      body: ForgottenPasswordBodySchema,
      responses: { 204: NoContentSchema, ...errors(400, 429) },
    },
    forgottenPasswordConfirm: {
      summary: 'Choisir un nouveau mot de passe avec le lien reçu par e-mail',
      tags,
      body: ForgottenPasswordConfirmBodySchema,
      responses: { 204: NoContentSchema, ...errors(400, 429) },
    },
    list: {
      summary:
        'Lister les restaurateurs (complets pour un administrateur, sinon les paires id / établissement)',
      tags,
      query: ListOwnersQuerySchema,
      responses: { 200: z.array(OwnerListItemSchema), ...errors(400, 401) },
    },
    get: {
      summary: 'Lire un restaurateur',
      tags,
      permission: { action: 'read', subject: 'restaurant-owner' },
      params: IdParamsSchema,
      responses: { 200: RestaurantOwnerSchema, ...NOT_MODIFIED, ...errors(400, 401, 403, 404) },
    },
    patch: {
      summary: 'Modifier un restaurateur ou le rattacher à un établissement',
      tags,
      permission: { action: 'update', subject: 'restaurant-owner' },
      params: IdParamsSchema,
      body: PatchOwnerBodySchema,
      responses: { 200: RestaurantOwnerSchema, ...errors(400, 401, 403, 404, 409, 412) },
    },
    delete: {
      summary: 'Supprimer un restaurateur',
      tags,
      permission: { action: 'delete', subject: 'restaurant-owner' },
      params: IdParamsSchema,
      responses: { 204: NoContentSchema, ...errors(400, 401, 403, 404, 412) },
    },
    export: {
      summary:
        'Exporter les restaurateurs que la liste montre, avec ses filtres (CSV, ou XLSX avec ?format=xlsx)',
      tags,
      permission: { action: 'export', subject: 'restaurant-owner' },
      query: ExportOwnersQuerySchema,
      responses: { 200: FileSchema, ...errors(400, 401, 403) },
    },
  } as const;
}

const owner = ownerCalls(OwnerSignInResultSchema, TAGS.owners);
const user = ownerCalls(UserSignInResultSchema, TAGS.users);

export const routes = {
  // Health
  getHealth: {
    ...routeTable.getHealth,
    summary: 'Le processus répond',
    tags: TAGS.health,
    responses: { 200: HealthSchema },
  },
  getReadiness: {
    ...routeTable.getReadiness,
    summary: 'Le service est prêt (base de données joignable, migrations faites)',
    tags: TAGS.health,
    responses: { 200: HealthSchema, ...errors(503) },
  },

  getJobsStatus: {
    ...routeTable.getJobsStatus,
    summary: 'Compter les tâches en échec après leur dernier essai (e-mails qui ne sont pas partis)',
    tags: TAGS.health,
    account: 'admin',
    responses: { 200: JobsStatusSchema, ...errors(401, 403) },
  },

  // Establishments
  listEstablishments: {
    ...routeTable.listEstablishments,
    summary: 'Lister les établissements (vue publique, ou complète pour un administrateur)',
    tags: TAGS.establishments,
    query: ListEstablishmentsQuerySchema,
    responses: { 200: z.array(EstablishmentListItemSchema), ...NOT_MODIFIED, ...errors(400, 401) },
  },
  getEstablishment: {
    ...routeTable.getEstablishment,
    summary: 'Lire un établissement',
    tags: TAGS.establishments,
    permission: { action: 'read', subject: 'establishment' },
    params: IdParamsSchema,
    query: EstablishmentQuerySchema,
    responses: { 200: EstablishmentAnswerSchema, ...NOT_MODIFIED, ...errors(400, 401, 403, 404) },
  },
  getEstablishmentGroups: {
    ...routeTable.getEstablishmentGroups,
    summary: 'Lister les groupes d’un établissement',
    tags: TAGS.establishments,
    permission: { action: 'read', subject: 'establishment' },
    params: IdParamsSchema,
    responses: { 200: z.array(GroupSchema), ...errors(400, 401, 403, 404) },
  },
  getEstablishmentHistory: {
    ...routeTable.getEstablishmentHistory,
    summary: 'Lire l’historique des modifications d’un établissement',
    tags: TAGS.establishments,
    permission: { action: 'read', subject: 'establishment' },
    params: IdParamsSchema,
    responses: { 200: z.array(EstablishmentHistoryEntrySchema), ...errors(400, 401, 403, 404) },
  },
  getEstablishmentFollowers: {
    ...routeTable.getEstablishmentFollowers,
    summary: 'Compter les navigateurs qui suivent un établissement (son restaurateur ne voit que ce nombre)',
    tags: TAGS.follows,
    permission: { action: 'read', subject: 'establishment' },
    params: IdParamsSchema,
    responses: { 200: FollowersCountSchema, ...errors(400, 401, 403, 404) },
  },
  getEstablishmentStats: {
    ...routeTable.getEstablishmentStats,
    summary:
      'Lire les statistiques d’un établissement par jour de Paris (vues, appels, itinéraires, site web, partages, QR code)',
    tags: TAGS.stats,
    permission: { action: 'read', subject: 'establishment' },
    params: IdParamsSchema,
    query: StatsQuerySchema,
    responses: { 200: EstablishmentStatsSchema, ...errors(400, 401, 403, 404) },
  },
  createEstablishment: {
    ...routeTable.createEstablishment,
    summary: 'Créer un établissement',
    tags: TAGS.establishments,
    permission: { action: 'create', subject: 'establishment' },
    body: CreateEstablishmentBodySchema,
    responses: { 201: EstablishmentAnswerSchema, ...errors(400, 401, 403, 404, 409) },
  },
  patchEstablishment: {
    ...routeTable.patchEstablishment,
    summary: 'Modifier un établissement',
    tags: TAGS.establishments,
    permission: { action: 'update', subject: 'establishment' },
    params: IdParamsSchema,
    body: PatchEstablishmentBodySchema,
    responses: { 200: EstablishmentAnswerSchema, ...errors(400, 401, 403, 404, 409, 412) },
  },
  verifyEstablishment: {
    ...routeTable.verifyEstablishment,
    summary:
      'Dire que les informations d’un établissement sont à jour (son restaurateur, ou un administrateur)',
    tags: TAGS.establishments,
    permission: { action: 'update', subject: 'establishment' },
    params: IdParamsSchema,
    responses: { 200: EstablishmentAnswerSchema, ...errors(401, 403, 404, 412) },
  },
  verifyEstablishmentByToken: {
    ...routeTable.verifyEstablishmentByToken,
    summary:
      'Dire que les informations sont à jour avec le lien de l’e-mail de rappel, sans se connecter (lien valable 14 jours, une fois)',
    tags: TAGS.establishments,
    body: VerifyTokenBodySchema,
    responses: { 200: EstablishmentAnswerSchema, ...errors(400, 404) },
  },
  createReport: {
    ...routeTable.createReport,
    summary:
      'Signaler une erreur sur la page d’un établissement (sans compte ; son restaurateur est prévenu par e-mail)',
    tags: TAGS.reports,
    params: IdParamsSchema,
    body: CreateReportBodySchema,
    responses: { 201: ReportCreatedSchema, ...errors(400, 404, 429) },
  },
  listReports: {
    ...routeTable.listReports,
    summary: 'Lister les signalements, les plus récents d’abord, page par page (en-tête X-Total-Count)',
    tags: TAGS.reports,
    account: 'admin',
    permission: { action: 'read', subject: 'establishment' },
    query: ListReportsQuerySchema,
    responses: { 200: z.array(ReportSchema), ...errors(400, 401, 403) },
  },
  patchReport: {
    ...routeTable.patchReport,
    summary:
      'Marquer un signalement corrigé ou écarté, ou le rouvrir (inscrit à l’historique de l’établissement ; le visiteur qui a laissé son adresse est prévenu une fois)',
    tags: TAGS.reports,
    account: 'admin',
    permission: { action: 'update', subject: 'establishment' },
    params: IdParamsSchema,
    body: PatchReportBodySchema,
    responses: { 200: ReportSchema, ...errors(400, 401, 403, 404) },
  },
  listEstablishmentReports: {
    ...routeTable.listEstablishmentReports,
    summary:
      'Lister les signalements de son établissement, les plus récents d’abord (restaurateur ; sans l’adresse du visiteur)',
    tags: TAGS.reports,
    account: 'restaurant-owner',
    permission: { action: 'read', subject: 'establishment' },
    params: IdParamsSchema,
    responses: { 200: z.array(OwnerReportSchema), ...errors(400, 401, 403, 404) },
  },
  answerReport: {
    ...routeTable.answerReport,
    summary:
      'Répondre à un signalement de son établissement : « C’est corrigé » ou « C’est juste » avec une ligne (restaurateur ; une nouvelle réponse remplace la précédente)',
    tags: TAGS.reports,
    account: 'restaurant-owner',
    permission: { action: 'update', subject: 'establishment' },
    params: IdParamsSchema,
    body: OwnerAnswerBodySchema,
    responses: { 200: OwnerReportSchema, ...errors(400, 401, 403, 404) },
  },
  deleteEstablishment: {
    ...routeTable.deleteEstablishment,
    summary: 'Supprimer un établissement',
    tags: TAGS.establishments,
    permission: { action: 'delete', subject: 'establishment' },
    params: IdParamsSchema,
    responses: { 204: NoContentSchema, ...errors(400, 401, 403, 404, 412) },
  },
  createAccessRequest: {
    ...routeTable.createAccessRequest,
    summary:
      'Demander à l’équipe l’accès à un établissement sans adresse e-mail (restaurateur confirmé, pas encore rattaché ; une demande en cours à la fois)',
    tags: TAGS.access,
    account: 'restaurant-owner',
    body: CreateAccessRequestBodySchema,
    responses: { 201: AccessRequestSchema, ...errors(400, 401, 403, 404, 409, 429) },
  },
  listAccessRequests: {
    ...routeTable.listAccessRequests,
    summary:
      'Lister les demandes d’accès, les plus récentes d’abord (en-tête X-Total-Count) : toutes pour un administrateur, les siennes pour un restaurateur',
    tags: TAGS.access,
    permission: { action: 'read', subject: 'restaurant-owner' },
    query: ListAccessRequestsQuerySchema,
    responses: { 200: z.array(AccessRequestSchema), ...errors(400, 401, 403) },
  },
  decideAccessRequest: {
    ...routeTable.decideAccessRequest,
    summary:
      'Accepter une demande d’accès (le restaurateur est rattaché et prévenu par e-mail) ou la refuser avec un motif (envoyé au restaurateur)',
    tags: TAGS.access,
    account: 'admin',
    permission: { action: 'update', subject: 'restaurant-owner' },
    params: IdParamsSchema,
    body: DecideAccessRequestBodySchema,
    responses: { 200: AccessRequestSchema, ...errors(400, 401, 403, 404, 409) },
  },
  createContactMessage: {
    ...routeTable.createContactMessage,
    summary: 'Écrire à l’équipe (« Nous contacter », sans compte ; limité par adresse de connexion)',
    tags: TAGS.access,
    body: CreateContactMessageBodySchema,
    responses: { 201: ContactMessageCreatedSchema, ...errors(400, 429) },
  },
  listContactMessages: {
    ...routeTable.listContactMessages,
    summary:
      'Lister les messages reçus par « Nous contacter », les plus récents d’abord (en-tête X-Total-Count)',
    tags: TAGS.access,
    account: 'admin',
    permission: { action: 'read', subject: 'establishment' },
    query: ListContactMessagesQuerySchema,
    responses: { 200: z.array(ContactMessageSchema), ...errors(400, 401, 403) },
  },
  patchContactMessage: {
    ...routeTable.patchContactMessage,
    summary: 'Marquer un message « Nous contacter » traité, ou de nouveau à traiter',
    tags: TAGS.access,
    account: 'admin',
    permission: { action: 'update', subject: 'establishment' },
    params: IdParamsSchema,
    body: PatchContactMessageBodySchema,
    responses: { 200: ContactMessageSchema, ...errors(400, 401, 403, 404) },
  },
  renewClaimCode: {
    ...routeTable.renewClaimCode,
    summary:
      'Donner un nouveau code de réclamation à un établissement (l’ancien ne sert plus) ; administrateurs',
    tags: TAGS.establishments,
    account: 'admin',
    permission: { action: 'update', subject: 'establishment' },
    params: IdParamsSchema,
    responses: { 200: EstablishmentAnswerSchema, ...errors(400, 401, 403, 404, 412) },
  },
  getEstablishmentMenuBoard: {
    ...routeTable.getEstablishmentMenuBoard,
    summary:
      'Lire l’ardoise d’un établissement pour un jour (aujourd’hui par défaut) ; un jour à venir : son restaurateur et les administrateurs seulement',
    tags: TAGS.menuBoards,
    params: IdParamsSchema,
    query: EstablishmentMenuBoardQuerySchema,
    responses: { 200: MenuBoardSchema, ...NOT_MODIFIED, ...errors(400, 401, 404) },
  },
  getEstablishmentMenuBoardPicture: {
    ...routeTable.getEstablishmentMenuBoardPicture,
    summary:
      'L’image de l’ardoise d’un jour (aujourd’hui par défaut) à partager : PNG au format « square » (1080×1350, par défaut), « story » (1080×1920) ou « landscape » (1200×630)',
    tags: TAGS.menuBoards,
    params: IdParamsSchema,
    query: BoardPictureQuerySchema,
    // 503: too many pictures being drawn at once (the drawing is costly), with `Retry-After`.
    responses: { 200: PngFileSchema, ...NOT_MODIFIED, ...errors(400, 404, 503) },
  },
  getEstablishmentDishes: {
    ...routeTable.getEstablishmentDishes,
    summary:
      'Lister les plats déjà servis par un établissement, pour les suggérer (son restaurateur et les administrateurs)',
    tags: TAGS.menuBoards,
    permission: { action: 'read', subject: 'menu-board' },
    params: IdParamsSchema,
    query: EstablishmentDishesQuerySchema,
    responses: { 200: EstablishmentDishesSchema, ...errors(400, 401, 403, 404) },
  },
  prepareUpload: {
    ...routeTable.prepareUpload,
    summary: 'Préparer l’envoi d’une photo (JPEG, PNG ou WebP, 10 Mo au plus)',
    tags: TAGS.establishments,
    permission: { action: 'update', subject: 'establishment' },
    body: PrepareUploadBodySchema,
    responses: { 200: PrepareUploadResultSchema, ...errors(400, 401, 403, 413, 415) },
  },
  uploadPhoto: {
    ...routeTable.uploadPhoto,
    summary:
      'Envoyer les octets d’une photo à l’adresse donnée par prepare-upload (stockage sur le serveur ; corps : l’image, en-tête Content-Type)',
    tags: TAGS.establishments,
    params: UploadParamsSchema,
    query: UploadQuerySchema,
    responses: { 204: NoContentSchema, ...errors(400, 403, 404, 409, 413, 415) },
  },
  getMedia: {
    ...routeTable.getMedia,
    summary: 'Lire une photo ou l’une de ses copies redimensionnées (stockage sur le serveur)',
    tags: TAGS.establishments,
    params: MediaParamsSchema,
    // 206: one `Range`; 304: `If-None-Match` or `If-Modified-Since`; 412: `If-Match`; 416: a range past its end.
    responses: {
      200: ImageFileSchema,
      206: ImageFileSchema,
      ...NOT_MODIFIED,
      ...errors(400, 404, 412, 416),
    },
  },
  exportEstablishments: {
    ...routeTable.exportEstablishments,
    summary:
      'Exporter les établissements que la liste montre, avec ses filtres (CSV, ou XLSX avec ?format=xlsx)',
    tags: TAGS.establishments,
    permission: { action: 'export', subject: 'establishment' },
    query: ExportEstablishmentsQuerySchema,
    responses: { 200: FileSchema, ...errors(400, 401, 403) },
  },
  importEstablishments: {
    ...routeTable.importEstablishments,
    summary:
      'Importer des établissements : le CSV ou le XLSX de l’export, ou un GeoJSON aux clés OpenStreetMap (rapport seul sauf avec ?dryRun=false ; tout ou rien)',
    tags: TAGS.establishments,
    account: 'admin',
    // `update establishment` too, checked by the route: a file may update the places it already holds.
    permission: { action: 'create', subject: 'establishment' },
    query: ImportQuerySchema,
    responses: { 200: ImportReportSchema, ...errors(400, 401, 403, 413, 415) },
  },
  listEstablishmentImports: {
    ...routeTable.listEstablishmentImports,
    summary: 'Lister les 20 derniers imports d’établissements, et jusqu’à quand le dernier peut être annulé',
    tags: TAGS.establishments,
    account: 'admin',
    permission: { action: 'create', subject: 'establishment' },
    responses: { 200: z.array(EstablishmentImportSchema), ...errors(401, 403) },
  },
  undoEstablishmentImport: {
    ...routeTable.undoEstablishmentImport,
    summary:
      'Annuler le dernier import dans l’heure : supprimer les établissements qu’il a créés, rendre aux autres leurs valeurs d’avant (refusé si l’un a changé depuis)',
    tags: TAGS.establishments,
    account: 'admin',
    permission: { action: 'create', subject: 'establishment' },
    params: IdParamsSchema,
    responses: { 200: ImportUndoneSchema, ...errors(401, 403, 404, 409, 410) },
  },
  shareEstablishment: {
    ...routeTable.shareEstablishment,
    summary: 'Partager la photo d’un établissement sur le réseau social',
    tags: TAGS.establishments,
    permission: { action: 'share', subject: 'establishment' },
    params: IdParamsSchema,
    responses: { 200: EstablishmentAnswerSchema, ...errors(400, 401, 403, 404, 409, 412, 502) },
  },
  mapPoints: {
    ...routeTable.mapPoints,
    summary:
      'Les établissements visibles sur la carte : points (id, type, nom, adresse de page, coordonnées) et regroupements selon le zoom',
    tags: TAGS.establishments,
    query: MapPointsQuerySchema,
    responses: { 200: MapPointsAnswerSchema, ...errors(400) },
  },
  mapFeed: {
    ...routeTable.mapFeed,
    summary:
      'Tous les établissements visibles, sous une forme compacte : ce que la carte, sa liste et ses filtres utilisent',
    tags: TAGS.establishments,
    responses: { 200: MapFeedSchema, ...NOT_MODIFIED },
  },
  mapNearest: {
    ...routeTable.mapNearest,
    summary:
      'Les établissements visibles dans une zone de la carte : leur nombre et les plus proches de son centre, sans le flux entier',
    tags: TAGS.establishments,
    query: MapNearestQuerySchema,
    responses: { 200: MapListAnswerSchema, ...errors(400) },
  },
  mapAround: {
    ...routeTable.mapAround,
    summary:
      'Les établissements visibles dans un cercle (celui d’un groupe) : leur nombre et les premiers par ordre alphabétique',
    tags: TAGS.establishments,
    query: MapAroundQuerySchema,
    responses: { 200: MapListAnswerSchema, ...errors(400) },
  },
  searchPlaces: {
    ...routeTable.searchPlaces,
    summary:
      'Chercher une ville par son nom ou son code postal (sans tenir compte des majuscules, accents, traits d’union ni de « Saint »/« St ») : l’égalité d’abord, puis les débuts de nom, les plus peuplées en tête',
    tags: TAGS.places,
    query: PlaceSearchQuerySchema,
    responses: { 200: z.array(PlaceSchema), ...errors(400) },
  },
  getPublicEstablishment: {
    ...routeTable.getPublicEstablishment,
    summary: 'Lire la vue publique d’un établissement, par id ou par adresse de page',
    tags: TAGS.establishments,
    params: IdOrUriParamsSchema,
    // 301: asked by an earlier page address, to the current one (`Location`).
    responses: {
      200: PublicEstablishmentSchema,
      301: NoContentSchema,
      ...NOT_MODIFIED,
      // 410 `Gone`: the place closed for good, or its page was deleted (this address, current or earlier).
      ...errors(400, 404, 410),
    },
  },

  // Open data (Licence Ouverte 2.0: a `Link: <…>; rel="license"` header)
  openDataEstablishmentsGeojson: {
    ...routeTable.openDataEstablishmentsGeojson,
    summary:
      'Données ouvertes : les établissements visibles en GeoJSON (points, champs publics, horaires au format opening_hours d’OpenStreetMap)',
    tags: TAGS.openData,
    responses: { 200: FileSchema, ...NOT_MODIFIED },
  },
  openDataEstablishmentsCsv: {
    ...routeTable.openDataEstablishmentsCsv,
    summary:
      'Données ouvertes : les établissements visibles en CSV (UTF-8, virgules, horaires opening_hours)',
    tags: TAGS.openData,
    responses: { 200: FileSchema, ...NOT_MODIFIED },
  },
  openDataMenusCsv: {
    ...routeTable.openDataMenusCsv,
    summary:
      'Données ouvertes : les plats des ardoises du jour en CSV, un par ligne (date, établissement, prix, catégorie, allergènes, régimes, fait maison)',
    tags: TAGS.openData,
    responses: { 200: FileSchema, ...NOT_MODIFIED },
  },

  // Following and push
  getPushPublicKey: {
    ...routeTable.getPushPublicKey,
    summary: 'Lire la clé publique VAPID du serveur (base64url, 65 octets), pour abonner un navigateur',
    tags: TAGS.follows,
    responses: { 200: PushPublicKeySchema },
  },
  createFollow: {
    ...routeTable.createFollow,
    summary:
      'Suivre un établissement depuis ce navigateur : une notification le jour où il publie son ardoise (200 s’il était déjà suivi)',
    tags: TAGS.follows,
    body: CreateFollowBodySchema,
    // 410, as its public page, for an establishment closed for good.
    responses: { 200: FollowCreatedSchema, 201: FollowCreatedSchema, ...errors(400, 404, 410, 429) },
  },
  listFollows: {
    ...routeTable.listFollows,
    summary: 'Lister les établissements que ce navigateur suit (son adresse d’abonnement dans le corps)',
    tags: TAGS.follows,
    body: ListFollowsBodySchema,
    responses: { 200: z.array(FollowSchema), ...errors(400, 429) },
  },
  deleteFollow: {
    ...routeTable.deleteFollow,
    summary: 'Ne plus suivre un établissement depuis ce navigateur (204 aussi s’il n’était pas suivi)',
    tags: TAGS.follows,
    query: DeleteFollowQuerySchema,
    responses: { 204: NoContentSchema, ...errors(400, 429) },
  },
  createEvent: {
    ...routeTable.createEvent,
    summary:
      'Compter une visite ou un geste sur la page d’un établissement (rien n’est gardé du visiteur ; les robots ne sont pas comptés)',
    tags: TAGS.stats,
    body: CreateEventBodySchema,
    responses: { 204: NoContentSchema, ...errors(400, 404) },
  },
  getTopEstablishments: {
    ...routeTable.getTopEstablishments,
    summary: 'Les établissements les plus vus d’un mois (tableau de bord de l’équipe)',
    tags: TAGS.stats,
    account: 'admin',
    permission: { action: 'read', subject: 'establishment' },
    query: TopEstablishmentsQuerySchema,
    responses: { 200: TopEstablishmentsSchema, ...errors(400, 401, 403) },
  },

  // Groups
  listGroups: {
    ...routeTable.listGroups,
    summary: 'Lister les groupes',
    tags: TAGS.groups,
    responses: { 200: z.array(GroupSchema), ...NOT_MODIFIED, ...errors(401) },
  },
  getGroup: {
    ...routeTable.getGroup,
    summary: 'Lire un groupe (avec son ETag, pour le modifier)',
    tags: TAGS.groups,
    permission: { action: 'read', subject: 'group' },
    params: IdParamsSchema,
    responses: { 200: GroupSchema, ...NOT_MODIFIED, ...errors(400, 401, 403, 404) },
  },
  createGroup: {
    ...routeTable.createGroup,
    summary: 'Créer un groupe',
    tags: TAGS.groups,
    permission: { action: 'create', subject: 'group' },
    body: CreateGroupBodySchema,
    responses: { 201: GroupSchema, ...errors(400, 401, 403) },
  },
  patchGroup: {
    ...routeTable.patchGroup,
    summary: 'Modifier un groupe',
    tags: TAGS.groups,
    permission: { action: 'update', subject: 'group' },
    params: IdParamsSchema,
    body: PatchGroupBodySchema,
    responses: { 200: GroupSchema, ...errors(400, 401, 403, 404, 412) },
  },
  deleteGroup: {
    ...routeTable.deleteGroup,
    summary: 'Supprimer un groupe',
    tags: TAGS.groups,
    permission: { action: 'delete', subject: 'group' },
    params: IdParamsSchema,
    responses: { 204: NoContentSchema, ...errors(400, 401, 403, 404, 412) },
  },
  exportGroups: {
    ...routeTable.exportGroups,
    summary: 'Exporter les groupes que la liste montre (CSV, ou XLSX avec ?format=xlsx)',
    tags: TAGS.groups,
    permission: { action: 'export', subject: 'group' },
    query: ExportGroupsQuerySchema,
    responses: { 200: FileSchema, ...errors(400, 401, 403) },
  },

  // Categories
  searchCategories: {
    ...routeTable.searchCategories,
    summary: 'Chercher des catégories (sans tenir compte des majuscules ni des accents)',
    tags: TAGS.categories,
    query: CategorySearchQuerySchema,
    responses: { 200: CategorySearchResultSchema, ...errors(400) },
  },
  listCategories: {
    ...routeTable.listCategories,
    summary: 'Lister toutes les catégories, page par page (en-tête X-Total-Count)',
    tags: TAGS.categories,
    query: ListCategoriesQuerySchema,
    responses: { 200: z.array(CategorySchema), ...errors(400) },
  },
  getCategory: {
    ...routeTable.getCategory,
    summary: 'Lire une catégorie',
    tags: TAGS.categories,
    params: IdParamsSchema,
    query: CategoryQuerySchema,
    responses: { 200: CategorySchema, ...errors(400, 404) },
  },

  // Menu boards
  createMenuBoard: {
    ...routeTable.createMenuBoard,
    summary:
      'Publier l’ardoise d’un établissement pour un jour, ou remplacer celle qu’il a déjà (200 : remplacée, 201 : créée)',
    tags: TAGS.menuBoards,
    permission: { action: 'create', subject: 'menu-board' },
    body: CreateMenuBoardBodySchema,
    // The board as its GET reads it, `hasOwner` included: react-admin keeps this answer as the record its
    // edit page starts from, and a different one set the form again under the admin's typing.
    responses: {
      200: BackOfficeMenuBoardSchema,
      201: BackOfficeMenuBoardSchema,
      ...errors(400, 401, 403, 404, 412),
    },
  },
  listMenuBoards: {
    ...routeTable.listMenuBoards,
    summary: 'Lister toutes les ardoises, page par page (en-tête X-Total-Count) ; administrateurs',
    tags: TAGS.menuBoards,
    permission: { action: 'read', subject: 'menu-board' },
    account: 'admin',
    query: ListMenuBoardsQuerySchema,
    responses: { 200: z.array(BackOfficeMenuBoardSchema), ...errors(400, 401, 403) },
  },
  getMenuBoard: {
    ...routeTable.getMenuBoard,
    summary: 'Lire une ardoise',
    tags: TAGS.menuBoards,
    permission: { action: 'read', subject: 'menu-board' },
    params: IdParamsSchema,
    responses: { 200: BackOfficeMenuBoardSchema, ...NOT_MODIFIED, ...errors(400, 401, 403, 404) },
  },
  patchMenuBoard: {
    ...routeTable.patchMenuBoard,
    summary: 'Modifier une ardoise',
    tags: TAGS.menuBoards,
    permission: { action: 'update', subject: 'menu-board' },
    params: IdParamsSchema,
    body: PatchMenuBoardBodySchema,
    responses: { 200: BackOfficeMenuBoardSchema, ...errors(400, 401, 403, 404, 409, 412) },
  },
  deleteMenuBoard: {
    ...routeTable.deleteMenuBoard,
    summary: 'Retirer une ardoise',
    tags: TAGS.menuBoards,
    permission: { action: 'delete', subject: 'menu-board' },
    params: IdParamsSchema,
    responses: { 204: NoContentSchema, ...errors(400, 401, 403, 404, 412) },
  },
  surroundingMenuBoards: {
    ...routeTable.surroundingMenuBoards,
    summary: 'Lister les ardoises du jour dans une zone de la carte',
    tags: TAGS.menuBoards,
    body: SurroundingMenuBoardsBodySchema,
    responses: { 200: z.array(SurroundingMenuBoardSchema), ...errors(400) },
  },

  // Admins
  adminSignIn: {
    ...routeTable.adminSignIn,
    summary: 'Se connecter en administrateur (nom d’utilisateur et mot de passe, ou jeton longue durée)',
    tags: TAGS.admins,
    body: AdminSignInBodySchema,
    responses: { 200: AdminSignInResultSchema, ...errors(400, 401, 429) },
  },
  adminRefresh: {
    ...routeTable.adminRefresh,
    summary: 'Renouveler le jeton d’accès d’un administrateur',
    tags: TAGS.admins,
    account: 'admin',
    body: RefreshBodySchema,
    responses: { 200: RefreshResultSchema, ...errors(400, 401, 403) },
  },
  listAdmins: {
    ...routeTable.listAdmins,
    summary: 'Lister les administrateurs',
    tags: TAGS.admins,
    permission: { action: 'read', subject: 'admin' },
    responses: { 200: z.array(AdminSchema), ...errors(401, 403) },
  },
  getAdmin: {
    ...routeTable.getAdmin,
    summary: 'Lire un administrateur',
    tags: TAGS.admins,
    permission: { action: 'read', subject: 'admin' },
    params: IdParamsSchema,
    responses: { 200: AdminSchema, ...NOT_MODIFIED, ...errors(400, 401, 403, 404) },
  },
  createAdmin: {
    ...routeTable.createAdmin,
    summary: 'Créer un administrateur',
    tags: TAGS.admins,
    permission: { action: 'create', subject: 'admin' },
    body: CreateAdminBodySchema,
    responses: { 201: AdminSchema, ...errors(400, 401, 403, 409) },
  },
  patchAdmin: {
    ...routeTable.patchAdmin,
    summary: 'Modifier un administrateur',
    tags: TAGS.admins,
    permission: { action: 'update', subject: 'admin' },
    params: IdParamsSchema,
    body: PatchAdminBodySchema,
    responses: { 200: AdminSchema, ...errors(400, 401, 403, 404, 409, 412) },
  },
  deleteAdmin: {
    ...routeTable.deleteAdmin,
    summary: 'Supprimer un administrateur (pas soi-même)',
    tags: TAGS.admins,
    permission: { action: 'delete', subject: 'admin' },
    params: IdParamsSchema,
    responses: { 204: NoContentSchema, ...errors(400, 401, 403, 404, 412) },
  },

  // Restaurant owners, `/api/restaurant-owner...` naming
  ownerSignUp: { ...routeTable.ownerSignUp, ...owner.signUp },
  ownerConfirm: { ...routeTable.ownerConfirm, ...owner.confirm },
  ownerResend: { ...routeTable.ownerResend, ...owner.resend },
  ownerCheck: { ...routeTable.ownerCheck, ...owner.check },
  ownerResendEstablishmentCode: {
    ...routeTable.ownerResendEstablishmentCode,
    ...owner.resendEstablishmentCode,
  },
  ownerSignIn: { ...routeTable.ownerSignIn, ...owner.signIn },
  ownerRefresh: { ...routeTable.ownerRefresh, ...owner.refresh },
  ownerForgottenPassword: { ...routeTable.ownerForgottenPassword, ...owner.forgottenPassword },
  ownerForgottenPasswordConfirm: {
    ...routeTable.ownerForgottenPasswordConfirm,
    ...owner.forgottenPasswordConfirm,
  },
  listOwners: { ...routeTable.listOwners, ...owner.list },
  getOwner: { ...routeTable.getOwner, ...owner.get },
  patchOwner: { ...routeTable.patchOwner, ...owner.patch },
  deleteOwner: { ...routeTable.deleteOwner, ...owner.delete },
  exportOwners: { ...routeTable.exportOwners, ...owner.export },

  // Restaurant owners, `/api/user...` naming
  userSignUp: { ...routeTable.userSignUp, ...user.signUp },
  userConfirm: { ...routeTable.userConfirm, ...user.confirm },
  userResend: { ...routeTable.userResend, ...user.resend },
  userCheck: { ...routeTable.userCheck, ...user.check },
  userResendEstablishmentCode: { ...routeTable.userResendEstablishmentCode, ...user.resendEstablishmentCode },
  userSignIn: { ...routeTable.userSignIn, ...user.signIn },
  userRefresh: { ...routeTable.userRefresh, ...user.refresh },
  userForgottenPassword: { ...routeTable.userForgottenPassword, ...user.forgottenPassword },
  userForgottenPasswordConfirm: {
    ...routeTable.userForgottenPasswordConfirm,
    ...user.forgottenPasswordConfirm,
  },
  listUsers: { ...routeTable.listUsers, ...user.list },
  getUser: { ...routeTable.getUser, ...user.get },
  patchUser: { ...routeTable.patchUser, ...user.patch },
  deleteUser: { ...routeTable.deleteUser, ...user.delete },
  exportUsers: { ...routeTable.exportUsers, ...user.export },
} as const satisfies Record<keyof typeof routeTable, RouteDef>;

export type RouteId = keyof typeof routes;
export type Route<Id extends RouteId = RouteId> = (typeof routes)[Id];

import { z } from 'zod';
import { contractRegistry } from './registry';
import { ErrorBodySchema } from './errors';
import {
  AdminSchema,
  AdminSignInBodySchema,
  AdminSignInResultSchema,
  CheckBodySchema,
  CheckResultSchema,
  ConfirmBodySchema,
  CreateAdminBodySchema,
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
import { ExportQuerySchema, FileSchema, IdOrUriParamsSchema, IdParamsSchema } from './schemas/common';
import type { Action } from './schemas/permission';
import type { SubjectType } from './permissions';
import {
  CreateEstablishmentBodySchema,
  EstablishmentAnswerSchema,
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
import { CreateGroupBodySchema, GroupSchema, PatchGroupBodySchema } from './schemas/group';
import { PlaceSchema, PlaceSearchQuerySchema } from './schemas/place';
import {
  CreateReportBodySchema,
  ListReportsQuerySchema,
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
  MenuBoardSchema,
  SurroundingMenuBoardSchema,
  PatchMenuBoardBodySchema,
  SurroundingMenuBoardsBodySchema,
} from './schemas/menu-board';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** `none`: no token read; `optional`: the answer depends on the token when there is one; `required`: 401 without. */
export type AuthMode = 'none' | 'optional' | 'required';

export interface RouteDef {
  method: HttpMethod;
  /** Fastify style: `:id` for a parameter; trailing slashes are part of the contract. */
  path: string;
  /** French, for the OpenAPI reference. */
  summary: string;
  tags: readonly string[];
  auth: AuthMode;
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

export const HealthSchema = z
  .object({ status: z.literal('ok') })
  .register(contractRegistry, { id: 'Health' });
export type Health = z.infer<typeof HealthSchema>;

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 412 | 413 | 415 | 429 | 502 | 503;

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
  reports: ['Signalements'],
} as const;

/**
 * The owner calls, built once per naming so that `/api/restaurant-owner...` and `/api/user...` cannot
 * drift apart. Only the paths, the sign-in answer's key and the tag differ.
 */
function ownerRoutes<const Single extends string, const Plural extends string, R extends z.ZodType>(
  single: Single,
  plural: Plural,
  signInResult: R,
  tags: readonly string[],
) {
  const base = `/api/${single}` as const;
  return {
    signUp: {
      method: 'POST',
      path: `${base}/sign-up`,
      summary: 'Créer un compte restaurateur et envoyer l’e-mail de confirmation',
      tags,
      auth: 'none',
      body: SignUpBodySchema,
      responses: { 201: signInResult, ...errors(400, 404, 409, 429) },
    },
    confirm: {
      method: 'POST',
      path: `${base}/confirm`,
      summary: 'Confirmer l’adresse e-mail avec le code à 6 chiffres',
      tags,
      auth: 'required',
      account: 'restaurant-owner',
      body: ConfirmBodySchema,
      responses: { 200: RestaurantOwnerSchema, ...errors(400, 401, 403, 429) },
    },
    resend: {
      method: 'POST',
      path: `${base}/resend`,
      summary: 'Envoyer un nouveau code de confirmation',
      tags,
      auth: 'required',
      account: 'restaurant-owner',
      responses: { 204: NoContentSchema, ...errors(401, 403, 429) },
    },
    check: {
      method: 'POST',
      path: `${base}/check`,
      summary: 'Vérifier qu’une adresse e-mail est libre et à quel établissement correspond un code',
      tags,
      auth: 'none',
      body: CheckBodySchema,
      responses: { 200: CheckResultSchema, ...errors(400, 429) },
    },
    resendEstablishmentCode: {
      method: 'POST',
      path: `${base}/resend-establishment-code`,
      summary: 'Envoyer le code d’un établissement à l’adresse e-mail de l’établissement',
      tags,
      auth: 'none',
      body: ResendEstablishmentCodeBodySchema,
      responses: { 204: NoContentSchema, ...errors(400, 404, 409, 429) },
    },
    signIn: {
      method: 'POST',
      path: `${base}/sign-in`,
      summary: 'Se connecter en restaurateur (e-mail et mot de passe, ou jeton longue durée)',
      tags,
      auth: 'none',
      body: OwnerSignInBodySchema,
      responses: { 200: signInResult, ...errors(400, 401, 429) },
    },
    refresh: {
      method: 'POST',
      path: `${base}/refresh`,
      summary: 'Renouveler le jeton d’accès d’un restaurateur',
      tags,
      auth: 'required',
      account: 'restaurant-owner',
      body: RefreshBodySchema,
      responses: { 200: RefreshResultSchema, ...errors(400, 401, 403) },
    },
    forgottenPassword: {
      method: 'POST',
      path: `${base}/forgotten-password`,
      summary: 'Demander un lien de réinitialisation du mot de passe',
      tags,
      auth: 'none',
      body: ForgottenPasswordBodySchema,
      responses: { 204: NoContentSchema, ...errors(400, 429) },
    },
    forgottenPasswordConfirm: {
      method: 'POST',
      path: `${base}/forgotten-password/confirm`,
      summary: 'Choisir un nouveau mot de passe avec le lien reçu par e-mail',
      tags,
      auth: 'none',
      body: ForgottenPasswordConfirmBodySchema,
      responses: { 204: NoContentSchema, ...errors(400, 429) },
    },
    list: {
      method: 'GET',
      path: `/api/${plural}/`,
      summary:
        'Lister les restaurateurs (complets pour un administrateur, sinon les paires id / établissement)',
      tags,
      auth: 'optional',
      query: ListOwnersQuerySchema,
      responses: { 200: z.array(OwnerListItemSchema), ...errors(400, 401) },
    },
    get: {
      method: 'GET',
      path: `${base}/:id`,
      summary: 'Lire un restaurateur',
      tags,
      auth: 'required',
      permission: { action: 'read', subject: 'restaurant-owner' },
      params: IdParamsSchema,
      responses: { 200: RestaurantOwnerSchema, ...errors(400, 401, 403, 404) },
    },
    patch: {
      method: 'PATCH',
      path: `${base}/:id`,
      summary: 'Modifier un restaurateur ou le rattacher à un établissement',
      tags,
      auth: 'required',
      permission: { action: 'update', subject: 'restaurant-owner' },
      params: IdParamsSchema,
      body: PatchOwnerBodySchema,
      responses: { 200: RestaurantOwnerSchema, ...errors(400, 401, 403, 404, 409, 412) },
    },
    delete: {
      method: 'DELETE',
      path: `${base}/:id`,
      summary: 'Supprimer un restaurateur',
      tags,
      auth: 'required',
      permission: { action: 'delete', subject: 'restaurant-owner' },
      params: IdParamsSchema,
      responses: { 204: NoContentSchema, ...errors(400, 401, 403, 404, 412) },
    },
    export: {
      method: 'POST',
      path: `/api/${plural}/export`,
      summary: 'Exporter les restaurateurs (CSV, ou XLSX avec ?format=xlsx)',
      tags,
      auth: 'required',
      permission: { action: 'export', subject: 'restaurant-owner' },
      query: ExportQuerySchema,
      responses: { 200: FileSchema, ...errors(400, 401, 403) },
    },
  } as const;
}

const owner = ownerRoutes('restaurant-owner', 'restaurant-owners', OwnerSignInResultSchema, TAGS.owners);
const user = ownerRoutes('user', 'users', UserSignInResultSchema, TAGS.users);

export const routes = {
  // Health
  getHealth: {
    method: 'GET',
    path: '/healthz',
    summary: 'Le processus répond',
    tags: TAGS.health,
    auth: 'none',
    responses: { 200: HealthSchema },
  },
  getReadiness: {
    method: 'GET',
    path: '/readyz',
    summary: 'Le service est prêt (base de données joignable, migrations faites)',
    tags: TAGS.health,
    auth: 'none',
    responses: { 200: HealthSchema, ...errors(503) },
  },

  // Establishments
  listEstablishments: {
    method: 'GET',
    path: '/api/establishments/',
    summary: 'Lister les établissements (vue publique, ou complète pour un administrateur)',
    tags: TAGS.establishments,
    auth: 'optional',
    query: ListEstablishmentsQuerySchema,
    responses: { 200: z.array(EstablishmentListItemSchema), ...errors(400, 401) },
  },
  getEstablishment: {
    method: 'GET',
    path: '/api/establishment/:id',
    summary: 'Lire un établissement',
    tags: TAGS.establishments,
    auth: 'required',
    permission: { action: 'read', subject: 'establishment' },
    params: IdParamsSchema,
    query: EstablishmentQuerySchema,
    responses: { 200: EstablishmentAnswerSchema, ...errors(400, 401, 403, 404) },
  },
  getEstablishmentGroups: {
    method: 'GET',
    path: '/api/establishment/:id/groups',
    summary: 'Lister les groupes d’un établissement',
    tags: TAGS.establishments,
    auth: 'required',
    permission: { action: 'read', subject: 'establishment' },
    params: IdParamsSchema,
    responses: { 200: z.array(GroupSchema), ...errors(400, 401, 403, 404) },
  },
  getEstablishmentHistory: {
    method: 'GET',
    path: '/api/establishment/:id/history',
    summary: 'Lire l’historique des modifications d’un établissement',
    tags: TAGS.establishments,
    auth: 'required',
    permission: { action: 'read', subject: 'establishment' },
    params: IdParamsSchema,
    responses: { 200: z.array(EstablishmentHistoryEntrySchema), ...errors(400, 401, 403, 404) },
  },
  createEstablishment: {
    method: 'POST',
    path: '/api/establishment/',
    summary: 'Créer un établissement',
    tags: TAGS.establishments,
    auth: 'required',
    permission: { action: 'create', subject: 'establishment' },
    body: CreateEstablishmentBodySchema,
    responses: { 201: EstablishmentAnswerSchema, ...errors(400, 401, 403, 404, 409) },
  },
  patchEstablishment: {
    method: 'PATCH',
    path: '/api/establishment/:id',
    summary: 'Modifier un établissement',
    tags: TAGS.establishments,
    auth: 'required',
    permission: { action: 'update', subject: 'establishment' },
    params: IdParamsSchema,
    body: PatchEstablishmentBodySchema,
    responses: { 200: EstablishmentAnswerSchema, ...errors(400, 401, 403, 404, 409, 412) },
  },
  verifyEstablishment: {
    method: 'POST',
    path: '/api/establishment/:id/verify',
    summary:
      'Dire que les informations d’un établissement sont à jour (son restaurateur, ou un administrateur)',
    tags: TAGS.establishments,
    auth: 'required',
    permission: { action: 'update', subject: 'establishment' },
    params: IdParamsSchema,
    responses: { 200: EstablishmentAnswerSchema, ...errors(401, 403, 404, 412) },
  },
  verifyEstablishmentByToken: {
    method: 'POST',
    path: '/api/establishment/verify',
    summary:
      'Dire que les informations sont à jour avec le lien de l’e-mail de rappel, sans se connecter (lien valable 14 jours, une fois)',
    tags: TAGS.establishments,
    auth: 'none',
    body: VerifyTokenBodySchema,
    responses: { 200: EstablishmentAnswerSchema, ...errors(400, 404) },
  },
  createReport: {
    method: 'POST',
    path: '/api/establishment/:id/reports',
    summary:
      'Signaler une erreur sur la page d’un établissement (sans compte ; son restaurateur est prévenu par e-mail)',
    tags: TAGS.reports,
    auth: 'none',
    params: IdParamsSchema,
    body: CreateReportBodySchema,
    responses: { 201: ReportCreatedSchema, ...errors(400, 404, 429) },
  },
  listReports: {
    method: 'GET',
    path: '/api/reports/',
    summary: 'Lister les signalements, les plus récents d’abord, page par page (en-tête X-Total-Count)',
    tags: TAGS.reports,
    auth: 'required',
    account: 'admin',
    permission: { action: 'read', subject: 'establishment' },
    query: ListReportsQuerySchema,
    responses: { 200: z.array(ReportSchema), ...errors(400, 401, 403) },
  },
  patchReport: {
    method: 'PATCH',
    path: '/api/report/:id',
    summary: 'Marquer un signalement corrigé ou écarté (inscrit à l’historique de l’établissement)',
    tags: TAGS.reports,
    auth: 'required',
    account: 'admin',
    permission: { action: 'update', subject: 'establishment' },
    params: IdParamsSchema,
    body: PatchReportBodySchema,
    responses: { 200: ReportSchema, ...errors(400, 401, 403, 404) },
  },
  deleteEstablishment: {
    method: 'DELETE',
    path: '/api/establishment/:id',
    summary: 'Supprimer un établissement',
    tags: TAGS.establishments,
    auth: 'required',
    permission: { action: 'delete', subject: 'establishment' },
    params: IdParamsSchema,
    responses: { 204: NoContentSchema, ...errors(400, 401, 403, 404, 412) },
  },
  renewClaimCode: {
    method: 'POST',
    path: '/api/establishment/:id/claim-code',
    summary:
      'Donner un nouveau code de réclamation à un établissement (l’ancien ne sert plus) ; administrateurs',
    tags: TAGS.establishments,
    auth: 'required',
    account: 'admin',
    permission: { action: 'update', subject: 'establishment' },
    params: IdParamsSchema,
    responses: { 200: EstablishmentAnswerSchema, ...errors(400, 401, 403, 404, 412) },
  },
  getEstablishmentMenuBoard: {
    method: 'GET',
    path: '/api/establishment/:id/menuboard',
    summary:
      'Lire l’ardoise d’un établissement pour un jour (aujourd’hui par défaut) ; un jour à venir : son restaurateur et les administrateurs seulement',
    tags: TAGS.menuBoards,
    auth: 'optional',
    params: IdParamsSchema,
    query: EstablishmentMenuBoardQuerySchema,
    responses: { 200: MenuBoardSchema, ...errors(400, 401, 404) },
  },
  getEstablishmentDishes: {
    method: 'GET',
    path: '/api/establishment/:id/dishes',
    summary:
      'Lister les plats déjà servis par un établissement, pour les suggérer (son restaurateur et les administrateurs)',
    tags: TAGS.menuBoards,
    auth: 'required',
    permission: { action: 'read', subject: 'menu-board' },
    params: IdParamsSchema,
    query: EstablishmentDishesQuerySchema,
    responses: { 200: EstablishmentDishesSchema, ...errors(400, 401, 403, 404) },
  },
  prepareUpload: {
    method: 'POST',
    path: '/api/establishment/prepare-upload',
    summary: 'Préparer l’envoi d’une photo (JPEG, PNG ou WebP, 10 Mo au plus)',
    tags: TAGS.establishments,
    auth: 'required',
    permission: { action: 'update', subject: 'establishment' },
    body: PrepareUploadBodySchema,
    responses: { 200: PrepareUploadResultSchema, ...errors(400, 401, 403, 413, 415) },
  },
  uploadPhoto: {
    method: 'PUT',
    path: '/api/uploads/:key',
    summary:
      'Envoyer les octets d’une photo à l’adresse donnée par prepare-upload (stockage sur le serveur ; corps : l’image, en-tête Content-Type)',
    tags: TAGS.establishments,
    auth: 'none',
    params: UploadParamsSchema,
    query: UploadQuerySchema,
    responses: { 204: NoContentSchema, ...errors(400, 403, 404, 409, 413, 415) },
  },
  getMedia: {
    method: 'GET',
    path: '/media/:file',
    summary: 'Lire une photo ou l’une de ses copies redimensionnées (stockage sur le serveur)',
    tags: TAGS.establishments,
    auth: 'none',
    params: MediaParamsSchema,
    responses: { 200: ImageFileSchema, ...errors(400, 404) },
  },
  exportEstablishments: {
    method: 'POST',
    path: '/api/establishments/export',
    summary: 'Exporter les établissements (CSV, ou XLSX avec ?format=xlsx)',
    tags: TAGS.establishments,
    auth: 'required',
    permission: { action: 'export', subject: 'establishment' },
    query: ExportQuerySchema,
    responses: { 200: FileSchema, ...errors(400, 401, 403) },
  },
  shareEstablishment: {
    method: 'POST',
    path: '/api/establishment/share/:id',
    summary: 'Partager la photo d’un établissement sur le réseau social',
    tags: TAGS.establishments,
    auth: 'required',
    permission: { action: 'share', subject: 'establishment' },
    params: IdParamsSchema,
    responses: { 200: EstablishmentAnswerSchema, ...errors(400, 401, 403, 404, 409, 412, 502) },
  },
  mapPoints: {
    method: 'GET',
    path: '/api/map/points',
    summary:
      'Les établissements visibles sur la carte : points (id, type, nom, adresse de page, coordonnées) et regroupements selon le zoom',
    tags: TAGS.establishments,
    auth: 'none',
    query: MapPointsQuerySchema,
    responses: { 200: MapPointsAnswerSchema, ...errors(400) },
  },
  mapFeed: {
    method: 'GET',
    path: '/api/map/feed',
    summary:
      'Tous les établissements visibles, sous une forme compacte : ce que la carte, sa liste et ses filtres utilisent',
    tags: TAGS.establishments,
    auth: 'none',
    responses: { 200: MapFeedSchema },
  },
  mapNearest: {
    method: 'GET',
    path: '/api/map/nearest',
    summary:
      'Les établissements visibles dans une zone de la carte : leur nombre et les plus proches de son centre, sans le flux entier',
    tags: TAGS.establishments,
    auth: 'none',
    query: MapNearestQuerySchema,
    responses: { 200: MapListAnswerSchema, ...errors(400) },
  },
  mapAround: {
    method: 'GET',
    path: '/api/map/around',
    summary:
      'Les établissements visibles dans un cercle (celui d’un groupe) : leur nombre et les premiers par ordre alphabétique',
    tags: TAGS.establishments,
    auth: 'none',
    query: MapAroundQuerySchema,
    responses: { 200: MapListAnswerSchema, ...errors(400) },
  },
  searchPlaces: {
    method: 'GET',
    path: '/api/places/search',
    summary:
      'Chercher une ville par son nom ou son code postal (sans tenir compte des majuscules, accents, traits d’union ni de « Saint »/« St ») : l’égalité d’abord, puis les débuts de nom, les plus peuplées en tête',
    tags: TAGS.places,
    auth: 'none',
    query: PlaceSearchQuerySchema,
    responses: { 200: z.array(PlaceSchema), ...errors(400) },
  },
  getPublicEstablishment: {
    method: 'GET',
    path: '/establishment/:id/public',
    summary: 'Lire la vue publique d’un établissement, par id ou par adresse de page',
    tags: TAGS.establishments,
    auth: 'none',
    params: IdOrUriParamsSchema,
    // 301: asked by an earlier page address, to the current one (`Location`).
    responses: { 200: PublicEstablishmentSchema, 301: NoContentSchema, ...errors(400, 404) },
  },

  // Groups
  listGroups: {
    method: 'GET',
    path: '/api/groups/',
    summary: 'Lister les groupes',
    tags: TAGS.groups,
    auth: 'optional',
    responses: { 200: z.array(GroupSchema), ...errors(401) },
  },
  getGroup: {
    method: 'GET',
    path: '/api/group/:id',
    summary: 'Lire un groupe (avec son ETag, pour le modifier)',
    tags: TAGS.groups,
    auth: 'required',
    permission: { action: 'read', subject: 'group' },
    params: IdParamsSchema,
    responses: { 200: GroupSchema, ...errors(400, 401, 403, 404) },
  },
  createGroup: {
    method: 'POST',
    path: '/api/group/',
    summary: 'Créer un groupe',
    tags: TAGS.groups,
    auth: 'required',
    permission: { action: 'create', subject: 'group' },
    body: CreateGroupBodySchema,
    responses: { 201: GroupSchema, ...errors(400, 401, 403) },
  },
  patchGroup: {
    method: 'PATCH',
    path: '/api/group/:id',
    summary: 'Modifier un groupe',
    tags: TAGS.groups,
    auth: 'required',
    permission: { action: 'update', subject: 'group' },
    params: IdParamsSchema,
    body: PatchGroupBodySchema,
    responses: { 200: GroupSchema, ...errors(400, 401, 403, 404, 412) },
  },
  deleteGroup: {
    method: 'DELETE',
    path: '/api/group/:id',
    summary: 'Supprimer un groupe',
    tags: TAGS.groups,
    auth: 'required',
    permission: { action: 'delete', subject: 'group' },
    params: IdParamsSchema,
    responses: { 204: NoContentSchema, ...errors(400, 401, 403, 404, 412) },
  },

  // Categories
  searchCategories: {
    method: 'GET',
    path: '/api/categories/search',
    summary: 'Chercher des catégories (sans tenir compte des majuscules ni des accents)',
    tags: TAGS.categories,
    auth: 'none',
    query: CategorySearchQuerySchema,
    responses: { 200: CategorySearchResultSchema, ...errors(400) },
  },
  listCategories: {
    method: 'GET',
    path: '/api/categories/',
    summary: 'Lister toutes les catégories, page par page (en-tête X-Total-Count)',
    tags: TAGS.categories,
    auth: 'none',
    query: ListCategoriesQuerySchema,
    responses: { 200: z.array(CategorySchema), ...errors(400) },
  },
  getCategory: {
    method: 'GET',
    path: '/api/categories/category/:id',
    summary: 'Lire une catégorie',
    tags: TAGS.categories,
    auth: 'none',
    params: IdParamsSchema,
    query: CategoryQuerySchema,
    responses: { 200: CategorySchema, ...errors(400, 404) },
  },

  // Menu boards
  createMenuBoard: {
    method: 'POST',
    path: '/api/menuboard/',
    summary:
      'Publier l’ardoise d’un établissement pour un jour, ou remplacer celle qu’il a déjà (200 : remplacée, 201 : créée)',
    tags: TAGS.menuBoards,
    auth: 'required',
    permission: { action: 'create', subject: 'menu-board' },
    body: CreateMenuBoardBodySchema,
    responses: { 200: MenuBoardSchema, 201: MenuBoardSchema, ...errors(400, 401, 403, 404, 412) },
  },
  listMenuBoards: {
    method: 'GET',
    path: '/api/menuboards/',
    summary: 'Lister toutes les ardoises, page par page (en-tête X-Total-Count) ; administrateurs',
    tags: TAGS.menuBoards,
    auth: 'required',
    permission: { action: 'read', subject: 'menu-board' },
    account: 'admin',
    query: ListMenuBoardsQuerySchema,
    responses: { 200: z.array(MenuBoardSchema), ...errors(400, 401, 403) },
  },
  getMenuBoard: {
    method: 'GET',
    path: '/api/menuboard/:id',
    summary: 'Lire une ardoise',
    tags: TAGS.menuBoards,
    auth: 'required',
    permission: { action: 'read', subject: 'menu-board' },
    params: IdParamsSchema,
    responses: { 200: MenuBoardSchema, ...errors(400, 401, 403, 404) },
  },
  patchMenuBoard: {
    method: 'PATCH',
    path: '/api/menuboard/:id',
    summary: 'Modifier une ardoise',
    tags: TAGS.menuBoards,
    auth: 'required',
    permission: { action: 'update', subject: 'menu-board' },
    params: IdParamsSchema,
    body: PatchMenuBoardBodySchema,
    responses: { 200: MenuBoardSchema, ...errors(400, 401, 403, 404, 409, 412) },
  },
  deleteMenuBoard: {
    method: 'DELETE',
    path: '/api/menuboard/:id',
    summary: 'Retirer une ardoise',
    tags: TAGS.menuBoards,
    auth: 'required',
    permission: { action: 'delete', subject: 'menu-board' },
    params: IdParamsSchema,
    responses: { 204: NoContentSchema, ...errors(400, 401, 403, 404, 412) },
  },
  surroundingMenuBoards: {
    method: 'POST',
    path: '/menuboards/surrounding',
    summary: 'Lister les ardoises du jour dans une zone de la carte',
    tags: TAGS.menuBoards,
    auth: 'none',
    body: SurroundingMenuBoardsBodySchema,
    responses: { 200: z.array(SurroundingMenuBoardSchema), ...errors(400) },
  },

  // Admins
  adminSignIn: {
    method: 'POST',
    path: '/api/admin/sign-in',
    summary: 'Se connecter en administrateur (nom d’utilisateur et mot de passe, ou jeton longue durée)',
    tags: TAGS.admins,
    auth: 'none',
    body: AdminSignInBodySchema,
    responses: { 200: AdminSignInResultSchema, ...errors(400, 401, 429) },
  },
  adminRefresh: {
    method: 'POST',
    path: '/api/admin/refresh',
    summary: 'Renouveler le jeton d’accès d’un administrateur',
    tags: TAGS.admins,
    auth: 'required',
    account: 'admin',
    body: RefreshBodySchema,
    responses: { 200: RefreshResultSchema, ...errors(400, 401, 403) },
  },
  listAdmins: {
    method: 'GET',
    path: '/api/admins/',
    summary: 'Lister les administrateurs',
    tags: TAGS.admins,
    auth: 'required',
    permission: { action: 'read', subject: 'admin' },
    responses: { 200: z.array(AdminSchema), ...errors(401, 403) },
  },
  getAdmin: {
    method: 'GET',
    path: '/api/admin/:id',
    summary: 'Lire un administrateur',
    tags: TAGS.admins,
    auth: 'required',
    permission: { action: 'read', subject: 'admin' },
    params: IdParamsSchema,
    responses: { 200: AdminSchema, ...errors(400, 401, 403, 404) },
  },
  createAdmin: {
    method: 'POST',
    path: '/api/admin/',
    summary: 'Créer un administrateur',
    tags: TAGS.admins,
    auth: 'required',
    permission: { action: 'create', subject: 'admin' },
    body: CreateAdminBodySchema,
    responses: { 201: AdminSchema, ...errors(400, 401, 403, 409) },
  },
  patchAdmin: {
    method: 'PATCH',
    path: '/api/admin/:id',
    summary: 'Modifier un administrateur',
    tags: TAGS.admins,
    auth: 'required',
    permission: { action: 'update', subject: 'admin' },
    params: IdParamsSchema,
    body: PatchAdminBodySchema,
    responses: { 200: AdminSchema, ...errors(400, 401, 403, 404, 409, 412) },
  },
  deleteAdmin: {
    method: 'DELETE',
    path: '/api/admin/:id',
    summary: 'Supprimer un administrateur (pas soi-même)',
    tags: TAGS.admins,
    auth: 'required',
    permission: { action: 'delete', subject: 'admin' },
    params: IdParamsSchema,
    responses: { 204: NoContentSchema, ...errors(400, 401, 403, 404, 412) },
  },

  // Restaurant owners, `/api/restaurant-owner...` naming
  ownerSignUp: owner.signUp,
  ownerConfirm: owner.confirm,
  ownerResend: owner.resend,
  ownerCheck: owner.check,
  ownerResendEstablishmentCode: owner.resendEstablishmentCode,
  ownerSignIn: owner.signIn,
  ownerRefresh: owner.refresh,
  ownerForgottenPassword: owner.forgottenPassword,
  ownerForgottenPasswordConfirm: owner.forgottenPasswordConfirm,
  listOwners: owner.list,
  getOwner: owner.get,
  patchOwner: owner.patch,
  deleteOwner: owner.delete,
  exportOwners: owner.export,

  // Restaurant owners, `/api/user...` naming
  userSignUp: user.signUp,
  userConfirm: user.confirm,
  userResend: user.resend,
  userCheck: user.check,
  userResendEstablishmentCode: user.resendEstablishmentCode,
  userSignIn: user.signIn,
  userRefresh: user.refresh,
  userForgottenPassword: user.forgottenPassword,
  userForgottenPasswordConfirm: user.forgottenPasswordConfirm,
  listUsers: user.list,
  getUser: user.get,
  patchUser: user.patch,
  deleteUser: user.delete,
  exportUsers: user.export,
} as const satisfies Record<string, RouteDef>;

export type RouteId = keyof typeof routes;
export type Route<Id extends RouteId = RouteId> = (typeof routes)[Id];

/** Fills the `:name` parameters of a route path, percent-encoding each value. */
export function buildPath(path: string, params: Readonly<Record<string, string>> = {}): string {
  return path.replace(/:([A-Za-z][A-Za-z0-9]*)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(value);
  });
}

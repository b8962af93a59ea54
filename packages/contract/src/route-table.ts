/*
 * Every call of the HTTP contract, without zod: its method, its path (Fastify style, `:id` for a parameter;
 * trailing slashes are part of the contract), whether it reads a token (`none`; `optional`: the answer
 * depends on the token when there is one; `required`: 401 without) and, for the owners' calls served under
 * both `/api/restaurant-owner…` and `/api/user…`, its twin in the other naming.
 *
 * The browser imports this table alone, so no page carries zod (the public pages, only the part of it in
 * `public-route-table.ts`); `routes.ts` adds each call's schemas, summary and permission beside its entry
 * here, and the server registers them from there.
 */

import { publicRouteTable as site } from './public-route-table';
import type { RoutePath } from './route-path';

export { buildPath, type AuthMode, type HttpMethod, type RoutePath } from './route-path';

export const routeTable = {
  // Health
  getHealth: { method: 'GET', path: '/healthz', auth: 'none' },
  getReadiness: { method: 'GET', path: '/readyz', auth: 'none' },
  getJobsStatus: { method: 'GET', path: '/api/jobs/status', auth: 'required' },

  // Establishments
  listEstablishments: { method: 'GET', path: '/api/establishments/', auth: 'optional' },
  getEstablishment: { method: 'GET', path: '/api/establishment/:id', auth: 'required' },
  getEstablishmentGroups: { method: 'GET', path: '/api/establishment/:id/groups', auth: 'required' },
  getEstablishmentHistory: { method: 'GET', path: '/api/establishment/:id/history', auth: 'required' },
  getEstablishmentFollowers: { method: 'GET', path: '/api/establishment/:id/followers', auth: 'required' },
  getEstablishmentStats: { method: 'GET', path: '/api/establishment/:id/stats', auth: 'required' },
  createEstablishment: { method: 'POST', path: '/api/establishment/', auth: 'required' },
  patchEstablishment: { method: 'PATCH', path: '/api/establishment/:id', auth: 'required' },
  verifyEstablishment: { method: 'POST', path: '/api/establishment/:id/verify', auth: 'required' },
  verifyEstablishmentByToken: { method: 'POST', path: '/api/establishment/verify', auth: 'none' },
  createReport: { method: 'POST', path: '/api/establishment/:id/reports', auth: 'none' },
  listReports: { method: 'GET', path: '/api/reports/', auth: 'required' },
  patchReport: { method: 'PATCH', path: '/api/report/:id', auth: 'required' },
  listEstablishmentReports: { method: 'GET', path: '/api/establishment/:id/reports', auth: 'required' },
  answerReport: { method: 'PUT', path: '/api/report/:id/owner-answer', auth: 'required' },
  deleteEstablishment: { method: 'DELETE', path: '/api/establishment/:id', auth: 'required' },
  createAccessRequest: { method: 'POST', path: '/api/access-requests/', auth: 'required' },
  listAccessRequests: { method: 'GET', path: '/api/access-requests/', auth: 'required' },
  decideAccessRequest: { method: 'PATCH', path: '/api/access-request/:id', auth: 'required' },
  createContactMessage: { method: 'POST', path: '/api/contact-messages/', auth: 'none' },
  listContactMessages: { method: 'GET', path: '/api/contact-messages/', auth: 'required' },
  patchContactMessage: { method: 'PATCH', path: '/api/contact-message/:id', auth: 'required' },
  renewClaimCode: { method: 'POST', path: '/api/establishment/:id/claim-code', auth: 'required' },
  getEstablishmentMenuBoard: { method: 'GET', path: '/api/establishment/:id/menuboard', auth: 'optional' },
  getEstablishmentMenuBoardPicture: {
    method: 'GET',
    path: '/api/establishment/:id/menuboard.png',
    auth: 'none',
  },
  getEstablishmentDishes: { method: 'GET', path: '/api/establishment/:id/dishes', auth: 'required' },
  prepareUpload: { method: 'POST', path: '/api/establishment/prepare-upload', auth: 'required' },
  uploadPhoto: { method: 'PUT', path: '/api/uploads/:key', auth: 'none' },
  getMedia: { method: 'GET', path: '/media/:file', auth: 'none' },
  exportEstablishments: { method: 'POST', path: '/api/establishments/export', auth: 'required' },
  importEstablishments: { method: 'POST', path: '/api/establishments/import', auth: 'required' },
  listEstablishmentImports: { method: 'GET', path: '/api/establishments/imports', auth: 'required' },
  undoEstablishmentImport: { method: 'POST', path: '/api/establishments/import/:id/undo', auth: 'required' },
  shareEstablishment: { method: 'POST', path: '/api/establishment/share/:id', auth: 'required' },
  mapPoints: site.mapPoints,
  mapFeed: site.mapFeed,
  mapNearest: site.mapNearest,
  mapAround: site.mapAround,
  searchPlaces: site.searchPlaces,
  getPublicEstablishment: site.getPublicEstablishment,

  // Open data
  openDataEstablishmentsGeojson: {
    method: 'GET',
    path: '/api/open-data/establishments.geojson',
    auth: 'none',
  },
  openDataEstablishmentsCsv: { method: 'GET', path: '/api/open-data/establishments.csv', auth: 'none' },
  openDataMenusCsv: { method: 'GET', path: '/api/open-data/menus.csv', auth: 'none' },

  // Following and push
  getPushPublicKey: site.getPushPublicKey,
  createFollow: site.createFollow,
  listFollows: site.listFollows,
  deleteFollow: site.deleteFollow,

  // Statistics
  createEvent: site.createEvent,
  getTopEstablishments: { method: 'GET', path: '/api/stats/top', auth: 'required' },

  // Groups
  listGroups: site.listGroups,
  getGroup: { method: 'GET', path: '/api/group/:id', auth: 'required' },
  createGroup: { method: 'POST', path: '/api/group/', auth: 'required' },
  patchGroup: { method: 'PATCH', path: '/api/group/:id', auth: 'required' },
  deleteGroup: { method: 'DELETE', path: '/api/group/:id', auth: 'required' },
  exportGroups: { method: 'POST', path: '/api/groups/export', auth: 'required' },

  // Categories
  searchCategories: site.searchCategories,
  listCategories: { method: 'GET', path: '/api/categories/', auth: 'none' },
  getCategory: site.getCategory,

  // Menu boards
  createMenuBoard: { method: 'POST', path: '/api/menuboard/', auth: 'required' },
  listMenuBoards: { method: 'GET', path: '/api/menuboards/', auth: 'required' },
  getMenuBoard: { method: 'GET', path: '/api/menuboard/:id', auth: 'required' },
  patchMenuBoard: { method: 'PATCH', path: '/api/menuboard/:id', auth: 'required' },
  deleteMenuBoard: { method: 'DELETE', path: '/api/menuboard/:id', auth: 'required' },
  surroundingMenuBoards: site.surroundingMenuBoards,

  // Admins
  adminSignIn: { method: 'POST', path: '/api/admin/sign-in', auth: 'none' },
  adminRefresh: { method: 'POST', path: '/api/admin/refresh', auth: 'required' },
  listAdmins: { method: 'GET', path: '/api/admins/', auth: 'required' },
  getAdmin: { method: 'GET', path: '/api/admin/:id', auth: 'required' },
  createAdmin: { method: 'POST', path: '/api/admin/', auth: 'required' },
  patchAdmin: { method: 'PATCH', path: '/api/admin/:id', auth: 'required' },
  deleteAdmin: { method: 'DELETE', path: '/api/admin/:id', auth: 'required' },

  // Restaurant owners, `/api/restaurant-owner...` naming
  ownerSignUp: { method: 'POST', path: '/api/restaurant-owner/sign-up', auth: 'none', twin: 'userSignUp' },
  ownerConfirm: {
    method: 'POST',
    path: '/api/restaurant-owner/confirm',
    auth: 'required',
    twin: 'userConfirm',
  },
  ownerResend: { method: 'POST', path: '/api/restaurant-owner/resend', auth: 'required', twin: 'userResend' },
  ownerCheck: { method: 'POST', path: '/api/restaurant-owner/check', auth: 'none', twin: 'userCheck' },
  ownerResendEstablishmentCode: {
    method: 'POST',
    path: '/api/restaurant-owner/resend-establishment-code',
    auth: 'none',
    twin: 'userResendEstablishmentCode',
  },
  ownerSignIn: { method: 'POST', path: '/api/restaurant-owner/sign-in', auth: 'none', twin: 'userSignIn' },
  ownerRefresh: {
    method: 'POST',
    path: '/api/restaurant-owner/refresh',
    auth: 'required',
    twin: 'userRefresh',
  },
  ownerForgottenPassword: {
    method: 'POST',
    path: '/api/restaurant-owner/forgotten-password',
    auth: 'none',
    twin: 'userForgottenPassword',
  },
  ownerForgottenPasswordConfirm: {
    method: 'POST',
    path: '/api/restaurant-owner/forgotten-password/confirm',
    auth: 'none',
    twin: 'userForgottenPasswordConfirm',
  },
  listOwners: { method: 'GET', path: '/api/restaurant-owners/', auth: 'optional', twin: 'listUsers' },
  getOwner: { method: 'GET', path: '/api/restaurant-owner/:id', auth: 'required', twin: 'getUser' },
  patchOwner: { method: 'PATCH', path: '/api/restaurant-owner/:id', auth: 'required', twin: 'patchUser' },
  deleteOwner: { method: 'DELETE', path: '/api/restaurant-owner/:id', auth: 'required', twin: 'deleteUser' },
  exportOwners: {
    method: 'POST',
    path: '/api/restaurant-owners/export',
    auth: 'required',
    twin: 'exportUsers',
  },

  // Restaurant owners, `/api/user...` naming
  userSignUp: { method: 'POST', path: '/api/user/sign-up', auth: 'none', twin: 'ownerSignUp' },
  userConfirm: { method: 'POST', path: '/api/user/confirm', auth: 'required', twin: 'ownerConfirm' },
  userResend: { method: 'POST', path: '/api/user/resend', auth: 'required', twin: 'ownerResend' },
  userCheck: { method: 'POST', path: '/api/user/check', auth: 'none', twin: 'ownerCheck' },
  userResendEstablishmentCode: {
    method: 'POST',
    path: '/api/user/resend-establishment-code',
    auth: 'none',
    twin: 'ownerResendEstablishmentCode',
  },
  userSignIn: { method: 'POST', path: '/api/user/sign-in', auth: 'none', twin: 'ownerSignIn' },
  userRefresh: { method: 'POST', path: '/api/user/refresh', auth: 'required', twin: 'ownerRefresh' },
  userForgottenPassword: {
    method: 'POST',
    path: '/api/user/forgotten-password',
    auth: 'none',
    twin: 'ownerForgottenPassword',
  },
  userForgottenPasswordConfirm: {
    method: 'POST',
    path: '/api/user/forgotten-password/confirm',
    auth: 'none',
    twin: 'ownerForgottenPasswordConfirm',
  },
  listUsers: { method: 'GET', path: '/api/users/', auth: 'optional', twin: 'listOwners' },
  getUser: { method: 'GET', path: '/api/user/:id', auth: 'required', twin: 'getOwner' },
  patchUser: { method: 'PATCH', path: '/api/user/:id', auth: 'required', twin: 'patchOwner' },
  deleteUser: { method: 'DELETE', path: '/api/user/:id', auth: 'required', twin: 'deleteOwner' },
  exportUsers: { method: 'POST', path: '/api/users/export', auth: 'required', twin: 'exportOwners' },
} as const satisfies Record<string, RoutePath>;

export type RouteId = keyof typeof routeTable;

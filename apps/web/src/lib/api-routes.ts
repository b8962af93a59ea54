import type { RouteId, routes } from '@tables-voisines/contract/routes';

/*
 * The contract's route table without zod: the id, method and path of every call, for the browser's client.
 * `routes.ts` holds the schemas, so importing it would put zod in every page's JavaScript. Each entry is
 * checked against the table by the compiler (`satisfies RouteRef<...>`: a changed method or path does not
 * type-check) and by `api-routes.test.ts` (no call missing). One export per call, so a page's bundle only
 * carries the calls it makes.
 */

export interface RouteRef<Id extends RouteId = RouteId> {
  readonly id: Id;
  readonly method: (typeof routes)[Id]['method'];
  readonly path: (typeof routes)[Id]['path'];
}

export const getHealthRoute = {
  id: 'getHealth',
  method: 'GET',
  path: '/healthz',
} as const satisfies RouteRef<'getHealth'>;
export const getReadinessRoute = {
  id: 'getReadiness',
  method: 'GET',
  path: '/readyz',
} as const satisfies RouteRef<'getReadiness'>;
export const listEstablishmentsRoute = {
  id: 'listEstablishments',
  method: 'GET',
  path: '/api/establishments/',
} as const satisfies RouteRef<'listEstablishments'>;
export const getEstablishmentRoute = {
  id: 'getEstablishment',
  method: 'GET',
  path: '/api/establishment/:id',
} as const satisfies RouteRef<'getEstablishment'>;
export const getEstablishmentGroupsRoute = {
  id: 'getEstablishmentGroups',
  method: 'GET',
  path: '/api/establishment/:id/groups',
} as const satisfies RouteRef<'getEstablishmentGroups'>;
export const getEstablishmentHistoryRoute = {
  id: 'getEstablishmentHistory',
  method: 'GET',
  path: '/api/establishment/:id/history',
} as const satisfies RouteRef<'getEstablishmentHistory'>;
export const createEstablishmentRoute = {
  id: 'createEstablishment',
  method: 'POST',
  path: '/api/establishment/',
} as const satisfies RouteRef<'createEstablishment'>;
export const patchEstablishmentRoute = {
  id: 'patchEstablishment',
  method: 'PATCH',
  path: '/api/establishment/:id',
} as const satisfies RouteRef<'patchEstablishment'>;
export const deleteEstablishmentRoute = {
  id: 'deleteEstablishment',
  method: 'DELETE',
  path: '/api/establishment/:id',
} as const satisfies RouteRef<'deleteEstablishment'>;
export const prepareUploadRoute = {
  id: 'prepareUpload',
  method: 'POST',
  path: '/api/establishment/prepare-upload',
} as const satisfies RouteRef<'prepareUpload'>;
export const uploadPhotoRoute = {
  id: 'uploadPhoto',
  method: 'PUT',
  path: '/api/uploads/:key',
} as const satisfies RouteRef<'uploadPhoto'>;
export const getMediaRoute = {
  id: 'getMedia',
  method: 'GET',
  path: '/media/:file',
} as const satisfies RouteRef<'getMedia'>;
export const exportEstablishmentsRoute = {
  id: 'exportEstablishments',
  method: 'POST',
  path: '/api/establishments/export',
} as const satisfies RouteRef<'exportEstablishments'>;
export const shareEstablishmentRoute = {
  id: 'shareEstablishment',
  method: 'POST',
  path: '/api/establishment/share/:id',
} as const satisfies RouteRef<'shareEstablishment'>;
export const getPublicEstablishmentRoute = {
  id: 'getPublicEstablishment',
  method: 'GET',
  path: '/establishment/:id/public',
} as const satisfies RouteRef<'getPublicEstablishment'>;
export const listGroupsRoute = {
  id: 'listGroups',
  method: 'GET',
  path: '/api/groups/',
} as const satisfies RouteRef<'listGroups'>;
export const createGroupRoute = {
  id: 'createGroup',
  method: 'POST',
  path: '/api/group/',
} as const satisfies RouteRef<'createGroup'>;
export const patchGroupRoute = {
  id: 'patchGroup',
  method: 'PATCH',
  path: '/api/group/:id',
} as const satisfies RouteRef<'patchGroup'>;
export const deleteGroupRoute = {
  id: 'deleteGroup',
  method: 'DELETE',
  path: '/api/group/:id',
} as const satisfies RouteRef<'deleteGroup'>;
export const searchCategoriesRoute = {
  id: 'searchCategories',
  method: 'GET',
  path: '/api/categories/search',
} as const satisfies RouteRef<'searchCategories'>;
export const getCategoryRoute = {
  id: 'getCategory',
  method: 'GET',
  path: '/api/categories/category/:id',
} as const satisfies RouteRef<'getCategory'>;
export const createMenuBoardRoute = {
  id: 'createMenuBoard',
  method: 'POST',
  path: '/api/menuboard/',
} as const satisfies RouteRef<'createMenuBoard'>;
export const patchMenuBoardRoute = {
  id: 'patchMenuBoard',
  method: 'PATCH',
  path: '/api/menuboard/:id',
} as const satisfies RouteRef<'patchMenuBoard'>;
export const deleteMenuBoardRoute = {
  id: 'deleteMenuBoard',
  method: 'DELETE',
  path: '/api/menuboard/:id',
} as const satisfies RouteRef<'deleteMenuBoard'>;
// Visitors' reports of a wrong page, and the back office's list of them.
export const createReportRoute = {
  id: 'createReport',
  method: 'POST',
  path: '/api/establishment/:id/reports',
} as const satisfies RouteRef<'createReport'>;
export const listReportsRoute = {
  id: 'listReports',
  method: 'GET',
  path: '/api/reports/',
} as const satisfies RouteRef<'listReports'>;
export const patchReportRoute = {
  id: 'patchReport',
  method: 'PATCH',
  path: '/api/report/:id',
} as const satisfies RouteRef<'patchReport'>;
export const surroundingMenuBoardsRoute = {
  id: 'surroundingMenuBoards',
  method: 'POST',
  path: '/menuboards/surrounding',
} as const satisfies RouteRef<'surroundingMenuBoards'>;
export const adminSignInRoute = {
  id: 'adminSignIn',
  method: 'POST',
  path: '/api/admin/sign-in',
} as const satisfies RouteRef<'adminSignIn'>;
export const adminRefreshRoute = {
  id: 'adminRefresh',
  method: 'POST',
  path: '/api/admin/refresh',
} as const satisfies RouteRef<'adminRefresh'>;
export const listAdminsRoute = {
  id: 'listAdmins',
  method: 'GET',
  path: '/api/admins/',
} as const satisfies RouteRef<'listAdmins'>;
export const getAdminRoute = {
  id: 'getAdmin',
  method: 'GET',
  path: '/api/admin/:id',
} as const satisfies RouteRef<'getAdmin'>;
export const createAdminRoute = {
  id: 'createAdmin',
  method: 'POST',
  path: '/api/admin/',
} as const satisfies RouteRef<'createAdmin'>;
export const patchAdminRoute = {
  id: 'patchAdmin',
  method: 'PATCH',
  path: '/api/admin/:id',
} as const satisfies RouteRef<'patchAdmin'>;
export const deleteAdminRoute = {
  id: 'deleteAdmin',
  method: 'DELETE',
  path: '/api/admin/:id',
} as const satisfies RouteRef<'deleteAdmin'>;
export const ownerSignUpRoute = {
  id: 'ownerSignUp',
  method: 'POST',
  path: '/api/restaurant-owner/sign-up',
} as const satisfies RouteRef<'ownerSignUp'>;
export const ownerConfirmRoute = {
  id: 'ownerConfirm',
  method: 'POST',
  path: '/api/restaurant-owner/confirm',
} as const satisfies RouteRef<'ownerConfirm'>;
export const ownerResendRoute = {
  id: 'ownerResend',
  method: 'POST',
  path: '/api/restaurant-owner/resend',
} as const satisfies RouteRef<'ownerResend'>;
export const ownerCheckRoute = {
  id: 'ownerCheck',
  method: 'POST',
  path: '/api/restaurant-owner/check',
} as const satisfies RouteRef<'ownerCheck'>;
export const ownerResendEstablishmentCodeRoute = {
  id: 'ownerResendEstablishmentCode',
  method: 'POST',
  path: '/api/restaurant-owner/resend-establishment-code',
} as const satisfies RouteRef<'ownerResendEstablishmentCode'>;
export const ownerSignInRoute = {
  id: 'ownerSignIn',
  method: 'POST',
  path: '/api/restaurant-owner/sign-in',
} as const satisfies RouteRef<'ownerSignIn'>;
export const ownerRefreshRoute = {
  id: 'ownerRefresh',
  method: 'POST',
  path: '/api/restaurant-owner/refresh',
} as const satisfies RouteRef<'ownerRefresh'>;
export const ownerForgottenPasswordRoute = {
  id: 'ownerForgottenPassword',
  method: 'POST',
  path: '/api/restaurant-owner/forgotten-password',
} as const satisfies RouteRef<'ownerForgottenPassword'>;
export const ownerForgottenPasswordConfirmRoute = {
  id: 'ownerForgottenPasswordConfirm',
  method: 'POST',
  path: '/api/restaurant-owner/forgotten-password/confirm',
} as const satisfies RouteRef<'ownerForgottenPasswordConfirm'>;
export const listOwnersRoute = {
  id: 'listOwners',
  method: 'GET',
  path: '/api/restaurant-owners/',
} as const satisfies RouteRef<'listOwners'>;
export const getOwnerRoute = {
  id: 'getOwner',
  method: 'GET',
  path: '/api/restaurant-owner/:id',
} as const satisfies RouteRef<'getOwner'>;
export const patchOwnerRoute = {
  id: 'patchOwner',
  method: 'PATCH',
  path: '/api/restaurant-owner/:id',
} as const satisfies RouteRef<'patchOwner'>;
export const deleteOwnerRoute = {
  id: 'deleteOwner',
  method: 'DELETE',
  path: '/api/restaurant-owner/:id',
} as const satisfies RouteRef<'deleteOwner'>;
export const exportOwnersRoute = {
  id: 'exportOwners',
  method: 'POST',
  path: '/api/restaurant-owners/export',
} as const satisfies RouteRef<'exportOwners'>;
export const userSignUpRoute = {
  id: 'userSignUp',
  method: 'POST',
  path: '/api/user/sign-up',
} as const satisfies RouteRef<'userSignUp'>;
export const userConfirmRoute = {
  id: 'userConfirm',
  method: 'POST',
  path: '/api/user/confirm',
} as const satisfies RouteRef<'userConfirm'>;
export const userResendRoute = {
  id: 'userResend',
  method: 'POST',
  path: '/api/user/resend',
} as const satisfies RouteRef<'userResend'>;
export const userCheckRoute = {
  id: 'userCheck',
  method: 'POST',
  path: '/api/user/check',
} as const satisfies RouteRef<'userCheck'>;
export const userResendEstablishmentCodeRoute = {
  id: 'userResendEstablishmentCode',
  method: 'POST',
  path: '/api/user/resend-establishment-code',
} as const satisfies RouteRef<'userResendEstablishmentCode'>;
export const userSignInRoute = {
  id: 'userSignIn',
  method: 'POST',
  path: '/api/user/sign-in',
} as const satisfies RouteRef<'userSignIn'>;
export const userRefreshRoute = {
  id: 'userRefresh',
  method: 'POST',
  path: '/api/user/refresh',
} as const satisfies RouteRef<'userRefresh'>;
export const userForgottenPasswordRoute = {
  id: 'userForgottenPassword',
  method: 'POST',
  path: '/api/user/forgotten-password',
} as const satisfies RouteRef<'userForgottenPassword'>;
export const userForgottenPasswordConfirmRoute = {
  id: 'userForgottenPasswordConfirm',
  method: 'POST',
  path: '/api/user/forgotten-password/confirm',
} as const satisfies RouteRef<'userForgottenPasswordConfirm'>;
export const listUsersRoute = {
  id: 'listUsers',
  method: 'GET',
  path: '/api/users/',
} as const satisfies RouteRef<'listUsers'>;
export const getUserRoute = {
  id: 'getUser',
  method: 'GET',
  path: '/api/user/:id',
} as const satisfies RouteRef<'getUser'>;
export const patchUserRoute = {
  id: 'patchUser',
  method: 'PATCH',
  path: '/api/user/:id',
} as const satisfies RouteRef<'patchUser'>;
export const deleteUserRoute = {
  id: 'deleteUser',
  method: 'DELETE',
  path: '/api/user/:id',
} as const satisfies RouteRef<'deleteUser'>;
export const exportUsersRoute = {
  id: 'exportUsers',
  method: 'POST',
  path: '/api/users/export',
} as const satisfies RouteRef<'exportUsers'>;
export const mapPointsRoute = {
  id: 'mapPoints',
  method: 'GET',
  path: '/api/map/points',
} as const satisfies RouteRef<'mapPoints'>;
export const mapFeedRoute = {
  id: 'mapFeed',
  method: 'GET',
  path: '/api/map/feed',
} as const satisfies RouteRef<'mapFeed'>;
export const mapNearestRoute = {
  id: 'mapNearest',
  method: 'GET',
  path: '/api/map/nearest',
} as const satisfies RouteRef<'mapNearest'>;
export const mapAroundRoute = {
  id: 'mapAround',
  method: 'GET',
  path: '/api/map/around',
} as const satisfies RouteRef<'mapAround'>;
export const searchPlacesRoute = {
  id: 'searchPlaces',
  method: 'GET',
  path: '/api/places/search',
} as const satisfies RouteRef<'searchPlaces'>;
export const getGroupRoute = {
  id: 'getGroup',
  method: 'GET',
  path: '/api/group/:id',
} as const satisfies RouteRef<'getGroup'>;
export const renewClaimCodeRoute = {
  id: 'renewClaimCode',
  method: 'POST',
  path: '/api/establishment/:id/claim-code',
} as const satisfies RouteRef<'renewClaimCode'>;
export const getEstablishmentMenuBoardRoute = {
  id: 'getEstablishmentMenuBoard',
  method: 'GET',
  path: '/api/establishment/:id/menuboard',
} as const satisfies RouteRef<'getEstablishmentMenuBoard'>;
export const getEstablishmentDishesRoute = {
  id: 'getEstablishmentDishes',
  method: 'GET',
  path: '/api/establishment/:id/dishes',
} as const satisfies RouteRef<'getEstablishmentDishes'>;
export const listCategoriesRoute = {
  id: 'listCategories',
  method: 'GET',
  path: '/api/categories/',
} as const satisfies RouteRef<'listCategories'>;
export const listMenuBoardsRoute = {
  id: 'listMenuBoards',
  method: 'GET',
  path: '/api/menuboards/',
} as const satisfies RouteRef<'listMenuBoards'>;
export const getMenuBoardRoute = {
  id: 'getMenuBoard',
  method: 'GET',
  path: '/api/menuboard/:id',
} as const satisfies RouteRef<'getMenuBoard'>;
// Freshness (issue 30): « Mes informations sont à jour », and the reminder e-mail's link.
export const verifyEstablishmentRoute = {
  id: 'verifyEstablishment',
  method: 'POST',
  path: '/api/establishment/:id/verify',
} as const satisfies RouteRef<'verifyEstablishment'>;
export const verifyEstablishmentByTokenRoute = {
  id: 'verifyEstablishmentByToken',
  method: 'POST',
  path: '/api/establishment/verify',
} as const satisfies RouteRef<'verifyEstablishmentByToken'>;

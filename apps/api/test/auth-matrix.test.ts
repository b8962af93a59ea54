import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { buildPath, routes, type RouteDef, type RouteId } from '@tables-voisines/contract/routes';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClock, type TestApp } from './app';
import { createAdminAccount, createOwnerAccount, TEST_PASSWORD, type TestAccount } from './accounts';
import { createCategory, createEstablishment, createGroup, createMenuBoard } from './factories';
import { tinyPng } from './images';
import { accessRequests, contactMessages, reports } from '../src/db/schema';
import { parisDay } from '@tables-voisines/contract/paris-time';

/*
 * Who may call what: every implemented route of the contract, called by five callers, each cell in a fresh
 * little world so that a deletion in one cell cannot change another. Owner A is linked to establishment
 * A; owner B has none. Path ids name owner A, establishment A or another admin: owner A acts on itself,
 * owner B on someone else.
 */

const CALLERS = ['anonymous', 'owner A', 'owner B', 'admin read establishment', 'admin manage all'] as const;
type Caller = (typeof CALLERS)[number];
type Row = readonly [anonymous: number, ownerA: number, ownerB: number, adminRead: number, adminFull: number];

const ALL = (status: number): Row => [status, status, status, status, status];
const OWNERS_ONLY = (status: number): Row => [401, status, status, 403, 403];
const SELF_OR_ADMIN = (status: number): Row => [401, status, 403, 403, status];
const FULL_ADMIN_ONLY = (status: number): Row => [401, 403, 403, 403, status];
const ADMINS_ONLY = (status: number): Row => [401, 403, 403, status, status];
const OWN_OR_READER = (status: number): Row => [401, status, 403, status, status];

/** The one table: expected status per route and caller. A new route implemented needs a row here. */
const EXPECTED: Partial<Record<RouteId, Row>> = {
  getHealth: ALL(200),
  getReadiness: ALL(200),
  getJobsStatus: ADMINS_ONLY(200),
  listEstablishments: ALL(200),
  getPublicEstablishment: ALL(200),
  listGroups: ALL(200),
  mapPoints: ALL(200),
  mapFeed: ALL(200),
  mapNearest: ALL(200),
  mapAround: ALL(200),
  searchPlaces: ALL(200),
  openDataEstablishmentsGeojson: ALL(200),
  openDataEstablishmentsCsv: ALL(200),
  openDataMenusCsv: ALL(200),
  searchCategories: ALL(200),
  listCategories: ALL(200),
  getEstablishmentMenuBoard: ALL(200),
  // No sign-in read: the picture is the same for everyone.
  getEstablishmentMenuBoardPicture: ALL(200),
  getCategory: ALL(404),
  surroundingMenuBoards: ALL(200),

  adminSignIn: ALL(200),
  adminRefresh: ADMINS_ONLY(200),
  listAdmins: FULL_ADMIN_ONLY(200),
  getAdmin: FULL_ADMIN_ONLY(200),
  createAdmin: FULL_ADMIN_ONLY(201),
  patchAdmin: FULL_ADMIN_ONLY(200),
  deleteAdmin: FULL_ADMIN_ONLY(204),

  ownerSignUp: ALL(201),
  userSignUp: ALL(201),
  ownerConfirm: OWNERS_ONLY(200),
  userConfirm: OWNERS_ONLY(200),
  ownerResend: OWNERS_ONLY(204),
  userResend: OWNERS_ONLY(204),
  ownerCheck: ALL(200),
  userCheck: ALL(200),
  ownerResendEstablishmentCode: ALL(204),
  userResendEstablishmentCode: ALL(204),
  ownerSignIn: ALL(200),
  userSignIn: ALL(200),
  ownerRefresh: OWNERS_ONLY(200),
  userRefresh: OWNERS_ONLY(200),
  ownerForgottenPassword: ALL(204),
  userForgottenPassword: ALL(204),
  ownerForgottenPasswordConfirm: ALL(400),
  userForgottenPasswordConfirm: ALL(400),
  listOwners: ALL(200),
  listUsers: ALL(200),
  getOwner: SELF_OR_ADMIN(200),
  getUser: SELF_OR_ADMIN(200),
  patchOwner: SELF_OR_ADMIN(200),
  patchUser: SELF_OR_ADMIN(200),
  deleteOwner: FULL_ADMIN_ONLY(204),
  deleteUser: FULL_ADMIN_ONLY(204),

  getEstablishment: OWN_OR_READER(200),
  getEstablishmentGroups: OWN_OR_READER(200),
  getEstablishmentHistory: OWN_OR_READER(200),
  createEstablishment: FULL_ADMIN_ONLY(201),
  patchEstablishment: SELF_OR_ADMIN(200),
  deleteEstablishment: FULL_ADMIN_ONLY(204),
  prepareUpload: SELF_OR_ADMIN(200),
  uploadPhoto: ALL(204),
  getMedia: ALL(200),
  exportEstablishments: FULL_ADMIN_ONLY(200),
  importEstablishments: FULL_ADMIN_ONLY(200),
  listEstablishmentImports: FULL_ADMIN_ONLY(200),
  // No such import: the callers allowed get as far as looking it up.
  undoEstablishmentImport: FULL_ADMIN_ONLY(404),
  exportOwners: FULL_ADMIN_ONLY(200),
  exportUsers: FULL_ADMIN_ONLY(200),
  exportGroups: FULL_ADMIN_ONLY(200),
  shareEstablishment: FULL_ADMIN_ONLY(200),
  createGroup: FULL_ADMIN_ONLY(201),
  getGroup: FULL_ADMIN_ONLY(200),
  patchGroup: FULL_ADMIN_ONLY(200),
  deleteGroup: FULL_ADMIN_ONLY(204),
  // Each world has today's board: publishing again replaces it.
  createMenuBoard: SELF_OR_ADMIN(200),
  listMenuBoards: FULL_ADMIN_ONLY(200),
  getMenuBoard: SELF_OR_ADMIN(200),
  getEstablishmentDishes: SELF_OR_ADMIN(200),
  renewClaimCode: FULL_ADMIN_ONLY(200),
  verifyEstablishment: SELF_OR_ADMIN(200),
  verifyEstablishmentByToken: ALL(400),
  patchMenuBoard: SELF_OR_ADMIN(200),
  deleteMenuBoard: SELF_OR_ADMIN(204),
  // Visitors' reports: anyone sends one; admins who read establishments list them, who update them handle them.
  createReport: ALL(201),
  listReports: ADMINS_ONLY(200),
  patchReport: FULL_ADMIN_ONLY(200),
  // An owner's « Signalements »: the owner of the page only (owner B, who is not, is refused as for any
  // other's page); admins are not owners, whatever their permissions.
  listEstablishmentReports: [401, 200, 403, 403, 403],
  answerReport: [401, 200, 403, 403, 403],
  // « Demander l’accès »: owners only (owner A is linked already: 409; owner B is not, and the page has no
  // claim e-mail: 201; a page whose e-mail the team knows is 409 ClaimEmailKnown, in access.test.ts), its list to each owner its own and to admins who read owners; deciding takes
  // updating owners and establishments. « Nous contacter »: anyone writes, admins who read establishments
  // list, who update them mark handled.
  createAccessRequest: [401, 409, 201, 403, 403],
  listAccessRequests: [401, 200, 200, 403, 200],
  decideAccessRequest: FULL_ADMIN_ONLY(200),
  createContactMessage: ALL(201),
  listContactMessages: ADMINS_ONLY(200),
  patchContactMessage: FULL_ADMIN_ONLY(200),
  // « Suivre »: a browser, signed in or not, follows and unfollows; the count of followers is for the
  // page's owner and the admins who read establishments.
  getPushPublicKey: ALL(200),
  createFollow: ALL(201),
  listFollows: ALL(200),
  deleteFollow: ALL(204),
  getEstablishmentFollowers: OWN_OR_READER(200),
  // Statistics: any visitor counts an event; a place's figures are for its owner and the admins who read
  // establishments, the month's most viewed for those admins only.
  createEvent: ALL(204),
  getEstablishmentStats: OWN_OR_READER(200),
  getTopEstablishments: ADMINS_ONLY(200),
};

/** A browser's subscription at Firebase's push service (one of the default PUSH_ALLOWED_ORIGINS). */
function browserSubscription() {
  const ecdh = createECDH('prime256v1');
  return {
    endpoint: `https://fcm.googleapis.com/fcm/send/${randomUUID()}`,
    keys: { p256dh: ecdh.generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

interface World {
  establishmentA: { id: string; claimCode: string };
  /** Not claimed, with an address: its code may be mailed. */
  unclaimed: { id: string };
  groupId: string;
  categoryId: string;
  menuBoardId: string;
  ownerA: TestAccount & { email: string };
  otherAdmin: TestAccount & { username: string };
  callers: Record<Caller, TestAccount | null>;
}

interface Call {
  params?: Record<string, string>;
  query?: string;
  body?: object | Buffer;
  headers?: Record<string, string>;
}

const unique = () => randomUUID().slice(0, 8);

/** A valid request per route (ids of both namings share one entry); routes left out need nothing. */
async function callFor(id: RouteId, w: World, caller: TestAccount | null): Promise<Call> {
  const verb = id.replace(/^(owner|user)(?=[A-Z])/, '').replace(/(Owners?|Users?)$/, '');
  switch (id) {
    case 'getEstablishment':
    case 'getEstablishmentGroups':
    case 'getEstablishmentHistory':
    case 'deleteEstablishment':
    case 'shareEstablishment':
    case 'renewClaimCode':
    case 'verifyEstablishment':
    case 'getEstablishmentMenuBoard':
    case 'getEstablishmentMenuBoardPicture':
    case 'getEstablishmentDishes':
    case 'getEstablishmentFollowers':
    case 'getEstablishmentStats':
      return { params: { id: w.establishmentA.id } };
    case 'createEvent':
      return { body: { establishment: w.establishmentA.id, type: 'view' } };
    case 'createFollow':
      return { body: { establishment: w.establishmentA.id, subscription: browserSubscription() } };
    case 'listFollows':
      return { body: { endpoint: browserSubscription().endpoint } };
    case 'deleteFollow':
      return {
        query: `?endpoint=${encodeURIComponent(browserSubscription().endpoint)}&establishment=${w.establishmentA.id}`,
      };
    case 'getMenuBoard':
      return { params: { id: w.menuBoardId } };
    case 'patchEstablishment':
      return { params: { id: w.establishmentA.id }, body: { description: 'Cuisine du marché.' } };
    case 'verifyEstablishmentByToken':
      // Unknown to the server: 400 InvalidToken for everyone (the token is the only credential).
      return { body: { token: 'x'.repeat(43) } };
    case 'createEstablishment':
      return {
        body: {
          kind: 'restaurant',
          name: `Chez ${unique()}`,
          venueType: 'restaurant',
          address: { town: 'Lyon' },
          location: { latitude: 45.76, longitude: 4.83 },
        },
      };
    case 'prepareUpload':
      return { body: { contentType: 'image/png', size: 1000 } };
    case 'uploadPhoto':
    case 'getMedia': {
      const png = await tinyPng();
      const prepared = await t.app.ctx.storage.prepareUpload({ contentType: 'image/png', size: png.length });
      if (id === 'uploadPhoto') {
        const url = new URL(prepared.uploadUrl, 'http://localhost');
        return {
          params: { key: url.pathname.split('/').pop()! },
          query: url.search,
          body: png,
          headers: { 'content-type': 'image/png' },
        };
      }
      const upload = await t.app.inject({
        method: 'PUT',
        url: prepared.uploadUrl,
        headers: { 'content-type': 'image/png' },
        payload: png,
      });
      expect(upload.statusCode).toBe(204);
      return { params: { file: prepared.url.split('/').pop()! } };
    }
    case 'undoEstablishmentImport':
      return { params: { id: randomUUID() } };
    case 'importEstablishments':
      // A dry run: the report only, nothing written.
      return {
        body: Buffer.from(
          `Nom;Type;Type d’établissement;Ville;Latitude;Longitude\nImport ${unique()};Restaurant;Bar;Lyon;45,75;4,85\n`,
        ),
        headers: { 'content-type': 'text/csv' },
      };
    case 'createGroup':
      return { body: { name: 'Collectif de Villeurbanne', latitude: 45.77, longitude: 4.88, radius: 5 } };
    case 'patchGroup':
      return { params: { id: w.groupId }, body: { radius: 7.5 } };
    case 'deleteGroup':
    case 'getGroup':
      return { params: { id: w.groupId } };
    case 'createMenuBoard':
      return {
        body: {
          establishment: w.establishmentA.id,
          title: 'Ardoise du jour',
          date: parisDay(clock.now()),
          items: [{ name: 'Quiche lorraine', price: 9.5, category: w.categoryId }],
        },
      };
    case 'patchMenuBoard':
      return { params: { id: w.menuBoardId }, body: { title: 'Ardoise du soir' } };
    case 'deleteMenuBoard':
      return { params: { id: w.menuBoardId } };
    case 'createReport':
      return { params: { id: w.establishmentA.id }, body: { reason: 'hours' } };
    case 'listEstablishmentReports':
      return { params: { id: w.establishmentA.id } };
    case 'answerReport': {
      const [report] = await t.db
        .insert(reports)
        .values({ id: randomUUID(), establishmentId: w.establishmentA.id, reason: 'hours' })
        .returning({ id: reports.id });
      return { params: { id: report!.id }, body: { answer: 'disputed', note: 'Ouvert le lundi midi.' } };
    }
    case 'patchReport': {
      const [report] = await t.db
        .insert(reports)
        .values({ id: randomUUID(), establishmentId: w.establishmentA.id, reason: 'menu' })
        .returning({ id: reports.id });
      return { params: { id: report!.id }, body: { status: 'resolved' } };
    }
    case 'createAccessRequest': {
      // A page without e-mail, so without claim e-mail: the only kind of page whose access may be asked.
      const silent = await createEstablishment(t.db);
      expect(silent.claimEmail).toBeNull();
      return { body: { establishmentId: silent.id, phone: '06 12 34 56 78', proof: 'La gérante.' } };
    }
    case 'decideAccessRequest': {
      const [request] = await t.db
        .insert(accessRequests)
        .values({
          id: randomUUID(),
          establishmentId: w.unclaimed.id,
          ownerId: w.ownerA.id,
          phone: '06 12 34 56 78',
          proof: 'La gérante.',
        })
        .returning({ id: accessRequests.id });
      return { params: { id: request!.id }, body: { status: 'refused', reason: 'Pas de preuve.' } };
    }
    case 'createContactMessage':
      return { body: { name: 'Jeanne', email: 'jeanne@exemple.fr', message: 'Bonjour.' } };
    case 'patchContactMessage': {
      const [message] = await t.db
        .insert(contactMessages)
        .values({ id: randomUUID(), name: 'Jeanne', email: 'jeanne@exemple.fr', message: 'Bonjour.' })
        .returning({ id: contactMessages.id });
      return { params: { id: message!.id }, body: { handled: true } };
    }
    case 'getPublicEstablishment':
      return { params: { id: w.establishmentA.id } };
    case 'searchCategories':
      return { query: '?searchTerm=pi' };
    case 'mapPoints':
      return { query: '?west=-5.5&south=41&east=10&north=51.5&zoom=6' };
    case 'mapNearest':
      return { query: '?west=-5.5&south=41&east=10&north=51.5&latitude=46.5&longitude=2.5' };
    case 'mapAround':
      return { query: '?latitude=45.76&longitude=4.83&radius=10' };
    case 'searchPlaces':
      return { query: '?q=lyon' };
    case 'getCategory':
      return { params: { id: randomUUID() } };
    case 'surroundingMenuBoards':
      return {
        body: {
          northEast: { latitude: 46, longitude: 5 },
          southWest: { latitude: 45, longitude: 4 },
          categories: [],
        },
      };
    case 'adminSignIn':
      return { body: { username: w.otherAdmin.username, password: TEST_PASSWORD } };
    case 'adminRefresh':
      return { body: { token: caller?.token ?? 'x' } };
    case 'getAdmin':
    case 'deleteAdmin':
      return { params: { id: w.otherAdmin.id } };
    case 'patchAdmin':
      return { params: { id: w.otherAdmin.id }, body: { email: `admin-${unique()}@exemple.fr` } };
    case 'createAdmin':
      return {
        body: {
          username: `admin-${unique()}`,
          email: 'nouvel-admin@exemple.fr',
          password: 'Ratatouille-Nicoise-88',
          permissions: [{ action: 'read', subject: 'establishment' }],
        },
      };
    default:
      break;
  }
  switch (verb) {
    case 'SignUp':
      return {
        body: {
          email: `inscription-${unique()}@exemple.fr`,
          password: 'Ratatouille-Nicoise-88',
          firstName: 'Léo',
          lastName: 'Petit',
        },
      };
    case 'Confirm':
      return { body: { code: '000000' } };
    case 'Check':
      return { body: { email: w.ownerA.email, establishmentCode: w.establishmentA.claimCode } };
    case 'ResendEstablishmentCode':
      return { body: { establishmentId: w.unclaimed.id } };
    case 'SignIn':
      return { body: { email: w.ownerA.email, password: TEST_PASSWORD } };
    case 'Refresh':
      return { body: { token: caller?.token ?? 'x' } };
    case 'ForgottenPassword':
      return { body: { email: w.ownerA.email } };
    case 'ForgottenPasswordConfirm':
      return { body: { token: `${randomUUID()}.${'A'.repeat(43)}`, password: 'Ratatouille-Nicoise-88' } };
    case 'get':
    case 'delete':
      return { params: { id: w.ownerA.id } };
    case 'patch':
      return { params: { id: w.ownerA.id }, body: { firstName: 'Nouveau prénom' } };
    default:
      return {};
  }
}

// The app's clock, stopped at the file's start: the boards' day below is the server's, even past midnight.
const clock = new TestClock(new Date().toISOString());
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: clock.now, env: { RATE_LIMIT_SIGN_IN: '100000' } });
});
afterAll(() => t.close());

async function makeWorld(): Promise<World> {
  const establishmentA = await createEstablishment(t.db, {
    email: `contact-${unique()}@exemple.fr`,
    photoUrl: '/media/photo-de-demonstration.webp',
  });
  const unclaimed = await createEstablishment(t.db, { email: `libre-${unique()}@exemple.fr` });
  const category = await createCategory(t.db, `Tartes ${unique()}`);
  const group = await createGroup(t.db);
  const menuBoardId = await createMenuBoard(t.db, {
    establishmentId: establishmentA.id,
    date: parisDay(clock.now()),
    items: [{ name: 'Tarte Tatin', priceCents: 650, categoryId: category.id }],
  });
  const ownerA = await createOwnerAccount(t, { establishmentId: establishmentA.id });
  const ownerB = await createOwnerAccount(t);
  const adminRead = await createAdminAccount(t, {
    permissions: [{ action: 'read', subject: 'establishment' }],
  });
  const adminFull = await createAdminAccount(t);
  const otherAdmin = await createAdminAccount(t, { permissions: [] });
  return {
    establishmentA,
    unclaimed,
    groupId: group.id,
    categoryId: category.id,
    menuBoardId,
    ownerA,
    otherAdmin,
    callers: {
      anonymous: null,
      'owner A': ownerA,
      'owner B': ownerB,
      'admin read establishment': adminRead,
      'admin manage all': adminFull,
    },
  };
}

const implemented = () =>
  (Object.entries(routes) as [RouteId, RouteDef][]).filter(([, def]) =>
    [def.path, def.path.replace(/\/$/, '')].some((url) => t.app.hasRoute({ method: def.method, url })),
  );

describe('authorisation matrix', () => {
  it('has one row for every implemented route, and none for a route not implemented', () => {
    const ids = implemented().map(([id]) => id);
    expect(ids.filter((id) => EXPECTED[id] === undefined)).toEqual([]);
    expect(Object.keys(EXPECTED).filter((id) => !ids.includes(id as RouteId))).toEqual([]);
  });

  it.each(Object.keys(EXPECTED) as RouteId[])('%s', async (id) => {
    const def = routes[id] as RouteDef;
    const statuses: number[] = [];
    for (const caller of CALLERS) {
      const world = await makeWorld();
      const account = world.callers[caller];
      const call = await callFor(id, world, account);
      const request: InjectOptions = {
        method: def.method,
        url: buildPath(def.path, call.params) + (call.query ?? ''),
        headers: { ...call.headers, ...account?.headers },
        ...(call.body === undefined ? {} : { payload: call.body }),
      };
      const response = await t.app.inject(request);
      statuses.push(response.statusCode);
    }
    expect(Object.fromEntries(CALLERS.map((c, i) => [c, statuses[i]]))).toEqual(
      Object.fromEntries(CALLERS.map((c, i) => [c, EXPECTED[id]![i]])),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type RouteDef, type RouteId, buildPath, routes } from './routes';
import { contractRegistry } from './registry';
import { publicRouteTable } from './public-route-table';
import { routeTable } from './route-table';

const entries = Object.entries(routes) as [RouteId, RouteDef][];

function schemasOf(route: RouteDef): [string, z.ZodType][] {
  const found: [string, z.ZodType][] = [];
  if (route.params) found.push(['params', route.params]);
  if (route.query) found.push(['query', route.query]);
  if (route.body) found.push(['body', route.body]);
  for (const [status, schema] of Object.entries(route.responses)) found.push([`response ${status}`, schema]);
  return found;
}

function ownerTwinPath(path: string): string {
  return path
    .replace(/^\/api\/users\//, '/api/restaurant-owners/')
    .replace(/^\/api\/user\//, '/api/restaurant-owner/');
}

describe('route table', () => {
  it('has every call of the contract, under its agreed id', () => {
    const owners = [
      'SignUp',
      'Confirm',
      'Resend',
      'Check',
      'ResendEstablishmentCode',
      'SignIn',
      'Refresh',
      'ForgottenPassword',
      'ForgottenPasswordConfirm',
    ];
    expect(Object.keys(routes).sort()).toEqual(
      [
        'getHealth',
        'getReadiness',
        'getJobsStatus',
        'listEstablishments',
        'getEstablishment',
        'getEstablishmentGroups',
        'getEstablishmentHistory',
        'getEstablishmentFollowers',
        'getEstablishmentStats',
        'createEstablishment',
        'patchEstablishment',
        'verifyEstablishment',
        'verifyEstablishmentByToken',
        'deleteEstablishment',
        'renewClaimCode',
        'getEstablishmentMenuBoard',
        'getEstablishmentMenuBoardPicture',
        'getEstablishmentDishes',
        'listCategories',
        'listMenuBoards',
        'getMenuBoard',
        'getGroup',
        'prepareUpload',
        'uploadPhoto',
        'getMedia',
        'exportEstablishments',
        'importEstablishments',
        'listEstablishmentImports',
        'undoEstablishmentImport',
        'shareEstablishment',
        'mapPoints',
        'mapFeed',
        'mapNearest',
        'mapAround',
        'searchPlaces',
        'getPublicEstablishment',
        'openDataEstablishmentsGeojson',
        'openDataEstablishmentsCsv',
        'openDataMenusCsv',
        'getPushPublicKey',
        'createFollow',
        'listFollows',
        'deleteFollow',
        'createEvent',
        'getTopEstablishments',
        'listGroups',
        'createGroup',
        'patchGroup',
        'deleteGroup',
        'searchCategories',
        'getCategory',
        'createMenuBoard',
        'patchMenuBoard',
        'deleteMenuBoard',
        'surroundingMenuBoards',
        'createReport',
        'listReports',
        'createAccessRequest',
        'listAccessRequests',
        'decideAccessRequest',
        'createContactMessage',
        'listContactMessages',
        'patchContactMessage',
        'listEstablishmentReports',
        'answerReport',
        'exportGroups',
        'patchReport',
        'adminSignIn',
        'adminRefresh',
        'listAdmins',
        'getAdmin',
        'createAdmin',
        'patchAdmin',
        'deleteAdmin',
        ...owners.flatMap((verb) => [`owner${verb}`, `user${verb}`]),
        ...['list', 'get', 'patch', 'delete', 'export'].flatMap((verb) => [`${verb}Owner`, `${verb}User`]),
      ]
        .map((id) => id.replace(/^(list|export)(Owner|User)$/, '$1$2s'))
        .sort(),
    );
  });

  it.each(entries)('%s converts to JSON Schema for requests and answers', (_id, route) => {
    for (const [, schema] of schemasOf(route)) {
      expect(() => z.toJSONSchema(schema, { unrepresentable: 'any', io: 'input' })).not.toThrow();
      expect(() => z.toJSONSchema(schema, { unrepresentable: 'any', io: 'output' })).not.toThrow();
    }
  });

  it('converts as one document, so named components never clash', () => {
    const all = z.object(
      Object.fromEntries(
        entries.flatMap(([id, route]) =>
          schemasOf(route).map(([where, schema]) => [`${id} ${where}`, schema]),
        ),
      ),
    );
    for (const io of ['input', 'output'] as const) {
      const document = z.toJSONSchema(all, { unrepresentable: 'any', io, metadata: contractRegistry }) as {
        $defs?: Record<string, unknown>;
      };
      expect(Object.keys(document.$defs ?? {})).toEqual(
        expect.arrayContaining([
          'Establishment',
          'AdminEstablishment',
          'PublicEstablishment',
          'MenuBoard',
          'Error',
        ]),
      );
    }
  });

  it('answers documented statuses only with a schema', () => {
    for (const [, route] of entries) {
      const statuses = Object.keys(route.responses).map(Number);
      expect(statuses.some((s) => s >= 200 && s < 300)).toBe(true);
      for (const s of statuses) expect(s >= 200 && s < 600).toBe(true);
    }
  });

  it('uses absolute paths', () => {
    for (const [id, route] of entries) expect(route.path, id).toMatch(/^\//);
  });

  it('has one route per method and path', () => {
    const keys = entries.map(([, r]) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('declares params exactly when the path has some', () => {
    for (const [id, route] of entries) expect(route.path.includes(':'), id).toBe(route.params !== undefined);
  });

  it('carries the zod-free table’s method, path, auth and twin, for the same calls', () => {
    expect(Object.keys(routes)).toEqual(Object.keys(routeTable));
    for (const [id, route] of entries) {
      const { method, path, auth, twin } = route as RouteDef & { twin?: string };
      expect({ method, path, auth, twin }, id).toEqual({ twin: undefined, ...routeTable[id] });
    }
  });

  it('has in its public part the calls of the public pages, as the whole table has them, none needing a token', () => {
    expect(Object.keys(publicRouteTable).sort()).toEqual([
      'createEvent',
      'createFollow',
      'deleteFollow',
      'getCategory',
      'getPublicEstablishment',
      'getPushPublicKey',
      'listFollows',
      'listGroups',
      'mapAround',
      'mapFeed',
      'mapNearest',
      'mapPoints',
      'searchCategories',
      'searchPlaces',
      'surroundingMenuBoards',
    ]);
    for (const [id, route] of Object.entries(publicRouteTable)) {
      expect(routeTable[id as RouteId], id).toBe(route);
      expect(route.auth, id).not.toBe('required');
    }
  });

  it('gives every /api/user route an identical /api/restaurant-owner twin, each naming the other', () => {
    const twinned = entries.filter(([, r]) => /^\/api\/(users?|restaurant-owners?)\//.test(r.path));
    expect(twinned.length).toBe(28);
    expect(entries.filter(([id]) => 'twin' in routeTable[id]).map(([id]) => id)).toEqual(
      twinned.map(([id]) => id),
    );
    for (const [id, route] of twinned.filter(([, r]) => /^\/api\/users?\//.test(r.path))) {
      const twinId = (routeTable[id] as { twin: RouteId }).twin;
      const twin = routes[twinId] as RouteDef;
      expect((routeTable[twinId] as { twin: RouteId }).twin, twinId).toBe(id);
      expect(twin.method).toBe(route.method);
      expect(twin.path).toBe(ownerTwinPath(route.path));
      expect(twin.auth).toBe(route.auth);
      expect(twin.body).toBe(route.body);
      expect(Object.keys(twin.responses)).toEqual(Object.keys(route.responses));
    }
  });

  it('keeps the trailing slashes of the contract', () => {
    expect(routes.listEstablishments.path).toBe('/api/establishments/');
    expect(routes.createEstablishment.path).toBe('/api/establishment/');
    expect(routes.listAdmins.path).toBe('/api/admins/');
    expect(routes.createAdmin.path).toBe('/api/admin/');
    expect(routes.listGroups.path).toBe('/api/groups/');
    expect(routes.createGroup.path).toBe('/api/group/');
    expect(routes.listOwners.path).toBe('/api/restaurant-owners/');
    expect(routes.listUsers.path).toBe('/api/users/');
    expect(routes.createMenuBoard.path).toBe('/api/menuboard/');
    expect(routes.surroundingMenuBoards.path).toBe('/menuboards/surrounding');
    expect(routes.getPublicEstablishment.path).toBe('/establishment/:id/public');
  });

  it('answers sign-in under the key of each naming', () => {
    const account = { id: '11111111-1111-1111-1111-111111111111' };
    const authentication = { token: 'a', longLifeToken: 'b' };
    const owner = {
      ...account,
      email: 'jo@exemple.fr',
      firstName: 'Jo',
      lastName: 'Martin',
      phone: null,
      confirmed: true,
      establishment: null,
      confirmationCodeSentAt: null,
      createdAt: '2024-05-01T10:00:00.000Z',
      updatedAt: '2024-05-01T10:00:00.000Z',
    };
    expect(
      routes.ownerSignIn.responses[200].safeParse({ restaurantOwner: owner, authentication }).success,
    ).toBe(true);
    expect(routes.userSignIn.responses[200].safeParse({ user: owner, authentication }).success).toBe(true);
    expect(
      routes.userSignIn.responses[200].safeParse({ restaurantOwner: owner, authentication }).success,
    ).toBe(false);
  });
});

describe('buildPath', () => {
  it('fills and encodes parameters', () => {
    expect(buildPath(routes.getPublicEstablishment.path, { id: 'pourquoi-pas-?-a-nantes' })).toBe(
      '/establishment/pourquoi-pas-%3F-a-nantes/public',
    );
    expect(buildPath(routes.listEstablishments.path)).toBe('/api/establishments/');
  });

  it('refuses a missing parameter', () => {
    expect(() => buildPath(routes.getAdmin.path)).toThrow(/id/);
  });
});

/*
 * Issue 47, points 9 and 14: every path of the contract asked with a method it does not take is a 405 whose
 * `Allow` lists what it really takes (docs/api.md, "Errors"); a page that moved keeps the query string, and a
 * form posted to its old address is sent on with 308, so that the report is not lost (docs/api.md, "Earlier
 * page addresses").
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ErrorBodySchema } from '@tables-voisines/contract/errors';
import { routes, type RouteDef } from '@tables-voisines/contract/routes';
import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream } from 'react-router';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webBuildDir } from '../src/paths';
import { CROSS_ORIGIN_READS } from '../src/plugins/cors';
import { createAdminAccount } from './accounts';
import { createTestApp, type TestApp } from './app';
import { countReports, createEstablishment } from './factories';

let t: TestApp;
beforeAll(async () => {
  expect(existsSync(path.join(webBuildDir, 'server', 'index.js')), 'run `npm run build` first').toBe(true);
  t = await createTestApp({ serveWeb: true });
});
afterAll(() => t.close());

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
type Method = (typeof METHODS)[number];
const ID = '11111111-1111-4111-8111-111111111111';

function expectRefusal(response: LightMyRequestResponse, label: string, allow: string) {
  expect(response.statusCode, label).toBe(405);
  expect(response.headers.allow, label).toBe(allow);
  expect(response.headers['content-type'], label).toMatch(/^application\/json/);
  // A HEAD has the headers of the GET it stands for, and no body.
  if (response.raw.req.method === 'HEAD') return;
  const body = ErrorBodySchema.parse(response.json());
  expect(body.code, label).toBe('MethodNotAllowed');
  expect(body.details, label).toEqual({ allow: allow.split(', ') });
}

/** A contract path (`/api/admin/:id`) made concrete: a UUID for an id, a name for anything else. */
const concrete = (pattern: string) =>
  pattern.replace(/:(\w+)/g, (_m, name: string) => (name === 'id' ? ID : `un-${name}`));

const segments = (p: string) => p.replace(/\/$/, '').split('/');

/** The parameters `pattern` reads in `url`, or null when it does not match (`*` ends a pattern). */
function paramsOf(pattern: string, url: string): Record<string, string> | null {
  const want = segments(pattern);
  const got = segments(url);
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const part = want[i]!;
    if (part === '*') return params;
    if (i >= got.length) return null;
    if (part.startsWith(':')) params[part.slice(1)] = got[i]!;
    else if (part !== got[i]) return null;
  }
  return want.length === got.length ? params : null;
}

/**
 * What the contract says a path takes: the methods of the calls whose pattern matches it with parameters
 * their schema accepts (`/api/admin/sign-in` is no admin's id), `HEAD` with `GET`, and `OPTIONS` for the
 * public reads other origins make.
 */
function contractMethods(url: string): Method[] {
  const methods = new Set<Method>();
  for (const def of Object.values(routes as Record<string, RouteDef>)) {
    const params = paramsOf(def.path, url);
    if (params === null || (def.params !== undefined && !def.params.safeParse(params).success)) continue;
    methods.add(def.method as Method);
    if (def.method === 'GET') methods.add('HEAD');
  }
  if (CROSS_ORIGIN_READS.some((read) => paramsOf(read.path, url) !== null)) methods.add('OPTIONS');
  return METHODS.filter((method) => methods.has(method));
}

describe('a method a path does not take (point 14)', () => {
  it('answers GET /menuboards/surrounding with a 405 in JSON, not the site’s 404 page', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const response = await t.app.inject({ method, url: '/menuboards/surrounding' });
      expectRefusal(response, method, 'POST, OPTIONS');
    }
  });

  it('serves a page’s data to client navigation though its path takes the page’s form POST as well', async () => {
    const place = await createEstablishment(t.db, { uri: 'le-bon-accueil-a-lyon' });
    // React Router's fetch when a visitor follows « Signaler une erreur » from the place's page.
    const data = await t.app.inject({
      method: 'GET',
      url: `/restaurant/${place.uri}/signaler.data?_routes=routes%2Freport`,
    });
    expect(data.statusCode).toBe(200);
    expect(data.headers['content-type']).toMatch(/^text\/x-script/);
  });

  it('lists in Allow only what the path takes: PUT /api/admin/sign-in allows POST, not GET', async () => {
    const put = await t.app.inject({ method: 'PUT', url: '/api/admin/sign-in' });
    expectRefusal(put, 'PUT', 'POST');
    // `GET /api/admin/:id` has the path's shape, but `sign-in` is no id: a 405 too, not a 401.
    for (const method of ['GET', 'DELETE', 'PATCH'] as const) {
      expectRefusal(await t.app.inject({ method, url: '/api/admin/sign-in' }), method, 'POST');
    }
    // A path no other method takes is still the route's own answer (401 before the id is read).
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/pas-un-id' })).statusCode).toBe(401);
    const admin = await createAdminAccount(t);
    const wrongId = await t.app.inject({
      method: 'GET',
      url: '/api/admin/pas-un-id',
      headers: admin.headers,
    });
    expect(wrongId.statusCode).toBe(400);
  });

  it('is a 405 with a true Allow for every path of the contract and every method it does not take', async () => {
    const paths = [
      ...new Set(Object.values(routes as Record<string, RouteDef>).map((d) => concrete(d.path))),
    ];
    let checked = 0;
    for (const url of paths) {
      const allowed = contractMethods(url);
      expect(allowed.length, url).toBeGreaterThan(0);
      for (const method of METHODS.filter((m) => !allowed.includes(m))) {
        const response = await t.app.inject({ method, url });
        expectRefusal(response, `${method} ${url}`, allowed.join(', '));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(200);
  });
});

describe('a page or an establishment that moved (point 9)', () => {
  const FORM = 'application/x-www-form-urlencoded';
  let address = 1;

  /** A place, renamed by an admin as the back office does: its first address becomes an earlier one. */
  async function movedPlace(before: string, after: string) {
    const place = await createEstablishment(t.db, { uri: before });
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/establishment/${place.id}`,
      headers: (await createAdminAccount(t)).headers,
      payload: { uri: after },
    });
    expect(renamed.statusCode).toBe(200);
    return place;
  }

  const post = (url: string, fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: new URLSearchParams(fields).toString(),
      headers: { 'content-type': FORM },
      remoteAddress: `198.51.100.${address++}`,
    });

  it('keeps the query string on the API’s redirect of an earlier address', async () => {
    await movedPlace('chez-hier-a-lyon', 'chez-demain-a-lyon');
    for (const method of ['GET', 'HEAD'] as const) {
      const moved = await t.app.inject({
        method,
        url: '/establishment/chez-hier-a-lyon/public?x=1&y=%C3%A9',
      });
      expect(moved.statusCode, method).toBe(301);
      expect(moved.headers.location, method).toBe('/establishment/chez-demain-a-lyon/public?x=1&y=%C3%A9');
    }
    const bare = await t.app.inject({ method: 'GET', url: '/establishment/chez-hier-a-lyon/public' });
    expect(bare.headers.location).toBe('/establishment/chez-demain-a-lyon/public');
  });

  it('keeps the query string on a page’s redirect, for the page and its client navigation', async () => {
    await movedPlace('le-vieux-port-a-lyon', 'le-port-neuf-a-lyon');
    for (const method of ['GET', 'HEAD'] as const) {
      const page = await t.app.inject({ method, url: '/restaurant/le-vieux-port-a-lyon?vue=carte&z=14' });
      expect(page.statusCode, method).toBe(301);
      expect(page.headers.location, method).toBe('/restaurant/le-port-neuf-a-lyon?vue=carte&z=14');
    }
    const report = await t.app.inject({
      method: 'GET',
      url: '/restaurant/le-vieux-port-a-lyon/signaler?de=qr',
    });
    expect(report.statusCode).toBe(301);
    expect(report.headers.location).toBe('/restaurant/le-port-neuf-a-lyon/signaler?de=qr');
    // Without a query string, none is added.
    const bare = await t.app.inject({ method: 'GET', url: '/restaurant/le-vieux-port-a-lyon' });
    expect(bare.headers.location).toBe('/restaurant/le-port-neuf-a-lyon');
  });

  it('sends a report posted to the old address on with 308, and the browser’s second POST is taken', async () => {
    const place = await movedPlace('la-vieille-enseigne-a-lyon', 'la-nouvelle-enseigne-a-lyon');
    const fields = { reason: 'hours', message: 'Fermé le lundi.', email: '' };
    const posted = await post('/restaurant/la-vieille-enseigne-a-lyon/signaler?de=affiche', fields);
    expect(posted.statusCode).toBe(308);
    expect(posted.headers.location).toBe('/restaurant/la-nouvelle-enseigne-a-lyon/signaler?de=affiche');
    expect(await countReports(t.db, place.id)).toBe(0);
    // What a browser does with a 308: the same POST, the same body, at the new address.
    const followed = await post(posted.headers.location as string, fields);
    expect(followed.statusCode).toBe(200);
    expect(followed.body).toContain('Merci, votre signalement a été transmis.');
    expect(await countReports(t.db, place.id)).toBe(1);
  });

  it('tells React Router’s <Form> (the `.data` post) to submit again at the new address', async () => {
    const place = await movedPlace('le-comptoir-d-avant-a-lyon', 'le-comptoir-d-apres-a-lyon');
    const posted = await post('/restaurant/le-comptoir-d-avant-a-lyon/signaler.data', { reason: 'menu' });
    expect(posted.statusCode).toBe(202);
    const decoded = await decodeViaTurboStream(
      new Response(posted.rawPayload).body as ReadableStream<Uint8Array>,
      globalThis,
    );
    // React Router submits the same form again on a 307 or 308 (a 301 became a GET of the page).
    expect(decoded.value).toMatchObject({
      redirect: '/restaurant/le-comptoir-d-apres-a-lyon/signaler',
      status: 308,
    });
    expect(await countReports(t.db, place.id)).toBe(0);
    const again = await post('/restaurant/le-comptoir-d-apres-a-lyon/signaler.data', { reason: 'menu' });
    expect(again.statusCode).toBeLessThan(300);
    expect(await countReports(t.db, place.id)).toBe(1);
  });
});

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HttpError, type GetListParams } from 'react-admin';
import { createApiClient } from '../../lib/api-client';
import { createDataProvider } from './data-provider';
import { ETAG_FIELD } from './providers/provider-kit';
import { DAY_TAKEN_MESSAGE } from './providers/menu-boards.provider';

/*
 * The back office's providers against a real HTTP server: what each resource asks the API (path, query,
 * headers, body) and how it reads the answers (ETag, X-Total-Count, X-Dry-Run, refusals).
 */

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}
type Answer = (req: Received, res: ServerResponse) => void;

let server: Server;
let received: Received[] = [];
let answer: Answer = (_req, res) => res.end();
let request: ReturnType<typeof createApiClient>['request'];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const got = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: body === '' ? undefined : (JSON.parse(body) as unknown),
      };
      received.push(got);
      answer(got, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  request = createApiClient({
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
  }).request;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  received = [];
});

function json(status: number, body: unknown, headers: Record<string, string> = {}): Answer {
  return (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
}

const ID = '10000000-0000-4000-8000-000000000001';
const establishment = {
  id: ID,
  name: 'La Marmite',
  uri: 'la-marmite-a-lyon',
  kind: 'restaurant',
  email: null,
  photo: { url: '/media/ancienne.jpg', isFacebookShared: true },
  disabled: false,
  previousUris: [],
};
const stale = {
  code: 'PreconditionFailed',
  message:
    'Quelqu’un d’autre a modifié ces informations pendant que vous les modifiiez : rechargez-les pour voir leur version actuelle, puis refaites vos changements.',
};

/** Where the first request went: its path and its query. */
function firstRequestTarget() {
  const url = new URL(received[0]!.url, 'http://x');
  return { path: url.pathname, query: Object.fromEntries(url.searchParams) };
}

const provider = (mayRead: (resource: string) => boolean = () => true) =>
  createDataProvider(() => 'jeton', mayRead, request);

async function refusal(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

describe('the establishments’ provider', () => {
  it('keeps the ETag a record was read with, and sends it back with the change as If-Match', async () => {
    answer = json(200, establishment, { ETag: `"${ID}.7"` });
    const { data } = await provider().getOne('establishments', { id: ID });
    expect(data[ETAG_FIELD]).toBe(`"${ID}.7"`);
    expect(received[0]).toMatchObject({ method: 'GET', url: `/api/establishment/${ID}` });
    expect(received[0]?.headers.authorization).toBe('Bearer jeton');

    answer = json(200, { ...establishment, name: 'La Grande Marmite' }, { ETag: `"${ID}.8"` });
    const saved = await provider().update('establishments', {
      id: ID,
      data: { ...data, name: 'La Grande Marmite' },
      previousData: data,
    });
    expect(received[1]).toMatchObject({ method: 'PATCH', url: `/api/establishment/${ID}` });
    expect(received[1]?.headers['if-match']).toBe(`"${ID}.7"`);
    // Only what changed travels, never the tag itself.
    expect(received[1]?.body).toEqual({ name: 'La Grande Marmite' });
    expect(saved.data[ETAG_FIELD]).toBe(`"${ID}.8"`);
  });

  it('answers a change based on an older read with the server’s French refusal, 412', async () => {
    answer = json(412, stale);
    const error = await refusal(
      provider().update('establishments', {
        id: ID,
        data: { name: 'Autre nom' },
        previousData: { ...establishment, [ETAG_FIELD]: `"${ID}.7"` },
      }),
    );
    expect(error.status).toBe(412);
    expect(error.message).toBe(stale.message);
    expect((error.body as { code: string }).code).toBe('PreconditionFailed');
  });

  it('deletes with If-Match, and a bulk change of list rows without it', async () => {
    answer = (_req, res) => {
      res.writeHead(204);
      res.end();
    };
    await provider().delete('establishments', {
      id: ID,
      previousData: { ...establishment, [ETAG_FIELD]: `"${ID}.3"` },
    });
    expect(received[0]).toMatchObject({ method: 'DELETE', url: `/api/establishment/${ID}` });
    expect(received[0]?.headers['if-match']).toBe(`"${ID}.3"`);

    answer = json(200, establishment);
    await provider().updateMany('establishments', { ids: [ID], data: { disabled: true } });
    expect(received[1]?.headers['if-match']).toBeUndefined();
    expect(received[1]?.body).toEqual({ disabled: true });
  });

  it('sends a new photo as its address, a removed one as null, and never the photo it has', async () => {
    answer = json(200, establishment);
    const previous = { ...establishment, [ETAG_FIELD]: `"${ID}.1"` };
    const update = (photo: unknown) =>
      provider().update('establishments', { id: ID, data: { ...previous, photo }, previousData: previous });
    await update({ url: '/media/nouvelle.jpg' });
    await update(null);
    await update({ ...establishment.photo });
    expect(received.map((r) => r.body)).toEqual([
      { photo: { url: '/media/nouvelle.jpg' } },
      { photo: null },
      {},
    ]);
  });

  it('shares with If-Match, and says when a share published nothing (X-Dry-Run)', async () => {
    answer = json(200, establishment, { 'X-Dry-Run': 'true', ETag: `"${ID}.9"` });
    const shared = await provider().shareEstablishment('establishments', {
      id: ID,
      previousData: { ...establishment, [ETAG_FIELD]: `"${ID}.8"` },
    });
    expect(received[0]).toMatchObject({ method: 'POST', url: `/api/establishment/share/${ID}` });
    expect(received[0]!.headers['if-match']).toBe(`"${ID}.8"`);
    expect(shared.dryRun).toBe(true);
    expect(shared.data[ETAG_FIELD]).toBe(`"${ID}.9"`);

    answer = json(200, establishment);
    expect(
      (await provider().shareEstablishment('establishments', { id: ID, previousData: establishment })).dryRun,
    ).toBe(false);
  });

  it('renews the claim code with If-Match, and passes on the 429 of a code mailed too often', async () => {
    answer = json(200, { ...establishment, claimCode: 'ABCD2345' }, { ETag: `"${ID}.5"` });
    const renewed = await provider().renewClaimCode('establishments', {
      id: ID,
      previousData: { ...establishment, [ETAG_FIELD]: `"${ID}.4"` },
    });
    expect(received[0]).toMatchObject({ method: 'POST', url: `/api/establishment/${ID}/claim-code` });
    expect(received[0]?.headers['if-match']).toBe(`"${ID}.4"`);
    expect(renewed.data.claimCode).toBe('ABCD2345');

    const wait =
      'Le code vient d’être envoyé à l’adresse de l’établissement : vous pourrez le demander de nouveau dans 42 secondes.';
    answer = json(
      429,
      { code: 'RateLimited', message: wait, details: { retryAfter: 42 } },
      { 'Retry-After': '42' },
    );
    const error = await refusal(provider().sendClaimCode('establishments', { id: ID }));
    expect(received[1]).toMatchObject({
      method: 'POST',
      url: '/api/restaurant-owner/resend-establishment-code',
      body: { establishmentId: ID },
    });
    expect(error.status).toBe(429);
    expect(error.message).toBe(wait);
  });
});

describe('the lists', () => {
  const pagedLists = [
    {
      name: 'page through every category with the server’s total, searching with q',
      resource: 'categories',
      params: {
        pagination: { page: 3, perPage: 25 },
        sort: { field: 'name', order: 'ASC' },
        filter: { q: 'vien' },
      },
      rows: [{ id: 'c61', name: 'Viennoiseries', slug: 'viennoiseries' }],
      total: 61,
      path: '/api/categories/',
      query: { page: '3', perPage: '25', q: 'vien' },
    },
    {
      name: 'read menu boards of every day from the admin list, paged, filtered and sorted by the server',
      resource: 'menu-boards',
      params: {
        pagination: { page: 2, perPage: 25 },
        sort: { field: 'date', order: 'DESC' },
        filter: { q: 'lyon', date: '2026-11-27', establishment: ID },
      },
      rows: [],
      total: 1234,
      path: '/api/menuboards/',
      query: {
        page: '2',
        perPage: '25',
        q: 'lyon',
        date: '2026-11-27',
        establishment: ID,
        sort: 'date',
        order: 'desc',
      },
    },
    {
      name: 'page owners on the server, with their filters and sort',
      resource: 'restaurant-owners',
      params: {
        pagination: { page: 4, perPage: 25 },
        sort: { field: 'email', order: 'DESC' },
        filter: { q: 'garnier', confirmed: true, establishment: 'none' },
      },
      rows: [],
      total: 87,
      path: '/api/restaurant-owners/',
      query: {
        page: '4',
        perPage: '25',
        q: 'garnier',
        sort: 'email',
        order: 'desc',
        confirmed: 'true',
        establishment: 'none',
      },
    },
  ] as const;
  for (const { name, resource, params, rows, total, path, query } of pagedLists) {
    it(name, async () => {
      answer = json(200, rows, { 'X-Total-Count': String(total) });
      const page = await provider().getList(resource, params as unknown as GetListParams);
      expect(page).toEqual({ data: rows, total });
      expect(received.map((r) => r.method)).toEqual(['GET']);
      expect(firstRequestTarget()).toEqual({ path, query });
    });
  }

  it('refuse a read the admin may not make without asking the server', async () => {
    const error = await refusal(
      provider((resource) => resource !== 'admins').getList('admins', {
        pagination: { page: 1, perPage: 25 },
        sort: { field: 'username', order: 'ASC' },
        filter: {},
      }),
    );
    expect(error.status).toBe(403);
    expect(error.message).toBe('Vous n’avez pas les droits nécessaires pour effectuer cette action.');
    expect(received).toEqual([]);
  });
});

describe('the menu boards’ provider', () => {
  it('publishes a new board only when its day has none, and says so under the date otherwise', async () => {
    answer = json(412, stale);
    const error = await refusal(
      provider().create('menu-boards', {
        data: { establishment: ID, title: 'Ardoise', date: '2026-11-27', items: [] },
      }),
    );
    expect(received[0]?.headers['if-none-match']).toBe('*');
    expect(error.message).toBe(DAY_TAKEN_MESSAGE);
    expect((error.body as { errors: unknown }).errors).toEqual({ date: DAY_TAKEN_MESSAGE });
  });

  it('reads a board with its ETag and changes it with If-Match', async () => {
    answer = json(200, { id: ID, title: 'Ardoise', items: [] }, { ETag: `"${ID}.2"` });
    const { data } = await provider().getOne('menu-boards', { id: ID });
    expect(received[0]?.url).toBe(`/api/menuboard/${ID}`);
    await provider().update('menu-boards', {
      id: ID,
      data: { ...data, items: [{ name: 'Quenelle', price: 12.5, category: ID }] },
      previousData: data,
    });
    expect(received[1]?.headers['if-match']).toBe(`"${ID}.2"`);
    expect(received[1]?.body).toEqual({ items: [{ name: 'Quenelle', price: 12.5, category: ID }] });
  });
});

describe('the groups’ provider', () => {
  it('reads a group with its ETag and changes or deletes it with If-Match', async () => {
    answer = json(
      200,
      { id: ID, name: 'Collectif', latitude: 45, longitude: 4, radius: 3 },
      { ETag: `"${ID}.4"` },
    );
    const { data } = await provider().getOne('groups', { id: ID });
    expect(received[0]?.url).toBe(`/api/group/${ID}`);
    await provider().update('groups', { id: ID, data: { ...data, radius: 4.5 }, previousData: data });
    expect(received[1]).toMatchObject({ method: 'PATCH', body: { radius: 4.5 } });
    expect(received[1]?.headers['if-match']).toBe(`"${ID}.4"`);
    answer = (_req, res) => {
      res.writeHead(204);
      res.end();
    };
    await provider().delete('groups', { id: ID, previousData: data });
    expect(received[2]?.headers['if-match']).toBe(`"${ID}.4"`);
  });
});

describe('the establishments’ closures and freshness', () => {
  it('sends changed closures as the contract reads them, and untouched ones not at all', async () => {
    const closures = [{ from: '2026-08-03', to: null, reason: null }];
    const previous = { ...establishment, closures, [ETAG_FIELD]: `"${ID}.2"` };
    answer = json(200, previous);
    await provider().update('establishments', {
      id: ID,
      data: {
        ...previous,
        closures: [...closures, { from: '2026-12-24', to: '2026-12-26', reason: 'Noël ' }],
      },
      previousData: previous,
    });
    expect(received[0]?.body).toEqual({
      closures: [
        { from: '2026-08-03', to: null, reason: null },
        { from: '2026-12-24', to: '2026-12-26', reason: 'Noël' },
      ],
    });
    await provider().update('establishments', {
      id: ID,
      data: { ...previous, name: 'La Marmite bis' },
      previousData: previous,
    });
    expect(received[1]?.body).toEqual({ name: 'La Marmite bis' });
  });

  it('asks for the visible pages not verified since a day, the oldest first, with their count', async () => {
    answer = json(200, [establishment], { 'X-Total-Count': '42' });
    const { total } = await provider().getList('establishments', {
      filter: { notVerifiedSince: '2026-05-27', withDisabled: false },
      sort: { field: 'verifiedAt', order: 'ASC' },
      pagination: { page: 1, perPage: 10 },
    });
    expect(total).toBe(42);
    expect(firstRequestTarget()).toMatchObject({
      path: '/api/establishments/',
      query: {
        notVerifiedSince: '2026-05-27',
        withDisabled: 'false',
        sort: 'verifiedAt',
        order: 'asc',
        perPage: '10',
      },
    });
  });

  it('marks a page verified and keeps the ETag of the answer', async () => {
    answer = json(200, { ...establishment, verifiedAt: '2026-11-27T10:00:00.000Z' }, { ETag: `"${ID}.9"` });
    const { data } = await provider().verifyEstablishment('establishments', { id: ID });
    expect(received[0]).toMatchObject({ method: 'POST', url: `/api/establishment/${ID}/verify` });
    expect(received[0]?.headers.authorization).toBe('Bearer jeton');
    expect(data).toMatchObject({ verifiedAt: '2026-11-27T10:00:00.000Z', [ETAG_FIELD]: `"${ID}.9"` });
  });
});

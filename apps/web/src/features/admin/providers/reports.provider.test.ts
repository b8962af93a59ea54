import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../lib/api-client';
import { createDataProvider } from '../data-provider';

/* The « Signalements » list's calls against a real HTTP server: what is asked, how the answer is read. */

const received: { method: string; url: string; authorization: string | undefined; body: unknown }[] = [];
let server: Server;
let baseUrl = '';
const REPORT = {
  id: '20000000-0000-4000-8000-000000000002',
  establishment: { id: '10000000-0000-4000-8000-000000000001', name: 'Le Zinc', uri: 'le-zinc-a-nantes' },
  reason: 'hours',
  message: 'Fermé le lundi.',
  email: null,
  status: 'open',
  createdAt: '2026-08-15T10:00:00.000Z',
  resolvedAt: null,
  resolvedBy: null,
  ownerAnswer: null,
  reporterToldAt: null,
};

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({
        method: req.method ?? '',
        url: req.url ?? '',
        authorization: req.headers.authorization,
        body: body === '' ? undefined : (JSON.parse(body) as unknown),
      });
      const patched = req.method === 'PATCH';
      res.writeHead(200, { 'content-type': 'application/json', 'x-total-count': '7' });
      res.end(
        JSON.stringify(
          patched ? { ...REPORT, status: 'resolved', resolvedAt: '2026-08-15T11:00:00.000Z' } : [REPORT],
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const provider = () =>
  createDataProvider(
    () => 'jeton',
    () => true,
    createApiClient({ baseUrl }).request,
  );

describe('the reports’ provider', () => {
  it('asks one status a page at a time and reads the total from X-Total-Count', async () => {
    const list = await provider().getList('reports', {
      filter: { status: 'open' },
      pagination: { page: 2, perPage: 25 },
      sort: { field: 'createdAt', order: 'DESC' },
    });
    expect(received.at(-1)).toMatchObject({
      method: 'GET',
      url: '/api/reports/?page=2&perPage=25&status=open',
      authorization: 'Bearer jeton',
    });
    expect(list).toEqual({ data: [REPORT], total: 7 });
    await provider().getList('reports', {
      filter: {},
      pagination: { page: 1, perPage: 1 },
      sort: { field: 'createdAt', order: 'DESC' },
    });
    expect(received.at(-1)?.url).toBe('/api/reports/?page=1&perPage=1');
    // « Tous » is a choice of the select (`all`), which asks every status.
    await provider().getList('reports', {
      filter: { status: 'all' },
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'createdAt', order: 'DESC' },
    });
    expect(received.at(-1)?.url).toBe('/api/reports/?page=1&perPage=25');
  });

  it('marks a report corrected or reopens it with its status alone, and refuses anything else', async () => {
    const done = await provider().update('reports', {
      id: REPORT.id,
      data: { status: 'resolved' },
      previousData: REPORT,
    });
    expect(received.at(-1)).toMatchObject({
      method: 'PATCH',
      url: `/api/report/${REPORT.id}`,
      body: { status: 'resolved' },
    });
    expect(done.data).toMatchObject({ id: REPORT.id, status: 'resolved' });
    await provider().update('reports', { id: REPORT.id, data: { status: 'open' }, previousData: REPORT });
    expect(received.at(-1)).toMatchObject({ method: 'PATCH', body: { status: 'open' } });
    const count = received.length;
    await expect(
      provider().update('reports', { id: REPORT.id, data: { status: 'perdu' }, previousData: REPORT }),
    ).rejects.toMatchObject({ status: 400 });
    expect(received).toHaveLength(count);
  });
});

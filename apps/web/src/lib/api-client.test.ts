import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { publicRouteTable } from '@tables-voisines/contract/public-route-table';
import { ApiError, createApiClient, createClientOver, isApiError } from './api-client';

/** A real HTTP server: each test says how it answers, and reads what the client sent. */
interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}
type Answer = (res: ServerResponse) => void;

let server: Server;
let received: Received[] = [];
let answer: Answer = (res) => res.end();
let baseUrl = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      answer(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  received = [];
});

function json(status: number, body: unknown): Answer {
  return (res) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

const establishment = {
  id: '10000000-0000-4000-8000-000000000001',
  uri: 'la-marmite-a-lyon',
  name: 'La Marmite',
};

describe('the API client', () => {
  it('answers the data of a successful call, sent with JSON, credentials and the app identifier', async () => {
    answer = json(200, establishment);
    const client = createApiClient({ baseUrl });
    const data = await client.request('getPublicEstablishment', { params: { id: "l'auberge & co" } });
    expect(data).toEqual(establishment);
    expect(received).toHaveLength(1);
    expect(received[0]?.method).toBe('GET');
    expect(received[0]?.url).toBe("/establishment/l'auberge%20%26%20co/public");
    expect(received[0]?.headers['x-app-id']).toBe('tables-voisines-web');
    expect(received[0]?.headers.accept).toBe('application/json');
  });

  it('calls the same way over the public pages’ part of the table', async () => {
    answer = json(200, []);
    const client = createClientOver(publicRouteTable, { baseUrl });
    await client.request('searchPlaces', { query: { q: 'Saint-Étienne', limit: 5 } });
    expect(received[0]?.method).toBe('GET');
    expect(received[0]?.url).toBe('/api/places/search?q=Saint-%C3%89tienne&limit=5');
    expect(received[0]?.headers['x-app-id']).toBe('tables-voisines-web');
  });

  it('includes credentials in every call', async () => {
    let init: RequestInit | undefined;
    const client = createApiClient({
      fetch: (_url, options) => {
        init = options;
        return Promise.resolve(Response.json([]));
      },
    });
    await client.request('listEstablishments');
    expect(init?.credentials).toBe('include');
  });

  it('is relative to the page by default', async () => {
    let calledUrl = '';
    const client = createApiClient({
      fetch: (url) => {
        calledUrl = String(url);
        return Promise.resolve(Response.json([]));
      },
    });
    await client.request('listEstablishments', { query: { withDisabled: 'false', q: undefined } });
    expect(calledUrl).toBe('/api/establishments/?withDisabled=false');
  });

  it('posts a JSON body and a bearer token when given', async () => {
    answer = json(200, []);
    const client = createApiClient({ baseUrl });
    const box = {
      categories: [],
      northEast: { latitude: 45.8, longitude: 4.9 },
      southWest: { latitude: 45.7, longitude: 4.8 },
    };
    await client.request('surroundingMenuBoards', { body: box, token: 'abc' });
    expect(received[0]?.method).toBe('POST');
    expect(received[0]?.headers['content-type']).toBe('application/json');
    expect(received[0]?.headers.authorization).toBe('Bearer abc');
    expect(JSON.parse(received[0]?.body ?? '')).toEqual(box);
  });

  it('sends the version a write is based on, and shows the ETag of the answer', async () => {
    answer = (res) => {
      res.writeHead(204, { ETag: '"e.8"' });
      res.end();
    };
    const client = createApiClient({ baseUrl });
    let etag: string | null = null;
    await client.request('deleteEstablishment', {
      params: { id: 'e' },
      headers: { 'If-Match': '"e.7"' },
      onResponse: (response) => (etag = response.headers.get('ETag')),
    });
    expect(received[0]?.headers['if-match']).toBe('"e.7"');
    expect(etag).toBe('"e.8"');
  });

  it('turns an error answer into an error named after its code, with its message and data', async () => {
    const body = { code: 'NotFound', message: "Cet établissement n'existe pas.", details: { id: 'x' } };
    answer = json(404, body);
    const client = createApiClient({ baseUrl });
    const error = await failure(client.request('getPublicEstablishment', { params: { id: 'x' } }));
    expect(error.name).toBe('NotFound');
    expect(error.code).toBe('NotFound');
    expect(error.message).toBe("Cet établissement n'existe pas.");
    expect(error.status).toBe(404);
    expect(error.data).toEqual(body);
    expect(error.details).toEqual({ id: 'x' });
    expect(isApiError(error, 'NotFound')).toBe(true);
    expect(isApiError(error, 'Forbidden')).toBe(false);
  });

  it('names an error without a code UnexpectedError, with the status in its message', async () => {
    answer = (res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<h1>Bad gateway</h1>');
    };
    const client = createApiClient({ baseUrl });
    const error = await failure(client.request('listEstablishments'));
    expect(error.name).toBe('UnexpectedError');
    expect(error.message).toBe('Request failed with status code 502');
    expect(error.status).toBe(502);
    expect(error.data).toBe('<h1>Bad gateway</h1>');
  });

  it('gives the status message to an error answer with an empty body', async () => {
    answer = (res) => {
      res.writeHead(500);
      res.end();
    };
    const client = createApiClient({ baseUrl });
    const error = await failure(client.request('listEstablishments'));
    expect(error.name).toBe('UnexpectedError');
    expect(error.message).toBe('Request failed with status code 500');
    expect(error.data).toBeNull();
  });

  it('refuses an empty body where data is expected', async () => {
    answer = (res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end();
    };
    const client = createApiClient({ baseUrl });
    const error = await failure(client.request('getPublicEstablishment', { params: { id: 'x' } }));
    expect(error.name).toBe('UnexpectedError');
    expect(error.status).toBe(200);
  });

  it('answers nothing for 204 No Content', async () => {
    answer = (res) => {
      res.writeHead(204);
      res.end();
    };
    const client = createApiClient({ baseUrl });
    const id = '10000000-0000-4000-8000-000000000001';
    await expect(
      client.request('deleteEstablishment', { params: { id }, token: 't' }),
    ).resolves.toBeUndefined();
    expect(received[0]?.method).toBe('DELETE');
    expect(received[0]?.url).toBe(`/api/establishment/${id}`);
  });

  it('wraps a call that got no answer at all', async () => {
    const client = createApiClient({ baseUrl: 'http://127.0.0.1:1' });
    const error = await failure(client.request('listEstablishments'));
    expect(error.name).toBe('UnexpectedError');
    expect(error.status).toBe(0);
  });
});

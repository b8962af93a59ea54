import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { action } from '../../app/routes/owner/verify';
import { verifyByToken } from './verify-link';

/*
 * The reminder link's confirmation against a real HTTP server answering as the contract says: the page's
 * words follow the answer.
 */

let server: Server;
let baseUrl: string;
const received: { method: string; url: string; body: unknown }[] = [];
let answer: { status: number; body: unknown } = { status: 200, body: {} };

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', body: JSON.parse(body) as unknown });
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const establishment = { name: 'Chez Toto', kind: 'restaurant', uri: 'chez-toto-a-lyon', disabled: false };

describe('the reminder e-mail’s link', () => {
  it('posts the token and thanks the owner with its establishment’s name and page', async () => {
    answer = { status: 200, body: establishment };
    expect(await verifyByToken('abc123', baseUrl)).toEqual({
      status: 'verified',
      name: 'Chez Toto',
      path: '/restaurant/chez-toto-a-lyon',
    });
    expect(received.at(-1)).toEqual({
      method: 'POST',
      url: '/api/establishment/verify',
      body: { token: 'abc123' },
    });
  });

  it('links to no page while the team hides it', async () => {
    answer = { status: 200, body: { ...establishment, disabled: true } };
    expect(await verifyByToken('abc123', baseUrl)).toMatchObject({ status: 'verified', path: null });
  });

  it('says an expired or used link is no more, and a vanished establishment is gone', async () => {
    answer = { status: 400, body: { code: 'InvalidToken', message: 'Lien invalide ou expiré.' } };
    expect(await verifyByToken('vieux', baseUrl)).toEqual({ status: 'invalid' });
    answer = { status: 404, body: { code: 'NotFound', message: 'Établissement introuvable.' } };
    expect(await verifyByToken('abc123', baseUrl)).toEqual({ status: 'gone' });
  });

  it('offers to try again when the server fails', async () => {
    answer = { status: 500, body: { code: 'UnexpectedError', message: 'Erreur.' } };
    expect(await verifyByToken('abc123', baseUrl)).toEqual({
      status: 'failed',
      message: 'La confirmation n’a pas pu être enregistrée. Veuillez réessayer.',
    });
  });

  it('confirms without JavaScript: the page’s form posts the token to the route, which asks the API', async () => {
    answer = { status: 200, body: establishment };
    const request = new Request(`${baseUrl}/espace-restaurateur/verifier?jeton=abc123`, {
      method: 'POST',
      body: new URLSearchParams({ jeton: ' abc123 ' }),
    });
    const outcome = await action({ request } as Parameters<typeof action>[0]);
    expect(outcome).toMatchObject({ status: 'verified', name: 'Chez Toto' });
    expect(received.at(-1)).toEqual({
      method: 'POST',
      url: '/api/establishment/verify',
      body: { token: 'abc123' },
    });
  });
});

import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminAccount, type TestAccount } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';
import { createEstablishment } from '../../../test/factories';
import type { FacebookShare } from '../../adapters/share/share';
import { changeHistory, establishments } from '../../db/schema';

interface GraphCall {
  path: string;
  form: URLSearchParams;
}

/** A stand-in for the Graph API on 127.0.0.1: answers as `reply` says, records what it was sent. */
async function startFakeGraph() {
  const calls: GraphCall[] = [];
  let reply: 'ok' | 'refuse' | 'hang' = 'ok';
  const hanging = new Set<IncomingMessage>();
  const server: Server = createServer(async (request, response) => {
    let body = '';
    for await (const chunk of request) body += chunk;
    calls.push({ path: request.url ?? '', form: new URLSearchParams(body) });
    if (reply === 'hang') {
      hanging.add(request);
      return;
    }
    response.setHeader('content-type', 'application/json');
    if (reply === 'refuse') {
      response.statusCode = 400;
      response.end(
        JSON.stringify({
          error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 },
        }),
      );
    } else {
      response.end(JSON.stringify({ id: '178001', post_id: '99887766_178001' }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v21.0`,
    calls,
    setReply: (r: typeof reply) => (reply = r),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('sharing without a Facebook page (dry run)', () => {
  let t: TestApp;
  let admin: TestAccount;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdminAccount(t, { permissions: [{ action: 'share', subject: 'establishment' }] });
  });
  afterAll(() => t.close());

  it('marks the photo as shared, records the dry run and says it was one (X-Dry-Run)', async () => {
    const place = await createEstablishment(t.db, { photoUrl: '/media/vitrine.jpg' });
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/establishment/share/${place.id}`,
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-dry-run']).toBe('true');
    expect(response.json().photo).toEqual({ url: '/media/vitrine.jpg', isFacebookShared: true });
    const [entry] = await t.db.select().from(changeHistory).where(eq(changeHistory.subjectId, place.id));
    expect(entry).toMatchObject({ action: 'share', actorId: admin.id });
    expect(entry!.changes).toContainEqual({ field: 'facebookPost', from: null, to: 'dry-run' });
  });

  it('answers 409 NoPhoto without a photo and 404 for an unknown establishment', async () => {
    const place = await createEstablishment(t.db);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/establishment/share/${place.id}`,
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('NoPhoto');
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/establishment/share/11111111-1111-1111-1111-111111111111',
      headers: admin.headers,
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('sharing on the Facebook page through the Graph API', () => {
  let t: TestApp;
  let admin: TestAccount;
  let graph: Awaited<ReturnType<typeof startFakeGraph>>;
  beforeAll(async () => {
    graph = await startFakeGraph();
    t = await createTestApp({
      env: {
        FACEBOOK_PAGE_ID: '99887766',
        FACEBOOK_PAGE_TOKEN: 'jeton-de-page',
        FACEBOOK_GRAPH_URL: graph.url,
        PUBLIC_URL: 'https://www.tables-voisines.fr',
      },
    });
    admin = await createAdminAccount(t);
  });
  afterAll(async () => {
    await t.close();
    await graph.close();
  });

  const share = (id: string) =>
    t.app.inject({ method: 'POST', url: `/api/establishment/share/${id}`, headers: admin.headers });

  it('posts the sharing copy of the photo with a French caption to the page', async () => {
    graph.setReply('ok');
    const key = '0b7c2f7e-4d7a-4f5e-9a59-3c1d2e3f4a5b';
    const place = await createEstablishment(t.db, {
      name: 'Crêperie Ty Breizh',
      // « à Le Mans » is no French: the caption contracts the town's article as every name shown does.
      town: 'Le Mans',
      photoUrl: `/media/${key}.jpg`,
    });
    const response = await share(place.id);
    expect(response.statusCode).toBe(200);
    expect(response.json().photo.isFacebookShared).toBe(true);
    expect(response.headers['x-dry-run']).toBeUndefined();
    const call = graph.calls.at(-1)!;
    expect(call.path).toBe('/v21.0/99887766/photos');
    expect(call.form.get('access_token')).toBe('jeton-de-page');
    expect(call.form.get('url')).toBe(`https://www.tables-voisines.fr/media/${key}-social.webp`);
    expect(call.form.get('caption')).toBe(
      'Crêperie Ty Breizh au Mans : découvrez cet établissement local sur Tables Voisines !\n' +
        'https://www.tables-voisines.fr/restaurant/cr%C3%AAperie-ty-breizh-a-le-mans',
    );
    const [entry] = await t.db.select().from(changeHistory).where(eq(changeHistory.subjectId, place.id));
    expect(entry!.changes).toContainEqual({ field: 'facebookPost', from: null, to: '99887766_178001' });
  });

  it('answers 502 ShareFailed when the Graph API refuses, and leaves the flag alone', async () => {
    graph.setReply('refuse');
    const place = await createEstablishment(t.db, { photoUrl: 'https://cdn.exemple.fr/photo.jpg' });
    const response = await share(place.id);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({
      code: 'ShareFailed',
      message: 'Le réseau social a refusé la publication de cette photo.',
    });
    const [row] = await t.db.select().from(establishments).where(eq(establishments.id, place.id));
    expect(row!.photoIsFacebookShared).toBe(false);
    expect(graph.calls.at(-1)!.form.get('url')).toBe('https://cdn.exemple.fr/photo.jpg');
  });

  it('answers 502 ShareFailed when the Graph API does not answer in time', async () => {
    graph.setReply('hang');
    (t.app.ctx.share as FacebookShare).timeoutMs = 300;
    const place = await createEstablishment(t.db, { photoUrl: '/media/vitrine.jpg' });
    const started = Date.now();
    const response = await share(place.id);
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toContain('n’a pas répondu');
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

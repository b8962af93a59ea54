import { describe, expect, it } from 'vitest';
import { ApiError, APP_ID_HEADER, createApiClient } from '../../lib/api-client';
import { createSessionApi } from './session-api';
import { testOwner } from './session-fixtures';

const authentication = { token: 'short', longLifeToken: 'long' };
const owner = testOwner;

/** The site's one client over a fake `fetch` that records each request and answers the given response. */
function clientAnswering(status: number, body: unknown) {
  const requests: { url: string; method: string; headers: Record<string, string>; body: unknown }[] = [];
  const fakeFetch: typeof fetch = (input, init) => {
    requests.push({
      url: String(input),
      method: init?.method ?? 'GET',
      headers: init?.headers as Record<string, string>,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body,
    });
    return Promise.resolve(
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
    );
  };
  return { request: createApiClient({ fetch: fakeFetch }).request, requests };
}

describe('session calls through the API client', () => {
  it('refreshes with the bearer and the same token in the body', async () => {
    const { request, requests } = clientAnswering(200, { token: 'new' });
    await expect(createSessionApi({ request }).adminRefresh('old')).resolves.toEqual({ token: 'new' });
    expect(requests).toEqual([
      {
        url: '/api/admin/refresh',
        method: 'POST',
        headers: expect.objectContaining({
          Authorization: 'Bearer old',
          [APP_ID_HEADER]: 'tables-voisines-web',
        }),
        body: { token: 'old' },
      },
    ]);
  });

  it('uses the /api/user paths and answers the account under restaurantOwner for the user naming', async () => {
    const { request, requests } = clientAnswering(200, { user: owner, authentication });
    const api = createSessionApi({ ownerKey: 'user', request });
    await expect(api.ownerSignIn({ token: 'long' })).resolves.toEqual({
      restaurantOwner: owner,
      authentication,
    });
    expect(requests[0]).toMatchObject({ url: '/api/user/sign-in', body: { token: 'long' } });

    const refresh = clientAnswering(200, { token: 'new' });
    await createSessionApi({ ownerKey: 'user', request: refresh.request }).ownerRefresh('old');
    expect(refresh.requests[0]?.url).toBe('/api/user/refresh');
  });

  it('uses the /api/restaurant-owner paths by default', async () => {
    const { request, requests } = clientAnswering(200, { restaurantOwner: owner, authentication });
    await createSessionApi({ request }).ownerSignIn({ email: 'lea@la-marmite.fr', password: 'secret' });
    expect(requests[0]).toMatchObject({ url: '/api/restaurant-owner/sign-in' });
  });

  it('fails with the client error named after the answer code', async () => {
    const { request } = clientAnswering(401, {
      code: 'InvalidCredentials',
      message: 'Identifiants incorrects.',
    });
    const failure = createSessionApi({ request }).adminSignIn({ username: 'camille', password: 'wrong' });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ name: 'InvalidCredentials', status: 401 });
  });
});

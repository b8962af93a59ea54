import { describe, expect, it, vi } from 'vitest';
import { subscribeAgain, type ResubscribeDeps } from './resubscribe';
import { base64urlToBytes } from './push-subscription';

/*
 * What the service worker does when the push service renews the browser's subscription
 * (`pushsubscriptionchange`): its push manager and the network replaced at their boundary.
 */

const KEY = 'BO' + 'A'.repeat(84);
const keys = { p256dh: 'B' + 'x'.repeat(86), auth: 'y'.repeat(22) };
const renewed = (endpoint: string) => ({ toJSON: () => ({ endpoint, expirationTime: null, keys }) });

function worker(follows: { id: string }[]) {
  const posted: { url: string; body: unknown }[] = [];
  const deps: ResubscribeDeps = {
    follows: async () => follows,
    subscribe: vi.fn(async () => renewed('https://fcm.googleapis.com/fcm/send/nouvelle')),
    fetch: vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url === '/api/push/public-key') return Response.json({ publicKey: KEY });
      posted.push({ url, body: JSON.parse(String(init?.body)) });
      return new Response(JSON.stringify({}), { status: 201 });
    }) as unknown as typeof fetch,
  };
  return { deps, posted };
}

describe('a subscription the push service renewed', () => {
  it('sends every followed place again with the browser’s new subscription', async () => {
    const { deps, posted } = worker([{ id: 'a' }, { id: 'b' }]);
    expect(
      await subscribeAgain(null, renewed('https://updates.push.services.mozilla.com/wpush/v2/x'), deps),
    ).toBe(2);
    expect(deps.subscribe).not.toHaveBeenCalled();
    expect(posted).toEqual([
      {
        url: '/api/follows',
        body: {
          establishment: 'a',
          subscription: { endpoint: 'https://updates.push.services.mozilla.com/wpush/v2/x', keys },
        },
      },
      {
        url: '/api/follows',
        body: {
          establishment: 'b',
          subscription: { endpoint: 'https://updates.push.services.mozilla.com/wpush/v2/x', keys },
        },
      },
    ]);
  });

  it('subscribes again with the old subscription’s key, else the server’s, when the browser gives none', async () => {
    const withOld = worker([{ id: 'a' }]);
    const oldKey = base64urlToBytes(KEY);
    await subscribeAgain(
      { options: { applicationServerKey: oldKey.buffer, userVisibleOnly: true } },
      null,
      withOld.deps,
    );
    expect(withOld.deps.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: oldKey,
    });
    expect(withOld.deps.fetch).not.toHaveBeenCalledWith('/api/push/public-key', expect.anything());

    const withoutOld = worker([{ id: 'a' }]);
    await subscribeAgain(null, null, withoutOld.deps);
    expect(withoutOld.deps.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: oldKey,
    });
    expect(
      withoutOld.posted.map((p) => (p.body as { subscription: { endpoint: string } }).subscription.endpoint),
    ).toEqual(['https://fcm.googleapis.com/fcm/send/nouvelle']);
  });

  it('does nothing for a browser that follows nothing', async () => {
    const { deps } = worker([]);
    expect(await subscribeAgain(null, null, deps)).toBe(0);
    expect(deps.subscribe).not.toHaveBeenCalled();
    expect(deps.fetch).not.toHaveBeenCalled();
  });
});

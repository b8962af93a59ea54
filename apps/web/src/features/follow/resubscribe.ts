import { publicRouteTable } from '@tables-voisines/contract/public-route-table';
import { APP_ID, APP_ID_HEADER } from '../../lib/api-core';
import type { MirroredFollow } from './follow-mirror';
import { base64urlToBytes, subscribeOptions, subscriptionBody } from './push-subscription';

/** What the service worker gives `subscribeAgain`: its list's copy, its push manager, `fetch`. */
export interface ResubscribeDeps {
  follows(): Promise<MirroredFollow[]>;
  subscribe(options: PushSubscriptionOptionsInit): Promise<Pick<PushSubscription, 'toJSON'>>;
  fetch: typeof fetch;
}

/**
 * `pushsubscriptionchange`: the push service renewed or dropped this browser's subscription, often with no
 * page open. The new one (the browser's, or one made with the old one's key, else the server's), and every
 * followed place sent again with it (follow-mirror.ts keeps their ids for the worker). A place that fails is
 * left for the next visit of a page, which puts the lists back in step.
 */
export async function subscribeAgain(
  oldSubscription: Pick<PushSubscription, 'options'> | null | undefined,
  newSubscription: Pick<PushSubscription, 'toJSON'> | null | undefined,
  deps: ResubscribeDeps,
): Promise<number> {
  const follows = await deps.follows();
  if (follows.length === 0) return 0;
  const headers = { 'Content-Type': 'application/json', [APP_ID_HEADER]: APP_ID };
  let subscription = newSubscription ?? null;
  if (subscription === null) {
    const oldKey = oldSubscription?.options.applicationServerKey ?? null;
    const key =
      oldKey !== null
        ? new Uint8Array(oldKey)
        : base64urlToBytes(
            (
              (await (await deps.fetch(publicRouteTable.getPushPublicKey.path, { headers })).json()) as {
                publicKey: string;
              }
            ).publicKey,
          );
    subscription = await deps.subscribe(subscribeOptions(key));
  }
  const body = subscriptionBody(subscription);
  let sent = 0;
  for (const { id } of follows) {
    const answer = await deps
      .fetch(publicRouteTable.createFollow.path, {
        method: 'POST',
        headers,
        body: JSON.stringify({ establishment: id, subscription: body }),
      })
      .catch(() => null);
    if (answer?.ok === true) sent += 1;
  }
  return sent;
}

import type { PushSubscriptionBody } from '@tables-voisines/contract/schemas/follow';

/*
 * The browser's push subscription as the API takes it, shared by the page and the service worker.
 */

/** `PushSubscription.toJSON()` less `expirationTime`, as `POST /api/follows` takes it. */
export function subscriptionBody(subscription: Pick<PushSubscription, 'toJSON'>): PushSubscriptionBody {
  const { endpoint, keys } = subscription.toJSON();
  return { endpoint: endpoint ?? '', keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' } };
}

/** The VAPID key the server gives (base64url) as the bytes `pushManager.subscribe` takes. */
export function base64urlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Whether a subscription was made with `key`: a server whose key changed cannot send to the others. */
export function sameKey(subscriptionKey: ArrayBuffer | null | undefined, key: Uint8Array): boolean {
  if (subscriptionKey === null || subscriptionKey === undefined) return false;
  const bytes = new Uint8Array(subscriptionKey);
  return bytes.length === key.length && bytes.every((byte, i) => byte === key[i]);
}

/** `pushManager.subscribe` as this site asks: every message shows a notification. */
export function subscribeOptions(key: Uint8Array<ArrayBuffer>): PushSubscriptionOptionsInit {
  return { userVisibleOnly: true, applicationServerKey: key };
}

import type { PushPayload } from '@tables-voisines/contract/schemas/follow';

/*
 * What the service worker does with a push message and with a click on its notification: pure functions,
 * tested without a worker (sw.ts calls them).
 */

/** The site's icon, where the message names none (a place without its own). */
export const DEFAULT_NOTIFICATION_ICON = '/icons/icon-192.png';
/** The small monochrome drawing Android shows in the status bar (scripts/build-icons.mjs). */
export const NOTIFICATION_BADGE = '/icons/badge-96.png';

/** Shown for a message that cannot be read: a push with `userVisibleOnly` must always show something. */
const UNREADABLE: PushPayload = {
  title: 'Nouvelle ardoise du jour',
  body: 'Un établissement que vous suivez a publié son ardoise.',
  url: '/',
  tag: 'ardoise-du-jour',
};

/** The message's payload (JSON: `{ title, body, url, tag, icon? }`, `PushPayloadSchema`), checked by hand. */
export function readPushPayload(text: string | null | undefined): PushPayload {
  if (text === null || text === undefined || text === '') return UNREADABLE;
  try {
    const value = JSON.parse(text) as Partial<Record<keyof PushPayload, unknown>> | null;
    if (value === null || typeof value !== 'object') return UNREADABLE;
    const { title, body, url, tag, icon } = value;
    if (typeof title !== 'string' || title === '' || typeof url !== 'string') return UNREADABLE;
    return {
      title,
      body: typeof body === 'string' ? body : '',
      url,
      tag: typeof tag === 'string' && tag !== '' ? tag : url,
      ...(typeof icon === 'string' && icon !== '' ? { icon } : {}),
    };
  } catch {
    return UNREADABLE;
  }
}

/** What `showNotification` is given: the same tag replaces an earlier notification of the same place and day. */
export function notificationOptions(payload: PushPayload): NotificationOptions & { title: string } {
  return {
    title: payload.title,
    body: payload.body,
    icon: payload.icon ?? DEFAULT_NOTIFICATION_ICON,
    badge: NOTIFICATION_BADGE,
    tag: payload.tag,
    lang: 'fr',
    data: { url: payload.url },
  };
}

/** The page a notification opens, on the worker's origin when the message gives a path. */
export function notificationTarget(data: unknown, origin: string): URL {
  const url = typeof data === 'object' && data !== null ? (data as { url?: unknown }).url : undefined;
  try {
    return new URL(typeof url === 'string' ? url : '/', origin);
  } catch {
    return new URL('/', origin);
  }
}

/** Pages where someone may be typing (the signed-in areas, the forms): a notification never takes them away. */
const WORK_PAGES = /^\/(?:espace-restaurateur|admin)(?:\/|$)|^\/contact$|\/signaler$/;

/**
 * Which open window a click on the notification uses: one already showing the place's page is brought
 * forward; otherwise a window on one of the site's public pages goes to it (never a page where an owner or
 * an admin may be typing); `null`: a new window opens.
 */
export function windowForNotification<Client extends { url: string }>(
  clients: readonly Client[],
  target: URL,
): { client: Client; navigate: boolean } | null {
  const sameTarget = (client: Client) => {
    const url = new URL(client.url);
    return url.origin === target.origin && url.pathname === target.pathname;
  };
  const showing = clients.find(sameTarget);
  if (showing !== undefined) return { client: showing, navigate: false };
  const publicPage = clients.find((client) => {
    const url = new URL(client.url);
    return url.origin === target.origin && !WORK_PAGES.test(url.pathname);
  });
  return publicPage === undefined ? null : { client: publicPage, navigate: true };
}

import { describe, expect, it } from 'vitest';
import {
  DEFAULT_NOTIFICATION_ICON,
  NOTIFICATION_BADGE,
  notificationOptions,
  notificationTarget,
  readPushPayload,
  windowForNotification,
} from './push-notification';
import { base64urlToBytes, sameKey, subscriptionBody } from './push-subscription';

const ORIGIN = 'https://tables-voisines.fr';
const PAGE = `${ORIGIN}/restaurant/la-marmite`;

describe('the notification of a place’s board', () => {
  it('shows the message’s title and text, the place’s icon or the site’s, and remembers its page', () => {
    const payload = readPushPayload(
      JSON.stringify({
        title: 'La Marmite a publié son ardoise',
        body: 'Blanquette de veau, tarte aux pommes…',
        url: PAGE,
        tag: 'ardoise-la-marmite-2026-12-04',
        icon: `${ORIGIN}/media/la-marmite-card.webp`,
      }),
    );
    expect(notificationOptions(payload)).toEqual({
      title: 'La Marmite a publié son ardoise',
      body: 'Blanquette de veau, tarte aux pommes…',
      icon: `${ORIGIN}/media/la-marmite-card.webp`,
      badge: NOTIFICATION_BADGE,
      tag: 'ardoise-la-marmite-2026-12-04',
      lang: 'fr',
      data: { url: PAGE },
    });
    const withoutIcon = readPushPayload(JSON.stringify({ title: 'T', body: 'B', url: PAGE, tag: 't' }));
    expect(notificationOptions(withoutIcon).icon).toBe(DEFAULT_NOTIFICATION_ICON);
  });

  it('still shows something for a message it cannot read (a push must always be seen)', () => {
    for (const text of [null, '', 'pas du JSON', '{}', '{"title":"","url":"/"}', 'null']) {
      expect(readPushPayload(text), String(text)).toMatchObject({
        title: 'Nouvelle ardoise du jour',
        url: '/',
      });
    }
    // A tag left out: the page's address tells one place's notification from another's.
    expect(readPushPayload(JSON.stringify({ title: 'T', url: PAGE })).tag).toBe(PAGE);
  });

  it('opens the page the message names, on this site when it gives a path', () => {
    expect(notificationTarget({ url: PAGE }, ORIGIN).href).toBe(PAGE);
    expect(notificationTarget({ url: '/restaurant/la-marmite' }, ORIGIN).href).toBe(PAGE);
    expect(notificationTarget(null, ORIGIN).href).toBe(`${ORIGIN}/`);
    expect(notificationTarget({ url: 'http://[' }, ORIGIN).href).toBe(`${ORIGIN}/`);
  });

  it('brings forward a window already on the page, or takes a public page’s window there, never a form', () => {
    const target = new URL(PAGE);
    const map = { url: `${ORIGIN}/#carte=12/45.7/4.8`, id: 'carte' };
    const same = { url: `${PAGE}#horaires`, id: 'la-page' };
    const owner = { url: `${ORIGIN}/espace-restaurateur/ardoise`, id: 'ardoise' };
    const report = { url: `${ORIGIN}/restaurant/le-bistrot/signaler`, id: 'signalement' };
    const contact = { url: `${ORIGIN}/contact`, id: 'contact' };
    const admin = { url: `${ORIGIN}/admin/establishments`, id: 'admin' };
    expect(windowForNotification([map, same], target)).toEqual({ client: same, navigate: false });
    expect(windowForNotification([owner, map], target)).toEqual({ client: map, navigate: true });
    expect(windowForNotification([owner, report, contact, admin], target)).toBeNull();
    expect(windowForNotification([], target)).toBeNull();
  });
});

describe('the push subscription as the API takes it', () => {
  it('is the browser’s `toJSON()` without its expiry', () => {
    const keys = { p256dh: 'B' + 'x'.repeat(86), auth: 'y'.repeat(22) };
    const subscription = {
      toJSON: () => ({ endpoint: 'https://fcm.googleapis.com/fcm/send/abc', expirationTime: null, keys }),
    };
    expect(subscriptionBody(subscription)).toEqual({
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
      keys,
    });
  });

  it('reads the server’s key as bytes, and tells a subscription made with another', () => {
    const key = base64urlToBytes('BP_-AQ');
    expect([...key]).toEqual([0x04, 0xff, 0xfe, 0x01]);
    expect(sameKey(new Uint8Array([4, 255, 254, 1]).buffer, key)).toBe(true);
    expect(sameKey(new Uint8Array([4, 255, 254, 2]).buffer, key)).toBe(false);
    expect(sameKey(null, key)).toBe(false);
  });
});

/**
 * Which push services the server posts to (`PUSH_ALLOWED_ORIGINS`): a subscription's endpoint is an address
 * a visitor's browser gives, so the server checks its origin against this list before keeping it and again
 * before each message, and posts nowhere else.
 */

/**
 * The push services of Chrome, Edge, Firefox and Safari (what `PushManager.subscribe` gives on each):
 * Chrome, and the browsers built on it on Android, Firebase Cloud Messaging; Edge on Windows, the Windows
 * Push Notification Services (`https://wns2-par02p.notify.windows.com/w/?token=…`); Firefox, Mozilla's
 * autopush (`https://updates.push.services.mozilla.com/wpush/v2/…`); Safari on macOS 13+ and iOS 16.4+,
 * Apple's (`https://web.push.apple.com/…`, and the other hosts under push.apple.com Apple reserves).
 */
export const DEFAULT_PUSH_ALLOWED_ORIGINS = [
  'https://fcm.googleapis.com',
  'https://*.notify.windows.com',
  'https://*.push.services.mozilla.com',
  'https://web.push.apple.com',
  'https://*.push.apple.com',
] as const;

/** An allowed origin: the scheme, the host (or, after `*.`, the domain of which any subdomain is) and the port. */
export interface OriginPattern {
  protocol: 'http:' | 'https:';
  host: string;
  subdomains: boolean;
  port: string;
}

/** `https://fcm.googleapis.com`, `https://*.notify.windows.com`, `http://127.0.0.1:8080`; null when not one. */
export function parseOriginPattern(text: string): OriginPattern | null {
  const trimmed = text.trim().replace(/\/$/, '');
  const match = /^(https?):\/\/(\*\.)?([^/?#@*\s]+)$/i.exec(trimmed);
  if (match === null) return null;
  let url: URL;
  try {
    url = new URL(`${match[1]}://${match[3]}`);
  } catch {
    return null;
  }
  // Only an origin: no path, query or credentials crept in through the host part.
  if (url.pathname !== '/' || url.search !== '' || url.username !== '' || url.hostname === '') return null;
  return {
    protocol: url.protocol as OriginPattern['protocol'],
    host: url.hostname,
    subdomains: match[2] !== undefined,
    port: url.port,
  };
}

/** Whether a push endpoint is at one of the allowed origins (and carries no user name or password). */
export function originAllowed(endpoint: string, patterns: readonly OriginPattern[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username !== '' || url.password !== '') return false;
  return patterns.some(
    (p) =>
      url.protocol === p.protocol &&
      url.port === p.port &&
      (p.subdomains ? url.hostname.endsWith(`.${p.host}`) : url.hostname === p.host),
  );
}

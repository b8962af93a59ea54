/*
 * Reads the expiry of a short token (specification §4 "Token refresh": `exp`, in seconds). The token is not
 * verified here: the server does that on every call; the browser only needs to know when to refresh it.
 * Browser APIs only (`atob`, `TextDecoder`), so the module runs the same in the page and in the tests.
 */

/** Decodes base64url (JWT segments: `-` and `_`, no padding) to text; `null` when it is not base64url. */
export function decodeBase64Url(segment: string): string | null {
  if (!/^[A-Za-z0-9_-]*$/.test(segment) || segment.length % 4 === 1) return null;
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  try {
    const binary = atob(padded);
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** The payload of a JWT (`header.payload.signature`) as an object; `null` when the token is not one. */
export function readTokenPayload(token: string): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[1] === undefined) return null;
  const text = decodeBase64Url(parts[1]);
  if (text === null) return null;
  try {
    const payload: unknown = JSON.parse(text);
    return typeof payload === 'object' && payload !== null && !Array.isArray(payload)
      ? (payload as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** When the token expires, in milliseconds since the epoch (`exp` is in seconds); `null` without a valid `exp`. */
export function readTokenExpiry(token: string): number | null {
  const exp = readTokenPayload(token)?.exp;
  return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
}

/** Milliseconds of life left at `now` (negative once expired); `null` when the expiry cannot be read. */
export function tokenLifeLeft(token: string, now: number): number | null {
  const expiresAt = readTokenExpiry(token);
  return expiresAt === null ? null : expiresAt - now;
}

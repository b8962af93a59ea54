import { decodeJwt } from 'jose';

/*
 * Reads the expiry of a short token (its `exp`, in seconds). The token is not
 * verified here: the server does that on every call; the browser only needs to know when to refresh it.
 */

/** When the token expires, in milliseconds since the epoch (`exp` is in seconds); `null` without a valid `exp`. */
export function readTokenExpiry(token: string): number | null {
  try {
    const { exp } = decodeJwt(token);
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
  } catch {
    // Not a JWT: a long-life token is opaque.
    return null;
  }
}

/** Milliseconds of life left at `now` (negative once expired); `null` when the expiry cannot be read. */
export function tokenLifeLeft(token: string, now: number): number | null {
  const expiresAt = readTokenExpiry(token);
  return expiresAt === null ? null : expiresAt - now;
}

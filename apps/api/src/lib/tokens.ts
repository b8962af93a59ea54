import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { AppError } from '@tables-voisines/contract/errors';
import { realClock, type Clock } from './clock';

export type AccountRole = 'admin' | 'restaurant-owner';

export interface AccessClaims {
  sub: string;
  role: AccountRole;
  exp: number;
  /**
   * The account's `token_version` when the token was signed; `null` for a token signed before tokens carried
   * it, which no account accepts.
   */
  ver: number | null;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ROLES: readonly string[] = ['admin', 'restaurant-owner'];

/**
 * Short access tokens: HS256 JWTs with `sub`, `role`, `exp` (seconds) and `ver`, the account's token version:
 * raised when its password or e-mail address changes, so that every token signed before is refused.
 */
export class AccessTokens {
  readonly #key: Uint8Array;

  constructor(
    secret: string,
    readonly ttlSeconds: number,
    private readonly clock: Clock = realClock,
  ) {
    this.#key = new TextEncoder().encode(secret);
  }

  /** `tokenVersion`: the account's current one (0 for an account whose password and address never changed). */
  async sign(role: AccountRole, accountId: string, tokenVersion = 0): Promise<string> {
    const now = Math.floor(this.clock().getTime() / 1000);
    return (
      new SignJWT({ role, ver: tokenVersion })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(accountId)
        .setIssuedAt(now)
        .setExpirationTime(now + this.ttlSeconds)
        // Two tokens signed in the same second still differ.
        .setJti(randomUUID())
        .sign(this.#key)
    );
  }

  /** `TokenExpired` past `exp`; `Unauthorized` for anything else that is not one of our tokens. */
  async verify(token: string): Promise<AccessClaims> {
    let payload: Record<string, unknown>;
    try {
      // Only HS256: `alg: none` and every other algorithm are refused before the signature is looked at.
      ({ payload } = await jwtVerify(token, this.#key, {
        algorithms: ['HS256'],
        requiredClaims: ['exp'],
        currentDate: this.clock(),
      }));
    } catch (error) {
      if (error instanceof errors.JWTExpired) throw new AppError('TokenExpired');
      throw new AppError('Unauthorized', 'Jeton de connexion invalide : veuillez vous reconnecter.');
    }
    const { sub, role, exp, ver } = payload;
    if (typeof sub !== 'string' || !UUID_RE.test(sub) || typeof role !== 'string' || !ROLES.includes(role)) {
      throw new AppError('Unauthorized', 'Jeton de connexion invalide : veuillez vous reconnecter.');
    }
    const version = Number.isSafeInteger(ver) && (ver as number) >= 0 ? (ver as number) : null;
    return { sub, role: role as AccountRole, exp: exp as number, ver: version };
  }
}

/** An unguessable secret for a link or a long-life token: 256 bits, URL-safe. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** Secrets with 256 bits of entropy need no slow hash: SHA-256 keeps them useless if the table leaks. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}

/** Short codes (6 digits) are keyed with the server secret so that a leaked table cannot be brute-forced. */
export function hashCode(code: string, serverSecret: string): string {
  return createHmac('sha256', serverSecret).update(code).digest('base64url');
}

/** Compares two strings in time that does not depend on where they differ. */
export function secretsEqual(a: string, b: string): boolean {
  const left = createHash('sha256').update(a).digest();
  const right = createHash('sha256').update(b).digest();
  return timingSafeEqual(left, right);
}

import type { Establishment } from '@tables-voisines/contract/schemas/establishment';
import { establishmentPath } from '@tables-voisines/contract/site-paths';
import { ApiError, createApiClient } from '../../lib/api-client';

/*
 * The reminder e-mail's link, `/espace-restaurateur/verifier?jeton=…`: the page confirms with a POST (by the
 * browser as it opens, or by its button without JavaScript), never on the GET that mail scanners follow.
 */

/** The link's query parameter. */
export const TOKEN_PARAM = 'jeton';

export type VerifyOutcome =
  | { status: 'verified'; name: string; path: string | null }
  /** Expired, already used, or not one of ours: the owner does it from « Ma page » after signing in. */
  | { status: 'invalid' }
  /** The establishment is gone. */
  | { status: 'gone' }
  | { status: 'failed'; message: string };

const FAILED = 'La confirmation n’a pas pu être enregistrée. Veuillez réessayer.';
const NETWORK = 'Le serveur ne répond pas. Vérifiez votre connexion et réessayez.';

/** What the page says after the call: its answer, or its refusal. */
export function verifyOutcomeOf(
  result: { ok: true; value: Establishment } | { ok: false; error: unknown },
): VerifyOutcome {
  if (result.ok) {
    const e = result.value;
    // A hidden page answers « Page introuvable »: no link to it then.
    return { status: 'verified', name: e.name, path: e.disabled ? null : establishmentPath(e.kind, e.uri) };
  }
  const { error } = result;
  if (!(error instanceof ApiError)) return { status: 'failed', message: FAILED };
  if (error.code === 'InvalidToken' || error.code === 'ValidationError') return { status: 'invalid' };
  if (error.code === 'NotFound') return { status: 'gone' };
  return { status: 'failed', message: error.status === 0 ? NETWORK : FAILED };
}

/** `POST /api/establishment/verify` with the link's token, from `baseUrl` (the page's origin by default). */
export async function verifyByToken(token: string, baseUrl = ''): Promise<VerifyOutcome> {
  const { request } = createApiClient({ baseUrl });
  try {
    const value = (await request('verifyEstablishmentByToken', { body: { token } })) as Establishment;
    return verifyOutcomeOf({ ok: true, value });
  } catch (error) {
    return verifyOutcomeOf({ ok: false, error });
  }
}

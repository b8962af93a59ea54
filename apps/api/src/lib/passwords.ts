import { hash, verify } from '@node-rs/argon2';
import { AppError } from '@tables-voisines/contract/errors';
import { MIN_PASSWORD_LENGTH } from '@tables-voisines/contract/schemas/account';
import { COMMON_PASSWORDS } from './common-passwords';

/*
 * argon2id with the library's defaults (19 MiB, 2 passes, 1 lane: the OWASP recommendation). Hashing takes
 * tens of milliseconds: never inside a database transaction.
 */

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

let dummyHash: Promise<string> | undefined;

/**
 * `false` for a wrong password or no account at all. Without an account a dummy hash is checked anyway,
 * so that an unknown identifier takes as long as a wrong password.
 */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  dummyHash ??= hash('not-a-real-password-just-for-timing');
  const stored = passwordHash ?? (await dummyHash);
  let ok: boolean;
  try {
    ok = await verify(stored, password);
  } catch {
    ok = false;
  }
  return ok && passwordHash !== null;
}

/** Why a new password is refused, in French, or `null` when it is acceptable. */
export function passwordProblem(password: string, personal: readonly string[] = []): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) {
    return `Le mot de passe doit contenir au moins ${MIN_PASSWORD_LENGTH} caractères.`;
  }
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower) || new Set(lower).size < 3) {
    return 'Ce mot de passe est trop courant : choisissez-en un plus difficile à deviner.';
  }
  for (const value of personal) {
    const part = value.toLowerCase().split('@')[0] ?? '';
    if (part.length >= 4 && lower.includes(part)) {
      return 'Le mot de passe ne doit pas reprendre votre identifiant ou votre adresse e-mail.';
    }
  }
  return null;
}

/** Throws the `ValidationError` a form shows under the password field. */
export function assertAcceptablePassword(password: string, personal: readonly string[] = []): void {
  const problem = passwordProblem(password, personal);
  if (problem !== null) {
    throw new AppError('ValidationError', 'Ce mot de passe ne peut pas être utilisé.', [
      { path: 'password', message: problem },
    ]);
  }
}

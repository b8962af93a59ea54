import { AppError } from '@tables-voisines/contract/errors';
import { verifyPassword } from '../../lib/passwords';

/**
 * A change of one's own password or e-mail address carries the current password: a token alone (left in
 * a shared browser, or stolen) must not be enough to take the account over. Missing or wrong: `400
 * ValidationError` at `currentPassword`, before anything is written. The route counts wrong ones as failed
 * sign-ins (plugins/rate-limit.ts), so that it is no way around the sign-in's limits.
 */
export async function assertCurrentPassword(passwordHash: string, given: string | undefined): Promise<void> {
  if (given === undefined) {
    throw new AppError(
      'ValidationError',
      'Pour changer votre mot de passe ou votre adresse e-mail, saisissez aussi votre mot de passe actuel.',
      [{ path: 'currentPassword', message: 'Votre mot de passe actuel est demandé pour ce changement.' }],
    );
  }
  if (!(await verifyPassword(passwordHash, given))) {
    throw new AppError('ValidationError', 'Le mot de passe actuel est incorrect : rien n’a été modifié.', [
      { path: 'currentPassword', message: 'Ce n’est pas votre mot de passe actuel.' },
    ]);
  }
}

import { ForgottenPasswordPage } from '../../../features/owner/password-pages';
import { ownerMeta } from '../../../features/owner/owner-ui';

export function meta() {
  return ownerMeta('Mot de passe oublié');
}

export default function Route() {
  return <ForgottenPasswordPage />;
}

import { ResetPasswordPage } from '../../../features/owner/password-pages';
import { ownerMeta } from '../../../features/owner/owner-ui';

export function meta() {
  return ownerMeta('Nouveau mot de passe');
}

export default function Route() {
  return <ResetPasswordPage />;
}

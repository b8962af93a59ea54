import { SignInPage } from '../../../features/owner/sign-in-page';
import { ownerMeta } from '../../../features/owner/owner-ui';

export function meta() {
  return ownerMeta('Connexion');
}

export default function Route() {
  return <SignInPage />;
}

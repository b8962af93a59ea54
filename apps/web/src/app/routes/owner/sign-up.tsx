import { SignUpPage } from '../../../features/owner/sign-up-page';
import { ownerMeta } from '../../../features/owner/owner-ui';

export function meta() {
  return ownerMeta('Créer mon compte');
}

export default function Route() {
  return <SignUpPage />;
}

import { ConfirmPage } from '../../../features/owner/confirm-page';
import { ownerMeta } from '../../../features/owner/owner-ui';

export function meta() {
  return ownerMeta('Confirmer mon adresse e-mail');
}

export default function Route() {
  return <ConfirmPage />;
}

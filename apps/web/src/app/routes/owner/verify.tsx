import { ownerMeta } from '../../../features/owner/owner-ui';
import { TOKEN_PARAM, verifyByToken } from '../../../features/owner/verify-link';
import { VerifyLinkPage } from '../../../features/owner/verify-link-page';
import type { Route } from './+types/verify';

export function meta() {
  return ownerMeta('Vérifier mes informations');
}

/**
 * The page's button without JavaScript: the same call the browser makes, sent by the server to its own API
 * (the page's origin), so that the rules, the token's single use and the history stay in one place.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const url = new URL(request.url);
  const token = String(form.get(TOKEN_PARAM) ?? url.searchParams.get(TOKEN_PARAM) ?? '').trim();
  if (token === '') return { status: 'invalid' as const };
  return verifyByToken(token, url.origin);
}

export default function Route({ actionData }: Route.ComponentProps) {
  return <VerifyLinkPage submitted={actionData} />;
}

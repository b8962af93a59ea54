import type { Admin, RestaurantOwner } from '@tables-voisines/contract/schemas/account';
import { aRestaurantOwner } from '../../test/factories';

// Accounts as the API answers them, shared by the session tests.

export const testAdmin: Admin = {
  id: '10000000-0000-4000-8000-000000000001',
  username: 'camille',
  email: 'camille@tables-voisines.fr',
  permissions: [{ action: 'manage', subject: 'all' }],
  createdAt: '2026-11-01T08:00:00.000Z',
  updatedAt: '2026-11-01T08:00:00.000Z',
};

export const testOwner: RestaurantOwner = aRestaurantOwner({ id: '30000000-0000-4000-8000-000000000001' });

function base64Url(text: string): string {
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A short token (JWT-shaped, unsigned) that expires `lifeMs` after `Date.now()`; `name` tells tokens apart. */
export function token(name: string, lifeMs = 15 * 60_000): string {
  const exp = (Date.now() + lifeMs) / 1000;
  return `${base64Url('{"alg":"HS256","typ":"JWT"}')}.${base64Url(JSON.stringify({ sub: name, exp }))}.sig`;
}

/** The `name` a token of `token()` was made with. */
export function tokenName(value: string | null): string | null {
  if (value === null) return null;
  const payload = JSON.parse(atob(value.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as {
    sub: string;
  };
  return payload.sub;
}

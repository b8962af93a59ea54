import type {
  AdminSignInResult,
  OwnerSignInResult,
  RefreshResult,
} from '@tables-voisines/contract/schemas/account';
import { apiRequest } from '../../lib/api-client';
import type { OwnerKey } from './session-storage';

export type AdminSignInBody = { username: string; password: string } | { token: string };
export type OwnerSignInBody = { email: string; password: string } | { token: string };

/**
 * The calls the session makes (docs/api.md, "Accounts and authentication"). Every failure is the client's
 * `ApiError`, named after the answer's code. The owner's sign-in answer always comes back under
 * `restaurantOwner`, whichever naming the site uses.
 */
export interface SessionApi {
  adminSignIn(body: AdminSignInBody): Promise<AdminSignInResult>;
  ownerSignIn(body: OwnerSignInBody): Promise<OwnerSignInResult>;
  /** `POST /api/admin/refresh`, bearer and body `{ token }`: answers `{ token }`. */
  adminRefresh(token: string): Promise<RefreshResult>;
  ownerRefresh(token: string): Promise<RefreshResult>;
}

export interface SessionApiOptions {
  /** `user` for the `/api/user...` paths. */
  ownerKey?: OwnerKey;
  /** The client's `request`; the site's own by default. */
  request?: typeof apiRequest;
}

export function createSessionApi(options: SessionApiOptions = {}): SessionApi {
  const request = options.request ?? apiRequest;
  const asUser = options.ownerKey === 'user';
  return {
    adminSignIn: (body) => request('adminSignIn', { body }),
    async ownerSignIn(body) {
      if (!asUser) return request('ownerSignIn', { body });
      const { user, authentication } = await request('userSignIn', { body });
      return { restaurantOwner: user, authentication };
    },
    adminRefresh: (token) => request('adminRefresh', { token, body: { token } }),
    ownerRefresh: (token) =>
      asUser
        ? request('userRefresh', { token, body: { token } })
        : request('ownerRefresh', { token, body: { token } }),
  };
}

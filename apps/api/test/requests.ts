import type { TestAccount } from './accounts';
import type { TestApp } from './app';

// Requests that the API's tests send in several files, through `app.inject` as a client sends them: each
// test still reads and checks the whole answer itself.

type Headers = Record<string, string>;

/** The create form of an establishment (`POST /api/establishment/`): a restaurant in Lyon unless told. */
export const establishmentBody = (fields: Record<string, unknown> = {}) => ({
  kind: 'restaurant',
  name: 'Le Nouveau',
  venueType: 'restaurant',
  address: { town: 'Lyon' },
  location: { latitude: 45.76, longitude: 4.83 },
  ...fields,
});

export const postEstablishment = (t: TestApp, headers: Headers, fields: Record<string, unknown> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/establishment/', headers, payload: establishmentBody(fields) });

export const deleteEstablishment = (t: TestApp, id: string, headers: Headers) =>
  t.app.inject({ method: 'DELETE', url: `/api/establishment/${id}`, headers });

/**
 * `POST /api/admin/`: a new admin, its e-mail made of its username unless told; any permissions, as a client
 * may send them.
 */
export const postAdmin = (
  t: TestApp,
  headers: Headers,
  fields: { username: string; permissions: object[]; email?: string; password?: string },
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/',
    headers,
    payload: { email: `${fields.username}@exemple.fr`, password: 'Gratin-Dauphinois-2024', ...fields },
  });

/** `POST /api/admin/refresh` or `/api/user/refresh`, sent as `account` with `token` (its own by default). */
export const refreshToken = (
  t: TestApp,
  role: 'admin' | 'user',
  account: TestAccount,
  token = account.token,
) =>
  t.app.inject({ method: 'POST', url: `/api/${role}/refresh`, headers: account.headers, payload: { token } });

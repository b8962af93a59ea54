import { newSignedInContext, type Browser, type BrowserContext } from './browser';
import { callApi } from './server';

/*
 * What a back-office journey needs made before it starts, made through the real API (the same services the
 * back office calls), so that each journey makes its own data and can run alone (`-t`).
 */

export interface AdminCredentials {
  username: string;
  password: string;
}

interface SignedIn {
  admin: { id: string };
  authentication: { token: string; longLifeToken: string };
}

/** An admin's token, from the sign-in call. */
export async function adminToken(baseUrl: string, admin: AdminCredentials): Promise<string> {
  return (await callApi<SignedIn>(baseUrl, 'POST', '/api/admin/sign-in', admin)).authentication.token;
}

/** A browser context whose tabs open signed in as `admin` (see `newSignedInContext`); a desktop window unless `options` say otherwise. */
export async function newAdminContext(
  browser: Browser,
  baseUrl: string,
  admin: AdminCredentials,
  options: Parameters<Browser['newContext']>[0] = {},
): Promise<BrowserContext> {
  const signedIn = await callApi<SignedIn>(baseUrl, 'POST', '/api/admin/sign-in', admin);
  return newSignedInContext(
    browser,
    { accountKey: 'admin', account: signedIn.admin, ...signedIn.authentication },
    { viewport: { width: 1280, height: 900 }, ...options },
  );
}

export interface MadeEstablishment {
  id: string;
  uri: string;
  name: string;
}

let establishmentsMade = 0;

/**
 * An establishment of the journey's own (`POST /api/establishment/`): a restaurant in Lyon's 2nd
 * arrondissement, no street (the back office's pickers then name it « name — Lyon »), unless `fields` say
 * otherwise; named uniquely for the run.
 */
export async function createEstablishment(
  baseUrl: string,
  token: string,
  fields: Record<string, unknown> = {},
): Promise<MadeEstablishment> {
  establishmentsMade += 1;
  return callApi<MadeEstablishment>(
    baseUrl,
    'POST',
    '/api/establishment/',
    {
      kind: 'restaurant',
      venueType: 'restaurant',
      name: `Le Comptoir d’Essai ${String.fromCharCode(64 + establishmentsMade)}`,
      address: { postcode: '69002', town: 'Lyon' },
      location: { latitude: 45.7623, longitude: 4.8331 },
      ...fields,
    },
    token,
  );
}

/** An administrator with exactly these permissions (`POST /api/admin/`); answers its id. */
export async function createAdmin(
  baseUrl: string,
  token: string,
  admin: AdminCredentials & { email: string; permissions: { action: string; subject: string }[] },
): Promise<string> {
  return (await callApi<{ id: string }>(baseUrl, 'POST', '/api/admin/', admin, token)).id;
}

/** An owner who signed up (`POST /api/restaurant-owner/sign-up`); answers its id. */
export async function createOwner(
  baseUrl: string,
  owner: { email: string; password: string; firstName: string; lastName: string },
): Promise<string> {
  const signedUp = await callApi<{ restaurantOwner: { id: string } }>(
    baseUrl,
    'POST',
    '/api/restaurant-owner/sign-up',
    owner,
  );
  return signedUp.restaurantOwner.id;
}

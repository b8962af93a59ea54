import { expect } from 'vitest';
import type { TestSmtp } from '../../apps/api/test/smtp';
import { boardsToday, callApi } from './server';

/** An establishment as `GET /api/establishments/` lists it, with what the journeys read of it. */
export interface ListedEstablishment {
  id: string;
  uri: string;
  kind: 'restaurant' | 'remplisvert';
  name: string;
  address: { town: string };
}

/**
 * A place of the demo data that a journey can make its own: nobody claimed it, it has no board today, its
 * name is unique and made of letters only, and the town search finds its town. Alone in its town first, so
 * that the map's panel lists it among the first.
 */
export async function findQuietEstablishment(baseUrl: string): Promise<ListedEstablishment> {
  const [list, owners, today] = await Promise.all([
    callApi<ListedEstablishment[]>(baseUrl, 'GET', '/api/establishments/'),
    callApi<{ establishment: string | null }[]>(baseUrl, 'GET', '/api/restaurant-owners/'),
    boardsToday(baseUrl),
  ]);
  const taken = new Set([...owners.map((o) => o.establishment), ...today.map((b) => b.establishment.id)]);
  const inTown = (e: ListedEstablishment) =>
    list.filter((other) => other.address.town === e.address.town).length;
  const candidates = list
    .filter(
      (e) =>
        !taken.has(e.id) &&
        list.filter((other) => other.name === e.name).length === 1 &&
        /^[\p{L} '-]+$/u.test(e.name),
    )
    .sort((a, b) => inTown(a) - inTown(b));
  for (const candidate of candidates) {
    const [town] = await callApi<{ name: string }[]>(
      baseUrl,
      'GET',
      `/api/places/search?q=${encodeURIComponent(candidate.address.town)}&limit=1`,
    );
    if (town?.name === candidate.address.town) return candidate;
  }
  expect.fail('no demo establishment is free for this journey');
}

export interface NewOwner {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/**
 * An owner of its own, so that the journey runs alone: it signs up, confirms its address with the code the
 * mail brings (read from the test's SMTP server), and the team links it to `establishmentId`. Answers the
 * owner's id, its token and the team's.
 */
export async function linkNewOwner(options: {
  baseUrl: string;
  smtp: TestSmtp;
  admin: { username: string; password: string };
  owner: NewOwner;
  establishmentId: string;
}): Promise<{ ownerId: string; ownerToken: string; adminToken: string }> {
  const { baseUrl, smtp, owner } = options;
  const signedUp = await callApi<{ restaurantOwner: { id: string }; authentication: { token: string } }>(
    baseUrl,
    'POST',
    '/api/restaurant-owner/sign-up',
    owner,
  );
  const mail = await smtp.waitFor(owner.email, (m) => /confirmation/i.test(m.subject), 15_000);
  const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
  await callApi(baseUrl, 'POST', '/api/restaurant-owner/confirm', { code }, signedUp.authentication.token);
  const admin = await callApi<{ authentication: { token: string } }>(
    baseUrl,
    'POST',
    '/api/admin/sign-in',
    options.admin,
  );
  await callApi(
    baseUrl,
    'PATCH',
    `/api/restaurant-owner/${signedUp.restaurantOwner.id}`,
    { establishment: options.establishmentId },
    admin.authentication.token,
  );
  return {
    ownerId: signedUp.restaurantOwner.id,
    ownerToken: signedUp.authentication.token,
    adminToken: admin.authentication.token,
  };
}

import { expect } from 'vitest';
import type { TestSmtp } from '../../apps/api/test/smtp';
import { newSignedInContext, type Browser, type BrowserContext } from './browser';
import { boardsToday, callApi } from './server';
import { closureCovers, type Closure } from '@tables-voisines/contract/closures';
import type { OpeningHoursEntry } from '@tables-voisines/contract/opening-hours';
import { addDays, parisDay } from '@tables-voisines/contract/paris-time';

/** An establishment as `GET /api/establishments/` lists it, with what the journeys read of it. */
export interface ListedEstablishment {
  id: string;
  uri: string;
  kind: 'restaurant' | 'remplisvert';
  name: string;
  address: { town: string };
  location: { latitude: number; longitude: number };
  openingHours: OpeningHoursEntry[];
  closures: Closure[];
}

/**
 * Whether a place is open today and tomorrow in Paris (no closure on those days, and hours on those weekdays
 * when it has any), as the API's `closedOnDate` says: a board of a day its place is closed is not on its page's
 * link preview nor in its structured data (decision 0073), so journeys that publish one and read it need a
 * place open that day, whatever day they run (on a Sunday most demo places are closed).
 */
export function openTodayAndTomorrow(e: Pick<ListedEstablishment, 'openingHours' | 'closures'>): boolean {
  const today = parisDay(new Date());
  return [today, addDays(today, 1)].every((day) => {
    const weekday = ((new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;
    return (
      !e.closures.some((closure) => closureCovers(closure, day)) &&
      (e.openingHours.length === 0 || e.openingHours.some((entry) => entry.day === weekday))
    );
  });
}

/**
 * A place of the demo data that a journey can make its own: nobody claimed it, it has no board today, it is
 * open today and tomorrow (`openTodayAndTomorrow`), its
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
        openTodayAndTomorrow(e) &&
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

/** An owner who signed up and confirmed its address with the code the mail brings (read from the test's SMTP server). */
export async function confirmNewOwner(options: {
  baseUrl: string;
  smtp: TestSmtp;
  owner: NewOwner;
}): Promise<{ ownerId: string; ownerToken: string }> {
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
  return { ownerId: signedUp.restaurantOwner.id, ownerToken: signedUp.authentication.token };
}

/**
 * An owner of its own, so that the journey runs alone: signed up and confirmed (`confirmNewOwner`), then
 * linked by the team to `establishmentId`. Answers the owner's id, its token and the team's.
 */
export async function linkNewOwner(options: {
  baseUrl: string;
  smtp: TestSmtp;
  admin: { username: string; password: string };
  owner: NewOwner;
  establishmentId: string;
}): Promise<{ ownerId: string; ownerToken: string; adminToken: string }> {
  const { baseUrl } = options;
  const [confirmed, admin] = await Promise.all([
    confirmNewOwner(options),
    callApi<{ authentication: { token: string } }>(baseUrl, 'POST', '/api/admin/sign-in', options.admin),
  ]);
  await callApi(
    baseUrl,
    'PATCH',
    `/api/restaurant-owner/${confirmed.ownerId}`,
    { establishment: options.establishmentId },
    admin.authentication.token,
  );
  return { ...confirmed, adminToken: admin.authentication.token };
}

/** A browser context whose tabs open signed in as `owner` (see `newSignedInContext`). */
export async function newOwnerContext(
  browser: Browser,
  baseUrl: string,
  owner: { email: string; password: string },
  options: Parameters<Browser['newContext']>[0] = {},
): Promise<BrowserContext> {
  const signedIn = await callApi<{
    restaurantOwner: { id: string };
    authentication: { token: string; longLifeToken: string };
  }>(baseUrl, 'POST', '/api/restaurant-owner/sign-in', { email: owner.email, password: owner.password });
  return newSignedInContext(
    browser,
    { accountKey: 'restaurantOwner', account: signedIn.restaurantOwner, ...signedIn.authentication },
    options,
  );
}

/** An establishment as the owners' journeys make it their own: with the mailbox its claim code goes to. */
export interface ClaimableEstablishment extends ListedEstablishment {
  email: string;
}

/**
 * Establishments of the demo data that owner journeys can make their own, a different one each call: nobody
 * claimed it, it has a mailbox and a name no other establishment shares (plain letters, so that a search
 * finds it first), no board today (the demo's boards depend on the day, so which ones do too), and open today
 * and tomorrow (`openTodayAndTomorrow`).
 */
export function freeEstablishments(baseUrl: string): () => Promise<ClaimableEstablishment> {
  let candidates: Promise<ClaimableEstablishment[]> | undefined;
  const list = async () => {
    const [all, owners] = await Promise.all([
      callApi<(ListedEstablishment & { email: string | null })[]>(baseUrl, 'GET', '/api/establishments/'),
      callApi<{ establishment: string | null }[]>(baseUrl, 'GET', '/api/restaurant-owners/'),
    ]);
    const claimed = new Set(owners.map((o) => o.establishment));
    const count = (values: (string | null)[], value: string | null) =>
      values.filter((v) => v === value).length;
    const emails = all.map((e) => e.email);
    const names = all.map((e) => e.name);
    return all.filter(
      (e): e is ClaimableEstablishment =>
        e.email !== null &&
        !claimed.has(e.id) &&
        openTodayAndTomorrow(e) &&
        count(emails, e.email) === 1 &&
        count(names, e.name) === 1 &&
        /^[\p{L} '-]+$/u.test(e.name),
    );
  };
  return async () => {
    candidates ??= list();
    const queue = await candidates;
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
      const board = await fetch(`${baseUrl}/api/establishment/${next.id}/menuboard`);
      await board.arrayBuffer();
      if (board.status === 404) return next;
      expect(board.status).toBe(200);
    }
    expect.fail('no demo establishment is free for this journey');
  };
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plainDish } from '@tables-voisines/contract/test-support/dishes';
import { createAdminAccount, createOwnerAccount, type TestAccount } from '../../../test/accounts';
import { createTestApp, TestClock, type TestApp } from '../../../test/app';
import { createCategory, createEstablishment, disableEstablishment } from '../../../test/factories';
import { addDays, parisDay } from '@tables-voisines/contract/paris-time';

/* One board per establishment and Paris day: publishing again replaces it, and it can be taken down. */

// The app's clock, stopped at the file's start: `today` is the server's day, even past midnight in Paris.
const clock = new TestClock(new Date().toISOString());
const today = parisDay(clock.now());
const tomorrow = addDays(today, 1);
let t: TestApp;
let admin: TestAccount;
let category: string;
beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
  admin = await createAdminAccount(t);
  category = (await createCategory(t.db, 'Plat du jour')).id;
});
afterAll(() => t.close());

const board = (establishment: string, name: string, date = today) => ({
  establishment,
  title: 'Ardoise du jour',
  date,
  items: [{ name, price: 12.5, category }],
});
const publish = (body: object, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/menuboard/', headers, payload: body });
const patch = (id: string, payload: object, account: TestAccount) =>
  t.app.inject({ method: 'PATCH', url: `/api/establishment/${id}`, headers: account.headers, payload });
const todays = (id: string, query = '', headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/establishment/${id}/menuboard${query}`, headers });

describe('today’s board', () => {
  it('is replaced by a second publication of the day, not doubled', async () => {
    const place = await createEstablishment(t.db);
    const owner = await createOwnerAccount(t, { establishmentId: place.id });
    const first = await publish(board(place.id, 'Quiche'), owner.headers);
    expect(first.statusCode).toBe(201);
    const second = await publish(board(place.id, 'Gratin'), owner.headers);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ id: first.json().id, items: [{ name: 'Gratin', price: 12.5 }] });
    const read = await todays(place.id);
    expect(read.statusCode).toBe(200);
    expect(read.json().items).toEqual([plainDish('Gratin', 12.5, category)]);
    const around = await t.app.inject({
      method: 'POST',
      url: '/menuboards/surrounding',
      payload: { northEast: { latitude: 46, longitude: 5 }, southWest: { latitude: 45, longitude: 4 } },
    });
    expect(
      around.json().filter((b: { establishment: { id: string } }) => b.establishment.id === place.id),
    ).toHaveLength(1);
  });

  it('is taken down by its owner, and then answers 404 and leaves the map', async () => {
    const place = await createEstablishment(t.db);
    const owner = await createOwnerAccount(t, { establishmentId: place.id });
    const { id } = (await publish(board(place.id, 'Soupe'), owner.headers)).json();
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/menuboard/${id}`, headers: owner.headers }))
        .statusCode,
    ).toBe(204);
    const gone = await todays(place.id);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('Cet établissement n’a pas d’ardoise ce jour-là.');
  });

  it('prepared for tomorrow is seen by its owner and admins only, until midnight', async () => {
    const place = await createEstablishment(t.db);
    const owner = await createOwnerAccount(t, { establishmentId: place.id });
    const other = await createOwnerAccount(t);
    expect((await publish(board(place.id, 'Couscous', tomorrow), owner.headers)).statusCode).toBe(201);
    const query = `?date=${tomorrow}`;
    expect((await todays(place.id, query)).statusCode).toBe(404);
    expect((await todays(place.id, query, other.headers)).statusCode).toBe(404);
    expect((await todays(place.id, query, owner.headers)).json().items[0].name).toBe('Couscous');
    expect((await todays(place.id, query, admin.headers)).statusCode).toBe(200);
    expect((await todays(place.id)).statusCode).toBe(404);
  });

  it('of a hidden establishment is not shown to visitors', async () => {
    const place = await createEstablishment(t.db);
    const owner = await createOwnerAccount(t, { establishmentId: place.id });
    await publish(board(place.id, 'Tajine'), owner.headers);
    await disableEstablishment(t.db, place.id);
    expect((await todays(place.id)).statusCode).toBe(404);
    expect((await todays(place.id, '', owner.headers)).statusCode).toBe(200);
  });

  it('cannot be moved to a day that has its own board', async () => {
    const place = await createEstablishment(t.db);
    const owner = await createOwnerAccount(t, { establishmentId: place.id });
    await publish(board(place.id, 'Aujourd’hui'), owner.headers);
    const next = (await publish(board(place.id, 'Demain', tomorrow), owner.headers)).json();
    const moved = await t.app.inject({
      method: 'PATCH',
      url: `/api/menuboard/${next.id}`,
      headers: owner.headers,
      payload: { date: today },
    });
    expect(moved.statusCode).toBe(409);
    expect(moved.json()).toMatchObject({ code: 'MenuBoardDateTaken', details: [{ path: 'date' }] });
  });
});

describe('the admins’ lists', () => {
  it('page through every board, newest day first, with the total', async () => {
    const place = await createEstablishment(t.db, { name: 'La Liste', town: 'Brest' });
    await publish(board(place.id, 'Far breton'), admin.headers);
    await publish(board(place.id, 'Kouign-amann', tomorrow), admin.headers);
    const list = (query: string, headers = admin.headers) =>
      t.app.inject({ method: 'GET', url: `/api/menuboards/${query}`, headers });
    const first = await list(`?establishment=${place.id}&perPage=1`);
    expect(first.headers['x-total-count']).toBe('2');
    expect(first.json().map((b: { date: string }) => b.date)).toEqual([tomorrow]);
    expect((await list(`?establishment=${place.id}&perPage=1&page=2`)).json()[0].date).toBe(today);
    expect(
      (await list(`?q=la liste brest&date=${today}`))
        .json()
        .map((b: { items: { name: string }[] }) => b.items[0]!.name),
    ).toEqual(['Far breton']);
    const all = await list('?perPage=200');
    expect(Number(all.headers['x-total-count'])).toBeGreaterThanOrEqual(all.json().length);
    const owner = await createOwnerAccount(t, { establishmentId: place.id });
    expect((await list('', owner.headers)).statusCode).toBe(403);
  });

  it('page through every category, past the search’s 50', async () => {
    for (let i = 0; i < 55; i++) await createCategory(t.db, `Catégorie ${String(i).padStart(2, '0')}`);
    const page = (n: number) => t.app.inject({ method: 'GET', url: `/api/categories/?page=${n}&perPage=50` });
    const [one, two] = [await page(1), await page(2)];
    const total = Number(one.headers['x-total-count']);
    expect(total).toBeGreaterThanOrEqual(56);
    expect(one.json()).toHaveLength(50);
    expect(two.json()).toHaveLength(total - 50);
    const names = [...one.json(), ...two.json()].map((c: { name: string }) => c.name);
    expect(new Set(names).size).toBe(total);
    expect(names).toContain('Catégorie 54');
  });

  it('page the owners on the server, searched and filtered', async () => {
    await createOwnerAccount(t, { email: 'zoé.lefèvre@exemple.fr', firstName: 'Zoé' });
    const list = (query: string) =>
      t.app.inject({ method: 'GET', url: `/api/restaurant-owners/${query}`, headers: admin.headers });
    const found = await list('?page=1&perPage=5&q=zoe');
    expect(found.headers['x-total-count']).toBe('1');
    expect(found.json()[0]).toMatchObject({ firstName: 'Zoé' });
    const unlinked = await list('?page=1&perPage=200&establishment=none');
    expect(unlinked.json().every((o: { establishment: string | null }) => o.establishment === null)).toBe(
      true,
    );
    const emails = async (order: string) =>
      (await list(`?page=1&perPage=200&sort=email&order=${order}`))
        .json()
        .map((o: { email: string }) => o.email);
    // The database's collation orders them; descending is the exact reverse.
    expect(await emails('desc')).toEqual((await emails('asc')).reverse());
    // Without `page`, the whole list as before, without the header.
    expect((await list('')).headers['x-total-count']).toBeUndefined();
  });
});

describe('today’s board of a place closed today', () => {
  /** Today's weekday in Paris, Monday = 1 as the hours count. */
  const weekday = new Date(`${today}T12:00:00Z`).getUTCDay() || 7;
  const everyDay = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, opens: '12:00', closes: '14:30' }));
  const around = { northEast: { latitude: 46, longitude: 5 }, southWest: { latitude: 45, longitude: 4 } };

  /** `closedOnDate` of the place's board as each call answers it: by id, the day's board, the map's search. */
  async function closedOnDate(place: string, boardId: string): Promise<boolean[]> {
    const byId = await t.app.inject({
      method: 'GET',
      url: `/api/menuboard/${boardId}`,
      headers: admin.headers,
    });
    const surrounding = await t.app.inject({
      method: 'POST',
      url: '/menuboards/surrounding',
      payload: around,
    });
    const found = surrounding
      .json()
      .filter((b: { establishment: { id: string } }) => b.establishment.id === place);
    expect(found).toHaveLength(1);
    return [byId.json().closedOnDate, (await todays(place)).json().closedOnDate, found[0].closedOnDate];
  }

  async function placeWithBoard(fields: Parameters<typeof createEstablishment>[1]) {
    const place = await createEstablishment(t.db, fields);
    const owner = await createOwnerAccount(t, { establishmentId: place.id });
    const published = await publish(board(place.id, 'Tartare de bœuf'), owner.headers);
    expect(published.statusCode).toBe(201);
    return { place: place.id, board: published.json() as { id: string; closedOnDate: boolean }, owner };
  }

  it('is marked closedOnDate everywhere when a closure covers today, and not before', async () => {
    const { place, board: published, owner } = await placeWithBoard({ openingHours: everyDay });
    expect(published.closedOnDate).toBe(false);
    expect(await closedOnDate(place, published.id)).toEqual([false, false, false]);
    const before = await todays(place);

    const closed = await patch(place, { closures: [{ from: today, to: today, reason: 'Travaux' }] }, owner);
    expect(closed.statusCode).toBe(200);
    expect(await closedOnDate(place, published.id)).toEqual([true, true, true]);
    // The board did not change, its place did: the tag read before is not « not modified » any more.
    const again = await todays(place, '', { 'if-none-match': before.headers.etag as string });
    expect(again.statusCode).toBe(200);
    expect(again.json().closedOnDate).toBe(true);
  });

  it('is marked closedOnDate when the place has hours but none today', async () => {
    const hours = everyDay.filter((h) => h.day !== weekday);
    const { place, board: published } = await placeWithBoard({ openingHours: hours });
    expect(published.closedOnDate).toBe(true);
    expect(await closedOnDate(place, published.id)).toEqual([true, true, true]);
  });

  it('is not marked when the place gave no hours at all, nor on an open day', async () => {
    const unknown = await placeWithBoard({ openingHours: [] });
    expect(await closedOnDate(unknown.place, unknown.board.id)).toEqual([false, false, false]);
    const open = await placeWithBoard({
      openingHours: [{ day: weekday, opens: '19:00', closes: '23:00' }],
      closures: [{ from: addDays(today, 1), to: null, reason: null }],
    });
    expect(await closedOnDate(open.place, open.board.id)).toEqual([false, false, false]);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwnerAccount } from '../../../test/accounts';
import { createTestApp, TestClock, type TestApp } from '../../../test/app';
import { createEstablishment } from '../../../test/factories';
import { createBoardWriters, type BoardWriters } from '../../../test/menu-board-writers';
import { changeHistory, menuBoardItems } from '../../db/schema';
import { addDays, parisDay } from '@tables-voisines/contract/paris-time';

let t: TestApp;
let fx: BoardWriters;
// The app's clock, stopped at the file's start: `today` is the server's day, even past midnight in Paris.
const clock = new TestClock(new Date().toISOString());
const today = parisDay(clock.now());

beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
  fx = await createBoardWriters(
    t,
    { name: 'Crêperie Ty Breizh', latitude: 48.11, longitude: -1.68 },
    { latitude: 48.12, longitude: -1.67 },
  );
});
afterAll(() => t.close());

const board = (overrides: Record<string, unknown> = {}) => ({
  establishment: fx.placeId,
  title: 'Ardoise du midi',
  date: today,
  items: [
    { name: 'Galette complète', price: 9.9, category: fx.crepes },
    { name: 'Crêpe caramel beurre salé', price: 4.5, category: fx.desserts },
  ],
  ...overrides,
});
const publish = (body: object, headers: Record<string, string> = fx.owner.headers) =>
  t.app.inject({ method: 'POST', url: '/api/menuboard/', headers, payload: body });
const surrounding = () =>
  t.app.inject({
    method: 'POST',
    url: '/menuboards/surrounding',
    payload: {
      categories: [fx.crepes],
      northEast: { latitude: 48.2, longitude: -1.6 },
      southWest: { latitude: 48, longitude: -1.8 },
    },
  });

describe('menu boards', () => {
  it('lets an owner publish today’s board, stored in cents, and shows it around at once', async () => {
    const response = await publish(board());
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({
      establishment: { id: fx.placeId, name: 'Crêperie Ty Breizh', kind: 'restaurant' },
      title: 'Ardoise du midi',
      date: today,
      items: [
        { name: 'Galette complète', price: 9.9, category: fx.crepes },
        { name: 'Crêpe caramel beurre salé', price: 4.5, category: fx.desserts },
      ],
    });
    const rows = await t.db.select().from(menuBoardItems).where(eq(menuBoardItems.menuBoardId, created.id));
    expect(rows.map((r) => r.priceCents).sort()).toEqual([450, 990]);
    expect((await surrounding()).json().map((b: { id: string }) => b.id)).toContain(created.id);
  });

  it('validates items and prices before the permission check', async () => {
    const cases: [object, string][] = [
      [board({ items: [] }), 'items'],
      [board({ items: [{ name: 'Galette', price: 9.999, category: fx.crepes }] }), 'items.0.price'],
      [board({ items: [{ name: 'Galette', price: -1, category: fx.crepes }] }), 'items.0.price'],
      [board({ items: [{ name: '', price: 3, category: fx.crepes }] }), 'items.0.name'],
      [board({ date: '2026-02-30' }), 'date'],
    ];
    for (const [body, path] of cases) {
      // Someone else's establishment: still a 400, validation runs first.
      const response = await publish({ ...body, establishment: fx.otherPlaceId });
      expect(response.statusCode, path).toBe(400);
      expect(response.json().details[0].path).toBe(path);
    }
  });

  it('refuses an unknown category or a past day with 400', async () => {
    const unknown = await publish(
      board({ items: [{ name: 'Far breton', price: 3, category: '11111111-1111-1111-1111-111111111111' }] }),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details).toEqual([{ path: 'items.0.category', message: 'Catégorie inconnue.' }]);
    const past = await publish(board({ date: '2020-01-01' }));
    expect(past.statusCode).toBe(400);
    expect(past.json().details[0].path).toBe('date');
  });

  it("refuses a valid board for someone else's establishment with 403, and an unknown one with 404 to admins", async () => {
    expect((await publish(board(), fx.otherOwner.headers)).statusCode).toBe(403);
    const unconfirmed = await createOwnerAccount(t, {
      establishmentId: (await createEstablishment(t.db)).id,
      confirmed: false,
    });
    expect((await publish(board(), unconfirmed.headers)).statusCode).toBe(403);
    const unknown = await publish(
      board({ establishment: '11111111-1111-1111-1111-111111111111' }),
      fx.admin.headers,
    );
    expect(unknown.statusCode).toBe(404);
    expect((await publish(board({ establishment: fx.otherPlaceId }), fx.admin.headers)).statusCode).toBe(201);
  });

  it('lets the owner edit and delete its board, not another owner, and records each change', async () => {
    // Tomorrow's: today's was published by the tests above, and publishing again would replace it.
    const tomorrow = addDays(today, 1);
    const created = (await publish(board({ title: 'Ardoise du soir', date: tomorrow }))).json();
    const edit = (headers: Record<string, string>, payload: object) =>
      t.app.inject({ method: 'PATCH', url: `/api/menuboard/${created.id}`, headers, payload });
    expect((await edit(fx.otherOwner.headers, { title: 'Piraté' })).statusCode).toBe(403);
    const edited = await edit(fx.owner.headers, {
      items: [{ name: 'Galette saucisse', price: 6, category: fx.crepes }],
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      title: 'Ardoise du soir',
      items: [{ name: 'Galette saucisse', price: 6 }],
    });

    const remove = (headers: Record<string, string>) =>
      t.app.inject({ method: 'DELETE', url: `/api/menuboard/${created.id}`, headers });
    expect((await remove(fx.otherOwner.headers)).statusCode).toBe(403);
    expect((await remove(fx.owner.headers)).statusCode).toBe(204);
    expect((await remove(fx.admin.headers)).statusCode).toBe(404);

    const entries = await t.db.select().from(changeHistory).where(eq(changeHistory.subjectId, created.id));
    expect(entries.map((e) => e.action).sort()).toEqual(['create', 'delete', 'update']);
    expect(entries.every((e) => e.establishmentId === fx.placeId && e.actorId === fx.owner.id)).toBe(true);
  });

  it('answers a publication with the board as its GET reads it, hasOwner and ETag included', async () => {
    // The back office starts its edit page from this answer: a different one set the form again under the
    // admin's typing once the GET came (hasOwner was missing, and with it the question before saving).
    for (const headers of [fx.admin.headers, fx.owner.headers]) {
      const published = await publish(board({ title: 'Ardoise comme relue' }), headers);
      expect([200, 201]).toContain(published.statusCode);
      const read = await t.app.inject({
        method: 'GET',
        url: `/api/menuboard/${published.json<{ id: string }>().id}`,
        headers,
      });
      expect(read.statusCode).toBe(200);
      expect(published.json()).toMatchObject({ hasOwner: true });
      expect(published.json()).toEqual(read.json());
      expect(published.headers.etag).toBe(read.headers.etag);
    }
  });
});

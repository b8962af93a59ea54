import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, parisDay } from '@tables-voisines/contract/paris-time';
import { createAdminAccount, type TestAccount } from '../../../test/accounts';
import { createTestApp, TestClock, type TestApp } from '../../../test/app';
import { createCategory, createEstablishment, disableEstablishment } from '../../../test/factories';
import { establishments } from '../../db/schema';
import { renderBoardPicture } from './board-picture-draw';
import { createBoardPictures, DRAWING_AT_ONCE, WAITING_AT_MOST } from './board-picture.service';

/* The board's picture (docs/api.md, "Set menus, courses and the board's picture"), on the real app. */

const clock = new TestClock(new Date().toISOString());
const today = parisDay(clock.now());
let t: TestApp;
let admin: TestAccount;
let category: string;
beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
  admin = await createAdminAccount(t);
  category = (await createCategory(t.db, 'Plat du jour')).id;
});
afterAll(() => t.close());

async function placeWithBoard(date = today) {
  const place = await createEstablishment(t.db, { name: 'Le Bistrot des Halles', town: 'Annecy' });
  const published = await t.app.inject({
    method: 'POST',
    url: '/api/menuboard/',
    headers: admin.headers,
    payload: {
      establishment: place.id,
      title: 'Ardoise du jour',
      date,
      items: [
        { name: 'Velouté de potimarron', price: 6.5, category, course: 'entree', diets: ['vegetarian'] },
        { name: 'Tartiflette au reblochon', price: 14, category, course: 'plat', homemade: true },
        { name: 'Tarte aux myrtilles', price: 5, category, course: 'dessert' },
      ],
      formulas: [
        {
          name: 'Formule du midi',
          price: 16.5,
          courses: [
            ['entree', 'plat'],
            ['plat', 'dessert'],
          ],
        },
      ],
    },
  });
  expect(published.statusCode).toBe(201);
  return { place, board: published.json() as { id: string } };
}

const picture = (id: string, query = '', headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/establishment/${id}/menuboard.png${query}`, headers });

describe('the board’s picture', () => {
  it.each([
    ['', 1080, 1350],
    ['?format=square', 1080, 1350],
    ['?format=story', 1080, 1920],
    ['?format=landscape', 1200, 630],
  ])('is a PNG of the right size (%s)', async (query, width, height) => {
    const { place } = await placeWithBoard();
    const answer = await picture(place.id, query);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('image/png');
    expect(answer.headers['cache-control']).toBe('public, no-cache');
    expect(answer.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(answer.headers.etag).toMatch(/^"[^"]+"$/);
    const meta = await sharp(answer.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'png', width, height });
    expect(Number(answer.headers['content-length'])).toBe(answer.rawPayload.length);
  });

  it('answers 304 to its tag, and a new tag once the board changes', async () => {
    const { place, board } = await placeWithBoard();
    const first = await picture(place.id, `?date=${today}`);
    const etag = first.headers.etag as string;
    const again = await picture(place.id, '', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    // Each format has its own tag: a story is not the square a cache kept.
    const story = await picture(place.id, '?format=story', { 'if-none-match': etag });
    expect(story.statusCode).toBe(200);
    expect(story.headers.etag).not.toBe(etag);

    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/menuboard/${board.id}`,
      headers: admin.headers,
      payload: { items: [{ name: 'Gratin dauphinois', price: 12, category, course: 'plat' }] },
    });
    expect(patched.statusCode).toBe(200);
    const changed = await picture(place.id, '', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.rawPayload.equals(first.rawPayload)).toBe(false);

    // Renamed, the place gets a new picture too (its name is drawn), with no write to the board.
    const renamed = changed.headers.etag as string;
    await t.db.update(establishments).set({ name: 'Chez Marcel' }).where(eq(establishments.id, place.id));
    expect((await picture(place.id, '', { 'if-none-match': renamed })).statusCode).toBe(200);
  });

  it('answers 404 in French without a board, for a day to come, a hidden place or one closed for good', async () => {
    const bare = await createEstablishment(t.db);
    const none = await picture(bare.id);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({
      code: 'NotFound',
      message: 'Cet établissement n’a pas d’ardoise ce jour-là.',
    });

    const tomorrow = addDays(today, 1);
    const { place: prepared } = await placeWithBoard(tomorrow);
    expect((await picture(prepared.id, `?date=${tomorrow}`)).statusCode).toBe(404);
    expect((await picture(prepared.id, `?date=${tomorrow}`, admin.headers)).statusCode).toBe(404);

    const { place: hidden } = await placeWithBoard();
    expect((await picture(hidden.id)).statusCode).toBe(200);
    await disableEstablishment(t.db, hidden.id);
    expect((await picture(hidden.id)).statusCode).toBe(404);

    const { place: closed } = await placeWithBoard();
    await t.db
      .update(establishments)
      .set({ closedForGoodAt: clock.now() })
      .where(eq(establishments.id, closed.id));
    expect((await picture(closed.id)).statusCode).toBe(404);
  });

  it('refuses another format or a wrong date with a ValidationError', async () => {
    const { place } = await placeWithBoard();
    const format = await picture(place.id, '?format=portrait');
    expect(format.statusCode).toBe(400);
    expect(format.json()).toMatchObject({
      code: 'ValidationError',
      details: [
        {
          path: 'format',
          message: 'Format d’image inconnu : « square », « story » ou « landscape » est attendu.',
        },
      ],
    });
    const date = await picture(place.id, '?date=2026-02-30');
    expect(date.statusCode).toBe(400);
    expect(date.json()).toMatchObject({ code: 'ValidationError', details: [{ path: 'date' }] });
    expect((await picture('not-an-id')).statusCode).toBe(400);
  });
});

describe('what a flood of requests can make the server do', () => {
  it('draws nothing for a tag, and each picture once however often it is asked', async () => {
    const { place } = await placeWithBoard();
    let drawn = 0;
    const pictures = createBoardPictures(t.app.ctx, async (input, format) => {
      drawn += 1;
      return (await renderBoardPicture(input, format)).png;
    });
    const found = await pictures.find(place.id, undefined, 'landscape');
    expect(found.etag).toMatch(/^"/);
    expect(drawn).toBe(0);
    const [a, b] = await Promise.all([found.png(), found.png()]);
    expect(a.equals(b)).toBe(true);
    await (await pictures.find(place.id, today, 'landscape')).png();
    expect(drawn).toBe(1);
  });

  it(`draws at most ${DRAWING_AT_ONCE} at once, lets ${WAITING_AT_MOST} wait and refuses the rest with 503`, async () => {
    const places = [];
    for (let i = 0; i < 4; i++) places.push((await placeWithBoard()).place);
    let running = 0;
    let most = 0;
    const release: (() => void)[] = [];
    const pictures = createBoardPictures(t.app.ctx, async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise<void>((resolve) => release.push(resolve));
      running -= 1;
      return Buffer.from('png');
    });
    const wanted = places.flatMap((place) =>
      (['square', 'story', 'landscape'] as const).map((format) => ({ place, format })),
    );
    const finds = await Promise.all(
      wanted.map(({ place, format }) => pictures.find(place.id, today, format)),
    );
    const results = finds.map((found) =>
      found.png().then(
        () => 'drawn',
        (error: { code?: string }) => error.code,
      ),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(pictures.busy).toBe(DRAWING_AT_ONCE + WAITING_AT_MOST);
    while (release.length > 0 || running > 0) {
      release.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    const outcome = await Promise.all(results);
    expect(most).toBe(DRAWING_AT_ONCE);
    expect(outcome.filter((o) => o === 'drawn')).toHaveLength(DRAWING_AT_ONCE + WAITING_AT_MOST);
    expect(outcome.filter((o) => o === 'ServiceUnavailable')).toHaveLength(
      wanted.length - DRAWING_AT_ONCE - WAITING_AT_MOST,
    );
    expect(pictures.busy).toBe(0);
  });
});

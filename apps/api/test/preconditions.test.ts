import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plainDish } from '@tables-voisines/contract/test-support/dishes';
import { createAdminAccount, createOwnerAccount, type TestAccount } from './accounts';
import { createTestApp, TestClock, type TestApp } from './app';
import { createCategory, createEstablishment } from './factories';
import { parisDay } from '@tables-voisines/contract/paris-time';

/*
 * Two tabs, or an owner and an admin, editing the same record: a write sent with the `ETag` its form was
 * loaded with (`If-Match`) is refused with 412 once someone else changed the record, and writes nothing.
 */

// The app's clock, stopped at the file's start: the boards' day below is the server's, even past midnight.
const clock = new TestClock(new Date().toISOString());
let t: TestApp;
let admin: TestAccount;
beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
  admin = await createAdminAccount(t);
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const inject = (
  method: 'GET' | 'PATCH' | 'POST' | 'DELETE',
  url: string,
  headers: Headers,
  payload?: object,
) => t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });

describe('If-Match on an establishment', () => {
  it('refuses the second of two edits based on the same read, and lets a fresh read through', async () => {
    const place = await createEstablishment(t.db, { name: 'Deux Onglets' });
    const owner = await createOwnerAccount(t, { establishmentId: place.id });
    const url = `/api/establishment/${place.id}`;
    const read = await inject('GET', url, owner.headers);
    const etag = read.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f-]{36}\.\d+"$/);
    expect((await inject('GET', url, admin.headers)).headers.etag).toBe(etag);

    const first = await inject(
      'PATCH',
      url,
      { ...admin.headers, 'if-match': etag },
      { description: 'Par l’équipe' },
    );
    expect(first.statusCode).toBe(200);
    expect(first.headers.etag).not.toBe(etag);

    const second = await inject(
      'PATCH',
      url,
      { ...owner.headers, 'if-match': etag },
      { description: 'Par le restaurateur' },
    );
    expect(second.statusCode).toBe(412);
    expect(second.json()).toMatchObject({
      code: 'PreconditionFailed',
      message: expect.stringMatching(/^Quelqu’un d’autre a modifié/),
    });
    const now = await inject('GET', url, owner.headers);
    expect(now.json().description).toBe('Par l’équipe');

    const retried = await inject(
      'PATCH',
      url,
      { ...owner.headers, 'if-match': now.headers.etag as string },
      {
        description: 'Par le restaurateur',
      },
    );
    expect(retried.statusCode).toBe(200);
    // Without If-Match the write goes through as before; with `*`, whenever the record exists.
    expect((await inject('PATCH', url, owner.headers, { phone: '04 78 00 00 01' })).statusCode).toBe(200);
    expect(
      (await inject('PATCH', url, { ...owner.headers, 'if-match': '*' }, { phone: '04 78 00 00 02' }))
        .statusCode,
    ).toBe(200);
    // A weak tag never matches a write (strong comparison).
    const weak = `W/${(await inject('GET', url, owner.headers)).headers.etag as string}`;
    expect(
      (await inject('PATCH', url, { ...owner.headers, 'if-match': weak }, { phone: '04 78 00 00 03' }))
        .statusCode,
    ).toBe(412);
  });

  it('is raised by every write of the row, the owner link and the share included', async () => {
    const place = await createEstablishment(t.db, { photoUrl: '/media/photo.webp' });
    const url = `/api/establishment/${place.id}`;
    const etag = (await inject('GET', url, admin.headers)).headers.etag as string;
    const owner = await createOwnerAccount(t);
    await inject('PATCH', `/api/restaurant-owner/${owner.id}`, admin.headers, { establishment: place.id });
    const refused = await inject('DELETE', url, { ...admin.headers, 'if-match': etag });
    expect(refused.statusCode).toBe(412);
    expect((await inject('GET', url, admin.headers)).statusCode).toBe(200);
  });
});

describe('If-Match on accounts', () => {
  it('refuses a stale change of an owner and of an admin', async () => {
    const owner = await createOwnerAccount(t);
    const ownerUrl = `/api/restaurant-owner/${owner.id}`;
    const ownerTag = (await inject('GET', ownerUrl, admin.headers)).headers.etag as string;
    await inject('PATCH', ownerUrl, owner.headers, { firstName: 'Camille-Marie' });
    const stale = await inject(
      'PATCH',
      ownerUrl,
      { ...admin.headers, 'if-match': ownerTag },
      { lastName: 'Durand' },
    );
    expect(stale.statusCode).toBe(412);
    expect((await inject('GET', ownerUrl, admin.headers)).json()).toMatchObject({
      firstName: 'Camille-Marie',
      lastName: 'Martin',
    });

    const other = await createAdminAccount(t, { permissions: [{ action: 'read', subject: 'group' }] });
    const adminUrl = `/api/admin/${other.id}`;
    const adminTag = (await inject('GET', adminUrl, admin.headers)).headers.etag as string;
    await inject('PATCH', adminUrl, admin.headers, { email: 'nouvelle@exemple.fr' });
    expect((await inject('DELETE', adminUrl, { ...admin.headers, 'if-match': adminTag })).statusCode).toBe(
      412,
    );
    expect((await inject('GET', adminUrl, admin.headers)).statusCode).toBe(200);
  });
});

describe('If-Match on today’s board', () => {
  it('refuses a stale replacement, correction or removal, and a second first board', async () => {
    const place = await createEstablishment(t.db, { name: 'Le Tableau' });
    const owner = await createOwnerAccount(t, { establishmentId: place.id });
    const category = (await createCategory(t.db, 'Plats')).id;
    const board = (name: string) => ({
      establishment: place.id,
      title: 'Ardoise du jour',
      date: parisDay(clock.now()),
      items: [{ name, price: 12.5, category }],
    });
    const today = `/api/establishment/${place.id}/menuboard`;
    expect((await inject('GET', today, owner.headers)).statusCode).toBe(404);

    // Two tabs publish the day's first board: the one that expected none and came second is refused.
    const first = await inject(
      'POST',
      '/api/menuboard/',
      { ...owner.headers, 'if-none-match': '*' },
      board('Quiche'),
    );
    expect(first.statusCode).toBe(201);
    const second = await inject(
      'POST',
      '/api/menuboard/',
      { ...owner.headers, 'if-none-match': '*' },
      board('Tarte'),
    );
    expect(second.statusCode).toBe(412);

    const loaded = await inject('GET', today, owner.headers);
    expect(loaded.json().items).toEqual([plainDish('Quiche', 12.5, category)]);
    const etag = loaded.headers.etag as string;
    expect(first.headers.etag).toBe(etag);
    const byAdmin = await inject(
      'POST',
      '/api/menuboard/',
      { ...admin.headers, 'if-match': etag },
      board('Gratin'),
    );
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().id).toBe(first.json().id);

    const stale = { ...owner.headers, 'if-match': etag };
    expect((await inject('POST', '/api/menuboard/', stale, board('Soupe'))).statusCode).toBe(412);
    expect(
      (await inject('PATCH', `/api/menuboard/${first.json().id}`, stale, { title: 'Ardoise' })).statusCode,
    ).toBe(412);
    expect((await inject('DELETE', `/api/menuboard/${first.json().id}`, stale)).statusCode).toBe(412);
    expect((await inject('GET', today, owner.headers)).json().items[0].name).toBe('Gratin');

    const fresh = (await inject('GET', today, owner.headers)).headers.etag as string;
    expect(
      (await inject('DELETE', `/api/menuboard/${first.json().id}`, { ...owner.headers, 'if-match': fresh }))
        .statusCode,
    ).toBe(204);
    expect((await inject('GET', today, owner.headers)).statusCode).toBe(404);
  });
});

describe('If-Match on a group and on a share', () => {
  it('refuses a stale change or removal of a group, and a share of a page changed meanwhile', async () => {
    const created = await inject('POST', '/api/group/', admin.headers, {
      name: 'Collectif du port',
      latitude: 43.3,
      longitude: 5.37,
      radius: 3,
    });
    const url = `/api/group/${created.json().id}`;
    const read = await inject('GET', url, admin.headers);
    expect(read.json()).toMatchObject({ name: 'Collectif du port', radius: 3 });
    const etag = read.headers.etag as string;
    expect(created.headers.etag).toBe(etag);
    expect(
      (await inject('PATCH', url, { ...admin.headers, 'if-match': etag }, { radius: 4 })).statusCode,
    ).toBe(200);
    expect(
      (await inject('PATCH', url, { ...admin.headers, 'if-match': etag }, { radius: 9 })).statusCode,
    ).toBe(412);
    expect((await inject('DELETE', url, { ...admin.headers, 'if-match': etag })).statusCode).toBe(412);
    expect((await inject('GET', url, admin.headers)).json().radius).toBe(4);

    const place = await createEstablishment(t.db, { photoUrl: '/media/vitrine.jpg' });
    const placeUrl = `/api/establishment/${place.id}`;
    const placeTag = (await inject('GET', placeUrl, admin.headers)).headers.etag as string;
    await inject('PATCH', placeUrl, admin.headers, { description: 'Changée dans un autre onglet.' });
    const share = await inject('POST', `/api/establishment/share/${place.id}`, {
      ...admin.headers,
      'if-match': placeTag,
    });
    expect(share.statusCode).toBe(412);
    expect((await inject('GET', placeUrl, admin.headers)).json().photo.isFacebookShared).toBe(false);
  });
});

describe('a first board of the day published twice', () => {
  it('says a board was published meanwhile, to reload before replacing it', async () => {
    const place = await createEstablishment(t.db);
    const category = (await createCategory(t.db, 'Desserts')).id;
    const body = {
      establishment: place.id,
      title: 'Ardoise',
      date: parisDay(clock.now()),
      items: [{ name: 'Flan', price: 4, category }],
    };
    const headers = { ...admin.headers, 'if-none-match': '*' };
    expect((await inject('POST', '/api/menuboard/', headers, body)).statusCode).toBe(201);
    const again = await inject('POST', '/api/menuboard/', headers, body);
    expect(again.statusCode).toBe(412);
    expect(again.json().message).toBe(
      'Une ardoise a déjà été publiée pour ce jour entre-temps (dans un autre onglet, ou par l’équipe) : rechargez-la pour la voir avant de la remplacer.',
    );
  });
});

describe('ids in capitals', () => {
  it('name the same records, for the permission check and the write alike', async () => {
    const place = await createEstablishment(t.db);
    const owner = await createOwnerAccount(t, { establishmentId: place.id });
    const url = `/api/establishment/${place.id.toUpperCase()}`;
    const read = await inject('GET', url, owner.headers);
    expect(read.statusCode).toBe(200);
    expect(read.json().id).toBe(place.id);
    const written = await inject(
      'PATCH',
      url,
      { ...owner.headers, 'if-match': read.headers.etag as string },
      {
        categories: [],
      },
    );
    expect(written.statusCode).toBe(200);
  });
});

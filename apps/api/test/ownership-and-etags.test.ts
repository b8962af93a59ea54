import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Permission } from '@tables-voisines/contract/schemas/permission';
import { establishments } from '../src/db/schema';
import { createAdminAccount, createOwnerAccount, type TestAccount } from './accounts';
import { createTestApp, TestClock, type TestApp } from './app';
import { createCategory, createEstablishment } from './factories';
import { photoJpeg } from './images';
import { deleteEstablishment, postEstablishment } from './requests';
import { startSmtp, type TestSmtp } from './smtp';
import { parisDay } from '@tables-voisines/contract/paris-time';

/*
 * Issue 47, points 5 to 8: who may move an owner, whose upload a photo is, ETags that follow what an answer
 * shows of other records, and `If-None-Match` on the API's reads.
 */

let smtp: TestSmtp;
// The app's clock, stopped at the file's start: the boards' day below is the server's, even past midnight.
const clock = new TestClock(new Date().toISOString());
let t: TestApp;
let admin: TestAccount;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ clock: clock.now, env: { SMTP_URL: smtp.url } });
  admin = await createAdminAccount(t);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

type Headers = Record<string, string>;
const inject = (method: 'GET' | 'HEAD' | 'PATCH' | 'POST', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
const patchPlace = (id: string, headers: Headers, payload: object) =>
  inject('PATCH', `/api/establishment/${id}`, headers, payload);
const ownerOf = async (placeId: string) =>
  (await inject('GET', `/api/establishment/${placeId}`, admin.headers)).json().restaurantOwner;
const linkOf = async (ownerId: string) =>
  (await inject('GET', `/api/restaurant-owner/${ownerId}`, admin.headers)).json().establishment;
/** Every mail the write could have sent, sent now. */
const mailsTo = async (email: string) => {
  await t.app.ctx.background.drain();
  await t.app.ctx.jobs.settle('mail');
  return smtp.messages.filter((m) => m.to === email);
};

const EDITOR: Permission[] = [
  { action: 'read', subject: 'establishment' },
  { action: 'create', subject: 'establishment' },
  { action: 'update', subject: 'establishment' },
];

describe('changing who owns a page', () => {
  it('is refused (403, nothing written, nobody mailed) to an admin who may not update owners', async () => {
    const editor = await createAdminAccount(t, { permissions: EDITOR });
    const place = await createEstablishment(t.db, { name: 'La Vitrine' });
    const elsewhere = await createEstablishment(t.db, { name: 'L’Ancien' });
    const owner = await createOwnerAccount(t, { establishmentId: elsewhere.id });
    // The editor cannot read the owner…
    expect((await inject('GET', `/api/restaurant-owner/${owner.id}`, editor.headers)).statusCode).toBe(403);

    // …nor move it, by either name of the field.
    for (const body of [{ restaurantOwner: owner.id }, { user: owner.id }]) {
      const moved = await patchPlace(place.id, editor.headers, { ...body, description: 'Nouvelle carte' });
      expect(moved.statusCode).toBe(403);
      expect(moved.json()).toEqual({
        code: 'Forbidden',
        message:
          'Changer le restaurateur d’un établissement demande aussi le droit de modifier les comptes restaurateurs.',
      });
    }
    // Nor detach the owner of a page, nor give one to a page it creates.
    expect((await patchPlace(elsewhere.id, editor.headers, { restaurantOwner: null })).statusCode).toBe(403);
    const created = await postEstablishment(t, editor.headers, {
      name: 'Le Neuf',
      restaurantOwner: owner.id,
    });
    expect(created.statusCode).toBe(403);

    expect(await ownerOf(place.id)).toBeNull();
    expect(await ownerOf(elsewhere.id)).toBe(owner.id);
    expect(await linkOf(owner.id)).toBe(elsewhere.id);
    const described = await inject('GET', `/api/establishment/${place.id}`, editor.headers);
    expect(described.json().description).toBeNull();
    expect(await mailsTo(owner.email)).toEqual([]);

    // The same owner sent back with the whole record changes nothing: not refused.
    const same = await patchPlace(elsewhere.id, editor.headers, {
      restaurantOwner: owner.id,
      description: 'Même restaurateur',
    });
    expect(same.statusCode).toBe(200);
    expect(same.json().restaurantOwner).toBe(owner.id);
  });

  it('is done by an admin who may also update owners, and the owner is told', async () => {
    const manager = await createAdminAccount(t, {
      permissions: [...EDITOR, { action: 'update', subject: 'restaurant-owner' }],
    });
    const place = await createEstablishment(t.db, { name: 'Le Comptoir' });
    const owner = await createOwnerAccount(t);
    const moved = await patchPlace(place.id, manager.headers, { restaurantOwner: owner.id });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().restaurantOwner).toBe(owner.id);
    expect((await smtp.waitFor(owner.email)).subject).toBe('Votre compte est rattaché au Comptoir');
  });

  it('is refused from the owner’s side too, to an admin who may update owners but not establishments', async () => {
    const accounts = await createAdminAccount(t, {
      permissions: [
        { action: 'read', subject: 'restaurant-owner' },
        { action: 'update', subject: 'restaurant-owner' },
      ],
    });
    const place = await createEstablishment(t.db, { name: 'La Halle' });
    const elsewhere = await createEstablishment(t.db, { name: 'Le Quai' });
    const owner = await createOwnerAccount(t, { establishmentId: elsewhere.id });
    for (const establishment of [place.id, null]) {
      const moved = await inject('PATCH', `/api/restaurant-owner/${owner.id}`, accounts.headers, {
        establishment,
      });
      expect(moved.statusCode).toBe(403);
      expect(moved.json().message).toBe(
        'Rattacher ou détacher un restaurateur demande aussi le droit de modifier les établissements.',
      );
    }
    expect(await linkOf(owner.id)).toBe(elsewhere.id);
    expect(await ownerOf(place.id)).toBeNull();
    // Its name is the accounts' to change.
    const renamed = await inject('PATCH', `/api/restaurant-owner/${owner.id}`, accounts.headers, {
      firstName: 'Aline',
    });
    expect(renamed.statusCode).toBe(200);
    expect(await mailsTo(owner.email)).toEqual([]);
  });
});

describe('a prepared upload', () => {
  async function upload(account: TestAccount): Promise<string> {
    const jpeg = await photoJpeg(800, 500);
    const prepared = await inject('POST', '/api/establishment/prepare-upload', account.headers, {
      contentType: 'image/jpeg',
      size: jpeg.length,
    });
    expect(prepared.statusCode).toBe(200);
    const { uploadUrl, url } = prepared.json<{ uploadUrl: string; url: string }>();
    const put = await t.app.inject({
      method: 'PUT',
      url: uploadUrl,
      headers: { 'content-type': 'image/jpeg' },
      payload: jpeg,
    });
    expect(put.statusCode).toBe(204);
    return url;
  }

  it('is attached only by the account that prepared it, or by an admin', async () => {
    const placeA = await createEstablishment(t.db, { name: 'Chez Alice' });
    const placeB = await createEstablishment(t.db, { name: 'Chez Bruno' });
    const alice = await createOwnerAccount(t, { establishmentId: placeA.id });
    const bruno = await createOwnerAccount(t, { establishmentId: placeB.id });
    const brunos = await upload(bruno);

    // Uploaded but not attached yet, then attached to Bruno's page: Alice cannot take it either way.
    const taken = await patchPlace(placeA.id, alice.headers, { photo: { url: brunos } });
    expect(taken.statusCode).toBe(403);
    expect(taken.json()).toEqual({
      code: 'Forbidden',
      message: 'Cette photo a été envoyée depuis un autre compte : envoyez-la depuis le vôtre.',
    });
    expect((await patchPlace(placeB.id, bruno.headers, { photo: { url: brunos } })).statusCode).toBe(200);
    expect((await patchPlace(placeA.id, alice.headers, { photo: { url: brunos } })).statusCode).toBe(403);
    const seen = await inject('GET', `/api/establishment/${placeA.id}`, alice.headers);
    expect(seen.json().photo).toBeNull();

    // Her own upload goes; so does any upload put there by an admin, which she may then keep sending back.
    const alices = await upload(alice);
    expect((await patchPlace(placeA.id, alice.headers, { photo: { url: alices } })).statusCode).toBe(200);
    const byTeam = await upload(admin);
    expect((await patchPlace(placeA.id, admin.headers, { photo: { url: byTeam } })).statusCode).toBe(200);
    expect((await patchPlace(placeA.id, admin.headers, { photo: { url: brunos } })).statusCode).toBe(200);
    const kept = await patchPlace(placeA.id, alice.headers, {
      photo: { url: brunos },
      phone: '04 78 00 00 10',
    });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().photo.url).toBe(brunos);
  });

  it('leaves photos attached before uploads said their account as they are', async () => {
    const old = '/media/0b7c2f7e-4d7a-4f5e-9a59-3c1d2e3f4a5b.jpg';
    const place = await createEstablishment(t.db, { photoUrl: old });
    const owner = await createOwnerAccount(t, { establishmentId: place.id });
    const saved = await patchPlace(place.id, owner.headers, { photo: { url: old }, phone: '04 78 00 00 11' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().photo).toEqual({ url: old, isFacebookShared: false });
  });
});

describe('an owner’s ETag', () => {
  it('moves when its link changes, from whichever side, so a stale save cannot undo it', async () => {
    const first = await createEstablishment(t.db, { name: 'Le Premier' });
    const second = await createEstablishment(t.db, { name: 'Le Second' });
    const owner = await createOwnerAccount(t, { establishmentId: first.id });
    const url = `/api/restaurant-owner/${owner.id}`;
    const tagNow = async () => (await inject('GET', url, admin.headers)).headers.etag as string;

    // Admin 2 reads the owner; admin 1 links it to another page; admin 2 saves what it read.
    const read = await tagNow();
    expect((await patchPlace(second.id, admin.headers, { restaurantOwner: owner.id })).statusCode).toBe(200);
    expect(await tagNow()).not.toBe(read);
    const stale = await inject(
      'PATCH',
      url,
      { ...admin.headers, 'if-match': read },
      { establishment: first.id },
    );
    expect(stale.statusCode).toBe(412);
    expect(await linkOf(owner.id)).toBe(second.id);

    const tags = new Set([read, await tagNow()]);
    const changed = async (action: () => Promise<{ statusCode: number }>, status: number) => {
      expect((await action()).statusCode).toBe(status);
      const tag = await tagNow();
      expect(tags.has(tag)).toBe(false);
      tags.add(tag);
    };
    // Detached by its page, linked again by the owner with the claim code, detached by an admin on its
    // account, linked by an admin on its account, its page deleted.
    await changed(() => patchPlace(second.id, admin.headers, { restaurantOwner: null }), 200);
    // The code of today: the team's move renewed it (decision 0070).
    const [{ code } = { code: '' }] = await t.db
      .select({ code: establishments.claimCode })
      .from(establishments)
      .where(eq(establishments.id, first.id));
    expect(code).not.toBe(first.claimCode);
    await changed(() => inject('PATCH', url, owner.headers, { establishmentCode: code }), 200);
    await changed(() => inject('PATCH', url, admin.headers, { establishment: null }), 200);
    await changed(() => inject('PATCH', url, admin.headers, { establishment: second.id }), 200);
    await changed(() => deleteEstablishment(t, second.id, admin.headers), 204);
    expect(await linkOf(owner.id)).toBeNull();
  });
});

describe('a board’s ETag', () => {
  it('moves when its establishment is renamed or moved, and a save with the old one is refused', async () => {
    const place = await createEstablishment(t.db, { name: 'L’Ardoise' });
    const owner = await createOwnerAccount(t, { establishmentId: place.id });
    const category = (await createCategory(t.db, 'Plats du jour')).id;
    const published = await inject('POST', '/api/menuboard/', owner.headers, {
      establishment: place.id,
      title: 'Ardoise du jour',
      date: parisDay(clock.now()),
      items: [{ name: 'Blanquette', price: 14, category }],
    });
    expect(published.statusCode).toBe(201);
    const today = `/api/establishment/${place.id}/menuboard`;
    const read = await inject('GET', today, owner.headers);
    const before = read.headers.etag as string;

    expect((await patchPlace(place.id, admin.headers, { name: 'La Grande Ardoise' })).statusCode).toBe(200);
    const renamed = await inject('GET', today, owner.headers);
    expect(renamed.json().establishment.name).toBe('La Grande Ardoise');
    const after = renamed.headers.etag as string;
    expect(after).not.toBe(before);
    expect((await inject('GET', `/api/menuboard/${read.json().id}`, admin.headers)).headers.etag).toBe(after);

    const board = `/api/menuboard/${read.json().id}`;
    const stale = await inject('PATCH', board, { ...owner.headers, 'if-match': before }, { title: 'Midi' });
    expect(stale.statusCode).toBe(412);
    expect((await inject('GET', today, owner.headers)).json().title).toBe('Ardoise du jour');

    await patchPlace(place.id, admin.headers, { location: { latitude: 45.75, longitude: 4.85 } });
    const moved = (await inject('GET', today, owner.headers)).headers.etag as string;
    expect(moved).not.toBe(after);
    const fresh = await inject('PATCH', board, { ...owner.headers, 'if-match': moved }, { title: 'Midi' });
    expect(fresh.statusCode).toBe(200);
  });
});

describe('If-None-Match on the API’s reads', () => {
  it('answers 304 with the same ETag and no body when it names the current one', async () => {
    const place = await createEstablishment(t.db, { name: 'Le Conditionnel' });
    const owner = await createOwnerAccount(t, { establishmentId: place.id });
    const category = (await createCategory(t.db, 'Entrées')).id;
    const board = await inject('POST', '/api/menuboard/', owner.headers, {
      establishment: place.id,
      title: 'Ardoise',
      date: parisDay(clock.now()),
      items: [{ name: 'Velouté', price: 6, category }],
    });
    const group = await inject('POST', '/api/group/', admin.headers, {
      name: 'Collectif des pentes',
      latitude: 45.77,
      longitude: 4.83,
      radius: 2,
    });
    const reads = [
      `/api/establishment/${place.id}`,
      `/api/establishment/${place.id}/menuboard`,
      `/api/menuboard/${board.json().id}`,
      `/api/restaurant-owner/${owner.id}`,
      `/api/user/${owner.id}`,
      `/api/admin/${admin.id}`,
      `/api/group/${group.json().id}`,
    ];
    for (const url of reads) {
      const first = await inject('GET', url, admin.headers);
      expect(first.statusCode, url).toBe(200);
      const etag = first.headers.etag as string;
      expect(etag, url).toMatch(/^"/);
      for (const ifNoneMatch of [etag, `W/${etag}`, `"autre", ${etag}`, '*']) {
        const again = await inject('GET', url, { ...admin.headers, 'if-none-match': ifNoneMatch });
        expect(again.statusCode, `${url} ${ifNoneMatch}`).toBe(304);
        expect(again.headers.etag).toBe(etag);
        expect(again.headers['cache-control']).toBe(first.headers['cache-control']);
        expect(again.body).toBe('');
        expect(again.headers['content-length']).toBeUndefined();
      }
      const head = await inject('HEAD', url, { ...admin.headers, 'if-none-match': etag });
      expect(head.statusCode, url).toBe(304);
      expect(head.headers['content-length']).toBeUndefined();
      const other = await inject('GET', url, { ...admin.headers, 'if-none-match': '"autre"' });
      expect(other.statusCode).toBe(200);
      expect(other.json()).toEqual(first.json());
    }
  });

  it('answers 200 once the record changed, and leaves writes and refusals alone', async () => {
    const place = await createEstablishment(t.db);
    const url = `/api/establishment/${place.id}`;
    const etag = (await inject('GET', url, admin.headers)).headers.etag as string;
    const written = await patchPlace(
      place.id,
      { ...admin.headers, 'if-none-match': etag },
      { phone: '04 78 00 00 12' },
    );
    // A write's If-None-Match is a precondition: the record still has that tag, so it is refused.
    expect(written.statusCode).toBe(412);
    await patchPlace(place.id, admin.headers, { phone: '04 78 00 00 13' });
    const changed = await inject('GET', url, { ...admin.headers, 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().phone).toBe('04 78 00 00 13');
    const reader = await createOwnerAccount(t);
    const refused = await inject('GET', url, { ...reader.headers, 'if-none-match': '*' });
    expect(refused.statusCode).toBe(403);
  });
});

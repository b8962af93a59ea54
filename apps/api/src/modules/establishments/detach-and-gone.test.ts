import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminAccount, createOwnerAccount, type TestAccount } from '../../../test/accounts';
import { createTestApp, TestClock, type TestApp } from '../../../test/app';
import { createCategory, createEstablishment, createMenuBoard } from '../../../test/factories';
import { deleteEstablishment, postEstablishment } from '../../../test/requests';
import { startSmtp, type TestSmtp } from '../../../test/smtp';
import { parisDay } from '@tables-voisines/contract/paris-time';

/*
 * Issue 48, points 3 and 4: a detach that detaches (the code renewed, only ever mailed to the address the
 * team knows, a mail that does not invite a claim), and places that are no more (deleted, or closed for
 * good) answering 410 at every address they had, out of every list, their addresses never reused.
 */

// The app's clock, stopped at the file's start: the day of the board below is the server's, even past midnight.
const clock = new TestClock(new Date().toISOString());
let smtp: TestSmtp;
let t: TestApp;
let admin: TestAccount;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({
    clock: clock.now,
    env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://tables.example', RATE_LIMIT_SIGN_IN: '1000' },
  });
  admin = await createAdminAccount(t, { username: 'chef-de-salle' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const read = (id: string, headers = admin.headers) =>
  t.app.inject({ method: 'GET', url: `/api/establishment/${id}`, headers });
const patch = (id: string, payload: object, headers = admin.headers) =>
  t.app.inject({ method: 'PATCH', url: `/api/establishment/${id}`, headers, payload });
const patchOwner = (id: string, payload: object, headers = admin.headers) =>
  t.app.inject({ method: 'PATCH', url: `/api/restaurant-owner/${id}`, headers, payload });
const askCode = (establishmentId: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/restaurant-owner/resend-establishment-code',
    payload: { establishmentId },
  });
const publicRead = (idOrUri: string) =>
  t.app.inject({ method: 'GET', url: `/establishment/${encodeURIComponent(idOrUri)}/public` });
const settle = async () => {
  await t.app.ctx.background.drain();
  await t.app.ctx.jobs.settle('mail');
};
const mailsTo = (email: string) => smtp.messages.filter((m) => m.to === email);

describe('a detach by the team', () => {
  it('renews the claim code: the detached owner’s old code is refused, and its mail invites no claim', async () => {
    const place = await createEstablishment(t.db, { name: 'Le Comptoir', town: 'Lyon' });
    const owner = await createOwnerAccount(t, { establishmentId: place.id, firstName: 'Paul' });
    const oldCode = (await read(place.id)).json().claimCode as string;

    expect((await patch(place.id, { restaurantOwner: null })).statusCode).toBe(200);
    const after = (await read(place.id)).json();
    expect(after.restaurantOwner).toBeNull();
    expect(after.claimCode).not.toBe(oldCode);

    // The owner types the code it knew: refused, the page stays free.
    const again = await patchOwner(owner.id, { establishmentCode: oldCode }, owner.headers);
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('NotFound');
    expect((await read(place.id)).json().restaurantOwner).toBeNull();

    const mail = await smtp.waitFor(owner.email);
    expect(mail.subject).toBe('Votre compte n’est plus rattaché au Comptoir');
    expect(mail.text).toContain(
      'L’équipe Tables Voisines a retiré votre compte de la page du Comptoir (Lyon) : vous ne pouvez plus la modifier depuis votre espace restaurateur, et son code de réclamation a été remplacé.',
    );
    expect(mail.text).toContain('https://tables.example/contact');
    expect(mail.text).not.toMatch(/rattacher de nouveau|avec son code/);
    expect(mail.text).not.toContain(after.claimCode);

    // The history says the code was renewed, by the team, without its value.
    const history = (
      await t.app.inject({
        method: 'GET',
        url: `/api/establishment/${place.id}/history`,
        headers: admin.headers,
      })
    ).json();
    expect(history[0]).toMatchObject({
      action: 'update',
      actor: { role: 'admin' },
      changes: [{ field: 'claimCode', from: null, to: null }],
    });
    expect(history[1]).toMatchObject({ action: 'unlink' });

    // The owner's space reads when and from which page the team detached it.
    const me = await t.app.inject({
      method: 'GET',
      url: `/api/restaurant-owner/${owner.id}`,
      headers: owner.headers,
    });
    expect(me.json().establishment).toBeNull();
    expect(me.json().detachedByTeam).toEqual({
      at: expect.any(String),
      name: 'Le Comptoir',
      pageDeleted: false,
    });
    expect(Date.parse(me.json().detachedByTeam.at)).toBeGreaterThan(Date.now() - 60_000);
    // An owner never detached reads null.
    const other = await createOwnerAccount(t);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/restaurant-owner/${other.id}`,
          headers: other.headers,
        })
      ).json().detachedByTeam,
    ).toBeNull();
  });

  it('renews it too when the team detaches from the owner’s form, not when an owner moves itself', async () => {
    const place = await createEstablishment(t.db, { name: 'Les Burgers de Fanny', town: 'Nantes' });
    const owner = await createOwnerAccount(t, { establishmentId: place.id });
    const before = (await read(place.id)).json().claimCode;
    expect((await patchOwner(owner.id, { establishment: null })).statusCode).toBe(200);
    const renewed = (await read(place.id)).json().claimCode;
    expect(renewed).not.toBe(before);
    expect((await smtp.waitFor(owner.email)).subject).toBe(
      'Votre compte n’est plus rattaché aux Burgers de Fanny',
    );

    // The owner claims it again with the new code (given by the team), then moves itself to another page
    // with that page's code: the page it leaves keeps its code (nobody took it from it).
    expect((await patchOwner(owner.id, { establishmentCode: renewed }, owner.headers)).statusCode).toBe(200);
    const other = await createEstablishment(t.db, { name: 'La Suite', town: 'Nantes' });
    expect(
      (await patchOwner(owner.id, { establishmentCode: other.claimCode }, owner.headers)).statusCode,
    ).toBe(200);
    expect((await read(place.id)).json().claimCode).toBe(renewed);
  });
});

describe('the claim code’s address', () => {
  it('is the page’s e-mail as the team set it: an owner’s edit does not change it, an admin’s does', async () => {
    const created = await postEstablishment(t, admin.headers, {
      name: 'Chez Athéna',
      address: { town: 'Dijon' },
      email: 'contact@athena.example',
    });
    expect(created.statusCode).toBe(201);
    const place = created.json();
    expect(place.claimEmail).toBe('contact@athena.example');
    const owner = await createOwnerAccount(t, { establishmentId: place.id, email: 'moi@athena.example' });

    // The owner puts its own address as the page's e-mail in « Ma page ».
    const own = await patch(place.id, { email: 'moi@athena.example' }, owner.headers);
    expect(own.statusCode).toBe(200);
    expect(own.json().email).toBe('moi@athena.example');
    expect(own.json()).not.toHaveProperty('claimEmail');
    expect((await read(place.id)).json().claimEmail).toBe('contact@athena.example');

    // Detached by the team, it asks for the (renewed) code: it goes to the team's address only.
    await patch(place.id, { restaurantOwner: null });
    await smtp.waitFor(owner.email, (m) => /n’est plus rattaché/.test(m.subject));
    const code = (await read(place.id)).json().claimCode as string;
    expect((await askCode(place.id)).statusCode).toBe(204);
    const mail = await smtp.waitFor('contact@athena.example');
    expect(mail.text).toContain(code);
    await settle();
    expect(mailsTo('moi@athena.example').some((m) => m.text.includes(code))).toBe(false);

    // An admin's correction of the page's e-mail is the team's word: the code goes there from now on.
    const fixed = await patch(place.id, { email: 'bonjour@athena.example' });
    expect(fixed.json()).toMatchObject({
      email: 'bonjour@athena.example',
      claimEmail: 'bonjour@athena.example',
    });
  });

  it('is nobody when the team knows no address: « no e-mail », even if an owner typed one', async () => {
    const place = await createEstablishment(t.db, {
      email: 'tape@par-le-restaurateur.example',
      claimEmail: null,
    });
    const asked = await askCode(place.id);
    expect(asked.statusCode).toBe(404);
    expect(asked.json()).toMatchObject({
      code: 'NotFound',
      message: expect.stringContaining('Aucune adresse e-mail n’est connue pour cet établissement'),
    });
    await settle();
    expect(mailsTo('tape@par-le-restaurateur.example')).toEqual([]);
  });
});

describe('a deleted page', () => {
  it('answers 410 Gone at its current and earlier addresses, never gives them to another place, and says so to its owner', async () => {
    const created = await postEstablishment(t, admin.headers, {
      name: 'Le Fournil',
      address: { town: 'Caen' },
    });
    const place = created.json();
    expect(place.uri).toBe('le-fournil-a-caen');
    expect((await patch(place.id, { uri: 'le-fournil-caen' })).statusCode).toBe(200);
    const owner = await createOwnerAccount(t, { establishmentId: place.id, firstName: 'Léa' });

    expect((await deleteEstablishment(t, place.id, admin.headers)).statusCode).toBe(204);
    for (const uri of ['le-fournil-caen', 'le-fournil-a-caen', place.id]) {
      const gone = await publicRead(uri);
      expect(gone.statusCode, uri).toBe(410);
      expect(gone.json()).toEqual({ code: 'Gone', message: 'La page du Fournil (Caen) n’existe plus.' });
    }
    // Unknown addresses stay 404.
    expect((await publicRead('le-fournil-a-rouen')).statusCode).toBe(404);

    // The same name and town get another address; the old ones are refused, whatever their case.
    const next = await postEstablishment(t, admin.headers, { name: 'Le Fournil', address: { town: 'Caen' } });
    expect(next.statusCode).toBe(201);
    expect(next.json().uri).toBe('le-fournil-a-caen-2');
    for (const uri of ['le-fournil-caen', 'Le-Fournil-A-Caen']) {
      const taken = await postEstablishment(t, admin.headers, { name: 'Autre', uri });
      expect(taken.statusCode, uri).toBe(409);
      expect(taken.json().code).toBe('UriAlreadyUsed');
      expect((await patch(next.json().id, { uri })).json().code).toBe('UriAlreadyUsed');
    }

    const mail = await smtp.waitFor(owner.email);
    expect(mail.subject).toBe('La page du Fournil a été supprimée');
    expect(mail.text).toContain(
      'L’équipe Tables Voisines a supprimé la page du Fournil (Caen) : votre compte n’est plus rattaché à aucun établissement',
    );
    expect(mail.text).toContain('indiquent désormais que la page n’existe plus');
    expect(mail.text).not.toMatch(/rattacher de nouveau|avec son code|code/);
    const me = await t.app.inject({
      method: 'GET',
      url: `/api/restaurant-owner/${owner.id}`,
      headers: owner.headers,
    });
    expect(me.json().detachedByTeam).toMatchObject({ name: 'Le Fournil', pageDeleted: true });
  });
});

describe('a place closed for good', () => {
  it('answers 410, leaves the lists and the sitemap, stays its owner’s, who is told; reopened, all comes back', async () => {
    const place = await createEstablishment(t.db, { name: 'L’Ancienne Forge', town: 'Tulle' });
    await patch(place.id, { uri: 'ancienne-forge' });
    const owner = await createOwnerAccount(t, { establishmentId: place.id, firstName: 'Marc' });

    // An owner may not say it (nor undo it).
    expect((await patch(place.id, { closedForGood: true }, owner.headers)).statusCode).toBe(403);

    const closed = await patch(place.id, { closedForGood: true });
    expect(closed.statusCode).toBe(200);
    expect(closed.json().closedForGood).toBe(true);
    for (const uri of ['ancienne-forge', place.uri, place.id]) {
      const gone = await publicRead(uri);
      expect(gone.statusCode, uri).toBe(410);
      expect(gone.json()).toEqual({
        code: 'Gone',
        message: 'L’Ancienne Forge (Tulle) a fermé définitivement.',
      });
    }
    const list = await t.app.inject({ method: 'GET', url: '/api/establishments/?q=forge' });
    expect(list.json()).toEqual([]);
    const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.body).not.toContain('ancienne-forge');
    // The team still lists it.
    const adminList = await t.app.inject({
      method: 'GET',
      url: '/api/establishments/?q=forge&withDisabled=true&page=1',
      headers: admin.headers,
    });
    expect(adminList.json().map((e: { id: string }) => e.id)).toEqual([place.id]);

    // The owner keeps its page and reads that it is closed.
    const own = await read(place.id, owner.headers);
    expect(own.statusCode).toBe(200);
    expect(own.json().closedForGood).toBe(true);
    const mail = await smtp.waitFor(owner.email, (m) => /fermé définitivement/.test(m.subject));
    expect(mail.subject).toBe('L’Ancienne Forge est indiqué comme fermé définitivement');
    expect(mail.text).toContain('Votre compte reste rattaché à la page');

    const history = (
      await t.app.inject({
        method: 'GET',
        url: `/api/establishment/${place.id}/history`,
        headers: admin.headers,
      })
    ).json();
    expect(history[0]).toMatchObject({
      action: 'update',
      changes: [{ field: 'closedForGood', from: false, to: true }],
    });

    expect((await patch(place.id, { closedForGood: false })).json().closedForGood).toBe(false);
    expect((await publicRead('ancienne-forge')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/establishments/?q=forge' })).json()).toHaveLength(
      1,
    );
    const reopened = await smtp.waitFor(owner.email, (m) => /n’est plus indiqué comme fermé/.test(m.subject));
    expect(reopened.text).toContain(
      'a retiré la mention « Fermé définitivement » de la page de L’Ancienne Forge',
    );
  });
});

describe('a place closed for good on the map', () => {
  it('leaves the map feed and the boards around a view', async () => {
    const category = await createCategory(t.db, 'Cuisine du terroir');
    // Through the API, as the team makes places: the public answers' caches follow the data version.
    const created = await postEstablishment(t, admin.headers, {
      name: 'La Forge Close',
      address: { town: 'Brive-la-Gaillarde' },
      location: { latitude: 45.1589, longitude: 1.5321 },
    });
    const place = created.json() as { id: string };
    const board = await createMenuBoard(t.db, {
      establishmentId: place.id,
      date: parisDay(clock.now()),
      items: [{ name: 'Mique levée', priceCents: 1400, categoryId: category.id }],
    });
    const box = {
      southWest: { latitude: 45.1, longitude: 1.4 },
      northEast: { latitude: 45.2, longitude: 1.6 },
    };
    const around = () =>
      t.app.inject({ method: 'POST', url: '/menuboards/surrounding', payload: box }).then((r) => r.json());
    const feed = () => t.app.inject({ method: 'GET', url: '/api/map/feed' }).then((r) => r.body);
    expect((await around()).map((b: { id: string }) => b.id)).toContain(board);
    expect(await feed()).toContain('La Forge Close');

    expect((await patch(place.id, { closedForGood: true })).statusCode).toBe(200);
    await settle();
    expect(await around()).toEqual([]);
    // The feed is answered from its last version while the new one is made (getScopedOrLatest).
    await expect.poll(feed, { timeout: 10_000 }).not.toContain('La Forge Close');
  });
});

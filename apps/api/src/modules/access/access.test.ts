import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminAccount, createOwnerAccount, type TestAccount } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';
import { createEstablishment } from '../../../test/factories';
import { startSmtp, type TestSmtp } from '../../../test/smtp';
import { accessRequests, contactMessages, establishments } from '../../db/schema';

/*
 * « Demander l’accès » (an owner of a page with no e-mail asks the team) and « Nous contacter » (anyone's
 * message to the team at CONTACT_EMAIL), through the API, with the mails read on a real SMTP server.
 */

const TEAM = 'equipe@tables-voisines.test';
let smtp: TestSmtp;
let t: TestApp;
let admin: TestAccount;
let address = 0;
const freshAddress = () => `10.48.${Math.floor(address / 250)}.${(address++ % 250) + 1}`;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ env: { SMTP_URL: smtp.url, CONTACT_EMAIL: TEAM } });
  admin = await createAdminAccount(t, { username: 'chef-de-salle' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const ask = (owner: { headers: Record<string, string> }, payload: object, remoteAddress = freshAddress()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/access-requests/',
    headers: owner.headers,
    payload,
    remoteAddress,
  });
const decide = (id: string, payload: object, headers: Record<string, string> = admin.headers) =>
  t.app.inject({ method: 'PATCH', url: `/api/access-request/${id}`, headers, payload });
const proof = { phone: '06 12 34 56 78', proof: 'Je suis la gérante, le numéro du restaurant est le mien.' };

describe('« Demander l’accès »', () => {
  it('stores a request for a page with no e-mail, mails the team, and refuses a second one', async () => {
    const place = await createEstablishment(t.db, { name: 'Le Comptoir', town: 'Nantes' });
    const owner = await createOwnerAccount(t, { firstName: 'Fanny' });
    const asked = await ask(owner, { establishmentId: place.id, ...proof });
    expect(asked.statusCode).toBe(201);
    expect(asked.json()).toMatchObject({
      establishment: { id: place.id, name: 'Le Comptoir', town: 'Nantes' },
      owner: { id: owner.id, email: owner.email, firstName: 'Fanny' },
      phone: '06 12 34 56 78',
      status: 'open',
      refusalReason: null,
      decidedBy: null,
    });
    const mail = await smtp.waitFor(TEAM, (m) => m.text.includes(owner.email));
    expect(mail.subject).toBe('Demande d’accès à la page du Comptoir');
    expect(mail.text).toContain('Téléphone : 06 12 34 56 78');
    expect(mail.text).toContain('« Je suis la gérante, le numéro du restaurant est le mien. »');

    const other = await createEstablishment(t.db);
    const again = await ask(owner, { establishmentId: other.id, ...proof });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('AccessRequestPending');
    // Its owner sees it in its own list, and nothing of others'.
    const mine = await t.app.inject({ method: 'GET', url: '/api/access-requests/', headers: owner.headers });
    expect(mine.json().map((r: { id: string }) => r.id)).toEqual([asked.json().id]);
  });

  it('checks the phone number, the proof, the page and the owner', async () => {
    const place = await createEstablishment(t.db);
    const owner = await createOwnerAccount(t);
    const bad = await ask(owner, { establishmentId: place.id, phone: '12', proof: 'x'.repeat(501) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([
      { path: 'phone', message: expect.stringMatching(/^Numéro de téléphone invalide/) },
      { path: 'proof', message: 'Au plus 500 caractères.' },
    ]);
    // A page whose code can be mailed: « Recevoir le code ».
    const mailed = await createEstablishment(t.db, { email: 'a@b.fr', claimEmail: 'a@b.fr' });
    expect((await ask(owner, { establishmentId: mailed.id, ...proof })).json().code).toBe('ClaimEmailKnown');
    // A page with an owner, an owner linked already, an unconfirmed owner, an admin.
    const claimed = await createEstablishment(t.db);
    const linked = await createOwnerAccount(t, { establishmentId: claimed.id });
    expect((await ask(owner, { establishmentId: claimed.id, ...proof })).json().code).toBe(
      'EstablishmentAlreadyClaimed',
    );
    expect((await ask(linked, { establishmentId: place.id, ...proof })).json().code).toBe(
      'OwnerAlreadyLinked',
    );
    const unconfirmed = await createOwnerAccount(t, { confirmed: false });
    expect((await ask(unconfirmed, { establishmentId: place.id, ...proof })).json().code).toBe(
      'AccountNotConfirmed',
    );
    expect((await ask(admin, { establishmentId: place.id, ...proof })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/access-requests/', payload: proof })).statusCode,
    ).toBe(401);
  });

  it('allows 3 requests an hour per owner and 10 per client address', async () => {
    const owner = await createOwnerAccount(t);
    for (let i = 0; i < 3; i++) {
      const place = await createEstablishment(t.db);
      const asked = await ask(owner, { establishmentId: place.id, ...proof });
      expect(asked.statusCode).toBe(201);
      // Refused by the team, so that the next may be asked.
      expect((await decide(asked.json().id, { status: 'refused', reason: 'Test' })).statusCode).toBe(200);
    }
    const place = await createEstablishment(t.db);
    const fourth = await ask(owner, { establishmentId: place.id, ...proof });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().message).toMatch(/^Trop de demandes d’accès envoyées : réessayez dans une heure/);

    const shared = '10.99.0.1';
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) {
      const someone = await createOwnerAccount(t);
      codes.push((await ask(someone, { establishmentId: place.id, ...proof }, shared)).statusCode);
    }
    // The first opens a request on the page; the next nine are other owners' (allowed, kept open too).
    expect(codes.slice(0, 10).every((code) => code === 201)).toBe(true);
    expect(codes[10]).toBe(429);
  });

  it('links the owner in one click: history on both sides and the « rattaché » mail', async () => {
    const place = await createEstablishment(t.db, { name: 'Les Burgers de Fanny', town: 'Lille' });
    const owner = await createOwnerAccount(t, { firstName: 'Fanny' });
    const asked = (await ask(owner, { establishmentId: place.id, ...proof })).json();
    const accepted = await decide(asked.id, { status: 'accepted' });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({
      status: 'accepted',
      decidedBy: { id: admin.id, name: 'chef-de-salle' },
      decidedAt: expect.any(String),
    });
    const [row] = await t.db.select().from(establishments).where(eq(establishments.id, place.id));
    expect(row!.ownerId).toBe(owner.id);
    const mail = await smtp.waitFor(owner.email);
    expect(mail.subject).toMatch(/^Votre compte est rattaché/);
    expect(mail.text).toContain('a rattaché votre compte à la page');
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/establishment/${place.id}/history`,
      headers: admin.headers,
    });
    expect(history.json()[0]).toMatchObject({ action: 'link', actor: { name: 'chef-de-salle' } });
    // Decided once only.
    expect((await decide(asked.id, { status: 'refused', reason: 'Non' })).json().code).toBe(
      'AccessRequestDecided',
    );
  });

  it('refuses only with a reason, which the owner is mailed', async () => {
    const place = await createEstablishment(t.db, { name: 'L’Athéna', town: 'Metz' });
    const owner = await createOwnerAccount(t, { firstName: 'Nikos' });
    const asked = (await ask(owner, { establishmentId: place.id, ...proof })).json();
    const noReason = await decide(asked.id, { status: 'refused' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().details).toEqual([{ path: 'reason', message: 'Ce champ est obligatoire.' }]);
    const refused = await decide(asked.id, {
      status: 'refused',
      reason: 'Le numéro donné n’est pas celui de l’établissement.',
    });
    expect(refused.json()).toMatchObject({
      status: 'refused',
      refusalReason: 'Le numéro donné n’est pas celui de l’établissement.',
    });
    const mail = await smtp.waitFor(owner.email);
    expect(mail.subject).toBe('Votre demande d’accès à la page de L’Athéna');
    expect(mail.text).toContain('Motif : Le numéro donné n’est pas celui de l’établissement.');
    const [row] = await t.db.select().from(establishments).where(eq(establishments.id, place.id));
    expect(row!.ownerId).toBeNull();
  });

  it('is listed and decided by admins who may update owners and establishments only', async () => {
    const place = await createEstablishment(t.db);
    const owner = await createOwnerAccount(t);
    const asked = (await ask(owner, { establishmentId: place.id, ...proof })).json();
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/access-requests/?status=open&page=1&perPage=100',
      headers: admin.headers,
    });
    expect(list.json().map((r: { id: string }) => r.id)).toContain(asked.id);
    expect(Number(list.headers['x-total-count'])).toBeGreaterThan(0);

    const ownersOnly = await createAdminAccount(t, {
      permissions: [
        { action: 'read', subject: 'restaurant-owner' },
        { action: 'update', subject: 'restaurant-owner' },
      ],
    });
    const pagesOnly = await createAdminAccount(t, {
      permissions: [{ action: 'manage', subject: 'establishment' }],
    });
    expect((await decide(asked.id, { status: 'accepted' }, ownersOnly.headers)).statusCode).toBe(403);
    expect((await decide(asked.id, { status: 'accepted' }, pagesOnly.headers)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/access-requests/', headers: pagesOnly.headers }))
        .statusCode,
    ).toBe(403);
    expect((await decide(asked.id, { status: 'accepted' }, owner.headers)).statusCode).toBe(403);
    const [still] = await t.db.select().from(accessRequests).where(eq(accessRequests.id, asked.id));
    expect(still!.status).toBe('open');
  });
});

describe('« Nous contacter »', () => {
  const send = (payload: object, remoteAddress = freshAddress()) =>
    t.app.inject({ method: 'POST', url: '/api/contact-messages/', payload, remoteAddress });

  it('stores the message, mails it to CONTACT_EMAIL, and lists it for the team to mark handled', async () => {
    const sent = await send({
      name: 'Jeanne Moreau',
      email: 'Jeanne@Exemple.fr',
      message: 'Bonjour,\nmon restaurant n’a pas d’adresse e-mail sur le site.',
    });
    expect(sent.statusCode).toBe(201);
    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, sent.json().id));
    expect(row).toMatchObject({ name: 'Jeanne Moreau', email: 'jeanne@exemple.fr', handledAt: null });
    const mail = await smtp.waitFor(TEAM, (m) => m.subject.includes('Jeanne Moreau'));
    expect(mail.subject).toBe('Message de Jeanne Moreau (« Nous contacter »)');
    expect(mail.text).toContain('mon restaurant n’a pas d’adresse e-mail sur le site.');

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/contact-messages/?handled=false',
      headers: admin.headers,
    });
    expect(list.json().map((m: { id: string }) => m.id)).toContain(sent.json().id);
    const handled = await t.app.inject({
      method: 'PATCH',
      url: `/api/contact-message/${sent.json().id}`,
      headers: admin.headers,
      payload: { handled: true },
    });
    expect(handled.json().handledAt).toEqual(expect.any(String));
    const owner = await createOwnerAccount(t);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/contact-messages/', headers: owner.headers }))
        .statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/contact-messages/' })).statusCode).toBe(401);
  });

  it('refuses bad input in French, and a sixth message in an hour from one address', async () => {
    const bad = await send({ name: '', email: 'pas-une-adresse', message: 'x'.repeat(2001) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.map((d: { path: string }) => d.path)).toEqual(['name', 'email', 'message']);
    const from = '10.77.0.1';
    for (let i = 0; i < 5; i++) {
      expect(
        (await send({ name: 'A', email: 'a@exemple.fr', message: `Message ${i}` }, from)).statusCode,
      ).toBe(201);
    }
    const sixth = await send({ name: 'A', email: 'a@exemple.fr', message: 'Encore' }, from);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({
      code: 'RateLimited',
      message: 'Trop de messages envoyés depuis votre connexion : réessayez dans une heure.',
    });
  });
});

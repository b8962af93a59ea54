/*
 * A restaurant owner's account through the API, end to end: sign-up and e-mail confirmation, the /api/user
 * naming, check and establishment codes, sign-in, forgotten password, reading, changing and deleting owners,
 * and mail without SMTP. Its size (over 400 lines) is those 26 behaviours, each a real request against one
 * app and its mailbox, which share the file's setup and helpers.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, createAdminAccount, createOwnerAccount, TEST_PASSWORD } from '../../../test/accounts';
import { createEstablishment } from '../../../test/factories';
import { startSmtp, type TestSmtp } from '../../../test/smtp';
import { codes, establishments } from '../../db/schema';

const PUBLIC_URL = 'https://www.tables-voisines.test';
let t: TestApp;
let smtp: TestSmtp;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL, RATE_LIMIT_SIGN_IN: '1000' } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

let counter = 0;
const uniqueEmail = () => `restaurateur.${Date.now().toString(36)}.${counter++}@exemple.fr`;
const post = (url: string, payload?: object, headers?: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url,
    ...(payload === undefined ? {} : { payload }),
    ...(headers ? { headers } : {}),
  });

async function signUp(overrides: Record<string, unknown> = {}, prefix = '/api/restaurant-owner') {
  const email = (overrides.email as string | undefined) ?? uniqueEmail();
  const response = await post(`${prefix}/sign-up`, {
    email,
    password: 'Blanquette-de-Veau-1905',
    firstName: 'Éloïse',
    lastName: 'Dupré',
    ...overrides,
  });
  return { response, email };
}

const codeOf = (mail: { text: string }) => /\b(\d{6})\b/.exec(mail.text)![1]!;

describe('sign-up and confirmation', () => {
  it('creates an unconfirmed owner, signs it in and mails a 6-digit code in French', async () => {
    const { response, email } = await signUp({ phone: '06 12 34 56 78' });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.restaurantOwner).toMatchObject({
      email,
      firstName: 'Éloïse',
      lastName: 'Dupré',
      phone: '06 12 34 56 78',
      confirmed: false,
      establishment: null,
    });
    expect(body.restaurantOwner).not.toHaveProperty('passwordHash');
    expect(body.authentication).toEqual({ token: expect.any(String), longLifeToken: expect.any(String) });

    const mail = await smtp.waitFor(email);
    expect(mail.subject).toBe('Votre code de confirmation Tables Voisines');
    expect(mail.text).toMatch(/Bonjour Éloïse,/);
    expect(mail.text).toMatch(/valable 24 heures/);
    expect(mail.html).toContain('#f06023');
    expect(mail.html).toContain(codeOf(mail));
    expect(mail.raw.from?.text).toMatch(/Tables Voisines/);

    const headers = bearer(body.authentication.token);
    const confirmed = await post('/api/restaurant-owner/confirm', { code: codeOf(mail) }, headers);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ email, confirmed: true });
  });

  it('refuses a wrong code, counting the tries, and kills the code after 5', async () => {
    const { response, email } = await signUp();
    const headers = bearer(response.json().authentication.token);
    const code = codeOf(await smtp.waitFor(email));
    const wrong = code === '000000' ? '111111' : '000000';
    for (let left = 4; left >= 0; left--) {
      const attempt = await post('/api/restaurant-owner/confirm', { code: wrong }, headers);
      expect(attempt.statusCode).toBe(400);
      expect(attempt.json()).toMatchObject({ code: 'InvalidCode', details: { remainingAttempts: left } });
    }
    const late = await post('/api/restaurant-owner/confirm', { code }, headers);
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toMatch(/Trop d’essais/);
  });

  it('resends a new code, not within a minute of the last, and the old one dies', async () => {
    const { response, email } = await signUp();
    const owner = response.json().restaurantOwner;
    const headers = bearer(response.json().authentication.token);
    const first = await smtp.waitFor(email);
    // Asked again at once: refused with the wait, and nothing sent.
    const early = await post('/api/restaurant-owner/resend', undefined, headers);
    expect(early.statusCode).toBe(429);
    expect(early.json()).toMatchObject({
      code: 'RateLimited',
      message: expect.stringMatching(/^Un code vient de vous être envoyé : .* dans (60|59) secondes\.$/),
      details: { retryAfter: expect.any(Number) },
    });
    expect(Number(early.headers['retry-after'])).toBeGreaterThan(55);
    // A minute later (the code written 61 seconds ago), a new code.
    await t.db
      .update(codes)
      .set({ createdAt: sql`now() - interval '61 seconds'` })
      .where(eq(codes.ownerId, owner.id));
    const resent = await post('/api/restaurant-owner/resend', undefined, headers);
    expect(resent.statusCode).toBe(204);
    const second = await smtp.waitFor(email, (mail) => mail !== first);
    // Two random codes may be equal (one chance in a million): the old one is only tried when they differ.
    if (codeOf(second) !== codeOf(first)) {
      // Said to be replaced by the new one, not « incorrect, 4 essais », and no try is taken.
      const old = await post('/api/restaurant-owner/confirm', { code: codeOf(first) }, headers);
      expect(old.statusCode).toBe(400);
      expect(old.json()).toEqual({
        code: 'CodeReplaced',
        message: `Ce code a été remplacé par un nouveau code, envoyé à ${email} : saisissez le dernier code reçu.`,
      });
      const [live] = await t.db
        .select()
        .from(codes)
        .where(and(eq(codes.ownerId, owner.id), isNull(codes.usedAt)));
      expect(live!.attempts).toBe(0);
      const [replaced] = await t.db
        .select()
        .from(codes)
        .where(and(eq(codes.ownerId, owner.id), isNotNull(codes.replacedAt)));
      expect(replaced).toBeDefined();
    }
    const ok = await post('/api/restaurant-owner/confirm', { code: codeOf(second) }, headers);
    expect(ok.json().confirmed).toBe(true);
    const nothing = await post('/api/restaurant-owner/resend', undefined, headers);
    expect(nothing.statusCode).toBe(204);
  });

  it('tells when the last code was sent, at sign-up and at every sign-in after, until confirmed', async () => {
    const { response, email } = await signUp();
    const owner = response.json().restaurantOwner;
    const sentAt = Date.parse(owner.confirmationCodeSentAt);
    expect(Math.abs(sentAt - Date.now())).toBeLessThan(10_000);
    // Five minutes later, a sign-in (another tab, another device) still says when that code went.
    await t.db
      .update(codes)
      .set({ createdAt: sql`now() - interval '5 minutes'` })
      .where(eq(codes.ownerId, owner.id));
    const signIn = await post('/api/restaurant-owner/sign-in', {
      email,
      password: 'Blanquette-de-Veau-1905',
    });
    const later = Date.parse(signIn.json().restaurantOwner.confirmationCodeSentAt);
    expect(Math.abs(later - (Date.now() - 5 * 60_000))).toBeLessThan(10_000);
    const headers = bearer(signIn.json().authentication.token);
    const confirmed = await post(
      '/api/restaurant-owner/confirm',
      { code: codeOf(await smtp.waitFor(email)) },
      headers,
    );
    expect(confirmed.json()).toMatchObject({ confirmed: true, confirmationCodeSentAt: null });
  });

  it('waits CONFIRMATION_RESEND_DELAY_SECONDS between codes instead of the minute when it is set', async () => {
    const short = await createTestApp({
      env: {
        SMTP_URL: smtp.url,
        PUBLIC_URL,
        RATE_LIMIT_SIGN_IN: '1000',
        CONFIRMATION_RESEND_DELAY_SECONDS: '5',
      },
    });
    try {
      /** An owner signed up on `app`, its code written `ago` seconds ago, asking for another. */
      const resendAfter = async (app: TestApp, ago: number) => {
        const email = uniqueEmail();
        const signedUp = await app.app.inject({
          method: 'POST',
          url: '/api/restaurant-owner/sign-up',
          payload: { email, password: 'Blanquette-de-Veau-1905', firstName: 'Éloïse', lastName: 'Dupré' },
        });
        expect(signedUp.statusCode).toBe(201);
        const { restaurantOwner, authentication } = signedUp.json();
        const first = await smtp.waitFor(email);
        const resend = () =>
          app.app.inject({
            method: 'POST',
            url: '/api/restaurant-owner/resend',
            headers: bearer(authentication.token),
          });
        const early = await resend();
        if (ago > 0) {
          await app.db
            .update(codes)
            .set({ createdAt: sql`now() - make_interval(secs => ${ago})` })
            .where(eq(codes.ownerId, restaurantOwner.id));
        }
        return { email, first, early, late: ago > 0 ? await resend() : undefined };
      };

      // At once: refused with what is left of the 5 seconds, nothing sent.
      const { early } = await resendAfter(short, 0);
      expect(early.statusCode).toBe(429);
      expect(early.json()).toMatchObject({
        code: 'RateLimited',
        message: expect.stringMatching(/^Un code vient de vous être envoyé : .* dans (5|4) secondes\.$/),
        details: { retryAfter: expect.any(Number) },
      });
      expect(early.json().details.retryAfter).toBeLessThanOrEqual(5);
      expect(Number(early.headers['retry-after'])).toBeLessThanOrEqual(5);
      // Its code written 6 seconds ago: past the 5 seconds, a new code...
      const past = await resendAfter(short, 6);
      expect(past.early.statusCode).toBe(429);
      expect(past.late?.statusCode).toBe(204);
      await smtp.waitFor(past.email, (mail) => mail !== past.first);
      // ...where the default minute still refuses it.
      const minute = await resendAfter(t, 6);
      expect(t.config.confirmationResendDelaySeconds).toBe(60);
      expect(minute.late?.statusCode).toBe(429);
      expect(minute.late?.json().details.retryAfter).toBeGreaterThan(50);
    } finally {
      await short.close();
    }
  });

  it('refuses a code older than 24 hours', async () => {
    const { response, email } = await signUp();
    const owner = response.json().restaurantOwner;
    const code = codeOf(await smtp.waitFor(email));
    await t.db
      .update(codes)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(codes.ownerId, owner.id));
    const late = await post(
      '/api/restaurant-owner/confirm',
      { code },
      bearer(response.json().authentication.token),
    );
    expect(late.json()).toMatchObject({ code: 'InvalidCode', message: expect.stringMatching(/expiré/) });
  });

  it('refuses an address already used, ignoring case, and a common password', async () => {
    const { email } = await signUp();
    const again = await signUp({ email: email.toUpperCase() });
    expect(again.response.statusCode).toBe(409);
    expect(again.response.json().code).toBe('EmailAlreadyUsed');
    const weak = await signUp({ password: 'azertyuiop' });
    expect(weak.response.statusCode).toBe(400);
    expect(weak.response.json().details).toEqual([
      { path: 'password', message: expect.stringMatching(/courant/) },
    ]);
  });

  it('links the establishment of a claim code at sign-up, once', async () => {
    const establishment = await createEstablishment(t.db, { name: 'Le Comptoir', town: 'Nantes' });
    const { response } = await signUp({ establishmentCode: establishment.claimCode.toLowerCase() });
    expect(response.statusCode).toBe(201);
    expect(response.json().restaurantOwner.establishment).toBe(establishment.id);
    const second = await signUp({ establishmentCode: establishment.claimCode });
    expect(second.response.statusCode).toBe(409);
    expect(second.response.json().code).toBe('EstablishmentAlreadyClaimed');
    const unknown = await signUp({ establishmentCode: 'ZZZZ2222' });
    expect(unknown.response.statusCode).toBe(404);
  });

  it('keeps the account when the mail cannot be sent, and logs the failure', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, callback) {
        lines.push(String(chunk));
        callback();
      },
    });
    const logged = await createTestApp({
      env: { SMTP_URL: smtp.url, RATE_LIMIT_SIGN_IN: '1000' },
      logger: { level: 'error', stream },
    });
    smtp.refuse = true;
    try {
      const response = await logged.app.inject({
        method: 'POST',
        url: '/api/restaurant-owner/sign-up',
        payload: {
          email: 'sans-courrier@exemple.fr',
          password: 'Pot-au-feu-du-dimanche',
          firstName: 'Jo',
          lastName: 'Roy',
        },
      });
      expect(response.statusCode).toBe(201);
      const signIn = await logged.app.inject({
        method: 'POST',
        url: '/api/restaurant-owner/sign-in',
        payload: { email: 'sans-courrier@exemple.fr', password: 'Pot-au-feu-du-dimanche' },
      });
      expect(signIn.statusCode).toBe(200);
      expect(lines.join('\n')).toMatch(/mail sending failed/);
    } finally {
      smtp.refuse = false;
      await logged.close();
    }
  });
});

describe('the /api/user naming', () => {
  it('answers every owner call with the account under `user`', async () => {
    const { response, email } = await signUp({}, '/api/user');
    expect(response.statusCode).toBe(201);
    expect(response.json()).toHaveProperty('user');
    expect(response.json()).not.toHaveProperty('restaurantOwner');
    const signIn = await post('/api/user/sign-in', { email, password: 'Blanquette-de-Veau-1905' });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user.email).toBe(email);
    const id = signIn.json().user.id;
    const got = await t.app.inject({
      method: 'GET',
      url: `/api/user/${id}`,
      headers: bearer(signIn.json().authentication.token),
    });
    expect(got.json().id).toBe(id);
  });
});

describe('check and establishment codes', () => {
  it('tells whether an address is free and which establishment a code opens', async () => {
    const establishment = await createEstablishment(t.db, { name: 'La Cantine', town: 'Brest' });
    const { email } = await signUp();
    const response = await post('/api/restaurant-owner/check', {
      email: email.toUpperCase(),
      establishmentCode: ` ${establishment.claimCode.toLowerCase()} `,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      emailAvailable: false,
      establishment: { id: establishment.id, name: 'La Cantine', town: 'Brest' },
    });
    const free = await post('/api/user/check', { email: uniqueEmail(), establishmentCode: 'ZZZZ2222' });
    expect(free.json()).toEqual({ emailAvailable: true, establishment: null });
    expect((await post('/api/user/check', {})).statusCode).toBe(400);
  });

  it('mails the claim code to the establishment’s own address only', async () => {
    const establishment = await createEstablishment(t.db, {
      name: 'Chez Mémé',
      town: 'Rennes',
      email: 'contact@chez-meme.fr',
    });
    const response = await post('/api/restaurant-owner/resend-establishment-code', {
      establishmentId: establishment.id,
    });
    expect(response.statusCode).toBe(204);
    const mail = await smtp.waitFor('contact@chez-meme.fr');
    expect(mail.subject).toBe('Le code de votre établissement sur Tables Voisines');
    expect(mail.text).toContain(establishment.claimCode);
    expect(mail.text).toContain('« Chez Mémé » (Rennes)');

    const silent = await createEstablishment(t.db, { name: 'Sans Courriel', town: 'Rennes' });
    const none = await post('/api/restaurant-owner/resend-establishment-code', {
      establishmentId: silent.id,
    });
    expect(none.statusCode).toBe(404);
    const unknown = await post('/api/restaurant-owner/resend-establishment-code', {
      establishmentId: '11111111-1111-1111-1111-111111111111',
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('owner sign-in', () => {
  it('signs in by e-mail in any case, and by a long-life token that rotates', async () => {
    const owner = await createOwnerAccount(t);
    const first = await post('/api/restaurant-owner/sign-in', {
      email: owner.email.toUpperCase(),
      password: TEST_PASSWORD,
    });
    expect(first.statusCode).toBe(200);
    const longLife = first.json().authentication.longLifeToken;
    const second = await post('/api/restaurant-owner/sign-in', { token: longLife });
    expect(second.statusCode).toBe(200);
    expect(second.json().restaurantOwner.id).toBe(owner.id);
    const reused = await post('/api/user/sign-in', { token: longLife });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().code).toBe('InvalidCredentials');
  });

  it('answers the same for an unknown address and a wrong password', async () => {
    const owner = await createOwnerAccount(t);
    const wrong = await post('/api/restaurant-owner/sign-in', {
      email: owner.email,
      password: 'mauvais-mot-de-passe',
    });
    const unknown = await post('/api/restaurant-owner/sign-in', {
      email: uniqueEmail(),
      password: 'mauvais-mot-de-passe',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
  });

  it('refreshes the short token', async () => {
    const owner = await createOwnerAccount(t);
    const response = await post('/api/user/refresh', { token: owner.token }, owner.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json().token).toEqual(expect.any(String));
  });
});

describe('forgotten password', () => {
  it('answers 204 for an unknown address and sends nothing', async () => {
    const email = uniqueEmail();
    const response = await post('/api/restaurant-owner/forgotten-password', { email });
    expect(response.statusCode).toBe(204);
    await t.app.ctx.background.drain();
    expect(smtp.messages.filter((m) => m.to === email)).toEqual([]);
  });

  it('mails a single-use link to the reset page, changes the password and retires long-life tokens', async () => {
    const owner = await createOwnerAccount(t, { confirmed: false });
    const session = (
      await post('/api/restaurant-owner/sign-in', { email: owner.email, password: TEST_PASSWORD })
    ).json();
    const asked = await post('/api/user/forgotten-password', { email: owner.email });
    expect(asked.statusCode).toBe(204);
    const mail = await smtp.waitFor(owner.email);
    expect(mail.subject).toBe('Réinitialisation de votre mot de passe Tables Voisines');
    expect(mail.text).toMatch(/valable une heure/);
    const link = new URL(/https:\/\/\S+/.exec(mail.text)![0]);
    expect(`${link.origin}${link.pathname}`).toBe(`${PUBLIC_URL}/espace-restaurateur/nouveau-mot-de-passe`);
    expect(mail.html).toContain(link.href.replaceAll('&', '&amp;'));
    const token = link.searchParams.get('token')!;

    const weak = await post('/api/restaurant-owner/forgotten-password/confirm', {
      token,
      password: '1234567890',
    });
    expect(weak.statusCode).toBe(400);
    const done = await post('/api/restaurant-owner/forgotten-password/confirm', {
      token,
      password: 'Choucroute-Garnie-Alsace',
    });
    expect(done.statusCode).toBe(204);
    const again = await post('/api/restaurant-owner/forgotten-password/confirm', {
      token,
      password: 'Choucroute-Garnie-Alsace',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('InvalidToken');

    const old = await post('/api/restaurant-owner/sign-in', { email: owner.email, password: TEST_PASSWORD });
    expect(old.statusCode).toBe(401);
    const fresh = await post('/api/restaurant-owner/sign-in', {
      email: owner.email,
      password: 'Choucroute-Garnie-Alsace',
    });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().restaurantOwner.confirmed).toBe(true);
    const retired = await post('/api/restaurant-owner/sign-in', {
      token: session.authentication.longLifeToken,
    });
    expect(retired.json().code).toBe('InvalidCredentials');
  });

  it('refuses a link older than one hour and a forged one', async () => {
    const owner = await createOwnerAccount(t);
    await post('/api/restaurant-owner/forgotten-password', { email: owner.email });
    const mail = await smtp.waitFor(owner.email);
    const token = new URL(/https:\/\/\S+/.exec(mail.text)![0]).searchParams.get('token')!;
    const forged = `${token.slice(0, 37)}${'A'.repeat(43)}`;
    expect(
      (
        await post('/api/restaurant-owner/forgotten-password/confirm', {
          token: forged,
          password: 'Choucroute-Garnie-Alsace',
        })
      ).json().code,
    ).toBe('InvalidToken');
    await t.db
      .update(codes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(codes.ownerId, owner.id));
    const late = await post('/api/restaurant-owner/forgotten-password/confirm', {
      token,
      password: 'Choucroute-Garnie-Alsace',
    });
    expect(late.json().code).toBe('InvalidToken');
  });
});

describe('reading, changing and deleting owners', () => {
  it('lets an owner relink itself by claim code, detaching the previous establishment', async () => {
    const before = await createEstablishment(t.db, { name: 'Avant', town: 'Lyon' });
    const after = await createEstablishment(t.db, { name: 'Après', town: 'Lyon' });
    const owner = await createOwnerAccount(t, { establishmentId: before.id });
    const version = t.app.ctx.dataVersion.value;
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/restaurant-owner/${owner.id}`,
      headers: owner.headers,
      payload: { establishmentCode: after.claimCode, firstName: 'Camille-Anne' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ establishment: after.id, firstName: 'Camille-Anne' });
    const [old] = await t.db.select().from(establishments).where(eq(establishments.id, before.id));
    expect(old!.ownerId).toBeNull();
    expect(t.app.ctx.dataVersion.value).toBeGreaterThan(version);
  });

  it('lets an owner claim with the code typed in two halves, as a space or a dash splits it', async () => {
    const first = await createEstablishment(t.db, { name: 'Le Relais', town: 'Vannes' });
    const second = await createEstablishment(t.db, { name: 'La Halte', town: 'Vannes' });
    const owner = await createOwnerAccount(t);
    const halves = (code: string, between: string) =>
      `${code.slice(0, 4).toLowerCase()}${between}${code.slice(4).toLowerCase()}`;
    const checked = await post('/api/restaurant-owner/check', {
      establishmentCode: halves(first.claimCode, '-'),
    });
    expect(checked.json()).toEqual({
      establishment: { id: first.id, name: 'Le Relais', town: 'Vannes' },
    });
    for (const [target, between] of [
      [first, ' '],
      [second, ' - '],
    ] as const) {
      const response = await t.app.inject({
        method: 'PATCH',
        url: `/api/restaurant-owner/${owner.id}`,
        headers: owner.headers,
        payload: { establishmentCode: halves(target.claimCode, between) },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().establishment).toBe(target.id);
    }
  });

  it('refuses an owner an establishment claimed by another, and an establishment id', async () => {
    const taken = await createEstablishment(t.db);
    await createOwnerAccount(t, { establishmentId: taken.id });
    const owner = await createOwnerAccount(t);
    const byCode = await t.app.inject({
      method: 'PATCH',
      url: `/api/restaurant-owner/${owner.id}`,
      headers: owner.headers,
      payload: { establishmentCode: taken.claimCode },
    });
    expect(byCode.statusCode).toBe(409);
    expect(byCode.json().code).toBe('EstablishmentAlreadyClaimed');
    const byId = await t.app.inject({
      method: 'PATCH',
      url: `/api/restaurant-owner/${owner.id}`,
      headers: owner.headers,
      payload: { establishment: taken.id },
    });
    expect(byId.statusCode).toBe(403);
  });

  it('lets an admin move an establishment to another owner, and detach it', async () => {
    const admin = await createAdminAccount(t);
    const establishment = await createEstablishment(t.db);
    const previous = await createOwnerAccount(t, { establishmentId: establishment.id });
    const next = await createOwnerAccount(t);
    const moved = await t.app.inject({
      method: 'PATCH',
      url: `/api/user/${next.id}`,
      headers: admin.headers,
      payload: { establishment: establishment.id },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().establishment).toBe(establishment.id);
    const previousNow = await t.app.inject({
      method: 'GET',
      url: `/api/user/${previous.id}`,
      headers: admin.headers,
    });
    expect(previousNow.json().establishment).toBeNull();
    const detached = await t.app.inject({
      method: 'PATCH',
      url: `/api/user/${next.id}`,
      headers: admin.headers,
      payload: { establishment: null },
    });
    expect(detached.json().establishment).toBeNull();
  });

  it('asks for a new confirmation when the address changes', async () => {
    const owner = await createOwnerAccount(t);
    const email = uniqueEmail();
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/restaurant-owner/${owner.id}`,
      headers: owner.headers,
      payload: { email, currentPassword: TEST_PASSWORD },
    });
    expect(response.json()).toMatchObject({ email, confirmed: false });
    const mail = await smtp.waitFor(email);
    // The token signed before the change is refused: the owner signs in again at its new address.
    const signedIn = await post('/api/restaurant-owner/sign-in', { email, password: TEST_PASSWORD });
    const ok = await post(
      '/api/restaurant-owner/confirm',
      { code: codeOf(mail) },
      bearer(signedIn.json().authentication.token),
    );
    expect(ok.json().confirmed).toBe(true);
  });

  it('sends a code to a corrected address once a minute, as a resend, but lets an admin correct it', async () => {
    const { response, email } = await signUp();
    const owner = response.json().restaurantOwner;
    const headers = bearer(response.json().authentication.token);
    await smtp.waitFor(email);
    const patch = (to: string, as: Record<string, string>) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/restaurant-owner/${owner.id}`,
        headers: as,
        payload: { email: to, currentPassword: 'Blanquette-de-Veau-1905' },
      });
    // At once, by the owner: refused with the wait, the address kept and nothing sent.
    const flood = uniqueEmail();
    const early = await patch(flood, headers);
    expect(early.statusCode).toBe(429);
    expect(early.json()).toMatchObject({ code: 'RateLimited', details: { retryAfter: expect.any(Number) } });
    expect(Number(early.headers['retry-after'])).toBeGreaterThan(55);
    const kept = await t.app.inject({ method: 'GET', url: `/api/restaurant-owner/${owner.id}`, headers });
    expect(kept.json().email).toBe(email);
    // Its minute over, the corrected address gets the code.
    await t.db
      .update(codes)
      .set({ createdAt: sql`now() - interval '61 seconds'` })
      .where(eq(codes.ownerId, owner.id));
    const corrected = uniqueEmail();
    expect((await patch(corrected, headers)).json()).toMatchObject({ email: corrected, confirmed: false });
    const mail = await smtp.waitFor(corrected);
    // An admin may correct it again at once.
    const admin = await createAdminAccount(t);
    const byAdmin = uniqueEmail();
    expect((await patch(byAdmin, admin.headers)).json()).toMatchObject({ email: byAdmin });
    const adminMail = await smtp.waitFor(byAdmin);
    expect(codeOf(adminMail)).toMatch(/^\d{6}$/);
    expect(smtp.messages.some((m) => m.to.includes(flood))).toBe(false);
    expect(codeOf(mail)).toMatch(/^\d{6}$/);
  });

  it('lists full owners for an admin and only id/establishment pairs otherwise', async () => {
    const admin = await createAdminAccount(t);
    const owner = await createOwnerAccount(t);
    const full = await t.app.inject({
      method: 'GET',
      url: '/api/restaurant-owners/',
      headers: admin.headers,
    });
    expect(full.json().find((o: { id: string }) => o.id === owner.id)).toMatchObject({ email: owner.email });
    for (const headers of [{}, owner.headers]) {
      const list = await t.app.inject({ method: 'GET', url: '/api/users/', headers });
      expect(list.statusCode).toBe(200);
      for (const item of list.json()) expect(Object.keys(item).sort()).toEqual(['establishment', 'id']);
    }
  });

  it('deletes an owner: its establishment is free again and its tokens stop working', async () => {
    const admin = await createAdminAccount(t);
    const establishment = await createEstablishment(t.db);
    const owner = await createOwnerAccount(t, { establishmentId: establishment.id });
    const session = (
      await post('/api/restaurant-owner/sign-in', { email: owner.email, password: TEST_PASSWORD })
    ).json();
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/restaurant-owner/${owner.id}`,
      headers: admin.headers,
    });
    expect(deleted.statusCode).toBe(204);
    const [row] = await t.db.select().from(establishments).where(eq(establishments.id, establishment.id));
    expect(row!.ownerId).toBeNull();
    const me = await t.app.inject({
      method: 'GET',
      url: `/api/restaurant-owner/${owner.id}`,
      headers: owner.headers,
    });
    expect(me.statusCode).toBe(401);
    expect(
      (await post('/api/restaurant-owner/sign-in', { token: session.authentication.longLifeToken }))
        .statusCode,
    ).toBe(401);
  });
});

describe('mail without SMTP', () => {
  it('writes an .eml file to DATA_DIR/outbox', async () => {
    const embedded = await createTestApp({ env: { RATE_LIMIT_SIGN_IN: '1000' } });
    try {
      const response = await embedded.app.inject({
        method: 'POST',
        url: '/api/restaurant-owner/sign-up',
        payload: {
          email: 'boite@exemple.fr',
          password: 'Tartiflette-Savoyarde',
          firstName: 'Zoé',
          lastName: 'Blanc',
        },
      });
      expect(response.statusCode).toBe(201);
      const dir = path.join(embedded.config.dataDir, 'outbox');
      const files = await readdir(dir);
      expect(files).toHaveLength(1);
      const eml = await readFile(path.join(dir, files[0]!), 'utf8');
      expect(eml).toMatch(/^To: boite@exemple\.fr$/m);
      expect(eml).toMatch(/Subject: /);
    } finally {
      await embedded.close();
    }
  });
});

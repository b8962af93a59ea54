import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ofName, toName } from '@tables-voisines/contract/french-names';
import { establishmentPath } from '@tables-voisines/contract/site-paths';
import { boardDayText } from '@tables-voisines/contract/history-board-text';
import { startSmtp, type TestSmtp } from '../apps/api/test/smtp';
import { adminToken, createEstablishment, createOwner, newAdminContext } from './support/admins';
import {
  launchBrowser,
  newVisitorContext,
  settleAnimations,
  waitForRouter,
  watchPageErrors,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
  axeOn,
} from './support/browser';
import {
  confirmNewOwner,
  freeEstablishments,
  linkNewOwner,
  newOwnerContext,
  type ClaimableEstablishment,
  type NewOwner,
} from './support/owners';
import { callApi, repoRoot, startServer, type RunningServer } from './support/server';

/*
 * The restaurant owners' space in Chromium against the real `npm start`, mail through a real SMTP server:
 * sign-up, the code from the mail, the establishment's code mailed to the establishment, my page, a photo,
 * today's board on the public page at once; then a forgotten password through the mailed link. Each test
 * makes its own owner (and establishment) through the real API, so that any one of them runs alone (`-t`).
 * Its size (over 400 lines) is those journeys, one per thing an owner does, with what each checks on the way.
 */

const SCREENS = path.join(repoRoot, 'docs/screens');
const PHONE = { width: 390, height: 844 };

let smtp: TestSmtp;
let server: RunningServer;
let browser: Browser;
let nextEstablishment: () => Promise<ClaimableEstablishment>;
const refused = (status: string) =>
  `console: Failed to load resource: the server responded with a status of ${status}`;
const REFUSED_400 = refused('400 (Bad Request)');
const ADMIN = { username: 'equipe', password: 'Une marmite de la rue 2026' };
const PASSWORD = 'Une marmite bien pleine 2026';
const NEW_PASSWORD = 'Un nouveau mot de passe 2027';
const RUN = Date.now();
let ownersMade = 0;

/** An owner of the test's own, Léa Martin as in the README's screenshots, at an address of its own. */
function newOwner(): NewOwner {
  ownersMade += 1;
  return {
    email: `lea.${RUN}.${ownersMade}@bistrot.example.fr`,
    password: PASSWORD,
    firstName: 'Léa',
    lastName: 'Martin',
  };
}

/**
 * The server's delay before another confirmation code may be sent (`CONFIRMATION_RESEND_DELAY_SECONDS`, a
 * minute in production), which the confirmation screen counts too: short, so that a journey run alone does
 * not wait a minute, and long enough that what must happen within it does on a loaded machine.
 */
const RESEND_DELAY_S = 20;

/** The confirmation screen of an owner who has not confirmed its address yet, on a phone of its own. */
interface ConfirmationScreen {
  device: BrowserContext;
  p: Page;
  errors: () => string[];
}
/** An owner who signed up before the journeys and asks for a new code once the delay has passed. */
const waiting: { email: string; screen?: ConfirmationScreen } = {
  email: `paul.${RUN}@creperie.example.fr`,
};
/** An account whose address was mistyped at sign-up (« gmial »), corrected on the confirmation screen. */
const mistyped: { email: string; screen?: ConfirmationScreen } = {
  email: `lea.${RUN}@gmial.example.fr`,
};

beforeAll(async () => {
  smtp = await startSmtp();
  [server, browser] = await Promise.all([
    startServer({
      SMTP_URL: smtp.url,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      CONFIRMATION_RESEND_DELAY_SECONDS: String(RESEND_DELAY_S),
    }),
    launchBrowser(),
  ]);
  nextEstablishment = freeEstablishments(server.baseUrl);
  // The accounts of the resend and correction tests, made first: the server sends a new code only once its
  // delay has passed since the last (real time), which it does while the other journeys run.
  const signUp = (email: string, firstName: string, lastName: string) =>
    callApi<{ authentication: { token: string } }>(server.baseUrl, 'POST', '/api/restaurant-owner/sign-up', {
      email,
      password: PASSWORD,
      firstName,
      lastName,
    });
  const early = await fetch(`${server.baseUrl}/api/restaurant-owner/resend`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${(await signUp(waiting.email, 'Paul', 'Le Goff')).authentication.token}`,
    },
  });
  expect(early.status).toBe(429);
  await signUp(mistyped.email, 'Léa', 'Morvan');
  // Each owner then signs in on a phone of its own and sees the confirmation screen: it counts the delay
  // from when it appears, after the sign-up, so once it offers a new code the server sends one too.
  [waiting.screen, mistyped.screen] = await Promise.all([
    confirmationOnNewDevice(waiting.email, { fakeClock: true }),
    confirmationOnNewDevice(mistyped.email),
  ]);
  await mkdir(SCREENS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

/** A phone of the test's own (signed in as `owner` when given), its tab, and what that tab logs as errors. */
interface OwnerPhone {
  context: BrowserContext;
  page: Page;
  /** Closes the phone once its tab logged exactly the errors the test caused on purpose (failed requests). */
  close(expectedErrors?: string[]): Promise<void>;
}

async function openPhone(owner?: NewOwner): Promise<OwnerPhone> {
  const options = { viewport: PHONE, acceptDownloads: true };
  const context = await (owner === undefined
    ? newVisitorContext(browser, options)
    : newOwnerContext(browser, server.baseUrl, owner, options));
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const errors = watchPageErrors(page);
  return {
    context,
    page,
    async close(expectedErrors = []) {
      expect(errors()).toEqual(expectedErrors);
      await context.close();
    },
  };
}

/**
 * A new owner whom the team linked to an establishment of its own (a demo place nobody claimed), on its home
 * screen on a phone. `before` runs once the owner is linked, before its space opens.
 */
async function ownerAtHome(
  before?: (made: {
    target: ClaimableEstablishment;
    ownerToken: string;
    adminToken: string;
  }) => Promise<void>,
): Promise<OwnerPhone & { owner: NewOwner; target: ClaimableEstablishment }> {
  const [target, owner] = [await nextEstablishment(), newOwner()];
  const linked = await linkNewOwner({
    baseUrl: server.baseUrl,
    smtp,
    admin: ADMIN,
    owner,
    establishmentId: target.id,
  });
  await before?.({ target, ...linked });
  const phone = await openPhone(owner);
  await phone.page.goto(`${server.baseUrl}/espace-restaurateur`);
  await phone.page.getByRole('heading', { name: 'Bonjour Léa' }).waitFor();
  return { ...phone, owner, target };
}

const TIME_MESSAGE = 'Heure invalide : le format HH:MM est attendu (de 00:00 à 23:59).';

/** The message a field shows under it (`null` when it has none), as a screen reader reads it with the field. */
async function messageUnder(field: Locator): Promise<string | null> {
  return field.evaluate((input) => {
    if (input.getAttribute('aria-invalid') !== 'true') return null;
    const id = input.getAttribute('aria-describedby');
    return id === null ? '' : (document.getElementById(id)?.textContent ?? '');
  });
}

/** A new device signing in an owner whose address is not confirmed yet: on the confirmation screen. */
/** After « Recharger »: the form drawn again says so, and holds the focus the button had. */
async function expectReloadedWithFocus(p: Page) {
  const said = p.getByRole('status').filter({ hasText: 'Version actuelle rechargée' });
  await said.waitFor();
  await expect.poll(() => said.evaluate((notice) => notice === document.activeElement)).toBe(true);
}

async function confirmationOnNewDevice(
  email: string,
  { fakeClock = false } = {},
): Promise<ConfirmationScreen> {
  const device = await newVisitorContext(browser, { viewport: PHONE });
  const p = await device.newPage();
  p.setDefaultTimeout(15_000);
  const errors = watchPageErrors(p);
  if (fakeClock) await p.clock.install();
  await p.goto(`${server.baseUrl}/espace-restaurateur/connexion`);
  await waitForRouter(p);
  await p.getByLabel('Adresse e-mail').fill(email);
  await p.getByLabel(/^Mot de passe/).fill(PASSWORD);
  await p.getByRole('button', { name: 'Se connecter' }).click();
  await p.waitForURL(/\/confirmation$/);
  // Counted from the last code the server sent (the account says when), whatever the device.
  await p.getByRole('button', { name: /^Renvoyer un code/ }).waitFor();
  return { device, p, errors };
}

/** The seconds « Renvoyer un code » still waits on a confirmation screen (0: it may be pressed). */
async function resendWait(p: Page): Promise<number> {
  const name = await p.getByRole('button', { name: /^Renvoyer un code/ }).textContent();
  return Number(/\(dans (\d+) s\)/.exec(name ?? '')?.[1] ?? 0);
}

/**
 * Waits until the confirmation screen offers a new code: at once when its delay, counted from its showing,
 * is long over, at most the delay when the journey runs alone.
 */
async function resendOffered(p: Page): Promise<Locator> {
  const button = p.getByRole('button', { name: 'Renvoyer un code', exact: true });
  await button.waitFor({ timeout: (RESEND_DELAY_S + 15) * 1000 });
  return button;
}

/** axe on the whole screen: no violation at all. */
async function expectAccessible(p: Page) {
  await settleAnimations(p);
  const results = await axeOn(p).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/** SCREENSHOTS=1 writes docs/screens/owner-*.png (the README shows them); a plain run leaves them alone. */
const screenshots = process.env.SCREENSHOTS === '1';

async function shoot(p: Page, name: string, { fullPage = true } = {}) {
  if (screenshots) await p.screenshot({ path: path.join(SCREENS, `owner-${name}.png`), fullPage });
}

describe('a restaurant owner', () => {
  it('is sent to sign in, then creates an account with per-field French messages', async () => {
    const owner = newOwner();
    const { page, close } = await openPhone();
    await page.goto(`${server.baseUrl}/espace-restaurateur`);
    await waitForRouter(page);
    await page.waitForURL(/\/espace-restaurateur\/connexion$/);
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    await expectAccessible(page);
    await shoot(page, 'sign-in');

    await page.getByRole('link', { name: 'Créer mon compte restaurateur' }).click();
    await page.waitForURL(/\/inscription$/);
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    // The contract's schema, in French, under each field; nothing was sent.
    await page.getByText('Adresse e-mail invalide.').waitFor();
    await expect(
      page.getByText('Le mot de passe doit contenir au moins 10 caractères.').isVisible(),
    ).resolves.toBe(true);
    await page.getByLabel('Adresse e-mail').fill(owner.email);
    const password = page.getByLabel(/^Mot de passe/);
    await password.fill(owner.password);
    await page.getByLabel('Prénom').fill('Léa');
    // The password shown as typed: the toggle leaves the focus where it was and sends nothing.
    await page.evaluate(() => {
      const counted = window as { submits?: number };
      counted.submits = 0;
      document.querySelector('form')!.addEventListener('submit', () => (counted.submits! += 1));
    });
    const show = page.getByRole('button', { name: 'Afficher le mot de passe' });
    const state = async () => ({
      type: await password.getAttribute('type'),
      pressed: await show.getAttribute('aria-pressed'),
      focused: await page.evaluate(() => {
        const focused = document.activeElement;
        if (focused instanceof HTMLInputElement) return `the ${focused.autocomplete} field`;
        return focused?.getAttribute('aria-label') ?? focused?.tagName;
      }),
    });
    await password.focus();
    await expect(state()).resolves.toEqual({
      type: 'password',
      pressed: 'false',
      focused: 'the new-password field',
    });
    await show.click();
    await expect(state()).resolves.toEqual({
      type: 'text',
      pressed: 'true',
      focused: 'the new-password field',
    });
    await show.focus();
    await page.keyboard.press('Enter');
    await expect(state()).resolves.toEqual({
      type: 'password',
      pressed: 'false',
      focused: 'Afficher le mot de passe',
    });
    await page.keyboard.press('Space');
    await expect(state()).resolves.toEqual({
      type: 'text',
      pressed: 'true',
      focused: 'Afficher le mot de passe',
    });
    expect(await page.evaluate(() => (window as { submits?: number }).submits)).toBe(0);
    await expect(password.inputValue()).resolves.toBe(owner.password);
    // Sent (the surname still missing, nothing leaves the page): the password is hidden again.
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    await expect.poll(() => password.getAttribute('type')).toBe('password');
    await expect(show.getAttribute('aria-pressed')).resolves.toBe('false');
    await page.getByLabel(/^Nom/).fill('Martin');
    await page.getByText('Solidité : Excellent').waitFor();
    await expectAccessible(page);
    await shoot(page, 'sign-up');
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    await page.waitForURL(/\/confirmation$/);
    await page.getByRole('button', { name: /Renvoyer un code \(dans \d+ s\)/ }).waitFor();
    await close();
  });

  it('confirms the address with the 6-digit code from the mail', async () => {
    const owner = newOwner();
    await createOwner(server.baseUrl, owner);
    const { device, p: page, errors } = await confirmationOnNewDevice(owner.email);
    const mail = await smtp.waitFor(owner.email, (m) => /confirmation/i.test(m.subject), 15_000);
    const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
    await expect(
      page.getByRole('button', { name: /Renvoyer un code \(dans \d+ s\)/ }).isDisabled(),
    ).resolves.toBe(true);
    await expectAccessible(page);
    await shoot(page, 'confirm');
    // A wrong code: the server's French message under the field.
    await page.getByLabel('Code de confirmation').fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Confirmer' }).click();
    await page.getByText('Ce code est incorrect. Il vous reste 4 essais.').waitFor();
    expect(await page.getByLabel('Code de confirmation').getAttribute('aria-invalid')).toBe('true');
    // Pasted from the mail with the spaces around it, or in two halves: the digits stay whole.
    await page.getByLabel('Code de confirmation').fill(`    ${code}`);
    await expect(page.getByLabel('Code de confirmation').inputValue()).resolves.toBe(code);
    await page.getByLabel('Code de confirmation').fill(`${code.slice(0, 3)} ${code.slice(3)}`);
    await expect(page.getByLabel('Code de confirmation').inputValue()).resolves.toBe(code);
    expect(await page.getByLabel('Code de confirmation').getAttribute('inputmode')).toBe('numeric');
    expect(await page.getByLabel('Code de confirmation').getAttribute('autocomplete')).toBe('one-time-code');
    await page.getByRole('button', { name: 'Confirmer' }).click();
    await page.waitForURL(/\/etablissement$/);
    expect(errors()).toEqual([REFUSED_400]);
    await device.close();
  });

  it('asks the team for access to a page with no e-mail; once accepted, it holds the page', async () => {
    const team = await adminToken(server.baseUrl, ADMIN);
    // A page with no address to mail its code to (279 of the demo's 588).
    const place = await createEstablishment(server.baseUrl, team, { name: 'La Cantine sans Courriel' });
    const owner = newOwner();
    await confirmNewOwner({ baseUrl: server.baseUrl, smtp, owner });
    const { page, close } = await openPhone(owner);
    await page.goto(`${server.baseUrl}/espace-restaurateur/etablissement`);
    await page.getByLabel('Nom ou ville de l’établissement').fill('Cantine sans Courriel');
    await page.getByRole('button', { name: 'Rechercher' }).click();
    const found = page.getByRole('listitem').filter({ hasText: place.name }).first();
    await found.getByRole('button', { name: `Recevoir le code par e-mail : ${place.name}` }).click();
    await found
      .getByText(/^Aucune adresse e-mail n’est connue pour cet établissement : demandez l’accès/)
      .waitFor();
    await found.getByRole('button', { name: 'Demander l’accès' }).click();
    await found.getByLabel(/^Votre numéro de téléphone/).fill('06 12 34 56 78');
    await found
      .getByLabel(/^Ce qui montre que vous gérez/)
      .fill('Je suis la gérante depuis 2019 ; le téléphone de la cantine est le 04 78 00 00 00.');
    await expectAccessible(page);
    await found.getByRole('button', { name: 'Envoyer ma demande' }).click();
    await page
      .getByText(
        /^Votre demande d’accès à la page de La Cantine sans Courriel \(Lyon\), envoyée le .*, attend la réponse de l’équipe/,
      )
      .waitFor();
    // The team reads it at CONTACT_EMAIL (`contact@localhost` by default) and accepts it in one click.
    const told = await smtp.waitFor('contact@localhost', (m) => m.text.includes(owner.email), 15_000);
    expect(told.subject).toBe('Demande d’accès à la page de La Cantine sans Courriel');
    const [request] = await callApi<{ id: string }[]>(
      server.baseUrl,
      'GET',
      '/api/access-requests/?status=open&perPage=100',
      undefined,
      team,
    ).then((all) =>
      all.filter((r) => (r as unknown as { owner: { email: string } }).owner.email === owner.email),
    );
    await callApi(
      server.baseUrl,
      'PATCH',
      `/api/access-request/${request!.id}`,
      { status: 'accepted' },
      team,
    );
    const linked = await smtp.waitFor(owner.email, (m) => /rattaché/.test(m.subject), 15_000);
    expect(linked.text).toContain('a rattaché votre compte à la page');
    // The owner's space now holds the page.
    await page.goto(`${server.baseUrl}/espace-restaurateur`);
    await page.getByText(`Votre établissement : ${place.name} (Lyon)`).waitFor();
    await close([refused('404 (Not Found)')]);
  });

  it('finds its establishment, has the code mailed to it, and claims it', async () => {
    const [target, owner] = [await nextEstablishment(), newOwner()];
    await confirmNewOwner({ baseUrl: server.baseUrl, smtp, owner });
    const { page, close } = await openPhone(owner);
    // Its address confirmed, an owner without an establishment is sent to find it.
    await page.goto(`${server.baseUrl}/espace-restaurateur`);
    await page.waitForURL(/\/etablissement$/);
    // Name and town together: the search reads both, so this one comes first.
    await page.getByLabel('Nom ou ville de l’établissement').fill(`${target.name} ${target.address.town}`);
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await page
      .getByRole('button', { name: `Recevoir le code par e-mail : ${target.name}` })
      .first()
      .click();
    await page.getByText('a été envoyé à l’adresse e-mail de l’établissement').waitFor();
    // Asked again at once: the server's wait, said under the button that asked.
    const found = page.getByRole('listitem').filter({ hasText: target.name }).first();
    await found.getByRole('button', { name: `Recevoir le code par e-mail : ${target.name}` }).click();
    await found
      .getByText(
        /^Le code vient d’être envoyé à l’adresse de l’établissement : vous pourrez le demander de nouveau dans \d+ (secondes?|minute)\.$/,
      )
      .waitFor();
    const mail = await smtp.waitFor(target.email, (m) => m.text.includes(target.name), 15_000);
    const code = mail.text
      .split('\n')
      .map((line) => line.trim())
      .find((line) => /^[A-Z2-9]{8}$/.test(line))!;
    // Typed in two halves as people read it out, a dash between them: the code still opens the place.
    const halves = `${code.slice(0, 4)} - ${code.slice(4)}`.toLowerCase();
    await page.getByRole('textbox', { name: 'Code de l’établissement' }).fill(`  ${halves}`);
    await page.getByText(`Établissement : ${target.name}`).waitFor();
    await expectAccessible(page);
    await shoot(page, 'claim');
    await page.getByRole('button', { name: 'Rattacher cet établissement' }).click();
    await page.waitForURL(/\/espace-restaurateur$/);
    await page.getByRole('heading', { name: 'Bonjour Léa' }).waitFor();
    // The link to change establishment names the current one, beside it and to a screen reader.
    const change = page.getByRole('link', { name: 'Changer d’établissement' });
    const current = `Votre établissement : ${target.name} (${target.address.town})`;
    await expect(change.evaluate((link) => link.parentElement?.textContent)).resolves.toBe(
      `${current} · Changer d’établissement`,
    );
    await expect(
      change.evaluate(
        (link) => document.getElementById(link.getAttribute('aria-describedby') ?? '')?.textContent,
      ),
    ).resolves.toBe(current);
    await expectAccessible(page);
    await shoot(page, 'home');
    // The screen it opens says which establishment a claim would replace, and is no step 3 of a sign-up.
    await change.click();
    await page.waitForURL(/\/etablissement$/);
    await page.getByRole('heading', { name: 'Changer d’établissement' }).waitFor();
    await page
      .getByText(`Votre compte tient la page ${ofName(target.name)} (${target.address.town}).`, {
        exact: false,
      })
      .waitFor();
    await expect(page.getByText(/Étape 3 sur 3/).count()).resolves.toBe(0);
    // Its own establishment is claimed: its code is not mailed any more, and the screen says so.
    await page.getByLabel('Nom ou ville de l’établissement').fill(`${target.name} ${target.address.town}`);
    await page.getByRole('button', { name: 'Rechercher' }).click();
    const own = page.getByRole('listitem').filter({ hasText: target.name }).first();
    await own.getByRole('button', { name: `Recevoir le code par e-mail : ${target.name}` }).click();
    await own.getByText(/^Cet établissement est déjà rattaché au compte de son restaurateur/).waitFor();
    await page.goBack();
    await page.getByRole('heading', { name: 'Bonjour Léa' }).waitFor();
    await close([refused('429 (Too Many Requests)'), refused('409 (Conflict)')]);
  });

  it('downloads its printable A4 poster', async () => {
    const { page, close } = await ownerAtHome();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Télécharger mon affiche A4 (PDF)' }).click();
    const file = await (await download).path();
    const bytes = await readFile(file);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    await close();
  });

  it('edits its page and adds a photo, published with the page and removable; the public page shows them at once', async () => {
    const { page, target, close } = await ownerAtHome();
    await page.getByRole('link', { name: 'Ma page' }).first().click();
    await page.waitForURL(/\/ma-page$/);
    await page.getByLabel('Description').fill('Cuisine de marché, produits du coin.');
    // Monday starts closed (the demo place may open then); two ranges of a day that overlap are refused.
    const removeFirst = page.getByRole('button', { name: 'Supprimer la plage 1 du lundi' });
    while ((await removeFirst.count()) > 0) await removeFirst.click();
    await page.getByRole('button', { name: 'Ajouter une plage le lundi' }).click();
    await page.getByRole('button', { name: 'Ajouter une plage le lundi' }).click();
    await page.getByRole('button', { name: 'Publier les modifications' }).click();
    await page.getByText('Cette plage chevauche une autre plage du même jour.').waitFor();
    // The first range moved to the evening with a closing time that does not exist: it is sent after the
    // second one (the week goes in reading order), yet its message is shown under it, and only there.
    const hours = (label: string) => page.getByRole('textbox', { name: label });
    await hours('Ouverture, lundi, plage 1').fill('19:00');
    await hours('Fermeture, lundi, plage 1').fill('25:00');
    await page.getByRole('button', { name: 'Publier les modifications' }).click();
    await page.getByText(TIME_MESSAGE).waitFor();
    await expect(messageUnder(hours('Fermeture, lundi, plage 1'))).resolves.toBe(TIME_MESSAGE);
    for (const label of [
      'Ouverture, lundi, plage 1',
      'Ouverture, lundi, plage 2',
      'Fermeture, lundi, plage 2',
    ]) {
      await expect(messageUnder(hours(label)), label).resolves.toBeNull();
    }
    // A range added re-sorts the day: the message moves with its range, now the third.
    await page.getByRole('button', { name: 'Ajouter une plage le lundi' }).click();
    await expect(hours('Ouverture, lundi, plage 3').inputValue()).resolves.toBe('19:00');
    await expect(messageUnder(hours('Fermeture, lundi, plage 3'))).resolves.toBe(TIME_MESSAGE);
    await expect(messageUnder(hours('Fermeture, lundi, plage 2'))).resolves.toBeNull();
    await page.getByRole('button', { name: 'Supprimer la plage 3 du lundi' }).click();
    await page.getByRole('button', { name: 'Supprimer la plage 2 du lundi' }).click();
    await page.getByRole('textbox', { name: 'Fermeture, lundi, plage 1' }).fill('14h30');
    await page.getByRole('textbox', { name: 'Fermeture, lundi, plage 1' }).blur();
    await expect(page.getByRole('textbox', { name: 'Fermeture, lundi, plage 1' }).inputValue()).resolves.toBe(
      '14:30',
    );
    await page.getByRole('button', { name: 'Publier les modifications' }).click();
    await page.getByText('Modifications publiées.').waitFor();

    const photo = await sharp({
      create: { width: 1200, height: 630, channels: 3, background: { r: 240, g: 96, b: 35 } },
    })
      .jpeg()
      .toBuffer();
    await page
      .getByTestId('photo-input')
      .setInputFiles({ name: 'devanture.jpg', mimeType: 'image/jpeg', buffer: photo });
    // Uploaded, shown in the preview, but not on the public page until the form is published.
    await page.getByText(/^Nouvelle photo, pas encore publiée/).waitFor({ timeout: 20_000 });
    await page.getByRole('img', { name: `${target.name} : photo de l’établissement` }).waitFor();
    await page.getByText('Photo pas encore publiée').waitFor();
    const uploaded = /\/media\/([\w-]+)\./.exec(
      (await page.getByRole('img', { name: 'Nouvelle photo choisie' }).getAttribute('src')) ?? '',
    )![1]!;
    const publicPage = async () =>
      (await fetch(`${server.baseUrl}${establishmentPath(target.kind, target.uri)}`)).text();
    expect(await publicPage()).not.toContain(uploaded);
    await page.getByRole('button', { name: 'Publier les modifications' }).click();
    await page.getByText('Modifications publiées.').waitFor();
    expect(await publicPage()).toContain(uploaded);
    await expect(page.getByText('Photo pas encore publiée').count()).resolves.toBe(0);
    await expectAccessible(page);
    await shoot(page, 'my-page');
    // On a wide screen the preview sits beside the form.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    if (screenshots) await page.screenshot({ path: path.join(SCREENS, 'owner-my-page-desktop.png') });
    await page.setViewportSize(PHONE);

    const html = await publicPage();
    expect(html).toContain('Cuisine de marché, produits du coin.');
    expect(html).toMatch(/14 h 30/);

    // Taken off: still on the public page until published, then gone from it.
    await page.getByRole('button', { name: 'Retirer la photo' }).click();
    await page.getByText(/^Photo retirée : elle disparaîtra de votre page/).waitFor();
    await expect(
      page.getByRole('img', { name: `${target.name} : photo de l’établissement` }).count(),
    ).resolves.toBe(0);
    expect(await publicPage()).toContain(uploaded);
    await page.getByRole('button', { name: 'Publier les modifications' }).click();
    await page.getByText('Modifications publiées.').waitFor();
    expect(await publicPage()).not.toContain(uploaded);
    await page.getByText('Votre page n’a pas de photo.').waitFor();
    await close();
  });

  it('is asked before leaving its page with changes not published, and only then', async () => {
    const { page, close } = await ownerAtHome();
    await page.getByRole('link', { name: 'Ma page' }).first().click();
    await page.waitForURL(/\/ma-page$/);
    const description = page.getByLabel('Description');
    const published = await description.inputValue();
    await description.fill(`${published} Terrasse l’été.`);
    const question = page.getByRole('alertdialog', { name: 'Modifications non publiées' });
    // The browser's Back: the page stays, changes and all.
    await page.goBack();
    await question.waitFor();
    await expect(
      question
        .getByText('Certaines modifications ne sont pas publiées. Voulez-vous vraiment quitter cette page ?')
        .count(),
    ).resolves.toBe(1);
    await expectAccessible(page);
    await question.getByRole('button', { name: 'Rester sur la page' }).click();
    await question.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/espace-restaurateur/ma-page');
    await expect(description.inputValue()).resolves.toBe(`${published} Terrasse l’été.`);
    // Reloading or closing the tab: the browser's own question.
    const asked = page.waitForEvent('dialog');
    // The page waits on the question: the script that reloads ends once it is answered.
    const reload = page.evaluate(() => window.location.reload()).catch(() => undefined);
    const browserQuestion = await asked;
    expect(browserQuestion.type()).toBe('beforeunload');
    await browserQuestion.dismiss();
    await reload;
    await expect(description.inputValue()).resolves.toBe(`${published} Terrasse l’été.`);
    // A link of the space: asked again; leaving drops the changes.
    await page.getByRole('link', { name: 'Historique' }).click();
    await question.getByRole('button', { name: 'Quitter sans publier' }).click();
    await page.waitForURL(/\/historique$/);
    await page.goBack();
    await page.waitForURL(/\/ma-page$/);
    await expect(description.inputValue()).resolves.toBe(published);
    // Nothing changed, or a change typed then undone: nothing is asked.
    await description.fill(`${published} !`);
    await description.fill(published);
    await page.getByRole('link', { name: 'Historique' }).click();
    await page.waitForURL(/\/historique$/);
    await page.goBack();
    await page.waitForURL(/\/ma-page$/);
    // Published, even as the server rewrites it (`www.…` → `https://www.…`): nothing is asked either.
    await description.fill(`${published} Terrasse l’été.`);
    await page.getByLabel('Site web').fill('www.terrasse.example.fr');
    await page.getByRole('button', { name: 'Publier les modifications' }).click();
    await page.getByText('Modifications publiées.').waitFor();
    await page.getByRole('link', { name: 'Historique' }).click();
    await page.waitForURL(/\/historique$/);
    await page.goBack();
    await page.waitForURL(/\/ma-page$/);
    await expect(page.getByLabel('Site web').inputValue()).resolves.toBe('https://www.terrasse.example.fr');
    expect(await question.count()).toBe(0);
    await close();
  });

  it('is told when another tab published « Ma page » first, and reloads its current version', async () => {
    const { context, page, target, close } = await ownerAtHome();
    await page.getByRole('link', { name: 'Ma page' }).first().click();
    await page.getByLabel('Description').waitFor();
    const other = await context.newPage();
    await other.goto(`${server.baseUrl}/espace-restaurateur/ma-page`);
    await other.getByLabel('Description').fill('Publié depuis le deuxième onglet.');
    await other.getByRole('button', { name: 'Publier les modifications' }).click();
    await other.getByText('Modifications publiées.').waitFor();
    // Back to this tab (a tab in the background draws no frames, and waits for it).
    await page.bringToFront();
    // This tab still holds the version read before: its publication is refused, nothing is written.
    const phone = page.getByLabel('Téléphone');
    const before = await phone.inputValue();
    await phone.fill('04 78 12 34 56');
    await page.getByRole('button', { name: 'Publier les modifications' }).click();
    const stale = page.getByRole('alert').filter({ hasText: 'Quelqu’un d’autre a modifié ces informations' });
    await stale.getByText('Ce que vous avez saisi et pas encore publié sera remplacé.').waitFor();
    await expectAccessible(page);
    const answer = await fetch(`${server.baseUrl}/establishment/${target.id}/public`);
    expect(((await answer.json()) as { phone: string | null }).phone).not.toBe('04 78 12 34 56');
    // « Recharger »: the other tab's change, and this tab's unpublished one gone.
    await stale.getByRole('button', { name: 'Recharger' }).click();
    await expect
      .poll(() => page.getByLabel('Description').inputValue())
      .toBe('Publié depuis le deuxième onglet.');
    // The focus the button had goes to what is said in its place, not back to the top of the page.
    await expectReloadedWithFocus(page);
    await expect(phone.inputValue()).resolves.toBe(before);
    await expect(stale.count()).resolves.toBe(0);
    // The reloaded version is the one the next publication builds on, and the one after it too.
    await page.getByLabel('Description').fill('Cuisine de marché, produits du coin, terrasse l’été.');
    await page.getByRole('button', { name: 'Publier les modifications' }).click();
    await page.getByText('Modifications publiées.').waitFor();
    await phone.fill('04 78 12 34 56');
    await page.getByRole('button', { name: 'Publier les modifications' }).click();
    await page.getByText('Modifications publiées.').waitFor();
    await other.close();
    await close([refused('412 (Precondition Failed)')]);
  });

  it('publishes today’s menu board, corrects it and takes it down; the public page follows at once', async () => {
    const { context, page, target, close } = await ownerAtHome();
    await page.getByRole('link', { name: 'Ardoise du jour' }).first().click();
    await page.waitForURL(/\/ardoise$/);
    // No board today.
    await page.getByText('Pas d’ardoise en ligne aujourd’hui').waitFor();
    const first = page.getByRole('group', { name: 'Plat 1' });
    await first.getByLabel('Nom du plat').fill('Blanquette de veau');
    await first.getByLabel('Prix (€)').fill('14,50');
    await first.getByLabel('Catégorie').click();
    await page.getByRole('option').first().click();
    const category = await first.getByLabel('Catégorie').inputValue();
    expect(category).not.toBe('');
    await expectAccessible(page);
    // What a phone shows: the publish button kept at the bottom of the screen.
    await shoot(page, 'menu-board', { fullPage: false });
    // The place's name stands on its own, never after a "de" that French would contract ("de Au 52").
    await page.getByText(`Établissement : ${target.name}. Vos plats du jour`).waitFor();

    // A hurried owner: a negative price, a dish without a price, dishes added under a chosen category.
    const dish = (n: number) => page.getByRole('group', { name: `Plat ${n}`, exact: true });
    await dish(2).getByLabel('Nom du plat').fill('Tarte aux pommes');
    await dish(2).getByLabel('Prix (€)').fill('-3');
    await dish(3).getByLabel('Nom du plat').fill('Soupe à l’oignon');
    await dish(3).getByLabel('Catégorie').click();
    await page.getByRole('option').nth(1).click();
    expect(await dish(3).getByLabel('Catégorie').inputValue()).not.toBe('');
    for (let n = 4; n <= 7; n += 1) await page.getByRole('button', { name: 'Ajouter un plat' }).click();
    // New dishes start without a category rather than with the one of the dish above.
    for (let n = 4; n <= 7; n += 1) {
      await expect(dish(n).getByLabel('Catégorie').inputValue()).resolves.toBe('');
    }
    // A name stops at the 120 characters the board takes.
    await dish(7).getByLabel('Nom du plat').fill('Assiette du marché '.repeat(10));
    await expect(dish(7).getByLabel('Nom du plat').inputValue()).resolves.toHaveLength(120);
    await page.getByRole('button', { name: 'Publier l’ardoise' }).click();
    await page.getByText('Certains plats sont à compléter.').waitFor();
    // The first field to correct, far above the button on a phone, has the focus and is in view.
    const price = dish(2).getByLabel('Prix (€)');
    expect(await price.evaluate((field) => field === document.activeElement)).toBe(true);
    const box = (await price.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
    // Each field says what to do, in plain French.
    await expect(dish(2).getByText('Le prix ne peut être négatif.').count()).resolves.toBe(1);
    await expect(dish(2).getByText('Choisissez une catégorie.').count()).resolves.toBe(1);
    await expect(dish(3).getByText('Indiquez le prix.').count()).resolves.toBe(1);
    await expect(dish(7).getByText('Indiquez le prix.').count()).resolves.toBe(1);
    await expect(dish(7).getByText('Choisissez une catégorie.').count()).resolves.toBe(1);
    await expect(page.getByText(/Identifiant invalide|doit être un nombre/).count()).resolves.toBe(0);
    // An empty dish removed above: every message stays with its dish, now one place higher.
    await page.getByRole('button', { name: 'Retirer le plat 4' }).click();
    await expect(dish(6).getByLabel('Nom du plat').inputValue()).resolves.toMatch(/^Assiette du marché/);
    await expect(dish(6).getByText('Indiquez le prix.').count()).resolves.toBe(1);
    await expect(dish(6).getByText('Choisissez une catégorie.').count()).resolves.toBe(1);
    await expect(dish(2).getByText('Le prix ne peut être négatif.').count()).resolves.toBe(1);
    await expect(dish(3).getByText('Indiquez le prix.').count()).resolves.toBe(1);
    await expect(page.getByText('Indiquez le prix.').count()).resolves.toBe(2);
    // Picking a category takes its message away.
    await dish(2).getByLabel('Catégorie').click();
    await page.getByRole('option').first().click();
    await expect(dish(2).getByText('Choisissez une catégorie.').count()).resolves.toBe(0);
    await dish(2).getByLabel('Prix (€)').fill('8.5');
    await dish(3).getByLabel('Prix (€)').fill('6,80');
    await page.getByRole('button', { name: 'Retirer le plat 6' }).click();
    await page.getByRole('button', { name: 'Publier l’ardoise' }).click();
    await page.getByText('Ardoise publiée : elle est en ligne sur votre page.').waitFor();

    const visitor = await context.newPage();
    await visitor.goto(`${server.baseUrl}${establishmentPath(target.kind, target.uri)}`);
    await visitor.getByText('Blanquette de veau').waitFor();
    await expect(visitor.getByText('14,50 €').count()).resolves.toBeGreaterThan(0);

    // Back on the form, today's board is there to correct: the correction updates it.
    await page.bringToFront();
    await page.reload();
    await page.getByText('Votre ardoise d’aujourd’hui est déjà publiée').waitFor();
    const corrected = page.getByRole('group', { name: 'Plat 1' });
    await expect(corrected.getByLabel('Nom du plat').inputValue()).resolves.toBe('Blanquette de veau');
    // The empty row after the published dishes has no category either.
    await expect(dish(4).getByLabel('Nom du plat').inputValue()).resolves.toBe('');
    await expect(dish(4).getByLabel('Catégorie').inputValue()).resolves.toBe('');
    await corrected.getByLabel('Prix (€)').fill('15');
    // Leaving with the correction not published asks first; staying keeps it.
    await page.getByRole('link', { name: 'Historique' }).click();
    const question = page.getByRole('alertdialog', { name: 'Modifications non publiées' });
    await question.getByRole('button', { name: 'Rester sur la page' }).click();
    await expect.poll(() => question.count()).toBe(0);
    expect(new URL(page.url()).pathname).toMatch(/\/ardoise$/);
    await expect(corrected.getByLabel('Prix (€)').inputValue()).resolves.toBe('15');
    await page.getByRole('button', { name: 'Publier l’ardoise' }).click();
    await page.getByText('Ardoise publiée : elle est en ligne sur votre page.').waitFor();
    await visitor.reload();
    await visitor.getByText('15,00 €').first().waitFor();
    await expect(visitor.getByText('Blanquette de veau').count()).resolves.toBe(1);
    await page.bringToFront();

    // « Retirer l’ardoise », asked first: gone from the page, and the screen offers to publish another.
    await page.getByRole('button', { name: 'Retirer l’ardoise' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Retirer l’ardoise d’aujourd’hui ?' });
    await expectAccessible(page);
    await ask.getByRole('button', { name: 'Garder l’ardoise' }).click();
    await expect.poll(() => ask.count()).toBe(0);
    await page.getByRole('button', { name: 'Retirer l’ardoise' }).click();
    await ask.getByRole('button', { name: 'Retirer l’ardoise' }).click();
    await page.getByText('Ardoise retirée : elle n’est plus sur votre page ni sur la carte.').waitFor();
    await page.getByText('Pas d’ardoise en ligne aujourd’hui').waitFor();
    await expect(corrected.getByLabel('Nom du plat').inputValue()).resolves.toBe('');
    await expect(page.getByRole('button', { name: 'Retirer l’ardoise' }).count()).resolves.toBe(0);
    await visitor.reload();
    await visitor.getByRole('heading', { level: 1, name: target.name }).waitFor();
    await expect(visitor.getByText('Blanquette de veau').count()).resolves.toBe(0);
    await visitor.close();

    // Two tabs publishing the day's first board: the second is refused rather than replacing the first.
    const other = await context.newPage();
    await other.goto(`${server.baseUrl}/espace-restaurateur/ardoise`);
    await other.getByText('Pas d’ardoise en ligne aujourd’hui').waitFor();
    const fill = async (p: Page, name: string) => {
      const dish = p.getByRole('group', { name: 'Plat 1', exact: true });
      await dish.getByLabel('Nom du plat').fill(name);
      await dish.getByLabel('Prix (€)').fill('11');
      await dish.getByLabel('Catégorie').click();
      await p.getByRole('option').first().click();
      await p.getByRole('button', { name: 'Publier l’ardoise' }).click();
    };
    await fill(other, 'Pot-au-feu');
    await other.getByText('Ardoise publiée : elle est en ligne sur votre page.').waitFor();
    await page.bringToFront();
    await fill(page, 'Gratin dauphinois');
    const stale = page
      .getByRole('alert')
      .filter({ hasText: 'Une ardoise a déjà été publiée pour ce jour entre-temps' });
    await stale.waitFor();
    await stale.getByRole('button', { name: 'Recharger' }).click();
    await expect.poll(() => corrected.getByLabel('Nom du plat').inputValue()).toBe('Pot-au-feu');
    await expectReloadedWithFocus(page);
    await page.getByText('Votre ardoise d’aujourd’hui est déjà publiée').waitFor();
    await other.close();
    // No board today: the server says so with a 404, which Chromium logs; then the refused publication.
    await close([refused('404 (Not Found)'), refused('412 (Precondition Failed)')]);
  });

  it('is asked before today’s dishes replace the ones typed for tomorrow, and before a price over 100 €', async () => {
    const { page, close } = await ownerAtHome(async ({ target, ownerToken }) => {
      const [category] = await callApi<{ id: string }[]>(server.baseUrl, 'GET', '/api/categories/');
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
      await callApi(
        server.baseUrl,
        'POST',
        '/api/menuboard/',
        {
          establishment: target.id,
          title: 'Ardoise du midi',
          date: today,
          items: ['Bœuf bourguignon', 'Gratin', 'Salade', 'Tarte'].map((name) => ({
            name,
            price: 9,
            category: category!.id,
          })),
        },
        ownerToken,
      );
    });
    await page.goto(`${server.baseUrl}/espace-restaurateur/ardoise?jour=demain`);
    const dish = (n: number) => page.getByRole('group', { name: `Plat ${n}`, exact: true });
    await dish(1).getByLabel('Nom du plat').fill('Quiche');
    await dish(2).getByLabel('Nom du plat').fill('Soupe');
    await page.getByRole('button', { name: 'Reprendre l’ardoise d’aujourd’hui' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Reprendre l’ardoise d’aujourd’hui ?' });
    await ask.getByText('Remplacer les 2 plats déjà saisis par les 4 d’aujourd’hui ?').waitFor();
    await ask.getByRole('button', { name: 'Remplacer' }).click();
    await page.getByText('4 plats repris de l’ardoise d’aujourd’hui : vérifiez-les, puis publiez.').waitFor();
    // Replaced, not appended: the four of today and one empty row.
    await expect(dish(5).getByLabel('Nom du plat').inputValue()).resolves.toBe('');
    await expect(dish(6).count()).resolves.toBe(0);
    await expect(dish(1).getByLabel('Nom du plat').inputValue()).resolves.toBe('Bœuf bourguignon');

    await dish(1).getByLabel('Prix (€)').fill('1 300,00');
    await page.getByRole('button', { name: 'Enregistrer l’ardoise de demain' }).click();
    const price = page.getByRole('alertdialog', { name: 'Un prix à vérifier' });
    await price.getByText(/«\sBœuf bourguignon\s» à 1\s300,00\s€\s: ce prix dépasse 100\s€/).waitFor();
    await expectAccessible(page);
    await price.getByRole('button', { name: 'Enregistrer quand même' }).click();
    await page.getByText('Ardoise de demain enregistrée').waitFor();
    // No board tomorrow yet: the server says so with a 404, which Chromium logs.
    await close([refused('404 (Not Found)')]);
  });

  it('reads its page’s change history, signs out, and signs in again from a link to its board', async () => {
    const { page, owner, close } = await ownerAtHome(async ({ target, ownerToken }) => {
      await callApi(
        server.baseUrl,
        'PATCH',
        `/api/establishment/${target.id}`,
        { description: 'Cuisine de marché, produits du coin.' },
        ownerToken,
      );
    });
    await page
      .getByRole('navigation', { name: 'Espace restaurateur' })
      .getByRole('link', { name: 'Historique' })
      .click();
    await page.waitForURL(/\/historique$/);
    await page.getByText('Rattachement à un restaurateur').first().waitFor();
    // Who the page was linked to, named for the owner: never a database id.
    await page.getByText('Restaurateur : aucun → vous').waitFor();
    await page.getByText(/^Description : .* → « Cuisine de marché, produits du coin\. »$/).waitFor();
    await page
      .getByText(/· par vous$/)
      .first()
      .waitFor();
    await expectAccessible(page);
    await shoot(page, 'history');
    const keys = async () =>
      Object.keys(await page.evaluate(() => ({ ...localStorage, ...sessionStorage }))).filter((k) =>
        /\.(restaurantOwner|user|token|longLifeToken|admin)$/.test(k),
      );
    expect((await keys()).map((k) => k.split('.').at(-1)).sort()).toEqual([
      'longLifeToken',
      'restaurantOwner',
      'token',
    ]);
    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await page.waitForURL(/\/connexion$/);
    expect(await keys()).toEqual([]);
    // A link to the board, signed out: signing in leads to the board, not to the space's home.
    await page.goto(`${server.baseUrl}/espace-restaurateur/ardoise`);
    await waitForRouter(page);
    await page.waitForURL(/\/connexion\?retour=%2Fespace-restaurateur%2Fardoise$/);
    await expect(
      page.getByRole('button', { name: 'Afficher le mot de passe' }).getAttribute('aria-pressed'),
    ).resolves.toBe('false');
    await page.getByLabel('Adresse e-mail').fill(owner.email);
    await page.getByLabel(/^Mot de passe/).fill(owner.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForURL(/\/espace-restaurateur\/ardoise$/);
    await page.getByRole('heading', { name: 'Ardoise du jour' }).waitFor();
    // No board today: the server says so with a 404, which Chromium logs.
    await close([refused('404 (Not Found)')]);
  });

  it('reads in its « Historique » the team’s change to its board, in words and by « l’équipe », as the team’s history tab does', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
    let placeId = '';
    const { page, close } = await ownerAtHome(async ({ target, ownerToken, adminToken: teamToken }) => {
      placeId = target.id;
      const [category] = await callApi<{ id: string }[]>(server.baseUrl, 'GET', '/api/categories/');
      const board = await callApi<{ id: string }>(
        server.baseUrl,
        'POST',
        '/api/menuboard/',
        {
          establishment: target.id,
          title: 'Ardoise du midi',
          date: today,
          items: [
            { name: 'Quenelle', price: 14.5, category: category!.id, allergens: ['gluten', 'eggs', 'milk'] },
          ],
        },
        ownerToken,
      );
      // The team's change, as the back office's form saves it: the board read, then changed with its ETag.
      const read = await fetch(`${server.baseUrl}/api/menuboard/${board.id}`, {
        headers: { authorization: `Bearer ${teamToken}` },
      });
      const etag = read.headers.get('etag')!;
      await read.arrayBuffer();
      const changed = await fetch(`${server.baseUrl}/api/menuboard/${board.id}`, {
        method: 'PATCH',
        headers: {
          authorization: `Bearer ${teamToken}`,
          'content-type': 'application/json',
          'if-match': etag,
        },
        body: JSON.stringify({
          title: 'Ardoise du soir',
          items: [{ name: 'Quenelle', price: 14.5, category: category!.id, allergens: [] }],
        }),
      });
      expect(changed.status, await changed.text()).toBe(200);
    });
    const line = `Ardoise du ${boardDayText(today, true)} modifiée : titre : « Ardoise du midi » → « Ardoise du soir » ; « Quenelle » modifié (allergènes : gluten, œufs, lait → aucun des 14)`;

    // The owner's « Historique », on its phone: the change in words, by the team.
    await page
      .getByRole('navigation', { name: 'Espace restaurateur' })
      .getByRole('link', { name: 'Historique' })
      .click();
    await page.waitForURL(/\/historique$/);
    const entry = page.getByRole('listitem').filter({ has: page.getByText(line, { exact: true }) });
    await entry.getByText(/· par l’équipe \(equipe\)$/).waitFor();
    await entry.getByText('Modification', { exact: true }).waitFor();
    await close();

    // The team's history tab, on a desktop: the same line, by the administrator.
    const desk = await newAdminContext(browser, server.baseUrl, ADMIN);
    const tab = await desk.newPage();
    tab.setDefaultTimeout(15_000);
    const deskErrors = watchPageErrors(tab);
    await tab.goto(`${server.baseUrl}/admin/establishments/${encodeURIComponent(placeId)}/historique`);
    const row = tab
      .getByRole('table', { name: 'Historique des modifications' })
      .getByRole('row')
      .filter({ has: tab.getByText(line, { exact: true }) });
    await row.getByRole('cell', { name: 'Administrateur equipe', exact: true }).waitFor();
    expect(deskErrors()).toEqual([]);
    await desk.close();
  });

  it('sees on its home screen that the team hid its page, since when and why, and is told by e-mail', async () => {
    let patch: (body: object) => Promise<unknown> = async () => undefined;
    const { page, owner, close } = await ownerAtHome(async ({ target, adminToken }) => {
      patch = (body) => callApi(server.baseUrl, 'PATCH', `/api/establishment/${target.id}`, body, adminToken);
    });
    const reason = 'Un visiteur signale une fermeture définitive : dites-nous si c’est une erreur.';
    await patch({ disabled: true, disabledReason: reason });
    // Hidden while the owner was on « Ma page »: back on its home screen, it is told.
    await page.getByRole('link', { name: 'Ma page' }).first().click();
    await page.waitForURL(/\/ma-page$/);
    await page.getByRole('link', { name: 'Mon espace' }).click();
    const notice = page.getByRole('alert').filter({ hasText: 'Votre page est masquée' });
    await notice
      .getByText(
        /^L’équipe Tables Voisines l’a masquée le \p{L}+ \d{1,2}(er)? \p{L}+ \d{4} à \d{1,2} h \d{2} : elle n’apparaît ni sur la carte ni dans les recherches/u,
      )
      .waitFor();
    await notice.getByText(`Raison donnée par l’équipe : ${reason}`).waitFor();
    // Its address answers « Page introuvable »: no link to it.
    await expect(page.getByRole('link', { name: 'Voir ma page publique' }).count()).resolves.toBe(0);
    await expectAccessible(page);
    const mail = await smtp.waitFor(owner.email, (m) => /masquée/.test(m.subject), 15_000);
    expect(mail.text).toContain(reason);
    // « Ma page » says it too, and offers no link to the public page.
    await page.getByRole('link', { name: 'Ma page' }).first().click();
    await page.getByRole('alert').filter({ hasText: 'Votre page est masquée' }).waitFor();
    await expect(page.getByRole('link', { name: /Ouvrir ma page publique/ }).count()).resolves.toBe(0);
    // Shown again: the home screen says nothing of it any more.
    await patch({ disabled: false });
    await page.getByRole('link', { name: 'Mon espace' }).click();
    await page.getByRole('link', { name: 'Voir ma page publique' }).waitFor();
    await expect(page.getByText('Votre page est masquée').count()).resolves.toBe(0);
    await close();
  });

  it('is told on its space that the team detached it from its page, when, and what it can do; the mail invites no claim', async () => {
    let detach: () => Promise<unknown> = async () => undefined;
    const { page, owner, target, close } = await ownerAtHome(async ({ target, adminToken }) => {
      detach = () =>
        callApi(
          server.baseUrl,
          'PATCH',
          `/api/establishment/${target.id}`,
          { restaurantOwner: null },
          adminToken,
        );
    });
    await detach();
    await page.reload();
    const notice = page.getByTestId('team-detach');
    await notice
      .getByText(
        new RegExp(
          `^L’équipe a détaché votre compte de la page ${ofName(target.name)} le \\p{L}+ \\d{1,2}(er)? \\p{L}+ \\d{4} à \\d{1,2} h \\d{2} : vous ne pouvez plus la modifier\\.$`,
          'u',
        ),
      )
      .waitFor();
    await notice.getByRole('link', { name: 'Nous contacter' }).waitFor();
    // No « Étape 3 sur 3 » of a sign-up: this account was in use.
    await expect(page.getByText(/Étape 3 sur 3/).count()).resolves.toBe(0);
    await expectAccessible(page);
    await shoot(page, 'detached');
    const mail = await smtp.waitFor(
      owner.email,
      (m) => m.subject === `Votre compte n’est plus rattaché ${toName(target.name)}`,
      15_000,
    );
    expect(mail.text).toContain(`a retiré votre compte de la page ${ofName(target.name)}`);
    expect(mail.text).not.toMatch(/rattacher de nouveau|avec son code/);
    await close();
  });

  it('asks for a new confirmation code once the delay is over; only the new one works', async () => {
    const email = waiting.email;
    const { device: fresh, p } = waiting.screen!;
    const first = await smtp.waitFor(email, (m) => /confirmation/i.test(m.subject), 15_000);
    // The first device's screen, shown just after the sign-up, offers a new code once the delay is over.
    await (await resendOffered(p)).click();
    await p.getByText(`Un nouveau code a été envoyé à ${email}.`).waitFor();
    await expect(
      p.getByRole('button', { name: /Renvoyer un code \(dans \d+ s\)/ }).isDisabled(),
    ).resolves.toBe(true);
    // The delay counts from the code sent, not from the screen's showing: a reload half-way does not
    // start it again.
    await p.clock.fastForward((RESEND_DELAY_S / 2) * 1000);
    await p.reload();
    await waitForRouter(p);
    await expect.poll(() => resendWait(p)).toBeGreaterThan(0);
    expect(await resendWait(p)).toBeLessThanOrEqual(RESEND_DELAY_S / 2 + 1);
    // Another device signed in after that counts the delay from that code, as the server tells it, not
    // from its own showing.
    const { device: other, p: o } = await confirmationOnNewDevice(email, { fakeClock: true });
    // The seconds since that code (the reload above took some) are already counted: not the whole delay.
    expect(await resendWait(o)).toBeLessThan(RESEND_DELAY_S);
    // The other device, its own delay over, asks before the server's: it says so and waits for what is left
    // of it, as the message says.
    await o.clock.fastForward((RESEND_DELAY_S + 1) * 1000);
    await o.getByRole('button', { name: 'Renvoyer un code', exact: true }).click();
    const refusal = o.getByText(
      /^Un code vient de vous être envoyé : vous pourrez en demander un autre dans \d+ secondes?\.$/,
    );
    await refusal.waitFor();
    const said = Number(/dans (\d+) seconde/.exec((await refusal.textContent()) ?? '')?.[1]);
    expect(said).toBeGreaterThan(0);
    await expect.poll(() => resendWait(o)).toBeGreaterThan(0);
    expect(Math.abs((await resendWait(o)) - said)).toBeLessThanOrEqual(1);
    await other.close();
    const second = await smtp.waitFor(email, (m) => m !== first && /confirmation/i.test(m.subject), 15_000);
    const oldCode = /\b(\d{6})\b/.exec(first.text)![1]!;
    const code = /\b(\d{6})\b/.exec(second.text)![1]!;
    if (oldCode !== code) {
      await p.getByLabel('Code de confirmation').fill(oldCode);
      await p.getByRole('button', { name: 'Confirmer' }).click();
      // Said to be replaced by the new one, not « incorrect, 4 essais ».
      await p.getByText(/^Ce code a été remplacé par un nouveau code/).waitFor();
    }
    await p.getByLabel('Code de confirmation').fill(code);
    await p.getByRole('button', { name: 'Confirmer' }).click();
    await p.waitForURL(/\/etablissement$/);
    await fresh.close();
  });

  it('corrects a mistyped address on the confirmation screen; the code goes to the right one', async () => {
    const corrected = mistyped.email.replace('@gmial.', '@gmail.');
    const { device: fresh, p } = mistyped.screen!;
    // Its screen, shown just after the sign-up, offers a new code: the server's delay is over too.
    await resendOffered(p);
    await p.getByRole('button', { name: 'Corriger l’adresse e-mail' }).click();
    const field = p.getByRole('textbox', { name: 'Adresse e-mail correcte' });
    expect(await field.evaluate((input) => input === document.activeElement)).toBe(true);
    // The button names the address typed.
    const submit = p.getByRole('button', { name: /^Envoyer le code à/ });
    // Changing the account's address takes its current password (API.md, "Account safety").
    const currentPassword = p.getByLabel(/^Mot de passe actuel/);
    await currentPassword.fill(PASSWORD);
    const message = async (text: string) => {
      await field.fill(text);
      await submit.click();
      // Once answered (typing cleared the last message).
      await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
      return (await p.locator(`#${await field.getAttribute('aria-describedby')}`).textContent()) ?? '';
    };
    expect(await message('lea.gmail.example.fr')).toBe('Adresse e-mail invalide.');
    expect(await message(mistyped.email.toUpperCase())).toBe('C’est déjà l’adresse de votre compte.');
    await field.fill(corrected);
    await p.getByRole('button', { name: `Envoyer le code à ${corrected}` }).click();
    await p.getByText(`Un nouveau code a été envoyé à ${corrected}.`).waitFor();
    await p.getByText(`saisissez le code à 6 chiffres envoyé à ${corrected}.`).waitFor();
    const mail = await smtp.waitFor(corrected, (m) => /confirmation/i.test(m.subject), 15_000);
    // Corrected again at once: the server's delay, said beside the button that asked, where the owner looks.
    await p.getByRole('button', { name: 'Corriger l’adresse e-mail' }).click();
    await p.getByRole('textbox', { name: 'Adresse e-mail correcte' }).waitFor();
    // The form forgot the password when it closed.
    await currentPassword.fill(PASSWORD);
    await field.fill(`autre.${corrected}`);
    await p.getByRole('button', { name: `Envoyer le code à autre.${corrected}` }).click();
    const notice = p.getByText(
      /^Un code vient de vous être envoyé : vous pourrez en demander un autre dans \d+ secondes\.$/,
    );
    await notice.waitFor();
    const refused = (await notice.textContent()) ?? '';
    expect(await field.getAttribute('aria-invalid')).toBe('false');
    // The resend button counts the same delay.
    const resend = (await p.getByRole('button', { name: /^Renvoyer un code/ }).textContent()) ?? '';
    const [said, shown] = [/dans (\d+) secondes/.exec(refused), /\(dans (\d+) s\)/.exec(resend)];
    expect(Math.abs(Number(shown?.[1]) - Number(said?.[1]))).toBeLessThanOrEqual(2);
    await expectAccessible(p);
    await p.getByRole('button', { name: 'Annuler' }).click();
    await p.getByLabel('Code de confirmation').fill(/\b(\d{6})\b/.exec(mail.text)![1]!);
    await p.getByRole('button', { name: 'Confirmer' }).click();
    await p.waitForURL(/\/etablissement$/);
    expect(smtp.messages.some((m) => m.to === `autre.${corrected}`)).toBe(false);
    await fresh.close();
  });

  it('chooses a new password through the mailed link and signs in with it', async () => {
    const owner = newOwner();
    await linkNewOwner({
      baseUrl: server.baseUrl,
      smtp,
      admin: ADMIN,
      owner,
      establishmentId: (await nextEstablishment()).id,
    });
    const fresh = await newVisitorContext(browser, { viewport: PHONE });
    const p = await fresh.newPage();
    const freshErrors = watchPageErrors(p);
    // From the sign-in page, the address typed there comes along (issue 48): nothing to type twice.
    await p.goto(`${server.baseUrl}/espace-restaurateur/connexion`);
    await waitForRouter(p);
    await p.getByLabel('Adresse e-mail').fill(owner.email);
    await p.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
    await p.getByRole('heading', { name: 'Mot de passe oublié' }).waitFor();
    await expect(p.getByLabel('Adresse e-mail').inputValue()).resolves.toBe(owner.email);
    await expectAccessible(p);
    await p.getByRole('button', { name: 'Recevoir le lien' }).click();
    await p.getByText(`Si un compte existe pour ${owner.email}`).waitFor();
    const mail = await smtp.waitFor(owner.email, (m) => /mot de passe/i.test(m.subject), 15_000);
    const link = /(http\S+nouveau-mot-de-passe\?token=\S+)/.exec(mail.text)![1]!;
    expect(new URL(link).pathname).toBe('/espace-restaurateur/nouveau-mot-de-passe');

    await p.goto(link);
    await waitForRouter(p);
    await expectAccessible(p);
    await shoot(p, 'reset-password');
    // Each password its own toggle, each named for its field.
    for (const name of ['Afficher le mot de passe', 'Afficher la confirmation du mot de passe']) {
      await expect(p.getByRole('button', { name, exact: true }).getAttribute('aria-pressed')).resolves.toBe(
        'false',
      );
    }
    await p.getByRole('textbox', { name: 'Nouveau mot de passe' }).fill(NEW_PASSWORD);
    await p.getByLabel('Confirmez le mot de passe').fill(NEW_PASSWORD);
    await p.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
    await p.getByText('Votre mot de passe a été changé.').waitFor();
    await p.getByRole('link', { name: 'Se connecter' }).click();
    await p.waitForURL(/\/connexion$/);
    await p.getByLabel('Adresse e-mail').fill(owner.email);
    await p.getByLabel(/^Mot de passe/).fill(NEW_PASSWORD);
    await p.getByRole('button', { name: 'Se connecter' }).click();
    await p.getByRole('heading', { name: 'Bonjour Léa' }).waitFor();
    expect(freshErrors()).toEqual([]);
    await fresh.close();
  });
});

describe('the public pages', () => {
  it('load none of the owners’ space code (forms, schemas, PDF poster)', async () => {
    const visitor = await newVisitorContext(browser);
    const p = await visitor.newPage();
    const scripts = new Map<string, Buffer>();
    p.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      void response
        .body()
        .then((body) => scripts.set(new URL(response.url()).pathname, body))
        .catch(() => undefined);
    });
    await p.goto(`${server.baseUrl}/`);
    await waitForRouter(p);
    await p.waitForLoadState('networkidle');
    const owned = [...scripts].filter(([, body]) =>
      ['Rattacher cet établissement', 'Ardoise publiée', 'PDFDocument', 'Adresse e-mail invalide.'].some(
        (text) => body.toString('utf8').includes(text),
      ),
    );
    expect(scripts.size).toBeGreaterThan(3);
    expect(owned.map(([url]) => url)).toEqual([]);
    const gzip = [...scripts.values()].reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0);
    console.info(`JavaScript loaded by /: ${scripts.size} files, ${(gzip / 1024).toFixed(1)} KB gzip`);
    await visitor.close();
  });
});

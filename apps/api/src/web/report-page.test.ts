import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { countReports, createEstablishment, disableEstablishment } from '../../test/factories';
import { reports } from '../db/schema';
import { webBuildDir } from '../paths';

/*
 * « Signaler une erreur » as a browser without JavaScript uses it: the page's form posted as a form, the
 * answer page with the thanks or each field's error and what was typed; never cached, never indexed.
 */

let t: TestApp;
beforeAll(async () => {
  expect(existsSync(path.join(webBuildDir, 'server', 'index.js')), 'run `npm run build` first').toBe(true);
  t = await createTestApp({ serveWeb: true });
});
afterAll(() => t.close());

let nextAddress = 1;
const freshAddress = () => `198.51.100.${nextAddress++}`;
const FORM = 'application/x-www-form-urlencoded';
const post = (url: string, fields: Record<string, string>, remoteAddress = freshAddress()) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': FORM },
    remoteAddress,
  });
/** The page's text, its tags taken out. */
const textOf = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

describe('the report page', () => {
  it('is linked from the place’s page and offers the form, not to be indexed', async () => {
    const place = await createEstablishment(t.db, {
      name: 'Le Zinc',
      town: 'Nantes',
      uri: 'le-zinc-a-nantes',
    });
    const detail = await t.app.inject({ method: 'GET', url: '/restaurant/le-zinc-a-nantes' });
    expect(detail.body).toContain('href="/restaurant/le-zinc-a-nantes/signaler"');
    expect(textOf(detail.body)).toContain('Signaler une erreur');

    const page = await t.app.inject({ method: 'GET', url: '/restaurant/le-zinc-a-nantes/signaler' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-robots-tag']).toBe('noindex');
    expect(page.body).toMatch(/<meta name="robots" content="noindex"\/?>/);
    expect(page.body).toContain('<title>Signaler une erreur — Le Zinc — Tables Voisines</title>');
    const text = textOf(page.body);
    for (const words of [
      'Que faut-il corriger ?',
      'Fermé définitivement',
      'Horaires erronés',
      'Coordonnées erronées',
      'Ardoise erronée',
      'Autre',
      'Précisions',
      'Votre e-mail (facultatif)',
      'Envoyer le signalement',
    ]) {
      expect(text).toContain(words);
    }
    const form = /<form [^>]*>/.exec(page.body)?.[0] ?? '';
    expect(form).toContain('action="/restaurant/le-zinc-a-nantes/signaler"');
    expect(form).toContain('method="post"');
    expect(page.body.match(/<input type="radio"[^>]* name="reason"/g)).toHaveLength(5);
    expect(page.body).toContain('<legend');
    expect(await countReports(t.db, place.id)).toBe(0);
  });

  it('takes the form without JavaScript and thanks, an answer never cached', async () => {
    const place = await createEstablishment(t.db, { name: 'Chez Léa', uri: 'chez-lea-a-lyon' });
    const url = '/restaurant/chez-lea-a-lyon/signaler';
    const sent = await post(url, { reason: 'hours', message: 'Fermé le lundi.', email: '' });
    expect(sent.statusCode).toBe(200);
    expect(textOf(sent.body)).toContain('Merci, votre signalement a été transmis.');
    expect(sent.headers['cache-control']).toBe('private, no-store');
    expect(sent.headers['x-page-cache']).toBeUndefined();
    const [row] = await t.db.select().from(reports).where(eq(reports.establishmentId, place.id));
    expect(row).toMatchObject({ reason: 'hours', message: 'Fermé le lundi.', email: null, status: 'open' });

    // The next visitor gets the empty form, not the thanks.
    for (let i = 0; i < 2; i++) {
      const again = await t.app.inject({ method: 'GET', url });
      expect(textOf(again.body)).not.toContain('Merci');
      expect(textOf(again.body)).toContain('Envoyer le signalement');
    }
  });

  it('shows each field’s error beside it, with what was typed', async () => {
    const place = await createEstablishment(t.db, { uri: 'le-bouchon-a-lyon' });
    const answer = await post('/restaurant/le-bouchon-a-lyon/signaler', {
      reason: 'other',
      message: '',
      email: 'pas-une-adresse',
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.headers['cache-control']).toBe('private, no-store');
    const html = answer.body;
    expect(html).toMatch(/<input type="radio" required="" name="reason" checked="" value="other"\/>/);
    expect(html).toContain('value="pas-une-adresse"');
    expect(html).toMatch(
      /aria-describedby="signalement-precisions-aide signalement-precisions-erreur" aria-invalid="true"/,
    );
    expect(html).toMatch(
      /<p id="signalement-precisions-erreur"[^>]*>Dites-nous en quelques mots ce qui ne va pas\.<\/p>/,
    );
    expect(html).toMatch(/<p id="signalement-email-erreur"[^>]*>Adresse e-mail invalide\.<\/p>/);
    expect(textOf(html)).toContain('Le signalement n’a pas été envoyé');

    const noReason = await post('/restaurant/le-bouchon-a-lyon/signaler', { message: 'Rien', email: '' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toMatch(
      /<p id="signalement-motif-erreur"[^>]*>Choisissez ce qu’il faut corriger\.<\/p>/,
    );
    expect(noReason.body).toContain('>Rien</textarea>');
    expect(await countReports(t.db, place.id)).toBe(0);
  });

  it('says a flood from one connection is refused, and still lets another visitor report', async () => {
    const place = await createEstablishment(t.db, { uri: 'la-cible-a-lyon' });
    const url = '/restaurant/la-cible-a-lyon/signaler';
    const address = freshAddress();
    for (let i = 0; i < 5; i++) expect((await post(url, { reason: 'closed' }, address)).statusCode).toBe(200);
    const refused = await post(url, { reason: 'closed', message: 'Encore' }, address);
    expect(refused.statusCode).toBe(429);
    expect(textOf(refused.body)).toContain(
      'Trop de signalements envoyés depuis votre connexion, réessayez dans une heure.',
    );
    expect(refused.body).toContain('>Encore</textarea>');
    expect((await post(url, { reason: 'closed' })).statusCode).toBe(200);
    expect(await countReports(t.db, place.id)).toBe(6);
  });

  it('takes the `.data` post of React Router’s <Form> (with JavaScript) the same way', async () => {
    const place = await createEstablishment(t.db, { kind: 'remplisvert', uri: 'le-vrac-a-lyon' });
    const sent = await post('/remplisvert/le-vrac-a-lyon/signaler.data', { reason: 'menu' });
    expect(sent.statusCode).toBeLessThan(300);
    expect(sent.headers['cache-control']).toBe('private, no-store');
    expect(await countReports(t.db, place.id)).toBe(1);
  });

  it('is the real 404 page for a disabled or unknown place, and refuses anything but a form', async () => {
    const place = await createEstablishment(t.db, { uri: 'le-ferme-a-lyon' });
    await disableEstablishment(t.db, place.id);
    const url = '/restaurant/le-ferme-a-lyon/signaler';
    const page = await t.app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(404);
    expect(textOf(page.body)).toContain('Page introuvable');
    const posted = await post(url, { reason: 'hours' });
    expect(posted.statusCode).toBe(404);
    expect(textOf(posted.body)).toContain('Page introuvable');
    expect((await post('/restaurant/nulle-part/signaler', { reason: 'hours' })).statusCode).toBe(404);
    expect(await countReports(t.db, place.id)).toBe(0);

    const json = await t.app.inject({
      method: 'POST',
      url: '/restaurant/nulle-part/signaler',
      payload: { reason: 'hours' },
    });
    expect(json.statusCode).toBe(415);
    // A page without a form takes no POST.
    const other = await t.app.inject({ method: 'POST', url: '/restaurant/le-ferme-a-lyon', payload: {} });
    expect(other.statusCode).toBe(405);
  });

  it('sends an old address of the place to its current report page', async () => {
    const place = await createEstablishment(t.db, { uri: 'l-ancien-nom-a-lyon' });
    await t.db.execute(sql`update establishments set uri = 'le-nouveau-nom-a-lyon' where id = ${place.id}`);
    const moved = await t.app.inject({ method: 'GET', url: '/restaurant/l-ancien-nom-a-lyon/signaler' });
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('/restaurant/le-nouveau-nom-a-lyon/signaler');
  });
});

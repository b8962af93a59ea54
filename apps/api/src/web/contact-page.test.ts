import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { contactMessages } from '../db/schema';
import { webBuildDir } from '../paths';

/*
 * « Nous contacter » as a browser without JavaScript uses it: the team's address (`CONTACT_EMAIL`), the form
 * posted as a form, the thanks or each field's error with what was typed, and the limit per address.
 */

let t: TestApp;
beforeAll(async () => {
  expect(existsSync(path.join(webBuildDir, 'server', 'index.js')), 'run `npm run build` first').toBe(true);
  t = await createTestApp({ serveWeb: true, env: { CONTACT_EMAIL: 'Equipe@Tables-Voisines.test' } });
});
afterAll(() => t.close());

const post = (fields: Record<string, string>, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/contact',
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    remoteAddress,
  });

describe('the contact page', () => {
  it('shows CONTACT_EMAIL, is linked from the header, and takes a message without JavaScript', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/contact' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('href="mailto:equipe@tables-voisines.test"');
    expect(page.body).toMatch(/<a [^>]*href="\/contact"[^>]*>Nous contacter<\/a>/);
    const bad = await post({ name: '', email: 'pas-une-adresse', message: 'Bonjour' }, '198.51.100.7');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('value="pas-une-adresse"');
    expect(bad.body).toMatch(/<p id="contact-email-erreur"[^>]*>Adresse e-mail invalide\.<\/p>/);
    const sent = await post(
      { name: 'Jeanne Moreau', email: 'jeanne@exemple.fr', message: 'Bonjour, une question.' },
      '198.51.100.7',
    );
    expect(sent.statusCode).toBe(200);
    expect(sent.body).toContain('Merci, votre message a été transmis à l’équipe.');
    const rows = await t.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, 'jeanne@exemple.fr'));
    expect(rows).toHaveLength(1);
  });

  it('answers 429 in French past 5 messages an hour from one address', async () => {
    const fields = { name: 'A', email: 'a@exemple.fr', message: 'Bonjour' };
    for (let i = 0; i < 5; i++) expect((await post(fields, '198.51.100.9')).statusCode).toBe(200);
    const refused = await post(fields, '198.51.100.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toContain(
      'Trop de messages envoyés depuis votre connexion : réessayez dans une heure.',
    );
  });
});

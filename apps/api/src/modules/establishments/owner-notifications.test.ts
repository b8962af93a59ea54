import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminAccount, createOwnerAccount, type TestAccount } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';
import { createEstablishment } from '../../../test/factories';
import { deleteEstablishment } from '../../../test/requests';
import { startSmtp, type TestSmtp } from '../../../test/smtp';

/*
 * An owner is told by e-mail what the team did to its page: hidden (with the reason), shown again,
 * changed (what changed, in words), linked, detached (naming what happened), deleted. Never of its own
 * changes.
 */

let smtp: TestSmtp;
let t: TestApp;
let admin: TestAccount;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://tables.example' } });
  admin = await createAdminAccount(t, { username: 'chef-de-salle' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const patch = (id: string, payload: object, headers = admin.headers) =>
  t.app.inject({ method: 'PATCH', url: `/api/establishment/${id}`, headers, payload });
const mailsTo = (email: string) => smtp.messages.filter((m) => m.to === email);

describe('owners told of the team’s changes', () => {
  it('tells the owner its page is hidden and why, then visible again, and what the team changed', async () => {
    const place = await createEstablishment(t.db, { name: 'Chez Paulette', town: 'Lyon' });
    const owner = await createOwnerAccount(t, { establishmentId: place.id, firstName: 'Paulette' });

    const hidden = await patch(place.id, {
      disabled: true,
      disabledReason: 'Fermeture signalée par un voisin.',
    });
    expect(hidden.json()).toMatchObject({
      disabled: true,
      disabledReason: 'Fermeture signalée par un voisin.',
    });
    expect(Date.parse(hidden.json().disabledAt)).toBeGreaterThan(Date.now() - 60_000);
    const hiddenMail = await smtp.waitFor(owner.email, (m) => /masquée/.test(m.subject));
    expect(hiddenMail.subject).toBe('Votre page Chez Paulette est masquée');
    expect(hiddenMail.text).toContain('Bonjour Paulette,');
    expect(hiddenMail.text).toContain('Raison donnée par l’équipe : Fermeture signalée par un voisin.');
    expect(hiddenMail.text).toContain('n’apparaît plus sur la carte ni dans les recherches');
    // The owner sees it too.
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/establishment/${place.id}`,
      headers: owner.headers,
    });
    expect(own.json()).toMatchObject({ disabled: true, disabledReason: 'Fermeture signalée par un voisin.' });

    await patch(place.id, { disabled: false });
    const shown = await smtp.waitFor(owner.email, (m) => /de nouveau visible/.test(m.subject));
    expect(shown.text).toContain('https://tables.example/restaurant/chez-paulette-a-lyon');
    expect(
      (
        await t.app.inject({ method: 'GET', url: `/api/establishment/${place.id}`, headers: owner.headers })
      ).json(),
    ).toMatchObject({ disabled: false, disabledAt: null, disabledReason: null });

    await patch(place.id, {
      phone: '04 72 00 00 00',
      openingHours: [{ day: 2, opens: '12:00', closes: '14:00' }],
    });
    const changed = await smtp.waitFor(owner.email, (m) => /a modifié/.test(m.subject));
    expect(changed.subject).toBe('L’équipe a modifié votre page Chez Paulette');
    expect(changed.text).toContain('Téléphone : vide → « 04 72 00 00 00 »');
    expect(changed.text).toMatch(/Horaires : lundi 12:00–14:30 → fermé ; mardi : fermé → 12:00–14:00/);
    expect(changed.text).toContain('https://tables.example/espace-restaurateur/historique');
  });

  it('never mails an owner about its own changes', async () => {
    const place = await createEstablishment(t.db, { name: 'Le Discret' });
    const owner = await createOwnerAccount(t, { establishmentId: place.id });
    expect((await patch(place.id, { description: 'Cuisine du marché.' }, owner.headers)).statusCode).toBe(
      200,
    );
    await t.app.ctx.background.drain();
    await t.app.ctx.jobs.settle('mail');
    expect(mailsTo(owner.email)).toEqual([]);
  });

  it('tells an owner the team removed it and the new one it was linked, with the history in words', async () => {
    const place = await createEstablishment(t.db, { name: 'Le Relais', town: 'Tours' });
    const first = await createOwnerAccount(t, { establishmentId: place.id, email: 'premier@exemple.fr' });
    const second = await createOwnerAccount(t, { email: 'second@exemple.fr' });

    const moved = await t.app.inject({
      method: 'PATCH',
      url: `/api/restaurant-owner/${second.id}`,
      headers: admin.headers,
      payload: { establishment: place.id },
    });
    expect(moved.statusCode).toBe(200);
    const dropped = await smtp.waitFor(first.email);
    expect(dropped.subject).toBe('Votre compte n’est plus rattaché au Relais');
    expect(dropped.text).toContain('a retiré votre compte de la page du Relais (Tours)');
    expect((await smtp.waitFor(second.email)).subject).toBe('Votre compte est rattaché au Relais');

    const history = await t.app.inject({
      method: 'GET',
      url: `/api/establishment/${place.id}/history`,
      headers: admin.headers,
    });
    // Newest first: the link, the code renewed when the first owner was detached, the unlink.
    const [link, renewed, unlink] = history.json();
    expect(renewed).toMatchObject({
      action: 'update',
      changes: [{ field: 'claimCode', from: null, to: null }],
    });
    expect(unlink).toMatchObject({
      action: 'unlink',
      actor: { role: 'admin', name: 'chef-de-salle' },
      changes: [{ field: 'restaurantOwner', from: { id: first.id, email: 'premier@exemple.fr' }, to: null }],
    });
    expect(link).toMatchObject({
      action: 'link',
      changes: [{ field: 'restaurantOwner', from: null, to: { id: second.id, email: 'second@exemple.fr' } }],
    });
    // The new owner reads the same history without the other owner's address.
    const asOwner = await t.app.inject({
      method: 'GET',
      url: `/api/establishment/${place.id}/history`,
      headers: second.headers,
    });
    expect(JSON.stringify(asOwner.json())).not.toContain('premier@exemple.fr');
  });

  it('tells the owner its page was deleted', async () => {
    const place = await createEstablishment(t.db, { name: 'La Fin', town: 'Caen' });
    const owner = await createOwnerAccount(t, { establishmentId: place.id });
    expect((await deleteEstablishment(t, place.id, admin.headers)).statusCode).toBe(204);
    const mail = await smtp.waitFor(owner.email);
    expect(mail.text).toContain('a supprimé la page de La Fin (Caen)');
  });
});

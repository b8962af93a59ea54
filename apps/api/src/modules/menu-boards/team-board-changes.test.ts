import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeText } from '@tables-voisines/contract/history-text';
import { createAdminAccount, createOwnerAccount, type TestAccount } from '../../../test/accounts';
import { createTestApp, TestClock, type TestApp } from '../../../test/app';
import { createCategory, createEstablishment } from '../../../test/factories';
import { startSmtp, type TestSmtp } from '../../../test/smtp';
import { boardDayText } from '@tables-voisines/contract/history-board-text';
import { addDays, parisDay } from '@tables-voisines/contract/paris-time';

/*
 * Issue 48, point 1: a board the team changes or deletes is in its establishment's history (the owner's
 * « Historique » and the team's tab), in words, and told to its owner by e-mail, one mail per change. An
 * owner's own boards send nothing, and a place without an owner has nobody to tell.
 */

let smtp: TestSmtp;
let t: TestApp;
let admin: TestAccount;
let plats: string;
// The app's clock, stopped at the file's start: `today` is the server's day, even past midnight in Paris.
const clock = new TestClock(new Date().toISOString());
const today = parisDay(clock.now());
const tomorrow = addDays(today, 1);

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({
    clock: clock.now,
    env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://tables.example' },
  });
  admin = await createAdminAccount(t, { username: 'chef-de-salle' });
  plats = (await createCategory(t.db, 'Plats')).id;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const dish = (name: string, price: number, allergens: string[] | null) => ({
  name,
  price,
  category: plats,
  allergens,
});
const publish = (headers: Record<string, string>, body: object) =>
  t.app.inject({ method: 'POST', url: '/api/menuboard/', headers, payload: body });
const read = (id: string) =>
  t.app.inject({ method: 'GET', url: `/api/menuboard/${id}`, headers: admin.headers });
const patch = async (id: string, payload: object, headers: Record<string, string> = admin.headers) => {
  const etag = (await read(id)).headers.etag as string;
  return t.app.inject({
    method: 'PATCH',
    url: `/api/menuboard/${id}`,
    headers: { ...headers, 'if-match': etag },
    payload,
  });
};
const remove = (id: string, headers: Record<string, string> = admin.headers) =>
  t.app.inject({ method: 'DELETE', url: `/api/menuboard/${id}`, headers });
const history = async (id: string, headers: Record<string, string>) =>
  (await t.app.inject({ method: 'GET', url: `/api/establishment/${id}/history`, headers })).json() as {
    action: string;
    actor: { role: 'admin' | 'restaurant-owner' | 'system'; id: string | null; name: string | null };
    changes: { field: string; from: unknown; to: unknown }[];
  }[];
/** Every mail sent so far, once the queue sent them. */
async function settledMails() {
  await t.app.ctx.background.drain();
  await t.app.ctx.jobs.settle('mail');
  await new Promise((resolve) => setTimeout(resolve, 100));
  return [...smtp.messages];
}

describe('the team’s changes to an owner’s board', () => {
  it('are in both histories in words and mailed to the owner, one mail per change', async () => {
    const place = await createEstablishment(t.db, { name: 'Le Comptoir', town: 'Lyon' });
    const owner = await createOwnerAccount(t, { establishmentId: place.id, firstName: 'Fanny' });
    const created = await publish(owner.headers, {
      establishment: place.id,
      title: 'Ardoise du midi',
      date: today,
      items: [dish('Bœuf bourguignon', 14.5, ['gluten', 'eggs', 'milk']), dish('Tarte', 5, null)],
    });
    expect(created.statusCode).toBe(201);
    const board = created.json() as { id: string };
    const ahead = (
      await publish(owner.headers, {
        establishment: place.id,
        title: 'Ardoise de demain',
        date: tomorrow,
        items: [dish('Blanquette', 15, [])],
      })
    ).json() as { id: string };
    // The owner's own boards: nothing in the page's history, no mail.
    expect((await settledMails()).filter((m) => m.to === owner.email)).toEqual([]);
    expect((await history(place.id, owner.headers)).some((e) => e.changes[0]?.field === 'menuBoard')).toBe(
      false,
    );

    const changed = await patch(board.id, {
      title: 'Menu du jour',
      items: [dish('Bœuf bourguignon', 15, []), dish('Tarte', 5, null)],
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ title: 'Menu du jour', hasOwner: true });
    const mail = await smtp.waitFor(owner.email, (m) => /modifié votre ardoise/.test(m.subject));
    expect(mail.subject).toBe(`L’équipe a modifié votre ardoise du ${boardDayText(today)}`);
    expect(mail.text).toContain('Bonjour Fanny,');
    expect(mail.text).toContain(`a modifié l’ardoise du ${boardDayText(today)} du Comptoir (Lyon) :`);
    expect(mail.text).toContain('– titre : « Ardoise du midi » → « Menu du jour »');
    expect(mail.text).toContain(
      '– « Bœuf bourguignon » modifié (prix : 14,50\u00a0€ → 15\u00a0€ ; allergènes : gluten, œufs, lait → aucun des 14)',
    );
    expect(mail.text).toContain('https://tables.example/espace-restaurateur/historique');

    const deleted = await remove(ahead.id);
    expect(deleted.statusCode).toBe(204);
    const gone = await smtp.waitFor(owner.email, (m) => /supprimé votre ardoise/.test(m.subject));
    expect(gone.subject).toBe(`L’équipe a supprimé votre ardoise du ${boardDayText(tomorrow)}`);
    expect(gone.text).toContain(`a supprimé l’ardoise du ${boardDayText(tomorrow)} du Comptoir (Lyon)`);
    expect(gone.text).toContain('– plats : « Blanquette » (15\u00a0€)');

    // One mail per change, none other.
    expect((await settledMails()).filter((m) => m.to === owner.email)).toHaveLength(2);

    // The owner's history and the team's, in words, by the team.
    const reader = { role: 'restaurant-owner', ownerId: owner.id } as const;
    const [removal, change] = (await history(place.id, owner.headers)).filter(
      (e) => e.changes[0]?.field === 'menuBoard',
    );
    expect(change).toMatchObject({ action: 'update', actor: { role: 'admin', name: 'chef-de-salle' } });
    expect(changeText(change!.changes[0]!, reader, change!.actor)).toBe(
      `Ardoise du ${boardDayText(today, true)} modifiée : titre : « Ardoise du midi » → « Menu du jour » ; « Bœuf bourguignon » modifié (prix : 14,50\u00a0€ → 15\u00a0€ ; allergènes : gluten, œufs, lait → aucun des 14)`,
    );
    expect(changeText(removal!.changes[0]!, reader, removal!.actor)).toBe(
      `Ardoise du ${boardDayText(tomorrow, true)} supprimée : titre : « Ardoise de demain » ; plats : « Blanquette » (15\u00a0€)`,
    );
    const teamView = await history(place.id, admin.headers);
    expect(teamView.filter((e) => e.changes[0]?.field === 'menuBoard')).toHaveLength(2);
  });

  it('tells the owner when the team moves a board to another day, and nothing when nothing changed', async () => {
    const place = await createEstablishment(t.db, { name: 'Les Burgers de Fanny', town: 'Nantes' });
    const owner = await createOwnerAccount(t, { establishmentId: place.id });
    const board = (
      await publish(owner.headers, {
        establishment: place.id,
        title: 'Burgers',
        date: today,
        items: [dish('Burger', 12, ['gluten'])],
      })
    ).json() as { id: string };
    expect((await patch(board.id, { title: 'Burgers' })).statusCode).toBe(200);
    expect((await patch(board.id, { date: tomorrow })).statusCode).toBe(200);
    const mail = await smtp.waitFor(owner.email);
    expect(mail.text).toContain(`l’ardoise du ${boardDayText(today)} des Burgers de Fanny (Nantes)`);
    expect(mail.text).toContain(`– jour : ${boardDayText(today, true)} → ${boardDayText(tomorrow, true)}`);
    expect((await settledMails()).filter((m) => m.to === owner.email)).toHaveLength(1);
  });

  it('mails nobody for a board of a place without an owner, and never for an owner’s own changes', async () => {
    const lonely = await createEstablishment(t.db, { name: 'Athéna' });
    const board = (
      await publish(admin.headers, {
        establishment: lonely.id,
        title: 'Grec',
        date: today,
        items: [dish('Moussaka', 13, null)],
      })
    ).json() as { id: string };
    const before = (await settledMails()).length;
    const changed = await patch(board.id, { title: 'Cuisine grecque' });
    expect(changed.json()).toMatchObject({ hasOwner: false });
    expect((await remove(board.id)).statusCode).toBe(204);
    // In the team's history all the same.
    expect(
      (await history(lonely.id, admin.headers)).filter((e) => e.changes[0]?.field === 'menuBoard'),
    ).toHaveLength(3);

    const place = await createEstablishment(t.db, { name: 'Le Discret' });
    const owner = await createOwnerAccount(t, { establishmentId: place.id });
    const own = (
      await publish(owner.headers, {
        establishment: place.id,
        title: 'Midi',
        date: today,
        items: [dish('Soupe', 6, null)],
      })
    ).json() as { id: string };
    expect((await patch(own.id, { title: 'Soir' }, owner.headers)).statusCode).toBe(200);
    expect((await remove(own.id, owner.headers)).statusCode).toBe(204);
    expect((await settledMails()).length).toBe(before);
    expect((await history(place.id, owner.headers)).some((e) => e.changes[0]?.field === 'menuBoard')).toBe(
      false,
    );
  });
});

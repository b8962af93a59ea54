import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createAdminAccount, createOwnerAccount } from '../../../test/accounts';
import { createEstablishment } from '../../../test/factories';
import { startSmtp, type TestSmtp } from '../../../test/smtp';
import { establishments } from '../../db/schema';

/*
 * What deleting an owner's account does to its page and who is told, as the back office's question says it
 * (apps/web/src/features/admin/owner-link-text.ts `ownerDeletionQuestion`): the page is detached, its claim
 * code renewed and mailed to nobody, and the owner is told once that the team deleted its account. A change
 * here changes what that question must say.
 */

let t: TestApp;
let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('an admin deleting an owner’s account', () => {
  it('detaches its page and renews the page’s code, tells the owner once and never mails the code to the owner', async () => {
    const admin = await createAdminAccount(t);
    const place = await createEstablishment(t.db, {
      name: 'Le Comptoir',
      claimEmail: 'contact@le-comptoir.fr',
    });
    const owner = await createOwnerAccount(t, { establishmentId: place.id });
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/restaurant-owner/${owner.id}`,
      headers: admin.headers,
    });
    expect(deleted.statusCode).toBe(204);
    const [row] = await t.db.select().from(establishments).where(eq(establishments.id, place.id));
    expect(row!.ownerId).toBeNull();
    expect(row!.claimCode).not.toBe(place.claimCode);

    const told = await smtp.waitFor(owner.email);
    expect(told.subject).toBe('Votre compte restaurateur Tables Voisines a été supprimé');
    expect(told.text).toContain('Il n’est plus rattaché à la page du Comptoir');
    expect(told.text).not.toMatch(/code/i);
    expect(smtp.messages.filter((m) => m.to === owner.email)).toHaveLength(1);
    expect(smtp.messages.map((m) => m.to)).not.toContain('contact@le-comptoir.fr');
  });
});

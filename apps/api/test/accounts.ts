import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Permission } from '@tables-voisines/contract/schemas/permission';
import { admins, establishments, owners } from '../src/db/schema';
import { hashPassword } from '../src/lib/passwords';
import type { TestApp } from './app';

// Accounts made straight in the database (one argon2 hash per run), with access tokens signed by the app.

export const TEST_PASSWORD = 'Une-phrase-de-passe-solide-42';
let passwordHash: Promise<string> | undefined;
const testHash = () => (passwordHash ??= hashPassword(TEST_PASSWORD));

export interface TestAccount {
  id: string;
  token: string;
  headers: { authorization: string };
}

export async function createAdminAccount(
  t: TestApp,
  options: { permissions?: Permission[]; username?: string; email?: string } = {},
): Promise<TestAccount & { username: string }> {
  const id = randomUUID();
  const username = options.username ?? `admin-${id.slice(0, 8)}`;
  await t.db.insert(admins).values({
    id,
    username,
    email: options.email ?? `${username}@exemple.fr`,
    passwordHash: await testHash(),
    permissions: options.permissions ?? [{ action: 'manage', subject: 'all' }],
  });
  const token = await t.app.ctx.tokens.sign('admin', id);
  return { id, username, token, headers: { authorization: `Bearer ${token}` } };
}

export async function createOwnerAccount(
  t: TestApp,
  options: { establishmentId?: string; confirmed?: boolean; email?: string; firstName?: string } = {},
): Promise<TestAccount & { email: string }> {
  const id = randomUUID();
  const email = options.email ?? `resto-${id.slice(0, 8)}@exemple.fr`;
  await t.db.insert(owners).values({
    id,
    email,
    passwordHash: await testHash(),
    firstName: options.firstName ?? 'Camille',
    lastName: 'Martin',
    phone: null,
    confirmed: options.confirmed ?? true,
  });
  if (options.establishmentId !== undefined) {
    await t.db
      .update(establishments)
      .set({ ownerId: id })
      .where(eq(establishments.id, options.establishmentId));
  }
  const token = await t.app.ctx.tokens.sign('restaurant-owner', id);
  return { id, email, token, headers: { authorization: `Bearer ${token}` } };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

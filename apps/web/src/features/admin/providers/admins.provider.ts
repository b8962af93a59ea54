import type { DataProvider, UpdateParams } from 'react-admin';
import type { ProviderDeps } from './provider-kit';
import { wholeListProvider } from './whole-list-provider';

/*
 * Administrators: a short list, answered whole and searched, sorted and paged here; each read with its ETag
 * and written back with `If-Match`. An admin changing its own password or address gives its current one
 * (docs/api.md, "Accounts and authentication"); the change ends every session of the account, this one too,
 * so the provider signs in again before it answers: the pages reloaded after the save already use the new
 * session.
 */

/** The fields an admin's create or update sends. */
export const ADMIN_FIELDS = ['username', 'email', 'password', 'permissions'] as const;

/** The signed-in admin, for the changes of its own account. */
export interface AdminSelf {
  id(): string | null;
  signIn(body: { username: string; password: string }): Promise<unknown>;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Whether the form's values change the password or the address of the record it was loaded with. */
export function changesCredentials(values: Record<string, unknown>, record: unknown): boolean {
  const before = text((record as Record<string, unknown> | undefined)?.email);
  const email = values.email;
  return (
    text(values.password) !== '' ||
    (typeof email === 'string' && email.trim().toLowerCase() !== before.trim().toLowerCase())
  );
}

export function adminsProvider(deps: ProviderDeps, self?: AdminSelf): DataProvider {
  const provider = wholeListProvider(deps, {
    routes: {
      list: 'listAdmins',
      create: 'createAdmin',
      get: 'getAdmin',
      patch: 'patchAdmin',
      delete: 'deleteAdmin',
    },
    fields: [...ADMIN_FIELDS, 'currentPassword'],
    searchFields: ['username', 'email'],
  });
  return {
    ...provider,
    async update(resource: string, params: UpdateParams) {
      const values = params.data as Record<string, unknown>;
      const own = self !== undefined && self.id() === String(params.id);
      // Sent only where the server asks for it: one's own password or address.
      const needed = own && changesCredentials(values, params.previousData);
      const { currentPassword, ...rest } = values;
      const data = needed ? { ...rest, currentPassword: text(currentPassword) } : rest;
      const answer = await provider.update(resource, { ...params, data });
      if (needed && self !== undefined) {
        const username = text((answer.data as Record<string, unknown>).username);
        const password = text(values.password) !== '' ? text(values.password) : text(currentPassword);
        // Refused or unreachable: the change is made all the same; the next refused call signs out.
        await self.signIn({ username, password }).catch(() => undefined);
      }
      return answer;
    },
  } as DataProvider;
}

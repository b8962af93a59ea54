// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { AdminContext, Form, ResourceContextProvider, TextInput, type AuthProvider } from 'react-admin';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Admin } from '@tables-voisines/contract/schemas/account';
import { interceptFetch, type SentRequest } from '../../test/network';
import { testQueryClient, testUser } from '../../test/render';
import { getBrowserSessionStore } from '../session/use-session';
import { AbilityProvider } from './ability-context';
import { adminAbility } from './admin-ability';
import { i18nProvider } from './admin-i18n';
import { AdminEdit, CURRENT_PASSWORD_MISSING } from './admins';
import { createDataProvider } from './data-provider';

/*
 * An admin's own account in the back office (docs/api.md, "Accounts and authentication"): changing its own
 * password or address takes « Mot de passe actuel », shown only then, the server's refusal shown under it;
 * the change ends the account's sessions, so the provider signs in again before the save is over. Another
 * admin's account asks for nothing. `fetch` is replaced at the network boundary.
 */

const PASSWORD = 'Une phrase du chef 2026';
const me: Admin = {
  id: '10000000-0000-4000-8000-000000000011',
  username: 'camille',
  email: 'camille@tables-voisines.fr',
  permissions: [{ action: 'manage', subject: 'all' }],
  createdAt: '2026-11-01T08:00:00.000Z',
  updatedAt: '2026-11-01T08:00:00.000Z',
};
const other: Admin = { ...me, id: '10000000-0000-4000-8000-000000000012', username: 'dominique' };

let sent: SentRequest[];

beforeEach(async () => {
  const session = getBrowserSessionStore();
  await session.start();
  session.acceptAdminSignIn({
    admin: me,
    authentication: { token: 'jeton-court', longLifeToken: 'jeton-long' },
  });
  sent = interceptFetch((request) => {
    const record = [me, other].find((admin) => request.url === `/api/admin/${admin.id}`);
    if (record !== undefined && request.method === 'GET') return { status: 200, body: record };
    if (record !== undefined && request.method === 'PATCH') {
      const body = request.body as Record<string, unknown>;
      if (record === me && 'password' in body && body.currentPassword !== PASSWORD) {
        return {
          status: 400,
          body: {
            code: 'ValidationError',
            message: 'Le mot de passe actuel est incorrect : rien n’a été modifié.',
            details: [{ path: 'currentPassword', message: 'Ce n’est pas votre mot de passe actuel.' }],
          },
        };
      }
      return { status: 200, body: { ...record, ...body } };
    }
    if (request.url === '/api/admin/sign-in') {
      return {
        status: 200,
        body: { admin: me, authentication: { token: 'jeton-neuf', longLifeToken: 'long-neuf' } },
      };
    }
    if (request.url === '/api/admins/') return { status: 200, body: [me, other] };
    return undefined;
  });
});

/** React's words when a component hands the DOM a prop it does not know. */
const UNKNOWN_PROP = 'React does not recognize the `%s` prop on a DOM element.';

beforeAll(() => {
  // react-admin 5.15's text fields still pass MUI's `InputProps`, which MUI 9 no longer takes: React says so
  // once, in the first test that draws one (as admin-inputs.test.tsx explains). Drawn here first, so that the
  // tests below fail on any other error.
  const error = vi.spyOn(console, 'error').mockImplementation(() => {});
  render(
    <AdminContext i18nProvider={i18nProvider}>
      <Form>
        <TextInput source="username" />
      </Form>
    </AdminContext>,
  );
  cleanup();
  const others = error.mock.calls.filter(
    ([message, prop]) => !(String(message).startsWith(UNKNOWN_PROP) && prop === 'InputProps'),
  );
  error.mockRestore();
  expect(others).toEqual([]);
});

afterEach(() => {
  cleanup();
  getBrowserSessionStore().signOut();
  vi.unstubAllGlobals();
});

/** The signed-in admin as react-admin knows it (the site's own auth provider answers the same identity). */
const authProvider: AuthProvider = {
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getIdentity: async () => ({ id: me.id, fullName: me.username }),
  getPermissions: async () => me.permissions,
};

function renderEdit(id: string) {
  const store = getBrowserSessionStore();
  const dataProvider = createDataProvider(
    () => store.getSnapshot().token,
    () => true,
    undefined,
    { id: () => store.getSnapshot().admin?.id ?? null, signIn: (body) => store.signInAdmin(body) },
  );
  const page = (
    <AdminContext
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      queryClient={testQueryClient()}
    >
      <AbilityProvider value={adminAbility(me)}>
        <ResourceContextProvider value="admins">
          <AdminEdit />
        </ResourceContextProvider>
      </AbilityProvider>
    </AdminContext>
  );
  // react-admin's own copy of the router (react-router-dom), so that its pages read the route's `:id`.
  const router = createMemoryRouter(
    [
      { path: '/admins/:id', element: page },
      { path: '*', element: null },
    ],
    {
      initialEntries: [`/admins/${id}`],
    },
  );
  render(<RouterProvider router={router} />);
  return { user: testUser(), router };
}

const patches = () => sent.filter((r) => r.method === 'PATCH');
const currentPasswordField = () => screen.queryByLabelText(/^Mot de passe actuel/);

// react-admin's forms take seconds a test under jsdom on a busy two-core machine.
describe('an admin’s own account in the back office', { timeout: 60_000 }, () => {
  it('asks for the current password only when the password or the address changes', async () => {
    const { user } = renderEdit(me.id);
    const username = await screen.findByLabelText(/^Nom d’utilisateur/);
    await user.type(username, '-bis');
    expect(currentPasswordField()).toBeNull();
    await user.type(screen.getByLabelText(/^Nouveau mot de passe/), 'Un autre secret 2027');
    expect(currentPasswordField()).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(CURRENT_PASSWORD_MISSING)).toBeTruthy();
    expect(patches()).toEqual([]);
  });

  it('shows the server’s refusal under the field, then saves and signs in again', async () => {
    const { user, router } = renderEdit(me.id);
    await user.type(await screen.findByLabelText(/^Nouveau mot de passe/), 'Un autre secret 2027');
    await user.type(currentPasswordField()!, 'pas la bonne');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Ce n’est pas votre mot de passe actuel.')).toBeTruthy();
    expect(getBrowserSessionStore().getSnapshot().token).toBe('jeton-court');
    // react-admin prints a refused save in development; the page says it under the field.
    await vi.waitFor(() =>
      expect(vi.mocked(console.error).mock.calls.map(([error]) => (error as Error).message)).toEqual([
        'Le mot de passe actuel est incorrect : rien n’a été modifié.',
      ]),
    );
    vi.mocked(console.error).mockClear();

    await user.clear(currentPasswordField()!);
    await user.type(currentPasswordField()!, PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await vi.waitFor(() => expect(getBrowserSessionStore().getSnapshot().token).toBe('jeton-neuf'));
    expect(patches().map((r) => r.body)).toEqual([
      { password: 'Un autre secret 2027', currentPassword: 'pas la bonne' },
      { password: 'Un autre secret 2027', currentPassword: PASSWORD },
    ]);
    expect(sent.filter((r) => r.url === '/api/admin/sign-in').map((r) => r.body)).toEqual([
      { username: 'camille', password: 'Un autre secret 2027' },
    ]);
    await vi.waitFor(() => expect(router.state.location.pathname).not.toBe(`/admins/${me.id}`));
  });

  it('asks nothing to change another admin’s password', async () => {
    const { user } = renderEdit(other.id);
    await user.type(await screen.findByLabelText(/^Nouveau mot de passe/), 'Un secret pour toi 2027');
    expect(currentPasswordField()).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await vi.waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]!.body).toEqual({ password: 'Un secret pour toi 2027' });
    expect(sent.filter((r) => r.url === '/api/admin/sign-in')).toEqual([]);
  });
});

// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { AdminContext, Form, ResourceContextProvider, TextInput, type AuthProvider } from 'react-admin';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Admin } from '@tables-voisines/contract/schemas/account';
import { aRestaurantOwner, anEstablishment } from '../../test/factories';
import { interceptFetch, type SentRequest } from '../../test/network';
import { testQueryClient, testUser } from '../../test/render';
import { getBrowserSessionStore } from '../session/use-session';
import { AbilityProvider } from './ability-context';
import { adminAbility } from './admin-ability';
import { i18nProvider } from './admin-i18n';
import { createDataProvider } from './data-provider';
import { OwnerEdit } from './owners';

/*
 * Deleting an owner's account from its form (owners.service.ts `deleteOwner`): the question names the account,
 * the page it leaves as French says it, that page's renewed code and where it may go, and that no e-mail
 * tells the owner, instead of react-admin's generic « Êtes-vous sûr(e) … ? ». `fetch` is replaced at the
 * network boundary.
 */

const admin: Admin = {
  id: '10000000-0000-4000-8000-000000000021',
  username: 'camille',
  email: 'camille@tables-voisines.fr',
  permissions: [{ action: 'manage', subject: 'all' }],
  createdAt: '2026-11-01T08:00:00.000Z',
  updatedAt: '2026-11-01T08:00:00.000Z',
};
const comptoir = {
  ...anEstablishment({
    name: 'Le Comptoir',
    uri: 'le-comptoir-a-lyon',
    address: { street: '3 rue Mercière', postcode: '69002', town: 'Lyon' },
  }),
  claimCode: 'AB12CD34',
  claimEmail: 'contact@le-comptoir.fr' as string | null,
};
const owner = aRestaurantOwner({
  email: 'lea@le-comptoir.fr',
  firstName: 'Léa',
  lastName: 'Martin',
  establishment: comptoir.id,
});
const unlinked = aRestaurantOwner({ email: 'sans-page@exemple.fr', firstName: 'Hugo', lastName: 'Petit' });

let sent: SentRequest[];
let establishment: typeof comptoir;

beforeEach(async () => {
  establishment = comptoir;
  const session = getBrowserSessionStore();
  await session.start();
  session.acceptAdminSignIn({ admin, authentication: { token: 'jeton-court', longLifeToken: 'jeton-long' } });
  sent = interceptFetch((request) => {
    const path = request.url.split('?')[0]!;
    for (const record of [owner, unlinked])
      if (path === `/api/restaurant-owner/${record.id}`) return { status: 200, body: record };
    if (path === `/api/establishment/${comptoir.id}`) return { status: 200, body: establishment };
    if (path === '/api/establishments/') return { status: 200, body: [establishment] };
    return undefined;
  });
});

/** React's words when a component hands the DOM a prop it does not know. */
const UNKNOWN_PROP = 'React does not recognize the `%s` prop on a DOM element.';

beforeAll(() => {
  // react-admin 5.15's text fields still pass MUI's `InputProps`, which MUI 9 no longer takes: React says so
  // once, in the first test that draws one (as admins-own-account.test.tsx does). Drawn here first, so that
  // the tests below fail on any other error.
  const error = vi.spyOn(console, 'error').mockImplementation(() => {});
  render(
    <AdminContext i18nProvider={i18nProvider}>
      <Form>
        <TextInput source="email" />
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

const authProvider: AuthProvider = {
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getIdentity: async () => ({ id: admin.id, fullName: admin.username }),
  getPermissions: async () => admin.permissions,
};

async function askToDelete(id: string) {
  const store = getBrowserSessionStore();
  const dataProvider = createDataProvider(
    () => store.getSnapshot().token,
    () => true,
  );
  const page = (
    <AdminContext
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      queryClient={testQueryClient()}
    >
      <AbilityProvider value={adminAbility(admin)}>
        <ResourceContextProvider value="restaurant-owners">
          <OwnerEdit />
        </ResourceContextProvider>
      </AbilityProvider>
    </AdminContext>
  );
  const router = createMemoryRouter(
    [
      { path: '/restaurant-owners/:id', element: page },
      { path: '*', element: null },
    ],
    { initialEntries: [`/restaurant-owners/${id}`] },
  );
  render(<RouterProvider router={router} />);
  const user = testUser();
  await user.click(await screen.findByRole('button', { name: 'Supprimer' }));
  return screen.findByRole('dialog');
}

/** The question's paragraphs, once the page it names has been read. */
async function linesOf(dialog: HTMLElement, last: string) {
  await within(dialog).findByText(last);
  return within(dialog)
    .getAllByText(/./, { selector: 'p' })
    .map((p) => p.textContent);
}

// react-admin's forms take seconds a test under jsdom on a busy two-core machine.
describe('deleting an owner’s account in the back office', { timeout: 60_000 }, () => {
  it('names the account, the page it leaves, where its new code goes, and that no e-mail tells the owner', async () => {
    const dialog = await askToDelete(owner.id);
    expect(within(dialog).getByRole('heading').textContent).toBe('Supprimer le compte lea@le-comptoir.fr ?');
    const detached =
      'Ce compte sera détaché de la page du Comptoir (Lyon), qui n’aura plus de restaurateur. Son code de réclamation sera renouvelé : l’ancien ne fonctionnera plus, et le nouveau ne pourra être envoyé qu’à contact@le-comptoir.fr.';
    expect(await linesOf(dialog, detached)).toEqual([
      'Léa Martin (lea@le-comptoir.fr) ne pourra plus se connecter : son compte restaurateur sera supprimé.',
      detached,
      'Le restaurateur en sera prévenu par e-mail.',
      'La suppression est définitive.',
    ]);
    expect(within(dialog).queryByText(/Êtes-vous sûr/)).toBeNull();
    expect(sent.filter((r) => r.method === 'DELETE')).toEqual([]);
  });

  it('says the team hands the new code when it knows no address of the page', async () => {
    establishment = { ...comptoir, claimEmail: null };
    const dialog = await askToDelete(owner.id);
    await within(dialog).findByText(
      'Ce compte sera détaché de la page du Comptoir (Lyon), qui n’aura plus de restaurateur. Son code de réclamation sera renouvelé : l’ancien ne fonctionnera plus, et le nouveau ne sera envoyé à personne : l’équipe ne connaît aucune adresse de l’établissement, c’est à elle de le lui transmettre.',
    );
  });

  it('says an account without a page leaves none', async () => {
    const dialog = await askToDelete(unlinked.id);
    expect(await linesOf(dialog, 'La suppression est définitive.')).toEqual([
      'Hugo Petit (sans-page@exemple.fr) ne pourra plus se connecter : son compte restaurateur sera supprimé.',
      'Aucun établissement n’est rattaché à ce compte.',
      'Le restaurateur en sera prévenu par e-mail.',
      'La suppression est définitive.',
    ]);
  });
});

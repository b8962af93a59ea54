// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OwnerSignInBodySchema, PatchOwnerBodySchema } from '@tables-voisines/contract/schemas/account';
import { anOwnerSignIn } from '../../test/factories';
import { interceptFetch, type SentRequest } from '../../test/network';
import { renderPage } from '../../test/render';
import { getBrowserSessionStore } from '../session/use-session';
import { ConfirmPage, CURRENT_PASSWORD_MISSING } from './confirm-page';
import { OWNER_PATHS } from './owner-paths';

/*
 * « Ce n’est pas la bonne adresse ? » on the confirmation screen: the owner corrects a mistyped address, which
 * takes its current password (docs/api.md, "Accounts and authentication"). The change ends the account's
 * sessions, this one too: the page signs in again at the new address. `fetch` is replaced at the network
 * boundary.
 */

const PASSWORD = 'la bonne phrase secrète';
const signedUp = anOwnerSignIn({ email: 'lea@gmial.com', confirmed: false });
const owner = signedUp.restaurantOwner;

let sent: SentRequest[];

beforeEach(async () => {
  const session = getBrowserSessionStore();
  await session.start();
  session.acceptOwnerSignIn(signedUp);
  sent = interceptFetch((request) => {
    if (request.method === 'PATCH' && request.url === `/api/restaurant-owner/${owner.id}`) {
      const body = PatchOwnerBodySchema.parse(request.body);
      if (body.currentPassword !== PASSWORD) {
        return {
          status: 400,
          body: {
            code: 'ValidationError',
            message: 'Le mot de passe actuel est incorrect : rien n’a été modifié.',
            details: [{ path: 'currentPassword', message: 'Ce n’est pas votre mot de passe actuel.' }],
          },
        };
      }
      return { status: 200, body: { ...owner, email: body.email } };
    }
    if (request.url === '/api/restaurant-owner/sign-in') {
      const body = OwnerSignInBodySchema.parse(request.body);
      if ('token' in body || body.password !== PASSWORD) {
        return { status: 401, body: { code: 'InvalidCredentials', message: 'Identifiants incorrects.' } };
      }
      const answer = anOwnerSignIn({ id: owner.id, email: body.email, confirmed: false });
      return {
        status: 200,
        body: { ...answer, authentication: { token: 'jeton-neuf', longLifeToken: 'long-neuf' } },
      };
    }
    return undefined;
  });
});

afterEach(() => {
  cleanup();
  getBrowserSessionStore().signOut();
  vi.unstubAllGlobals();
});

const patches = () => sent.filter((r) => r.method === 'PATCH');

async function openEmailFix() {
  const page = renderPage(<ConfirmPage />, { path: OWNER_PATHS.confirm });
  await page.user.click(await screen.findByRole('button', { name: 'Corriger l’adresse e-mail' }));
  return page;
}

// MUI's forms take seconds a test under jsdom on a busy two-core machine.
describe('correcting the address on the confirmation screen', { timeout: 30_000 }, () => {
  it('asks for the current password before anything is sent', async () => {
    const { user } = await openEmailFix();
    await user.type(screen.getByLabelText(/^Adresse e-mail correcte/), 'lea@gmail.com');
    await user.click(screen.getByRole('button', { name: 'Envoyer le code à lea@gmail.com' }));
    expect(await screen.findByText(CURRENT_PASSWORD_MISSING)).toBeTruthy();
    expect(screen.getByLabelText(/^Mot de passe actuel/).getAttribute('aria-invalid')).toBe('true');
    expect(patches()).toEqual([]);
  });

  it('shows the server’s refusal of a wrong password under that field, the address kept', async () => {
    const { user } = await openEmailFix();
    await user.type(screen.getByLabelText(/^Adresse e-mail correcte/), 'lea@gmail.com');
    await user.type(screen.getByLabelText(/^Mot de passe actuel/), 'une autre phrase');
    await user.click(screen.getByRole('button', { name: 'Envoyer le code à lea@gmail.com' }));
    expect(await screen.findByText('Ce n’est pas votre mot de passe actuel.')).toBeTruthy();
    expect(screen.getByLabelText(/^Mot de passe actuel/).getAttribute('aria-invalid')).toBe('true');
    expect(getBrowserSessionStore().getSnapshot().restaurantOwner?.email).toBe('lea@gmial.com');
  });

  it('sends the address with the current password, then signs in again at the new address', async () => {
    const { user } = await openEmailFix();
    await user.type(screen.getByLabelText(/^Adresse e-mail correcte/), 'lea@gmail.com');
    await user.type(screen.getByLabelText(/^Mot de passe actuel/), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Envoyer le code à lea@gmail.com' }));
    expect(await screen.findByText('Un nouveau code a été envoyé à lea@gmail.com.')).toBeTruthy();
    expect(patches().map((r) => r.body)).toEqual([{ email: 'lea@gmail.com', currentPassword: PASSWORD }]);
    expect(sent.filter((r) => r.url.endsWith('/sign-in')).map((r) => r.body)).toContainEqual({
      email: 'lea@gmail.com',
      password: PASSWORD,
    });
    const state = getBrowserSessionStore().getSnapshot();
    expect(state.restaurantOwner?.email).toBe('lea@gmail.com');
    expect(state.token).toBe('jeton-neuf');
    // The form is closed and forgets the password.
    expect(screen.queryByLabelText(/^Mot de passe actuel/)).toBeNull();
  });
});

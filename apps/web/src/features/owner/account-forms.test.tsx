// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OwnerSignInBodySchema, SignUpBodySchema } from '@tables-voisines/contract/schemas/account';
import { anOwnerSignIn } from '../../test/factories';
import { interceptFetch, type SentRequest } from '../../test/network';
import { renderPage } from '../../test/render';
import { getBrowserSessionStore } from '../session/use-session';
import { OWNER_PATHS } from './owner-paths';
import { SignInPage } from './sign-in-page';
import { SignUpPage } from './sign-up-page';

/*
 * The owner's sign-in and sign-up forms as an owner fills them in. They send over HTTP: `fetch` is replaced at
 * the network boundary, answering as the contract says; the server's side is covered by the API's tests.
 */

const TAKEN = 'deja@exemple.fr';
let sent: SentRequest[];

beforeEach(() => {
  sent = interceptFetch((request) => {
    if (request.url === '/api/restaurant-owner/sign-in') {
      const body = OwnerSignInBodySchema.parse(request.body);
      if ('token' in body || body.password !== 'la bonne phrase secrète') {
        return { status: 401, body: { code: 'Unauthorized', message: 'Identifiants incorrects.' } };
      }
      return { status: 200, body: anOwnerSignIn({ email: body.email }) };
    }
    if (request.url === '/api/restaurant-owner/check') {
      const { email } = request.body as { email: string };
      return { status: 200, body: { emailAvailable: email !== TAKEN } };
    }
    if (request.url === '/api/restaurant-owner/sign-up') {
      const body = SignUpBodySchema.parse(request.body);
      return { status: 201, body: anOwnerSignIn({ email: body.email, confirmed: false }) };
    }
    return undefined;
  });
});

afterEach(() => {
  cleanup();
  getBrowserSessionStore().signOut();
  vi.unstubAllGlobals();
});

const signInRequests = () => sent.filter((r) => r.url.endsWith('/sign-in'));

// MUI's forms take seconds a test under jsdom on a busy two-core machine.
describe('the owner’s sign-in form', { timeout: 30_000 }, () => {
  it('says which field is missing, in French, and sends nothing', async () => {
    const { user } = renderPage(<SignInPage />, { path: OWNER_PATHS.signIn });
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByText('L’adresse e-mail est obligatoire.')).toBeTruthy();
    expect(screen.getByText('Le mot de passe est obligatoire.')).toBeTruthy();
    expect(screen.getByLabelText(/^Adresse e-mail/).getAttribute('aria-invalid')).toBe('true');
    expect(signInRequests()).toEqual([]);
  });

  it('shows the password typed with « Afficher le mot de passe », and hides it again', async () => {
    const { user } = renderPage(<SignInPage />, { path: OWNER_PATHS.signIn });
    const password = screen.getByLabelText(/^Mot de passe/);
    await user.type(password, 'ma phrase');
    expect(password.getAttribute('type')).toBe('password');
    const toggle = screen.getByRole('button', { name: 'Afficher le mot de passe' });
    await user.click(toggle);
    expect(password.getAttribute('type')).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    // The focus stays in the field being typed in.
    expect(document.activeElement).toBe(password);
    await user.click(toggle);
    expect(password.getAttribute('type')).toBe('password');
  });

  it('says the server’s refusal over the form, then signs in and goes to the owner’s space', async () => {
    const { user, router } = renderPage(<SignInPage />, { path: OWNER_PATHS.signIn });
    await user.type(screen.getByLabelText(/^Adresse e-mail/), ' Lea@Exemple.FR ');
    await user.type(screen.getByLabelText(/^Mot de passe/), 'une autre phrase');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Identifiants incorrects.');
    expect(router.state.location.pathname).toBe(OWNER_PATHS.signIn);

    await user.clear(screen.getByLabelText(/^Mot de passe/));
    await user.type(screen.getByLabelText(/^Mot de passe/), 'la bonne phrase secrète');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(OWNER_PATHS.home));
    // The address as the contract reads it: trimmed, in lower case.
    expect(signInRequests().map((r) => r.body)).toEqual([
      { email: 'lea@exemple.fr', password: 'une autre phrase' },
      { email: 'lea@exemple.fr', password: 'la bonne phrase secrète' },
    ]);
    expect(getBrowserSessionStore().getSnapshot().restaurantOwner?.email).toBe('lea@exemple.fr');
  });
});

describe('the owner’s sign-up form', { timeout: 30_000 }, () => {
  it('says a password is too short as it is typed, and refuses it', async () => {
    const { user } = renderPage(<SignUpPage />, { path: OWNER_PATHS.signUp });
    await user.type(screen.getByLabelText(/^Mot de passe/), 'court');
    expect(screen.getByText('Solidité : Trop court : au moins 10 caractères')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    expect(await screen.findByText('Le mot de passe doit contenir au moins 10 caractères.')).toBeTruthy();
    expect(sent.filter((r) => r.url.endsWith('/sign-up'))).toEqual([]);
  });

  it('says an address already used as soon as it is left, with a link to sign in', async () => {
    const { user } = renderPage(<SignUpPage />, { path: OWNER_PATHS.signUp });
    await user.type(screen.getByLabelText(/^Adresse e-mail/), TAKEN);
    await user.tab();
    expect(await screen.findByText('Cette adresse e-mail est déjà utilisée.')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Se connecter' })).toHaveLength(2);
    // Typing again: what was said is about the address no more.
    await user.type(screen.getByLabelText(/^Adresse e-mail/), 'x');
    expect(screen.queryByText('Cette adresse e-mail est déjà utilisée.')).toBeNull();
  });

  it('creates the account and goes on to confirm the address', async () => {
    const { user, router } = renderPage(<SignUpPage />, { path: OWNER_PATHS.signUp });
    await user.type(screen.getByLabelText(/^Adresse e-mail/), 'lea@la-marmite.fr');
    await user.type(screen.getByLabelText(/^Mot de passe/), 'une phrase facile à retenir');
    await user.type(screen.getByLabelText(/^Prénom/), 'Léa');
    await user.type(screen.getByLabelText(/^Nom/), 'Martin');
    await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(OWNER_PATHS.confirm));
    expect(sent.find((r) => r.url.endsWith('/sign-up'))?.body).toMatchObject({
      email: 'lea@la-marmite.fr',
      password: 'une phrase facile à retenir',
      firstName: 'Léa',
      lastName: 'Martin',
    });
  });
});

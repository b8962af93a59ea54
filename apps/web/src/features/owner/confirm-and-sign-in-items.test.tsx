// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { anOwnerSignIn } from '../../test/factories';
import { interceptFetch } from '../../test/network';
import { renderPage, testQueryClient, testUser } from '../../test/render';
import { getBrowserSessionStore } from '../session/use-session';
import { ConfirmPage } from './confirm-page';
import { OWNER_PATHS } from './owner-paths';
import { ForgottenPasswordPage } from './password-pages';
import { SignInPage } from './sign-in-page';

/*
 * The small things of the confirmation and sign-in screens (issue 48, point 10): the resend delay counted
 * from the last code the server sent, an old code said to be replaced, the corrected address named on its
 * button with the answer beside it, and the address typed at sign-in kept for « Mot de passe oublié ? ».
 */

afterEach(() => {
  cleanup();
  getBrowserSessionStore().signOut();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

async function signedIn(secondsAgo: number) {
  const session = getBrowserSessionStore();
  await session.start();
  session.acceptOwnerSignIn(
    anOwnerSignIn({
      email: 'lea@gmial.com',
      confirmed: false,
      confirmationCodeSentAt: new Date(Date.now() - secondsAgo * 1000).toISOString(),
    }),
  );
}

describe('the confirmation screen', { timeout: 30_000 }, () => {
  it('counts the resend delay from the last code sent, not from the sign-in', async () => {
    await signedIn(5 * 60);
    renderPage(<ConfirmPage />, { path: OWNER_PATHS.confirm });
    expect(await screen.findByRole('button', { name: 'Renvoyer un code' })).toBeTruthy();
    cleanup();
    sessionStorage.clear();
    await signedIn(20);
    renderPage(<ConfirmPage />, { path: OWNER_PATHS.confirm });
    const button = await screen.findByRole('button', { name: /^Renvoyer un code \(dans (39|40|41) s\)$/ });
    expect(button.hasAttribute('disabled')).toBe(true);
  });

  it('says an old code was replaced by the new one, under the code', async () => {
    await signedIn(5 * 60);
    interceptFetch((request) =>
      request.url === '/api/restaurant-owner/confirm'
        ? {
            status: 400,
            body: {
              code: 'CodeReplaced',
              message:
                'Ce code a été remplacé par un nouveau code, envoyé à lea@gmial.com : saisissez le dernier code reçu.',
            },
          }
        : undefined,
    );
    const { user } = renderPage(<ConfirmPage />, { path: OWNER_PATHS.confirm });
    await user.type(await screen.findByLabelText(/^Code de confirmation/), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirmer' }));
    expect(await screen.findByText(/^Ce code a été remplacé par un nouveau code/)).toBeTruthy();
    expect(screen.getByLabelText(/^Code de confirmation/).getAttribute('aria-invalid')).toBe('true');
  });

  it('names the corrected address on its button, and says « too soon » beside it', async () => {
    await signedIn(5 * 60);
    interceptFetch((request) =>
      request.method === 'PATCH'
        ? {
            status: 429,
            body: {
              code: 'RateLimited',
              message:
                'Un code vient de vous être envoyé : vous pourrez en demander un autre dans 42 secondes.',
              details: { retryAfter: 42 },
            },
          }
        : undefined,
    );
    const { user } = renderPage(<ConfirmPage />, { path: OWNER_PATHS.confirm });
    await user.click(await screen.findByRole('button', { name: 'Corriger l’adresse e-mail' }));
    await user.type(screen.getByLabelText(/^Adresse e-mail correcte/), 'lea@gmail.com');
    await user.type(screen.getByLabelText(/^Mot de passe actuel/), 'la bonne phrase');
    const send = screen.getByRole('button', { name: 'Envoyer le code à lea@gmail.com' });
    await user.click(send);
    const said = await screen.findByText(/^Un code vient de vous être envoyé/);
    // Right above the buttons, not under the address field (hidden by a phone's keyboard).
    expect(said.closest('[aria-live]')?.nextElementSibling?.contains(send)).toBe(true);
    expect(screen.getByLabelText(/^Adresse e-mail correcte/).getAttribute('aria-invalid')).toBe('false');
  });
});

describe('« Mot de passe oublié ? »', { timeout: 30_000 }, () => {
  it('keeps the address typed on the sign-in page', async () => {
    const router = createMemoryRouter(
      [
        { path: OWNER_PATHS.signIn, element: <SignInPage /> },
        { path: OWNER_PATHS.forgottenPassword, element: <ForgottenPasswordPage /> },
      ],
      { initialEntries: [OWNER_PATHS.signIn] },
    );
    const user = testUser();
    render(
      <QueryClientProvider client={testQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    await user.type(screen.getByLabelText(/^Adresse e-mail/), 'lea@la-marmite.fr');
    await user.click(screen.getByRole('link', { name: 'Mot de passe oublié ?' }));
    expect(await screen.findByRole('heading', { name: 'Mot de passe oublié' })).toBeTruthy();
    expect((screen.getByLabelText(/^Adresse e-mail/) as HTMLInputElement).value).toBe('lea@la-marmite.fr');
    // Not in the address: it would land in logs and the history.
    expect(router.state.location.search).toBe('');
  });
});

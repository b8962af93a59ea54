// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider, useActionData } from 'react-router';
import { testUser } from '../../test/render';
import type { ReportAnswer } from './report-answer';
import { ReportForm } from './report-form';

const ESTABLISHMENT = {
  id: 'e1',
  kind: 'restaurant' as const,
  uri: 'chez-jo-a-lyon',
  name: 'Chez Jo',
  town: 'Lyon',
  location: { latitude: 45.76, longitude: 4.84 },
};

/** What the browser says of its network, and its `online` / `offline` events. */
function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

function Page() {
  return <ReportForm establishment={ESTABLISHMENT} answer={useActionData<ReportAnswer>()} />;
}

/** The form in a data router whose action counts the posts it receives. */
function renderReportForm() {
  const posts: FormData[] = [];
  const router = createMemoryRouter(
    [
      {
        path: '/restaurant/:uri/signaler',
        element: <Page />,
        action: async ({ request }) => {
          posts.push(await request.formData());
          return { sent: true };
        },
      },
    ],
    { initialEntries: ['/restaurant/chez-jo-a-lyon/signaler'] },
  );
  render(<RouterProvider router={router} />);
  return { posts, user: testUser() };
}

afterEach(() => {
  cleanup();
  setOnline(true);
});

describe('the « Signaler une erreur » form read offline', () => {
  it('says sending needs a connection, sends nothing on a click and says so, and sends once back online', async () => {
    setOnline(false);
    const { posts, user } = renderReportForm();
    const notice = await screen.findByTestId('offline-form-notice');
    expect(notice.textContent).toBe(
      'Vous êtes hors ligne : vous pouvez écrire votre signalement, mais l’envoyer demande une connexion.',
    );
    await user.click(screen.getByRole('radio', { name: 'Horaires erronés' }));
    await user.type(screen.getByRole('textbox', { name: 'Précisions' }), 'Fermé le lundi.');
    await user.click(screen.getByRole('button', { name: 'Envoyer le signalement' }));
    expect(notice.textContent).toBe(
      'Le signalement n’a pas été envoyé : vous êtes hors ligne. Ce que vous avez écrit reste sur cette page, à envoyer au retour de la connexion.',
    );
    expect(document.activeElement).toBe(notice);
    expect(posts).toEqual([]);
    expect(screen.getByRole('textbox', { name: 'Précisions' })).toHaveProperty('value', 'Fermé le lundi.');

    // The network back: the notice goes, and the same button sends what was typed.
    setOnline(true);
    expect(screen.queryByTestId('offline-form-notice')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Envoyer le signalement' }));
    await screen.findByText('Merci, votre signalement a été transmis.');
    expect(posts.map((form) => form.get('message'))).toEqual(['Fermé le lundi.']);
  });
});

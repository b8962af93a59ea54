// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { testUser } from '../../test/render';
import { EmbedCodeDisclosure } from './embed-code';

/*
 * « Intégrer cette carte » on the public group card (issue 52, point 3): the code points at the site's public
 * address, and the explanation names the site as it is deployed (`SITE_NAME`), where each place opens.
 */

afterEach(cleanup);

function renderUnderRoot(settings: { siteName: string; publicUrl: string }) {
  const router = createMemoryRouter(
    [
      {
        id: 'root',
        path: '/',
        loader: () => settings,
        hydrateFallbackElement: null,
        element: (
          <EmbedCodeDisclosure group={{ id: '5d1c7f1e-2f43-4f32-9f8c-3a9b1f1e2d10', name: 'Les Halles' }} />
        ),
      },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
}

describe('the embed code on a group card', () => {
  it('names the site as deployed and points the code at its public address', async () => {
    renderUnderRoot({ siteName: 'Les Tables du Coin', publicUrl: 'https://tables.exemple.fr/' });
    await testUser().click(await screen.findByRole('button', { name: 'Intégrer cette carte' }));
    expect(
      screen.getByText(/chaque établissement s’ouvre sur Les Tables du Coin dans un nouvel onglet\.$/),
    ).toBeTruthy();
    const code = screen.getByRole('textbox', { name: 'Code de la carte à intégrer' }) as HTMLTextAreaElement;
    expect(code.value).toContain(
      'src="https://tables.exemple.fr/integrer/carte?groupe=5d1c7f1e-2f43-4f32-9f8c-3a9b1f1e2d10"',
    );
    expect(code.value).not.toContain('Tables Voisines');
  });
});

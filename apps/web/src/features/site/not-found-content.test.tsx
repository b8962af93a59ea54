// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../test/render';
import { NotFoundContent } from './not-found-content';

describe('the « Page introuvable » page', () => {
  it('ends its search hint with a true ellipsis, never « .. »', async () => {
    const { container } = renderPage(<NotFoundContent />, { path: '/nulle-part' });
    const field = await screen.findByRole('searchbox', { name: 'Rechercher' });
    expect(field.getAttribute('placeholder')).toBe('Un restaurant, une ville…');
    const words = [
      container.textContent ?? '',
      ...[...container.querySelectorAll('[placeholder]')].map((e) => e.getAttribute('placeholder')),
    ].join('\n');
    expect(words).not.toMatch(/\.\./);
  });

  it('links the suggested pages at their own addresses, under « Vous cherchiez peut-être »', async () => {
    const { container } = renderPage(
      <NotFoundContent
        suggestions={[
          { kind: 'restaurant', uri: 'le-vésuve-a-cavaillon', name: 'Le Vésuve', town: 'Cavaillon' },
          { kind: 'remplisvert', uri: 'l’atelier-a-albi', name: 'L’Atelier', town: 'Albi' },
        ]}
      />,
      { path: '/restaurant/le-vesuv-a-cavaillon' },
    );
    const list = await within(container).findByRole('list', { name: 'Vous cherchiez peut-être' });
    const links = [...list.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Le Vésuve', '/restaurant/le-v%C3%A9suve-a-cavaillon'],
      ['L’Atelier', `/remplisvert/${encodeURIComponent('l’atelier-a-albi')}`],
    ]);
    expect(container.textContent).toContain('disponible. Vous cherchiez peut-être\u00a0:');
  });

  it('says nothing of suggestions when there are none', async () => {
    const { container } = renderPage(<NotFoundContent suggestions={[]} />, { path: '/restaurant/x' });
    await within(container).findByText('Page introuvable');
    expect(within(container).queryByRole('list')).toBeNull();
    expect(container.textContent).not.toContain('Vous cherchiez');
    expect(container.textContent).toContain('Cherchez un établissement ou une ville\u00a0:');
  });
});

// @vitest-environment jsdom
import { screen } from '@testing-library/react';
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
});

// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FollowButton, type FollowTarget } from './follow-button';

/*
 * « Suivre » on a place's page: the button as the server draws it, then what a click does once its code has
 * come. This browser (jsdom) has no Push API; an iPhone is this browser telling an iPhone's user agent.
 */

const marmite: FollowTarget = {
  id: '00000000-0000-4000-8000-000000000001',
  uri: 'la-marmite',
  name: 'La Marmite',
  kind: 'restaurant',
};

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let userAgent: { mockRestore(): void } | null = null;

afterEach(() => {
  cleanup();
  localStorage.clear();
  userAgent?.mockRestore();
  userAgent = null;
  Reflect.deleteProperty(window, 'isSecureContext');
});

function asSecureIphone() {
  userAgent = vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE);
  Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
}

describe('« Suivre » on a place’s page', () => {
  it('is drawn by the server unpressed, with an empty live region', () => {
    const html = renderToString(<FollowButton place={marmite} siteShortName="Tables Voisines" />);
    expect(html).toContain('aria-pressed="false"');
    expect(html).toMatch(/<\/svg>Suivre<\/button>/);
    expect(html).toContain('<div role="status" class="tv-follow__region"></div>');
  });

  it('explains on an iPhone outside the installed app how to add the site to the home screen', async () => {
    asSecureIphone();
    render(<FollowButton place={marmite} siteShortName="Tables Voisines" />);
    await userEvent.click(screen.getByRole('button', { name: 'Suivre' }));
    const status = screen.getByRole('status');
    await waitFor(() => expect(status.textContent).toContain('Sur iPhone et iPad'));
    expect([...status.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Touchez le bouton Partager (le carré avec une flèche vers le haut).',
      'Choisissez «\u00a0Sur l’écran d’accueil\u00a0», puis «\u00a0Ajouter\u00a0».',
      'Ouvrez Tables Voisines depuis l’écran d’accueil, revenez sur cette page et touchez «\u00a0Suivre\u00a0».',
    ]);
    expect(screen.getByRole('button').getAttribute('aria-pressed')).toBe('false');
    expect(localStorage.getItem('tablesVoisines.follows')).toBeNull();
  });

  it('shows « Ne plus suivre » pressed for a followed place, and unfollows it on a click', async () => {
    localStorage.setItem(
      'tablesVoisines.follows',
      JSON.stringify([{ ...marmite, followedAt: '2026-12-01T10:00:00.000Z' }]),
    );
    render(<FollowButton place={marmite} siteShortName="Tables Voisines" />);
    const button = screen.getByRole('button');
    // The browser's list is read with the button's code, loaded here by the click.
    await userEvent.click(button);
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('Vous ne suivez plus La Marmite.'),
    );
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(localStorage.getItem('tablesVoisines.follows')).toBe('[]');
    // The same element all along: the focus stays on it.
    expect(screen.getByRole('button')).toBe(button);
  });
});

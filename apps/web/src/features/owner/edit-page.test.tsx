// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Establishment } from '@tables-voisines/contract/schemas/establishment';
import { anEstablishment, anOwnerSignIn } from '../../test/factories';
import { interceptFetch, type SentRequest } from '../../test/network';
import { renderPage } from '../../test/render';
import { getBrowserSessionStore } from '../session/use-session';
import { EditPage } from './edit-page';

/*
 * « Ma page »: the opening hours and the closures as an owner changes them. The page sends its changes over
 * HTTP: `fetch` is replaced at the network boundary, and the test checks the request up to what is sent;
 * what the server does with it is covered by the API's tests.
 */

const ETAG = '"etablissement.3"';
const establishment = anEstablishment({
  name: 'La Marmite',
  openingHours: [{ day: 2, opens: '12:00', closes: '14:00' }],
});

let sent: SentRequest[];
/** What the next `PATCH` answers: the record changed, or someone else's change first. */
let stale = false;

beforeEach(async () => {
  stale = false;
  const session = getBrowserSessionStore();
  await session.start();
  session.acceptOwnerSignIn(anOwnerSignIn({ establishment: establishment.id }));
  sent = interceptFetch((request) => {
    if (request.method !== 'PATCH' || request.url !== `/api/establishment/${establishment.id}`) return;
    if (stale) {
      return {
        status: 412,
        body: { code: 'PreconditionFailed', message: 'Cette page a été modifiée entre-temps.' },
      };
    }
    return { status: 200, body: { ...establishment, ...(request.body as Partial<Establishment>) } };
  });
});

afterEach(() => {
  cleanup();
  getBrowserSessionStore().signOut();
  vi.unstubAllGlobals();
});

function renderEditPage() {
  return renderPage(
    <EditPage loaded={{ ok: true, readAt: 1, data: { value: establishment, etag: ETAG } }} />,
    { path: '/espace-restaurateur/ma-page' },
  );
}

const patches = () => sent.filter((r) => r.method === 'PATCH');

// MUI's form drawn again at each change takes seconds a test under jsdom on a busy two-core machine.
describe('the owner’s page: hours and closures', { timeout: 30_000 }, () => {
  it('adds a slot on Monday, reads « 11h30 » as 11:30, and publishes with the version it was loaded at', async () => {
    const { user } = renderEditPage();
    await user.click(screen.getByRole('button', { name: 'Ajouter une plage le lundi' }));
    const opens = screen.getByRole('textbox', { name: 'Ouverture, lundi, plage 1' }) as HTMLInputElement;
    expect(opens.value).toBe('12:00');
    await user.clear(opens);
    await user.type(opens, '11h30');
    await user.tab();
    expect(opens.value).toBe('11:30');
    await user.click(screen.getByRole('button', { name: 'Publier les modifications' }));

    expect(await screen.findByText('Modifications publiées.')).toBeTruthy();
    const [patch] = patches();
    expect(patch?.headers.get('If-Match')).toBe(ETAG);
    expect(patch?.headers.get('Authorization')).toBe('Bearer jeton-court');
    expect((patch?.body as Partial<Establishment>).openingHours).toEqual([
      { day: 1, opens: '11:30', closes: '14:00' },
      { day: 2, opens: '12:00', closes: '14:00' },
    ]);
  });

  it('refuses an hour it cannot read under its field, and sends nothing', async () => {
    const { user } = renderEditPage();
    const closes = screen.getByRole('textbox', { name: 'Fermeture, mardi, plage 1' });
    await user.clear(closes);
    await user.type(closes, 'midi');
    await user.click(screen.getByRole('button', { name: 'Publier les modifications' }));
    await vi.waitFor(() => expect(closes.getAttribute('aria-invalid')).toBe('true'));
    expect(patches()).toEqual([]);
  });

  it('publishes a closure « jusqu’à nouvel ordre » from the day it is added', async () => {
    const { user } = renderEditPage();
    expect(screen.getByText('Aucune fermeture prévue.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Ajouter une fermeture' }));
    const row = within(screen.getByRole('group', { name: 'Fermeture 1' }));
    const from = (row.getByLabelText('Du') as HTMLInputElement).value;
    expect(from).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await user.click(row.getByRole('checkbox', { name: 'Jusqu’à nouvel ordre' }));
    expect((row.getByLabelText('Au') as HTMLInputElement).disabled).toBe(true);
    // A text field with a list of usual reasons: a combobox.
    await user.type(row.getByRole('combobox', { name: 'Motif' }), 'Travaux');
    await user.click(screen.getByRole('button', { name: 'Publier les modifications' }));

    expect(await screen.findByText('Modifications publiées.')).toBeTruthy();
    expect((patches()[0]?.body as Partial<Establishment>).closures).toEqual([
      { from, to: null, reason: 'Travaux' },
    ]);
  });

  it('says when someone else changed the page meanwhile, and offers to reload it', async () => {
    stale = true;
    const { user } = renderEditPage();
    await user.click(screen.getByRole('button', { name: 'Supprimer la plage 1 du mardi' }));
    await user.click(screen.getByRole('button', { name: 'Publier les modifications' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Cette page a été modifiée entre-temps.');
    expect(within(alert).getByRole('button', { name: 'Recharger' })).toBeTruthy();
  });
});

import { describe, expect, it } from 'vitest';
import { testOwner } from '../session/session-fixtures';
import { signedOutState, type SessionState } from '../session/session-store';
import {
  OWNER_PATHS,
  entryRedirect,
  ownerStep,
  redirectFor,
  returnPathFrom,
  signInPathFor,
} from './owner-paths';

const signedIn = (patch: Partial<NonNullable<SessionState['restaurantOwner']>>): SessionState => ({
  ...signedOutState,
  started: true,
  token: 'jeton',
  longLifeToken: 'long',
  restaurantOwner: { ...testOwner, ...patch },
});

describe('the owner guided path', () => {
  it('walks sign-in, e-mail confirmation, establishment claim, then the owner’s page', () => {
    expect(ownerStep(signedOutState)).toBe('starting');
    expect(ownerStep({ ...signedOutState, started: true })).toBe('signed-out');
    expect(ownerStep(signedIn({ confirmed: false, establishment: null }))).toBe('unconfirmed');
    expect(ownerStep(signedIn({ confirmed: true, establishment: null }))).toBe('unlinked');
    expect(
      ownerStep(signedIn({ confirmed: true, establishment: '0b9f8f4e-3c55-4a77-9d6c-0a8f8d2b1c11' })),
    ).toBe('ready');
  });

  it('sends an owner to its own step from a screen it cannot use yet, or has passed', () => {
    expect(redirectFor('starting', 'ready')).toBeNull();
    expect(redirectFor('signed-out', 'ready')).toBe(OWNER_PATHS.signIn);
    expect(redirectFor('unconfirmed', 'ready')).toBe(OWNER_PATHS.confirm);
    expect(redirectFor('unlinked', 'ready')).toBe(OWNER_PATHS.claim);
    expect(redirectFor('ready', 'ready')).toBeNull();
    expect(redirectFor('ready', 'signed-out')).toBe(OWNER_PATHS.home);
    expect(redirectFor('unlinked', 'unconfirmed')).toBe(OWNER_PATHS.claim);
    // Changing establishment stays possible once linked.
    expect(redirectFor('ready', 'unlinked')).toBeNull();
  });

  it('brings an owner who opened a page signed out back to it once signed in, never elsewhere', () => {
    const signIn = signInPathFor(OWNER_PATHS.menuBoard);
    expect(signIn).toBe('/espace-restaurateur/connexion?retour=%2Fespace-restaurateur%2Fardoise');
    const back = returnPathFrom(new URL(signIn, 'https://tables-voisines.fr').searchParams.get('retour'));
    expect(back).toBe(OWNER_PATHS.menuBoard);
    expect(redirectFor('ready', 'signed-out', back)).toBe(OWNER_PATHS.menuBoard);
    // An owner who still has a step to walk goes to it first.
    expect(redirectFor('unconfirmed', 'signed-out', back)).toBe(OWNER_PATHS.confirm);
    expect(redirectFor('signed-out', 'signed-out', back)).toBeNull();
    // The space's home needs no return address.
    expect(signInPathFor(OWNER_PATHS.home)).toBe(OWNER_PATHS.signIn);
    for (const outside of [
      'https://ailleurs.example/espace-restaurateur',
      '//ailleurs.example/espace-restaurateur',
      '/\\ailleurs.example',
      '/espace-restaurateur/../admin',
      '/espace-restaurateur/%2e%2e/admin',
      '/espace-restaurateurs',
      '/admin',
      'javascript:alert(1)',
      '',
    ]) {
      expect(returnPathFrom(outside)).toBeNull();
      expect(signInPathFor(outside)).toBe(OWNER_PATHS.signIn);
    }
    expect(returnPathFrom(null)).toBeNull();
  });

  it('sends an owner at another step away before a screen is drawn, and back once signed in', () => {
    const at = (path: string) => new URL(path, 'https://tables-voisines.fr');
    const linked = signedIn({ confirmed: true, establishment: '0b9f8f4e-3c55-4a77-9d6c-0a8f8d2b1c11' });
    // The session has started when a loader decides: nobody signed in is signed out, not "starting".
    expect(entryRedirect(signedOutState, 'ready', at(OWNER_PATHS.menuBoard))).toBe(
      '/espace-restaurateur/connexion?retour=%2Fespace-restaurateur%2Fardoise',
    );
    expect(entryRedirect(signedOutState, 'ready', at(OWNER_PATHS.home))).toBe(OWNER_PATHS.signIn);
    expect(entryRedirect(signedOutState, 'signed-out', at(OWNER_PATHS.signIn))).toBeNull();
    expect(entryRedirect(linked, 'ready', at(OWNER_PATHS.editPage))).toBeNull();
    expect(
      entryRedirect(signedIn({ confirmed: false, establishment: null }), 'ready', at(OWNER_PATHS.editPage)),
    ).toBe(OWNER_PATHS.confirm);
    // Back on the confirmation screen once confirmed: on to the next step.
    expect(
      entryRedirect(
        signedIn({ confirmed: true, establishment: null }),
        'unconfirmed',
        at(OWNER_PATHS.confirm),
      ),
    ).toBe(OWNER_PATHS.claim);
    // Signed in on the sign-in screen: the page asked for, or the space's home.
    expect(
      entryRedirect(
        linked,
        'signed-out',
        at('/espace-restaurateur/connexion?retour=%2Fespace-restaurateur%2Fardoise'),
      ),
    ).toBe(OWNER_PATHS.menuBoard);
    expect(
      entryRedirect(linked, 'signed-out', at('/espace-restaurateur/connexion?retour=%2F%2Failleurs.example')),
    ).toBe(OWNER_PATHS.home);
    expect(entryRedirect(linked, 'unlinked', at(OWNER_PATHS.claim))).toBeNull();
  });
});

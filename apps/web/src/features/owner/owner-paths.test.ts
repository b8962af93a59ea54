import { describe, expect, it } from 'vitest';
import { testOwner } from '../session/session-fixtures';
import { signedOutState, type SessionState } from '../session/session-store';
import { OWNER_PATHS, ownerStep, redirectFor } from './owner-paths';

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
});

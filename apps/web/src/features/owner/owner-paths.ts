import type { SessionState } from '../session/session-store';

/** The owners' space addresses (the reset page's path is the one the server mails). */
export const OWNER_PATHS = {
  home: '/espace-restaurateur',
  signIn: '/espace-restaurateur/connexion',
  signUp: '/espace-restaurateur/inscription',
  confirm: '/espace-restaurateur/confirmation',
  forgottenPassword: '/espace-restaurateur/mot-de-passe-oublie',
  resetPassword: '/espace-restaurateur/nouveau-mot-de-passe',
  claim: '/espace-restaurateur/etablissement',
  editPage: '/espace-restaurateur/ma-page',
  menuBoard: '/espace-restaurateur/ardoise',
  stats: '/espace-restaurateur/statistiques',
  history: '/espace-restaurateur/historique',
  reports: '/espace-restaurateur/signalements',
  /** The reminder e-mail's link (`?jeton=`), which verifies the page without signing in. */
  verify: '/espace-restaurateur/verifier',
} as const;

/** Where an owner stands on the guided path: signed out, e-mail to confirm, no establishment yet, or ready. */
export type OwnerStep = 'starting' | 'signed-out' | 'unconfirmed' | 'unlinked' | 'ready';

export function ownerStep(state: SessionState): OwnerStep {
  if (!state.started && state.restaurantOwner === null) return 'starting';
  const owner = state.restaurantOwner;
  if (owner === null || state.token === null) return 'signed-out';
  if (!owner.confirmed) return 'unconfirmed';
  if (owner.establishment === null) return 'unlinked';
  return 'ready';
}

/** The screen of each step; a page that needs a later step than the owner's sends it here. */
export const STEP_PATHS: Readonly<Record<Exclude<OwnerStep, 'starting'>, string>> = {
  'signed-out': OWNER_PATHS.signIn,
  unconfirmed: OWNER_PATHS.confirm,
  unlinked: OWNER_PATHS.claim,
  ready: OWNER_PATHS.home,
};

/**
 * Where a page that needs `needed` sends an owner at `step`: `null` to stay. A page for a step already
 * passed (signing in while signed in, confirming a confirmed account) sends it on to its own step, or a
 * ready owner to `back`, the page it asked for before signing in.
 */
export function redirectFor(
  step: OwnerStep,
  needed: Exclude<OwnerStep, 'starting'>,
  back: string | null = null,
): string | null {
  if (step === 'starting') return null;
  if (step === needed) return null;
  // A ready owner may still come back to the claim screen to change establishment.
  if (needed === 'unlinked' && step === 'ready') return null;
  if (step === 'ready' && back !== null) return back;
  return STEP_PATHS[step];
}

/** The sign-in page's query parameter naming the page to go back to once signed in. */
export const RETURN_PARAM = 'retour';

/**
 * The page to go back to after signing in, from the sign-in page's `retour`: a plain path of the owners'
 * space only (lower-case letters, digits and dashes), so that a link cannot send a signed-in owner to
 * another site (`//ailleurs.example`, `https://…`, `/\\ailleurs.example`) or out of the space (`/..`).
 */
export function returnPathFrom(value: string | null): string | null {
  if (value === null) return null;
  return /^\/espace-restaurateur(?:\/[a-z0-9-]+)*$/.test(value) ? value : null;
}

/** The sign-in page for an owner who asked for `asked` while signed out; plain for the space's home. */
export function signInPathFor(asked: string): string {
  const back = returnPathFrom(asked);
  if (back === null || back === OWNER_PATHS.home) return OWNER_PATHS.signIn;
  return `${OWNER_PATHS.signIn}?${new URLSearchParams({ [RETURN_PARAM]: back }).toString()}`;
}

/** The step a screen of the guided path is for (the password pages are for anyone: they name none). */
export type ScreenStep = Exclude<OwnerStep, 'starting'>;

/**
 * Where an owner who opens `url`, a screen for `needed`, goes instead once its session has started; `null`
 * to show the screen. Signed out, it signs in first and then comes back (`signInPathFor`); on the sign-in
 * and sign-up screens a signed-in owner goes on to its step, or to the page it asked for (`retour`).
 */
export function entryRedirect(state: SessionState, needed: ScreenStep, url: URL): string | null {
  const step = ownerStep({ ...state, started: true });
  if (step === 'signed-out' && needed !== 'signed-out') return signInPathFor(url.pathname);
  const back = needed === 'signed-out' ? returnPathFrom(url.searchParams.get(RETURN_PARAM)) : null;
  return redirectFor(step, needed, back);
}

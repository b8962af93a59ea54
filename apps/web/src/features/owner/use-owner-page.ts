import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../session/use-session';
import { ownerStep, redirectFor, signInPathFor, type OwnerStep } from './owner-paths';

/**
 * The session as an owners' space screen needs it: the screen says which step it is for, and an owner at
 * another step is sent to its own screen once the session has started. An owner who opens a screen signed
 * out signs in and comes back to it (`back`, on the sign-in screen); one who signs out there does not.
 */
export function useOwnerPage(needed: Exclude<OwnerStep, 'starting'>, back: string | null = null) {
  const { state, store } = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const step = ownerStep(state);
  const target = redirectFor(step, needed, back);
  const here = target === null && step !== 'starting';
  const shown = useRef(false);
  useEffect(() => {
    if (here) shown.current = true;
  }, [here]);
  useEffect(() => {
    if (target === null) return;
    const to = step === 'signed-out' && !shown.current ? signInPathFor(pathname) : target;
    void navigate(to, { replace: true });
  }, [target, step, pathname, navigate]);
  return {
    store,
    step,
    owner: state.restaurantOwner,
    token: state.token,
    /** This screen may show its content: the owner is at its step. */
    here,
  };
}

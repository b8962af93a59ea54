import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../session/use-session';
import { ownerStep, redirectFor, type OwnerStep } from './owner-paths';

/**
 * The session as an owners' space screen needs it: the screen says which step it is for, and an owner at
 * another step is sent to its own screen once the session has started.
 */
export function useOwnerPage(needed: Exclude<OwnerStep, 'starting'>) {
  const { state, store } = useSession();
  const navigate = useNavigate();
  const step = ownerStep(state);
  const target = redirectFor(step, needed);
  useEffect(() => {
    if (target !== null) void navigate(target, { replace: true });
  }, [target, navigate]);
  return {
    store,
    step,
    owner: state.restaurantOwner,
    token: state.token,
    /** This screen may show its content: the owner is at its step. */
    here: target === null && step !== 'starting',
  };
}

import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { Kind } from '@tables-voisines/contract/labels';
import { BELL_ICON, Icon } from '../site/icons';
import type { FollowController } from './follow-controller';

/*
 * « Suivre » on a place's page, as small as it can be: the page's first scripts are over their budget (issue
 * 33), so the button is drawn here and everything it does (the browser's list, the permission, the push
 * subscription, the API) comes with `follow-controller.ts`, asked for once the page is idle, or at the
 * first click. The server draws it unpressed, for every visitor; the followed state comes once that code has
 * read the browser's list. The button has its line to itself, its icon and label from its left edge: when
 * « Suivre » becomes « Ne plus suivre » it grows to the right, and nothing else moves.
 */

export interface FollowTarget {
  id: string;
  uri: string;
  name: string;
  kind: Kind;
}

/** Its code could not be fetched (offline, or a new version of the site replaced it). */
const UNLOADED = 'Le suivi n’a pas pu se charger. Vérifiez votre connexion, puis réessayez.';

const loadController = () => import('./follow-controller');

export function FollowButton({ place, siteShortName }: { place: FollowTarget; siteShortName: string }) {
  const [state, setState] = useState({ followed: false, busy: false });
  // What the last click did, drawn by the controller's code (`FollowNotice`).
  const [notice, setNotice] = useState<ReactNode>(null);
  const controller = useRef<Promise<FollowController> | null>(null);
  const start = () =>
    (controller.current ??= loadController().then((m) =>
      m.createFollowController(place, siteShortName, { change: setState, notice: setNotice }),
    ));
  useEffect(() => {
    let shown = true;
    // Once the page's own work is done: when the browser is idle (Safari does not say: in 2 s).
    (window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 2000)))(() => {
      if (shown) start().catch(() => (controller.current = null));
    });
    return () => {
      shown = false;
      void controller.current?.then((c) => c.dispose());
    };
    // One place per page: the route gives each place's page its own key.
  }, []);
  const { followed, busy } = state;
  return (
    <div className="tv-follow">
      <button
        type="button"
        className="tv-button tv-follow__button"
        aria-pressed={followed}
        aria-disabled={busy || undefined}
        onClick={() =>
          void start().then(
            (c) => c.toggle(),
            () => {
              controller.current = null;
              setNotice(<p className="tv-follow__notice tv-follow__notice--problem">{UNLOADED}</p>);
            },
          )
        }
      >
        <Icon path={BELL_ICON} />
        {followed ? 'Ne plus suivre' : 'Suivre'}
      </button>
      {/* In the server's page already: a region added with its message would not be read out. */}
      <div role="status" className="tv-follow__region">
        {notice}
      </div>
    </div>
  );
}

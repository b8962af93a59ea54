import { storagePrefix } from '../pwa/storage-prefix';
import { browserFollowDeps, followPlace, syncFollowsOnce, unfollowPlace } from './follow-actions';
import type { ReactNode } from 'react';
import type { FollowTarget } from './follow-button';
import { getFollowStore } from './follow-store';
import { followSupport, noticeText, readerOf, type BrowserTraits, type NoticeText } from './follow-support';

/*
 * What « Suivre » does, loaded after the page (follow-button.tsx draws the button): it reads the browser's
 * list, puts it back in step with the server once per visit, and follows or unfollows on a click, saying
 * how it went, or what to do when notifications are blocked or this browser cannot receive them.
 */

export interface FollowController {
  toggle(): Promise<void>;
  dispose(): void;
}

/** A message of « Suivre » or « Mes favoris »: its sentence, and the steps to take in a numbered list. */
export function FollowNotice({ notice }: { notice: NoticeText }) {
  return (
    <div className={`tv-follow__notice tv-follow__notice--${notice.tone}`}>
      <p>{notice.text}</p>
      {notice.steps.length > 0 && (
        <ol>
          {notice.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      )}
    </div>
  );
}

export interface FollowButtonState {
  followed: boolean;
  busy: boolean;
}

/** What this browser tells of itself (follow-support.ts decides from it). */
export function readBrowserTraits(): BrowserTraits {
  return {
    secure: window.isSecureContext,
    serviceWorker: 'serviceWorker' in navigator,
    pushManager: 'PushManager' in window,
    notification: 'Notification' in window,
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints,
    standalone:
      (navigator as Navigator & { standalone?: boolean }).standalone === true ||
      window.matchMedia?.('(display-mode: standalone)').matches === true,
  };
}

export function createFollowController(
  place: FollowTarget,
  siteShortName: string,
  on: { change(state: FollowButtonState): void; notice(notice: ReactNode): void },
): FollowController {
  const store = getFollowStore(storagePrefix(siteShortName));
  const deps = browserFollowDeps(store);
  let busy = false;
  const followed = () => store.get().some((p) => p.id === place.id);
  const report = () => on.change({ followed: followed(), busy });
  const unsubscribe = store.subscribe(report);
  report();
  if (followSupport(readBrowserTraits()) === 'supported') void syncFollowsOnce(deps);

  return {
    async toggle() {
      if (busy) return;
      const traits = readBrowserTraits();
      const reader = readerOf(traits, siteShortName);
      const unfollowing = followed();
      const support = followSupport(traits);
      // Unfollowing needs nothing of the browser: the list changes whatever it can do.
      if (!unfollowing && support !== 'supported') {
        const problem = noticeText({ type: 'problem', problem: support, action: 'follow' }, reader);
        on.notice(<FollowNotice notice={problem} />);
        return;
      }
      busy = true;
      on.notice(null);
      report();
      const result = unfollowing ? await unfollowPlace(place, deps) : await followPlace(place, deps);
      busy = false;
      report();
      const notice = noticeText(
        result.ok
          ? { type: unfollowing ? 'unfollowed' : 'followed', name: place.name }
          : { type: 'problem', problem: result.problem, action: unfollowing ? 'unfollow' : 'follow' },
        reader,
      );
      on.notice(<FollowNotice notice={notice} />);
    },
    dispose: unsubscribe,
  };
}

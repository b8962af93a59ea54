/**
 * When the last confirmation code was sent to an owner, remembered for the tab (session storage): the
 * confirmation screen counts its delay before « Renvoyer un code » (a minute by default) from it, so a reload
 * does not start the delay again. A tab that never saw the code sent (another device, a new tab) counts from
 * the screen's first showing; the server's own delay (429 with `retryAfter`) corrects it when asked too early.
 */
export function codeSentAtKey(prefix: string, ownerId: string): string {
  return `${prefix}.confirmationCodeSentAt.${ownerId}`;
}

/** The time recorded under `key`, or `now` recorded there when there is none (or storage is refused). */
export function rememberedCodeSentAt(storage: Storage | null, key: string, now: number): number {
  try {
    const stored = Number(storage?.getItem(key) ?? Number.NaN);
    // A time to come cannot be a sending: a clock put back, or a value written by hand.
    if (Number.isFinite(stored) && stored <= now) return stored;
    storage?.setItem(key, String(now));
  } catch {
    // Storage refused (private browsing, quota): the delay counts from now, as without it.
  }
  return now;
}

export function recordCodeSentAt(storage: Storage | null, key: string, at: number): void {
  try {
    storage?.setItem(key, String(at));
  } catch {
    // As above: only the count after a reload is lost.
  }
}

import { describe, expect, it } from 'vitest';
import { createRefreshTimer, MAX_TIMER_DELAY_MS, refreshDelay, type Clock } from './refresh-timer';

function base64Url(text: string): string {
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function tokenExpiringAt(ms: number): string {
  return `${base64Url('{"alg":"HS256"}')}.${base64Url(JSON.stringify({ exp: ms / 1000 }))}.sig`;
}

/** A hand-driven clock: `advance` fires the timers that fall due, in order. */
function createFakeClock(start: number) {
  let now = start;
  let nextId = 1;
  const timers = new Map<number, { at: number; callback: () => void }>();
  const clock: Clock = {
    now: () => now,
    setTimeout(callback, ms) {
      const id = nextId++;
      timers.set(id, { at: now + ms, callback });
      return id;
    },
    clearTimeout(handle) {
      timers.delete(handle as number);
    },
  };
  function advance(ms: number) {
    const end = now + ms;
    for (;;) {
      const due = [...timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (due === undefined) break;
      timers.delete(due[0]);
      now = due[1].at;
      due[1].callback();
    }
    now = end;
  }
  return { clock, advance, pendingTimers: () => timers.size };
}

const NOW = Date.parse('2026-11-21T12:00:00Z');
const MINUTE = 60_000;

describe('refresh delay', () => {
  it('is three quarters of the remaining life', () => {
    expect(refreshDelay(NOW + 15 * MINUTE, NOW)).toBe(675_000);
    expect(refreshDelay(NOW + 4_000, NOW)).toBe(3_000);
  });

  it('is 0 for an expired token and bounded by what a browser timer accepts', () => {
    expect(refreshDelay(NOW - 1_000, NOW)).toBe(0);
    expect(refreshDelay(NOW + 365 * 24 * 60 * MINUTE, NOW)).toBe(MAX_TIMER_DELAY_MS);
  });
});

describe('refresh timer', () => {
  it('fires at 75 % of the remaining life read from exp', () => {
    const { clock, advance } = createFakeClock(NOW);
    const timer = createRefreshTimer(clock);
    let fired = 0;
    expect(timer.schedule(tokenExpiringAt(NOW + 15 * MINUTE), () => fired++)).toBe(true);
    expect(timer.pending).toBe(true);
    advance(674_999);
    expect(fired).toBe(0);
    advance(1);
    expect(fired).toBe(1);
    expect(timer.pending).toBe(false);
  });

  it('keeps one timer: scheduling again replaces it, cancel stops it', () => {
    const { clock, advance, pendingTimers } = createFakeClock(NOW);
    const timer = createRefreshTimer(clock);
    const fired: string[] = [];
    timer.schedule(tokenExpiringAt(NOW + 4 * MINUTE), () => fired.push('first'));
    timer.schedule(tokenExpiringAt(NOW + 8 * MINUTE), () => fired.push('second'));
    expect(pendingTimers()).toBe(1);
    advance(4 * MINUTE);
    expect(fired).toEqual([]);
    advance(2 * MINUTE);
    expect(fired).toEqual(['second']);

    timer.schedule(tokenExpiringAt(NOW + 20 * MINUTE), () => fired.push('third'));
    timer.cancel();
    expect(timer.pending).toBe(false);
    advance(60 * MINUTE);
    expect(fired).toEqual(['second']);
  });

  it('schedules nothing for a token without a readable exp', () => {
    const { clock, pendingTimers } = createFakeClock(NOW);
    const timer = createRefreshTimer(clock);
    expect(timer.schedule('opaque', () => undefined)).toBe(false);
    expect(pendingTimers()).toBe(0);
  });
});

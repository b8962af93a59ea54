import { realClock, type Clock } from '../../lib/clock';
import type { RateLimitStore } from './rate-limit-store';

/** One process only: replicas each count on their own (use Redis for several). */
export class MemoryRateLimitStore implements RateLimitStore {
  readonly #windows = new Map<string, { count: number; resetAt: number }>();
  #lastSweep = 0;

  constructor(private readonly clock: Clock = realClock) {}

  async hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }> {
    const now = this.clock().getTime();
    this.#sweep(now);
    let window = this.#windows.get(key);
    if (window === undefined || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowMs };
      this.#windows.set(key, window);
    }
    window.count += 1;
    return { count: window.count, resetInMs: window.resetAt - now };
  }

  async forgive(key: string): Promise<void> {
    const window = this.#windows.get(key);
    if (window !== undefined && window.resetAt > this.clock().getTime() && window.count > 0)
      window.count -= 1;
  }

  /** Drops finished windows now and then, so the map does not grow with every address ever seen. */
  #sweep(now: number): void {
    if (now - this.#lastSweep < 60_000) return;
    this.#lastSweep = now;
    for (const [key, window] of this.#windows) if (window.resetAt <= now) this.#windows.delete(key);
  }

  async close(): Promise<void> {
    this.#windows.clear();
  }
}

/** Fixed windows counted per key. One interface: in memory by default, Redis when `REDIS_URL` is set. */
export interface RateLimitStore {
  /** Counts one hit; answers the count in the current window and the time left in it. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  /** Takes one hit back out of the current window (an attempt that succeeded); nothing once it is over. */
  forgive(key: string): Promise<void>;
  close(): Promise<void>;
}

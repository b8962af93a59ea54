import { existsSync } from 'node:fs';
import { connect } from 'node:net';

/**
 * What `npm test` needs from the machine beyond `npm install`: the Redis server the rate-limit tests share
 * between replicas, and Debian's Chromium for the journeys. On a newcomer's machine without one of them, the
 * tests that need it are skipped and the run says so in one line, at its start and at its end; in CI
 * (`CI` set), a missing one fails the run before any test, in one line too.
 */

/** The Redis server of the rate-limit tests (`TEST_REDIS_URL` to point them at another). */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Debian's Chromium (`CHROMIUM_PATH` to use another binary). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Set by vitest.config.ts to the reason when Redis does not answer outside CI: the files' Redis tests are
 * then skipped (`describe.skipIf(redisSkipped)`). The test workers inherit it from the process that reads
 * the configuration.
 */
export const REDIS_SKIPPED_ENV = 'TV_TEST_REDIS_SKIPPED';
export const redisSkipped = process.env[REDIS_SKIPPED_ENV] !== undefined;

export interface MissingTool {
  /** What is skipped without it. */
  skipped: string;
  /** One line: what is missing and what to do. */
  line: string;
}

/** Whether something accepts TCP connections at a `redis://host:port` address, within `timeoutMs`. */
export function listens(url: string, timeoutMs = 1_000): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port || 6379), hostname.replace(/^\[|\]$/g, ''));
    const answer = (listening: boolean) => {
      socket.destroy();
      resolve(listening);
    };
    socket.setTimeout(timeoutMs);
    socket.once('connect', () => answer(true));
    socket.once('error', () => answer(false));
    socket.once('timeout', () => answer(false));
  });
}

/** What the machine lacks for `npm test`, each with the tests it skips and the line that says what to do. */
export async function missingTools(
  options: { redisUrl?: string; chromiumPath?: string } = {},
): Promise<{ redis?: MissingTool; chromium?: MissingTool }> {
  const redisUrl = options.redisUrl ?? TEST_REDIS_URL;
  const chromiumPath = options.chromiumPath ?? CHROMIUM_PATH;
  const missing: { redis?: MissingTool; chromium?: MissingTool } = {};
  if (!(await listens(redisUrl))) {
    missing.redis = {
      skipped: 'the rate-limit tests shared by two replicas through Redis',
      line: `Redis does not answer at ${redisUrl}: start it (\`redis-server --daemonize yes\`, Debian package redis-server) or set TEST_REDIS_URL.`,
    };
  }
  if (!existsSync(chromiumPath)) {
    missing.chromium = {
      skipped: 'the browser journeys (e2e tier, all but e2e/start.test.ts)',
      line: `Chromium not found at ${chromiumPath}: install it (\`apt-get update && apt-get install -y chromium\`) or set CHROMIUM_PATH.`,
    };
  }
  return missing;
}

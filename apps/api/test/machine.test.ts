import { spawnSync } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listens, missingTools, REDIS_SKIPPED_ENV } from './machine';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** A port something listens on, and one nothing listens on any more. */
async function ports(): Promise<{ open: number; closed: number; close: () => Promise<void> }> {
  const listen = () =>
    new Promise<ReturnType<typeof createServer>>((resolve) => {
      const server = createServer((socket) => socket.end());
      server.listen(0, '127.0.0.1', () => resolve(server));
    });
  const close = (server: ReturnType<typeof createServer>) =>
    new Promise<void>((resolve) => server.close(() => resolve()));
  const [open, gone] = [await listen(), await listen()];
  const closed = (gone.address() as AddressInfo).port;
  await close(gone);
  return { open: (open.address() as AddressInfo).port, closed, close: () => close(open) };
}

/** `vitest run --project api` on no file, in a process of its own: only the configuration's checks run. */
function vitestWith(env: Record<string, string>) {
  const { [REDIS_SKIPPED_ENV]: _inherited, ...parentEnv } = process.env;
  const run = spawnSync(
    process.execPath,
    ['node_modules/vitest/vitest.mjs', 'run', '--project', 'api', 'no-such-test-file', '--passWithNoTests'],
    { cwd: repoRoot, env: { ...parentEnv, ...env }, encoding: 'utf8', timeout: 60_000 },
  );
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe('what npm test needs from the machine', () => {
  it('tells a Redis that listens from one that does not, and a Chromium that is there from one that is not', async () => {
    const { open, closed, close } = await ports();
    try {
      expect(await listens(`redis://127.0.0.1:${open}`)).toBe(true);
      expect(await listens(`redis://127.0.0.1:${closed}`)).toBe(false);
      expect(
        await missingTools({ redisUrl: `redis://127.0.0.1:${open}`, chromiumPath: process.execPath }),
      ).toEqual({});
      const missing = await missingTools({
        redisUrl: `redis://127.0.0.1:${closed}`,
        chromiumPath: '/nonexistent/chromium',
      });
      expect(missing.redis?.line).toBe(
        `Redis does not answer at redis://127.0.0.1:${closed}: start it (\`redis-server --daemonize yes\`, Debian package redis-server) or set TEST_REDIS_URL.`,
      );
      expect(missing.chromium?.line).toBe(
        'Chromium not found at /nonexistent/chromium: install it (`apt-get update && apt-get install -y chromium`) or set CHROMIUM_PATH.',
      );
    } finally {
      await close();
    }
  });

  it('skips the Redis tests outside CI and says so at the start and at the end; CI stops in one line', async () => {
    const { closed, close } = await ports();
    await close();
    const redisUrl = `redis://127.0.0.1:${closed}`;
    const line = `Redis does not answer at ${redisUrl}`;

    const newcomer = vitestWith({ TEST_REDIS_URL: redisUrl, CI: '' });
    expect(newcomer.status, newcomer.output).toBe(0);
    const skipped = newcomer.output.split('\n').filter((text) => text.startsWith('SKIPPED '));
    expect(skipped, newcomer.output).toEqual([
      `SKIPPED the rate-limit tests shared by two replicas through Redis. ${line}: start it (\`redis-server --daemonize yes\`, Debian package redis-server) or set TEST_REDIS_URL.`,
      skipped[0],
    ]);

    const ci = vitestWith({ TEST_REDIS_URL: redisUrl, CI: 'true' });
    expect(ci.status).toBe(1);
    expect(ci.output.trim()).toBe(
      `npm test: ${line}: start it (\`redis-server --daemonize yes\`, Debian package redis-server) or set TEST_REDIS_URL. CI runs every test and skips none.`,
    );
  }, 120_000);
});

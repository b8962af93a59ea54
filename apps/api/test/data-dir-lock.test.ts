import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServer, startServerProcess, waitReady, type ServerProcess } from './server-process';

// Real processes on one embedded data directory: the second one refuses to start, a lock left by a killed
// server is taken over, a stopped server leaves no lock behind.

let dataDir: string;
const running: ServerProcess[] = [];
const ADMIN = { ADMIN_USERNAME: 'verrou', ADMIN_PASSWORD: 'Une-phrase-de-passe-solide-42' };

beforeAll(async () => {
  expect(
    existsSync(path.resolve(import.meta.dirname, '../dist/server.js')),
    'run `npm run build` first',
  ).toBe(true);
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'tv-rel-lock-'));
});
afterAll(async () => {
  for (const server of running) await server.kill('SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
});

const signIn = (server: ServerProcess) =>
  fetch(`${server.baseUrl}/api/admin/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: ADMIN.ADMIN_USERNAME, password: ADMIN.ADMIN_PASSWORD }),
  });

describe('the embedded data directory lock', () => {
  it('refuses a second server on the same DATA_DIR with a clear French message', async () => {
    const first = await startServerProcess({ DATA_DIR: dataDir, ...ADMIN });
    running.push(first);
    const startedAt = Date.now();
    const second = await spawnServer({ DATA_DIR: dataDir });
    running.push(second);
    const code = await Promise.race([
      second.exited,
      new Promise((r) => setTimeout(() => r('still running'), 30_000)),
    ]);
    expect(code).toBe(1);
    expect(second.logs()).toContain(
      `Le dossier de données ${dataDir} est déjà utilisé par un autre processus.`,
    );
    expect(second.logs()).toContain('Arrêtez l’autre serveur ou choisissez un autre DATA_DIR.');
    process.stdout.write(`second server refused in ${Date.now() - startedAt} ms\n`);
    // The first one never noticed.
    expect((await fetch(`${first.baseUrl}/readyz`)).status).toBe(200);
    expect((await signIn(first)).status).toBe(200);
  }, 120_000);

  it('takes over the lock of a server killed with SIGKILL, with its data', async () => {
    const killed = running[0]!;
    expect(await killed.kill('SIGKILL')).toBe('SIGKILL');
    expect(existsSync(path.join(dataDir, 'db.lock'))).toBe(true);
    const restartedAt = Date.now();
    const next = await spawnServer({ DATA_DIR: dataDir });
    running.push(next);
    const readyMs = await waitReady(next, 60_000);
    process.stdout.write(
      `stale lock taken over: ready ${readyMs} ms after the restart (${Date.now() - restartedAt} ms)\n`,
    );
    expect((await signIn(next)).status).toBe(200);
  }, 120_000);

  it('leaves no lock behind after a clean stop', async () => {
    const server = running.at(-1)!;
    expect(await server.kill('SIGTERM')).toBe(0);
    expect(existsSync(path.join(dataDir, 'db.lock'))).toBe(false);
    expect(existsSync(path.join(dataDir, 'db.lock.owner'))).toBe(false);
  }, 60_000);
});

import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHttp(url: string, child: ChildProcess, output: () => string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no answer from ${url} within ${timeoutMs} ms:\n${output()}`);
}

describe('npm start on a fresh data directory', () => {
  let child: ChildProcess;
  let dataDir: string;
  let base: string;
  let logs = '';
  let startupMs = 0;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'tv-start-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const startedAt = Date.now();
    child = spawn('npm', ['start'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        SEED: '',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    child.stdout?.on('data', (chunk) => (logs += String(chunk)));
    child.stderr?.on('data', (chunk) => (logs += String(chunk)));
    await waitForHttp(`${base}/healthz`, child, () => logs, 150_000);
    startupMs = Date.now() - startedAt;
    console.log(`fresh embedded start (npm start, demo data): ${startupMs} ms`);
  });

  afterAll(async () => {
    if (child.exitCode === null && child.pid !== undefined) {
      process.kill(-child.pid, 'SIGKILL');
    }
    await rm(dataDir, { recursive: true, force: true });
  });

  it('serves the demo establishments over HTTP', async () => {
    const response = await fetch(`${base}/api/establishments/`);
    expect(response.status).toBe(200);
    const list = (await response.json()) as { uri: string; kind: string }[];
    expect(list.length).toBeGreaterThanOrEqual(300);
    expect(new Set(list.map((e) => e.kind))).toEqual(new Set(['restaurant', 'remplisvert']));
  });

  it('serves the home page in French', async () => {
    const response = await fetch(`${base}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    expect(await response.text()).toMatch(/<html lang="fr"/);
  });

  it('shuts down gracefully on SIGTERM: stops listening and releases the data directory lock', async () => {
    // The whole process group gets the signal, as from a process manager; npm itself exits by it.
    process.kill(-child.pid!, 'SIGTERM');
    const lock = path.join(dataDir, 'db.lock');
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline && (existsSync(lock) || !/shutting down/.test(logs))) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(logs).toMatch(/shutting down/);
    expect(existsSync(lock)).toBe(false);
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
  });
});

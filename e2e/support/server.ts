import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

/** A data directory with the demo data loaded, made once per run by e2e/support/global-setup.ts. */
export const DEMO_TEMPLATE_ENV = 'TV_E2E_DEMO_DATA_DIR';
/** The run's folder, where the servers' data directories are made: the global setup removes it at the end. */
export const RUN_DIR_ENV = 'TV_E2E_RUN_DIR';

export interface StartOptions {
  timeoutMs?: number;
  /** Start on an empty data directory and load the demo data there, as a first `npm start` does. */
  fresh?: boolean;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  child: ChildProcess;
  /** Everything the process printed so far. */
  logs(): string;
  /** Milliseconds from spawn to the first healthy answer. */
  startupMs: number;
  stop(): Promise<void>;
}

/**
 * The real product as a user starts it: `npm start` on a data directory of its own and a free port, for
 * journeys over HTTP and in the browser. The demo data is there: copied from the run's template when there
 * is one (the journeys' global setup), else loaded by the server at its first start, as for a new user.
 */
export async function startServer(
  env: Record<string, string> = {},
  { timeoutMs = 150_000, fresh = false }: StartOptions = {},
): Promise<RunningServer> {
  const dataDir = await mkdtemp(path.join(process.env[RUN_DIR_ENV] || os.tmpdir(), 'tv-e2e-'));
  const template = process.env[DEMO_TEMPLATE_ENV];
  if (!fresh && template !== undefined && template !== '') {
    await cp(template, dataDir, { recursive: true, filter: (source) => !/db\.lock/u.test(source) });
  }
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const startedAt = Date.now();
  const child = spawn('npm', ['start'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED: '',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so stopping it stops npm and the server together.
    detached: true,
  });
  child.stdout?.on('data', (chunk) => (output += String(chunk)));
  child.stderr?.on('data', (chunk) => (output += String(chunk)));

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) {
      process.kill(-child.pid!, 'SIGKILL');
      throw new Error(`no answer from ${baseUrl} within ${timeoutMs} ms:\n${output}`);
    }
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }

  return {
    baseUrl,
    dataDir,
    child,
    logs: () => output,
    startupMs: Date.now() - startedAt,
    // The journeys throw their data directory away: the process group is killed at once rather than
    // asked to close PGlite (1.7 s here). e2e/start.test.ts checks the graceful stop on SIGTERM itself.
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        process.kill(-child.pid!, 'SIGKILL');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      }
      // The killed server takes 1.3 to 1.5 s more to be gone (its memory given back): its folder is removed
      // once nothing of the group is left (a run failed removing it while PGlite still wrote into it), without
      // the journey waiting. Within a run's folder, the global setup removes whatever is left at the end.
      const removed = removeOnceGone(child.pid!, dataDir);
      if (process.env[RUN_DIR_ENV] === undefined) await removed;
      else removed.catch(() => undefined);
    },
  };
}

let readOnly: Promise<RunningServer> | undefined;

/**
 * The demo data's server for the journeys that only read it (the map, going back, failed navigations, the
 * smoke test): nothing they do changes what another of them reads, so the files of a test worker share one
 * (the journeys' files share their worker's modules, `isolate: false`), started by the first that asks.
 * It is killed with the worker, which vitest stops with SIGTERM; its folder goes with the run's.
 */
export function readOnlyDemoServer(): Promise<RunningServer> {
  readOnly ??= startServer().then(
    (server) => {
      const kill = () => {
        if (groupAlive(server.child.pid!)) process.kill(-server.child.pid!, 'SIGKILL');
      };
      process.once('exit', kill);
      process.once('SIGTERM', () => {
        kill();
        process.exit(143);
      });
      return server;
    },
    (error: unknown) => {
      readOnly = undefined;
      throw error;
    },
  );
  return readOnly;
}

/** Removes `dataDir` once the process group led by `pid` has gone, retrying as Node does for a folder still being emptied. */
async function removeOnceGone(pid: number, dataDir: string): Promise<void> {
  for (let i = 0; i < 500 && groupAlive(pid); i += 1) await new Promise((r) => setTimeout(r, 20));
  if (groupAlive(pid)) process.kill(-pid, 'SIGKILL');
  await rm(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
}

/** Whether any process of the group led by `pid` is still running. */
function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A demo establishment's menu board of today, as `POST /menuboards/surrounding` lists them. */
export interface BoardToday {
  establishment: {
    id: string;
    kind: 'restaurant' | 'remplisvert';
    uri: string;
    location: { latitude: number; longitude: number };
  };
}

/** Today's menu boards over the whole of France (which establishments have one changes with the day). */
export async function boardsToday(baseUrl: string): Promise<BoardToday[]> {
  const response = await fetch(`${baseUrl}/menuboards/surrounding`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      categories: [],
      northEast: { latitude: 51.5, longitude: 10 },
      southWest: { latitude: 41, longitude: -5.5 },
    }),
  });
  if (!response.ok) throw new Error(`POST /menuboards/surrounding answered ${response.status}`);
  return (await response.json()) as BoardToday[];
}

/** A JSON call to the server's API, with a bearer token when given; fails on any answer but 2xx. */
export async function callApi<T = Record<string, unknown>>(
  baseUrl: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

// The built server (`apps/api/dist/server.js`, what `npm start` runs) as a child process of its own, so
// that a test can SIGKILL the server itself (not npm) and start it again on the same data.

export const repoRoot = path.resolve(import.meta.dirname, '../../..');
const serverEntry = path.join(repoRoot, 'apps/api/dist/server.js');

/**
 * What `npm start` adds to the server (package.json's start script): its environment's defaults
 * (`MALLOC_ARENA_MAX`, `MALLOC_MMAP_THRESHOLD_`…) and its Node flags (the collector's settings, decision 0033),
 * for a test that measures the server as a user starts it. `bench/support/common.mjs` reads it the same way.
 */
export function npmStartSettings(): { env: Record<string, string>; nodeArgs: string[] } {
  const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const [assignments = '', flags = ''] =
    /^((?:\w+=\S+ )*)node ((?:--\S+ )*)apps\/api\/dist\/server\.js$/.exec(manifest.scripts.start)?.slice(1) ??
    [];
  const env = Object.fromEntries(
    [...assignments.matchAll(/(\w+)=\$\{\w+:-([^}]*)\}/g)].map(([, name, value]) => [name!, value!]),
  );
  return { env, nodeArgs: flags.split(' ').filter(Boolean) };
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface ServerProcess {
  baseUrl: string;
  port: number;
  child: ChildProcess;
  logs(): string;
  /** Resolves with the exit code (or signal) once the process has ended. */
  exited: Promise<number | string>;
  kill(signal?: NodeJS.Signals): Promise<number | string>;
}

/** Spawns the server; resolves at once (use `waitReady`), so a test can also watch it refuse to start. */
export async function spawnServer(
  env: Record<string, string>,
  port?: number,
  nodeArgs: string[] = [],
): Promise<ServerProcess> {
  const chosen = port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${chosen}`;
  let output = '';
  const child = spawn(process.execPath, ['--enable-source-maps', ...nodeArgs, serverEntry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(chosen),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      NODE_ENV: 'production',
      // The embedded database unless the test says otherwise (npm run test:db sets DATABASE_URL).
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      SEED: 'none',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (output += String(chunk)));
  child.stderr!.on('data', (chunk) => (output += String(chunk)));
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  return {
    baseUrl,
    port: chosen,
    child,
    logs: () => output,
    exited,
    async kill(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Waits until `/readyz` answers 200; fails early when the process exits. */
export async function waitReady(server: ServerProcess, timeoutMs = 120_000): Promise<number> {
  const startedAt = Date.now();
  for (;;) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      throw new Error(
        `the server exited (${server.child.exitCode ?? server.child.signalCode}):\n${server.logs()}`,
      );
    }
    if (Date.now() - startedAt > timeoutMs) {
      await server.kill('SIGKILL');
      throw new Error(`no answer from ${server.baseUrl} within ${timeoutMs} ms:\n${server.logs()}`);
    }
    try {
      if ((await fetch(`${server.baseUrl}/readyz`)).ok) return Date.now() - startedAt;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** `nodeArgs` go to node before the server's script (for example `--cpu-prof`, not allowed in NODE_OPTIONS). */
export async function startServerProcess(
  env: Record<string, string>,
  port?: number,
  nodeArgs: string[] = [],
): Promise<ServerProcess> {
  const server = await spawnServer(env, port, nodeArgs);
  await waitReady(server);
  return server;
}

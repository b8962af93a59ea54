import { execFile } from 'node:child_process';
import { chown, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A PostgreSQL server of its own (initdb in a temporary folder, its own port), so that a test can stop and
 * start a real PostgreSQL without touching the machine's shared one. As root, the server runs as `postgres`
 * (PostgreSQL refuses root).
 */
export class ThrowawayCluster {
  readonly url: string;
  readonly #dir: string;
  readonly #bin: string;
  readonly #asPostgres: boolean;

  private constructor(
    dir: string,
    bin: string,
    readonly port: number,
  ) {
    this.#dir = dir;
    this.#bin = bin;
    this.#asPostgres = process.getuid?.() === 0;
    this.url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  }

  /** The newest PostgreSQL found under /usr/lib/postgresql (Debian), or `PG_BIN_DIR`. */
  static async binDir(): Promise<string> {
    if (process.env.PG_BIN_DIR) return process.env.PG_BIN_DIR;
    const versions = (await readdir('/usr/lib/postgresql')).sort((a, b) => Number(b) - Number(a));
    if (versions[0] === undefined)
      throw new Error('No PostgreSQL under /usr/lib/postgresql (set PG_BIN_DIR)');
    return path.join('/usr/lib/postgresql', versions[0], 'bin');
  }

  static async create(port: number): Promise<ThrowawayCluster> {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'tv-rel-pg-'));
    const cluster = new ThrowawayCluster(dir, await ThrowawayCluster.binDir(), port);
    if (cluster.#asPostgres) {
      const { stdout } = await run('id', ['-u', 'postgres']);
      const { stdout: gid } = await run('id', ['-g', 'postgres']);
      await chown(dir, Number(stdout.trim()), Number(gid.trim()));
    }
    await cluster.#pg('initdb', [
      '-D',
      path.join(dir, 'data'),
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--no-sync',
    ]);
    await cluster.start();
    return cluster;
  }

  async #pg(tool: string, args: string[]): Promise<void> {
    const command = path.join(this.#bin, tool);
    if (this.#asPostgres) await run('runuser', ['-u', 'postgres', '--', command, ...args]);
    else await run(command, args);
  }

  /** Starts the server and waits until it accepts connections. */
  async start(): Promise<void> {
    const options = `-p ${this.port} -k ${this.#dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
    await this.#pg('pg_ctl', [
      '-D',
      path.join(this.#dir, 'data'),
      '-o',
      options,
      '-l',
      path.join(this.#dir, 'log'),
      '-w',
      'start',
    ]);
  }

  /** Stops the server the way a restart does: every session ended, new connections refused. */
  async stop(mode: 'fast' | 'immediate' = 'fast'): Promise<void> {
    await this.#pg('pg_ctl', ['-D', path.join(this.#dir, 'data'), '-m', mode, '-w', 'stop']);
  }

  async destroy(): Promise<void> {
    await this.stop('immediate').catch(() => undefined);
    await rm(this.#dir, { recursive: true, force: true });
  }
}

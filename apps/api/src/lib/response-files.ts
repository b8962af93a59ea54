import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, unlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Where every process keeps its directory of answer files (`TMPDIR` moves it; not a tmpfs: it is RAM). */
export const RESPONSE_FILES_ROOT = path.join(os.tmpdir(), 'tables-voisines-answers');

/**
 * Compressed bytes above this size go to a file rather than stay in the process: at 200,000 establishments
 * the list and the map feed, megabytes each (decision 0033).
 */
export const FILE_ABOVE = 1024 * 1024;

/** Whether a process of this machine is still running. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The files of one answer cache (decision 0033): large compressed answers are written there once and streamed
 * from there on each request, so their bytes sit in the kernel's page cache, not in the process. Each cache
 * has its own directory, `<pid>-<random>`, under `root`: replicas on one machine (or one `TMPDIR`), and the
 * many apps of a test run, never touch each other's files. At start, the directories of processes that are no
 * longer running are removed; at close, the cache's own.
 */
export class ResponseFiles {
  readonly dir: string;
  #count = 0;
  readonly #timers = new Set<NodeJS.Timeout>();

  /** Bodies larger than this go to a file. */
  readonly above: number;

  constructor(root: string = RESPONSE_FILES_ROOT, above: number = FILE_ABOVE) {
    this.above = above;
    mkdirSync(root, { recursive: true });
    for (const name of readdirSync(root)) {
      const pid = Number(name.split('-')[0]);
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && !alive(pid)) {
        rmSync(path.join(root, name), { recursive: true, force: true });
      }
    }
    this.dir = path.join(root, `${process.pid}-${randomBytes(6).toString('hex')}`);
    mkdirSync(this.dir, { recursive: true });
  }

  /** A new file name: `.tmp` while written, renamed to the name once complete (never read half-written). */
  name(): string {
    this.#count += 1;
    return path.join(this.dir, `${this.#count}.bin`);
  }

  /**
   * Removes a file the cache no longer holds, after `delayMs`: a request that looked the answer up just before
   * may not have opened it yet (once open, removing it does not cut the transfer).
   */
  discard(file: string, delayMs: number): void {
    const remove = () => {
      try {
        unlinkSync(file);
      } catch {
        // Already gone (the directory was removed at close).
      }
    };
    if (delayMs <= 0) {
      remove();
      return;
    }
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      remove();
    }, delayMs);
    timer.unref();
    this.#timers.add(timer);
  }

  /** The files present now (tests). */
  list(): string[] {
    try {
      return readdirSync(this.dir).map((name) => path.join(this.dir, name));
    } catch {
      return [];
    }
  }

  close(): void {
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

import type { FastifyBaseLogger } from 'fastify';

/**
 * Work done after the answer was sent (a mail whose timing must not tell whether an account exists).
 * Closing the app waits for it, so nothing runs against a closed database.
 */
export class BackgroundTasks {
  readonly #pending = new Set<Promise<void>>();

  run(log: FastifyBaseLogger, task: () => Promise<void>): void {
    const promise: Promise<void> = task()
      .catch((error: unknown) => log.error({ err: error }, 'background task failed'))
      .finally(() => this.#pending.delete(promise));
    this.#pending.add(promise);
  }

  async drain(): Promise<void> {
    while (this.#pending.size > 0) await Promise.allSettled([...this.#pending]);
  }
}

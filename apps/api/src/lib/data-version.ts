/**
 * A number that changes on every write of public data. Caches of rendered pages and public answers
 * are keyed by it, so a write shows at once without tracking which page shows what.
 * Several replicas on one PostgreSQL share it through LISTEN/NOTIFY (`shared-data-version.ts`).
 */
export class DataVersion {
  #value = 0;
  readonly #listeners = new Set<(value: number) => void>();

  get value(): number {
    return this.#value;
  }

  /** Call after a write of public data has been committed. */
  bump(): number {
    this.#value += 1;
    for (const listener of this.#listeners) listener(this.#value);
    return this.#value;
  }

  onChange(listener: (value: number) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}

/**
 * `make()` called on first use, its value kept. For objects a module may never need and that cost time to
 * build at load: an `Intl` format takes milliseconds, and the page's first one with a time zone tens of them
 * on a phone (decision 0057), while the page's scripts are evaluated in one task.
 */
export function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}

/**
 * The logo (public/favicon.svg) drawn in the page: no request before the first paint, where an `<img>` was
 * preloaded by React ahead of the stylesheet and decoded as a separate SVG document. Decorative: the
 * product name is always written beside it.
 */
export function Logo({ size }: { size: number }) {
  return (
    <svg viewBox="0 0 64 64" width={size} height={size} aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#f06023" />
      <path
        d="M32 10c-9.4 0-17 7.4-17 16.6C15 39 32 54 32 54s17-15 17-27.4C49 17.4 41.4 10 32 10z"
        fill="#fff"
      />
      <path
        d="M27 18v8.5a2.5 2.5 0 0 0 2 2.45V38h2V28.95a2.5 2.5 0 0 0 2-2.45V18h-1.6v7h-1.2v-7h-1.4v7h-1.2v-7zM37.5 18c-1.7 0-3 2.4-3 6.2 0 2.5.9 4 2 4.5V38h2V18z"
        fill="#f06023"
      />
    </svg>
  );
}

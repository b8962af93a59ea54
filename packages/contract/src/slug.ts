/**
 * Establishment uris (API.md, "Slugs"). The uri is what `/restaurant/{uri}` and `/remplisvert/{uri}` match
 * exactly, so it keeps every character a person wrote except the few that break a URL path segment.
 */

// `/`, `#`, `%` and the control characters: C0 (which includes tab, line feed and carriage return), DEL, C1.
// API.md drops them before white space is turned into dashes, so a tab or a newline vanishes rather than
// becoming a dash, and "Bar / Tabac" gives a single dash.
// eslint-disable-next-line no-control-regex
const DROPPED = /[/#%\u0000-\u001f\u007f-\u009f]/gu;

// Any Unicode white space left once control characters are gone: space, no-break space, thin spaces...
const WHITE_SPACE_RUN = /\s+/gu;

/** Characters a uri never holds: what `slugify` drops, plus white space. */
// eslint-disable-next-line no-control-regex
export const URI_FORBIDDEN = /[/#%\s\u0000-\u001f\u007f-\u009f]/u;

/**
 * `"{name} a {town}"` in lower case, without `/`, `#`, `%` and control characters, each run of white space
 * turned into one `-`, in NFC.
 *
 * White space at either end is trimmed before the dashes are made, so spaces around the name or the town
 * never give a leading or trailing dash. Dashes written in the name are kept as they are: "Chez Jo -" in
 * Lyon gives `chez-jo---a-lyon`, which is where the double and trailing dashes of the specification's
 * sample uris come from.
 */
export function slugify(name: string, town: string): string {
  return `${name} a ${town}`
    .normalize('NFC')
    .toLowerCase()
    .replace(DROPPED, '')
    .trim()
    .replace(WHITE_SPACE_RUN, '-')
    .normalize('NFC');
}

/** The n-th uri of a base: the base itself for the first, then `base-2`, `base-3`... */
export function withSuffix(base: string, n: number): string {
  return n <= 1 ? base : `${base}-${n}`;
}

/** The first of `base`, `base-2`, `base-3`... that is not taken. */
export function nextFreeUri(base: string, taken: ReadonlySet<string>): string {
  for (let n = 1; ; n += 1) {
    const candidate = withSuffix(base, n);
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * Establishment uris (docs/api.md, "Slugs"). The uri is what `/restaurant/{uri}` and `/remplisvert/{uri}`
 * match exactly, so it keeps every character a person wrote except the few that break a URL path segment or
 * that nobody can see or type.
 */

// `/`, `#`, `%` and the control characters: C0 (which includes tab, line feed and carriage return), DEL, C1.
// The rule drops them before white space is turned into dashes, so a tab or a newline vanishes rather than
// becoming a dash, and "Bar / Tabac" gives a single dash. Also dropped, so that a generated uri is never one
// `uriProblem` refuses: `<`, `>` and `\` (a browser turns `\` into `/`), and what draws nothing or cannot be
// typed (format characters such as the zero-width space, other default-ignorable ones, lone surrogates,
// private-use and unassigned code points).
const DROPPED = /[/#%<>\\\p{C}\p{Default_Ignorable_Code_Point}]/gu;

// Any Unicode white space left once control characters are gone: space, no-break space, thin spaces...
const WHITE_SPACE_RUN = /\s+/gu;

// React Router answers `{path}.data` with the page's data instead of the page: a uri ending so is a page
// nobody can open (the sitemap would list it all the same). Refused whatever its case.
const DATA_SUFFIX = /\.data$/i;

/** Characters a uri never holds: what `slugify` drops, plus white space. */
// eslint-disable-next-line no-control-regex
export const URI_FORBIDDEN = /[/#%\s\u0000-\u001f\u007f-\u009f]/u;

/**
 * `"{name} a {town}"` in lower case, without `/`, `#`, `%`, `<`, `>`, `\`, control and invisible characters,
 * each run of white space turned into one `-`, in NFC; a final `.data` becomes `-data` (see `uriProblem`).
 *
 * White space at either end is trimmed before the dashes are made, so spaces around the name or the town
 * never give a leading or trailing dash. Dashes written in the name are kept as they are: "Chez Jo -" in
 * Lyon gives `chez-jo---a-lyon`, which is where the double and trailing dashes of some
 * uris come from.
 */
export function slugify(name: string, town: string): string {
  return `${name} a ${town}`
    .normalize('NFC')
    .toLowerCase()
    .replace(DROPPED, '')
    .trim()
    .replace(WHITE_SPACE_RUN, '-')
    .normalize('NFC')
    .replace(DATA_SUFFIX, '-data');
}

// What a uri may not hold beyond `URI_FORBIDDEN`: `<` and `>`, `\` (browsers read it as `/`), and
// characters nobody sees or types: format characters (zero-width space, joiners, direction marks), the
// other default-ignorable ones, lone surrogates, private-use and unassigned code points.
const NOT_IN_A_URI = /[<>\\]/u;
const INVISIBLE_IN_A_URI = /[\p{C}\p{Default_Ignorable_Code_Point}]/u;

/**
 * Why `uri` cannot be a page address, in French, or `null` when it can. Besides what `URI_FORBIDDEN` says,
 * `.` and `..` are path segments a browser resolves away, and see `DATA_SUFFIX`, `NOT_IN_A_URI`.
 * Everything else the slug rules keep is allowed (apostrophes, accents, parentheses, `?`...).
 */
export function uriProblem(uri: string): string | null {
  if (URI_FORBIDDEN.test(uri)) {
    return 'L’adresse de la page ne peut contenir ni espace, ni « / », « # », « % », ni caractère de contrôle.';
  }
  if (INVISIBLE_IN_A_URI.test(uri)) {
    return 'L’adresse de la page ne peut contenir de caractère invisible (espace sans largeur, marque de direction…).';
  }
  if (NOT_IN_A_URI.test(uri)) {
    return 'L’adresse de la page ne peut contenir ni « < », ni « > », ni « \\ ».';
  }
  if (uri === '.' || uri === '..') return '« . » et « .. » ne peuvent être des adresses de page.';
  if (DATA_SUFFIX.test(uri)) return 'L’adresse de la page ne peut finir par « .data », réservé au site.';
  return null;
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

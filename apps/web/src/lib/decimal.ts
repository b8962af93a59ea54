/*
 * Numbers as French people type them (`12,50`, `45,7601`, `-1,55`, `1 250,00`) and as they read them back.
 * One parser for every number field of the site: the owners' « Ardoise du jour » and the back office's
 * prices, coordinates and radii. What it cannot read is `NaN`, never another number: `45 7601` is not
 * 457601, `1.250,50` is not 1.25.
 */

/** Spaces people put between thousands: the ordinary one, and the no-break ones French typography uses. */
const SPACES = /[ \u00a0\u202f]/;
const MINUS_SIGNS = /^[-\u2212\u2012\u2013]/;

/**
 * A decimal number typed by a person: a comma or a point before the decimals (`12,50`, `12.5`, `,5`, `12,`),
 * an optional sign (`-1,55`, `−1,55`, `+3`), thousands optionally grouped by three with a space or a no-break
 * space (`1 250,00`). Surrounding white space is ignored. `NaN` for anything else, blank included: two
 * separators (`12,5,0`, `1.250,50`), digits grouped otherwise (`45 7601`), letters, exponents.
 */
export function parseDecimal(text: string): number {
  let rest = text.trim();
  let sign = 1;
  if (MINUS_SIGNS.test(rest)) {
    sign = -1;
    rest = rest.slice(1);
  } else if (rest.startsWith('+')) {
    rest = rest.slice(1);
  }
  const match = /^(\d{1,3}(?:[ \u00a0\u202f]\d{3})+|\d*)(?:[.,](\d*))?$/.exec(rest);
  if (match === null) return Number.NaN;
  const whole = (match[1] ?? '').replace(new RegExp(SPACES.source, 'g'), '');
  const decimals = match[2] ?? '';
  if (whole === '' && decimals === '') return Number.NaN;
  return sign * Number(`${whole === '' ? '0' : whole}.${decimals === '' ? '0' : decimals}`);
}

export interface DecimalFormat {
  /** Decimals always written (`2` for prices: `12,50`). */
  minimumFractionDigits?: number;
  /** Decimals at most (6 for coordinates, about 10 cm). */
  maximumFractionDigits?: number;
}

/**
 * A number written back for a person to read or edit: a decimal comma, no thousands separator (a field's
 * value stays one word), `-` as the sign so that what is shown can be typed again. `12.5` → `12,5`, with
 * `minimumFractionDigits: 2` → `12,50`.
 */
export function formatDecimal(value: number, format: DecimalFormat = {}): string {
  const { minimumFractionDigits = 0, maximumFractionDigits = Math.max(6, minimumFractionDigits) } = format;
  return new Intl.NumberFormat('fr-FR', {
    minimumFractionDigits,
    maximumFractionDigits,
    useGrouping: false,
  })
    .format(value)
    .replace('\u2212', '-');
}

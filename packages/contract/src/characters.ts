/**
 * Characters people cannot see or type on purpose, shared by the schemas (names, titles, page addresses),
 * `slugify` and the server's JSON reader. Zod-free, so that the web forms import it without the schemas.
 */

/** C0 controls (tab, line feed and carriage return included), DEL and the C1 controls. */
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/u;

/**
 * Characters that draw nothing by themselves: white space, format characters (zero-width space and joiners,
 * soft hyphen, bidirectional marks, byte-order mark), the other default-ignorable ones (Hangul fillers,
 * variation selectors), combining marks alone, controls, private-use and unassigned code points, and the
 * blank Braille pattern, which fonts draw empty.
 */
const INVISIBLE = /[\p{White_Space}\p{Default_Ignorable_Code_Point}\p{M}\p{C}\u2800]/u;
const INVISIBLE_GLOBAL = new RegExp(INVISIBLE.source, 'gu');

/** Whether `text` has at least one character a person sees: a name made only of blanks is no name. */
export function hasVisibleCharacter(text: string): boolean {
  return text.replace(INVISIBLE_GLOBAL, '') !== '';
}

/**
 * Format characters and the other default-ignorable ones, which change nothing on screen: a page address
 * holding one looks like another address that does not answer.
 */
export const INVISIBLE_FORMAT_CHARACTER = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/u;

/** A UTF-16 surrogate without its pair: JavaScript lets a string hold one, UTF-8 cannot encode it. */
// With the `u` flag a pair is one code point: only a surrogate left alone matches.
export const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Letters that carry no combining mark in Unicode, so NFD alone would keep them: map them to what a French
 * visitor types on a keyboard. Typographic apostrophes become the ASCII one so "L’Atelier" finds "L'Atelier".
 */
const FOLDED: Readonly<Record<string, string>> = {
  œ: 'oe',
  æ: 'ae',
  ß: 'ss',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  '\u2019': "'",
  '\u2018': "'",
  '\u02bc': "'",
};
const FOLDED_PATTERN = /[œæßøłđ\u2019\u2018\u02bc]/gu;

/**
 * The one normalisation used for search, on both sides: the stored search columns and the query typed by a
 * person. Lower case, no accents, single spaces, so that "crepe" and "REPE" both find "Crêpes".
 */
export function normalizeForSearch(s: string): string {
  return s
    .toLowerCase()
    .replace(FOLDED_PATTERN, (c) => FOLDED[c] ?? c)
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .replace(/\s+/gu, ' ')
    .trim();
}

/*
 * The part of opentype.js the picture measures with. Its published types (`@types/opentype.js`) pull in the
 * DOM's library, which changes Node's `fetch` and `Buffer` types for the whole server: declared here instead.
 */
declare module 'opentype.js' {
  export interface Glyph {
    advanceWidth?: number;
  }
  export interface Font {
    unitsPerEm: number;
    charToGlyphIndex(char: string): number;
    charToGlyph(char: string): Glyph;
    getKerningValue(left: Glyph, right: Glyph): number;
  }
  const opentype: { parse(buffer: ArrayBuffer): Font };
  export default opentype;
}

import { describe, expect, it } from 'vitest';
import { establishmentPageFile, safeFileSegment } from './export-file-names';

describe('file names of the static export', () => {
  it('keeps plain uris as they are', () => {
    expect(establishmentPageFile('restaurant', 'chez-jo-a-lyon')).toBe('restaurant/chez-jo-a-lyon.html');
    expect(establishmentPageFile('remplisvert', 'le-jardin-a-nantes-2', 'data')).toBe(
      'remplisvert/le-jardin-a-nantes-2.data',
    );
  });

  it("writes the specification's special characters and accents as plain ASCII", () => {
    expect(safeFileSegment("l'atelier-(chez-toto)-a-saint-étienne")).toBe(
      'l_27atelier-_28chez-toto_29-a-saint-_C3_A9tienne',
    );
    expect(safeFileSegment('pourquoi-pas-?-a-lyon')).toBe('pourquoi-pas-_3F-a-lyon');
    expect(safeFileSegment('a&b,c-a-paris')).toBe('a_26b_2Cc-a-paris');
    expect(safeFileSegment('chez-jo---a-lyon-')).toBe('chez-jo---a-lyon-');
  });

  it('gives names that only hold characters safe everywhere', () => {
    for (const uri of ["l'œuf-&-co,-(bis)-?-a-orléans", 'bar:*"<>|\\-a-x', 'ÉCOLE-a-paris']) {
      expect(safeFileSegment(uri)).toMatch(/^[a-z0-9._~A-F-]+$/);
    }
  });

  it('never gives two uris the same name, even on a case-insensitive file system', () => {
    const uris = ['a_b', 'a_5Fb', 'A', 'a', '_41', "l'a", 'l_27a', 'é', 'e\u0301'];
    const names = uris.map((u) => safeFileSegment(u).toLowerCase());
    // 'é' composed and decomposed are the same uri once in NFC, the form uris are stored in.
    expect(new Set(names).size).toBe(uris.length - 1);
  });

  it('never makes hidden files and keeps long names within file system limits', () => {
    expect(safeFileSegment('.cache')).toBe('_2Ecache');
    const long = safeFileSegment('é'.repeat(300));
    expect(long.length).toBeLessThanOrEqual(200);
    expect(long).not.toBe(safeFileSegment(`${'é'.repeat(299)}e`));
  });
});

import { describe, expect, it } from 'vitest';
import { URI_FORBIDDEN, nextFreeUri, slugify, withSuffix } from './slug';

describe('slugify', () => {
  it('gives the examples of the contract', () => {
    expect(slugify('Bar / Tabac', 'Lyon')).toBe('bar-tabac-a-lyon');
    expect(slugify("L'Atelier (Chez Toto)", 'Saint-Étienne')).toBe("l'atelier-(chez-toto)-a-saint-étienne");
  });

  it('keeps apostrophes, ampersands, commas, parentheses and question marks', () => {
    expect(slugify("Chez l'Ami", 'Paris')).toBe("chez-l'ami-a-paris");
    expect(slugify('Fish & Chips', 'Brest')).toBe('fish-&-chips-a-brest');
    expect(slugify('Pain, Vin, Fromages', 'Tours')).toBe('pain,-vin,-fromages-a-tours');
    expect(slugify('Le Bistrot (Gare)', 'Metz')).toBe('le-bistrot-(gare)-a-metz');
    expect(slugify('Pourquoi Pas ?', 'Nantes')).toBe('pourquoi-pas-?-a-nantes');
  });

  it('keeps accents and other letters, in lower case', () => {
    expect(slugify('CRÊPERIE ÉTÉ', 'Orléans')).toBe('crêperie-été-a-orléans');
    expect(slugify('Bœuf & Çà', 'Besançon')).toBe('bœuf-&-çà-a-besançon');
  });

  it('composes decomposed accents (NFC)', () => {
    const decomposed = 'Cre\u0302perie';
    expect(slugify(decomposed, 'Quimper')).toBe('cr\u00eaperie-a-quimper');
    expect(slugify(decomposed, 'Quimper')).toBe(slugify('Crêperie', 'Quimper'));
  });

  it('keeps digits and dashes', () => {
    expect(slugify('Le 7-8', 'Saint-Malo')).toBe('le-7-8-a-saint-malo');
  });

  it('turns each run of white space into one dash', () => {
    expect(slugify('Le   Petit  Bistrot', 'Lille')).toBe('le-petit-bistrot-a-lille');
    expect(slugify('Le\u00a0Petit\u202fBistrot', 'Lille')).toBe('le-petit-bistrot-a-lille');
  });

  it('drops tabs and newlines as control characters, before white space becomes dashes', () => {
    expect(slugify('Le\tPetit\nBistrot', 'Lille')).toBe('lepetitbistrot-a-lille');
    expect(slugify('Le \t Petit \r\n Bistrot', 'Lille')).toBe('le-petit-bistrot-a-lille');
  });

  it('drops slashes, hashes and percent signs', () => {
    expect(slugify('A/B', 'Pau')).toBe('ab-a-pau');
    expect(slugify('Le #1', 'Pau')).toBe('le-1-a-pau');
    expect(slugify('100 % Bio', 'Pau')).toBe('100-bio-a-pau');
  });

  it('drops C0, DEL and C1 control characters', () => {
    expect(slugify('Le\u0000Bi\u0007st\u001frot\u007f\u0080\u0085\u009f', 'Albi')).toBe('lebistrot-a-albi');
  });

  it('never starts or ends with a dash made from spaces', () => {
    expect(slugify('  Chez Toto  ', '  Lyon  ')).toBe('chez-toto-a-lyon');
    expect(slugify('\u00a0Chez Toto', 'Lyon\u00a0')).toBe('chez-toto-a-lyon');
  });

  it('keeps the dashes written in the name, double ones included', () => {
    expect(slugify('Chez Jo -', 'Lyon')).toBe('chez-jo---a-lyon');
    expect(slugify('Chez Jo', 'Lyon -')).toBe('chez-jo-a-lyon--');
  });

  it('makes uris without any forbidden character, whatever the input', () => {
    const samples = ['a/b#c%d', ' x\ty\u0000z ', '\u2028ligne\u2029', 'é\u0301', '???', "l'été & co"];
    for (const name of samples) {
      for (const town of samples) {
        const uri = slugify(name, town);
        expect(URI_FORBIDDEN.test(uri)).toBe(false);
        expect(uri).toBe(uri.normalize('NFC'));
        expect(uri).toBe(uri.toLowerCase());
        expect(slugify(name, town)).toBe(uri);
      }
    }
  });
});

describe('withSuffix', () => {
  it('leaves the first uri bare and numbers the next ones', () => {
    expect(withSuffix('chez-toto-a-lyon', 0)).toBe('chez-toto-a-lyon');
    expect(withSuffix('chez-toto-a-lyon', 1)).toBe('chez-toto-a-lyon');
    expect(withSuffix('chez-toto-a-lyon', 2)).toBe('chez-toto-a-lyon-2');
    expect(withSuffix('chez-toto-a-lyon', 3)).toBe('chez-toto-a-lyon-3');
  });
});

describe('nextFreeUri', () => {
  it('gives the base when it is free', () => {
    expect(nextFreeUri('chez-toto-a-lyon', new Set())).toBe('chez-toto-a-lyon');
  });

  it('gives -2, then -3, to duplicates', () => {
    expect(nextFreeUri('chez-toto-a-lyon', new Set(['chez-toto-a-lyon']))).toBe('chez-toto-a-lyon-2');
    expect(nextFreeUri('chez-toto-a-lyon', new Set(['chez-toto-a-lyon', 'chez-toto-a-lyon-2']))).toBe(
      'chez-toto-a-lyon-3',
    );
  });

  it('fills the first gap', () => {
    expect(nextFreeUri('x', new Set(['x', 'x-3']))).toBe('x-2');
  });
});

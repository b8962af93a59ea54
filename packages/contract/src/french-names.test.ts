import { describe, expect, it } from 'vitest';
import { ofName, toName } from './french-names';

describe('a name after « de » or « à »', () => {
  it('contracts « Le » and « Les » with the preposition', () => {
    expect(ofName('Le Comptoir')).toBe('du Comptoir');
    expect(ofName('Les Burgers de Fanny')).toBe('des Burgers de Fanny');
    expect(toName('Le Comptoir')).toBe('au Comptoir');
    expect(toName('Les Burgers de Fanny')).toBe('aux Burgers de Fanny');
    expect(ofName('LE 1900')).toBe('du 1900');
    expect(ofName('le Vésuve')).toBe('du Vésuve');
  });

  it('elides « de » before a vowel, accented or not, and « à » never', () => {
    expect(ofName('Athéna')).toBe('d’Athéna');
    expect(ofName('Écrin des Saveurs')).toBe('d’Écrin des Saveurs');
    expect(ofName('Il Forno')).toBe('d’Il Forno');
    expect(toName('Athéna')).toBe('à Athéna');
    expect(ofName('Yves Traiteur')).toBe('d’Yves Traiteur');
    expect(ofName('Yannick et Fils')).toBe('de Yannick et Fils');
  });

  it('keeps every other name as it is', () => {
    expect(ofName('La Fourchette')).toBe('de La Fourchette');
    expect(ofName('L’Irish Pub')).toBe('de L’Irish Pub');
    expect(ofName("L'Atelier")).toBe("de L'Atelier");
    expect(ofName('Chez Luigi')).toBe('de Chez Luigi');
    expect(ofName('Hippopotamus')).toBe('de Hippopotamus');
    expect(toName('La Bolée')).toBe('à La Bolée');
    // « Le » as the start of a longer word is no article.
    expect(ofName('Lescure Traiteur')).toBe('de Lescure Traiteur');
    expect(ofName('Leon')).toBe('de Leon');
    expect(ofName('  Le Zinc ')).toBe('du Zinc');
  });

  it('writes towns the same way: « au Mans », « aux Sables-d’Olonne », « du Havre »', () => {
    expect(toName('Le Mans')).toBe('au Mans');
    expect(toName('Les Sables-d’Olonne')).toBe('aux Sables-d’Olonne');
    expect(ofName('Le Havre')).toBe('du Havre');
    expect(ofName('Les Lilas')).toBe('des Lilas');
    expect(toName('La Rochelle')).toBe('à La Rochelle');
    expect(toName("L'Haÿ-les-Roses")).toBe("à L'Haÿ-les-Roses");
    expect(ofName('Angers')).toBe('d’Angers');
    expect(ofName('Yerres')).toBe('de Yerres');
    expect(toName('Lyon')).toBe('à Lyon');
  });
});

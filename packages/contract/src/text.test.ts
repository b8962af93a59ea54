import { describe, expect, it } from 'vitest';
import { normalizeForSearch } from './text';

describe('normalizeForSearch', () => {
  it('finds "Crêpes" whether one types "crepe" or "REPE"', () => {
    expect(normalizeForSearch('Crêpes')).toBe('crepes');
    expect(normalizeForSearch('Crêpes')).toContain(normalizeForSearch('crepe'));
    expect(normalizeForSearch('Crêpes')).toContain(normalizeForSearch('REPE'));
  });

  it('removes the accents of French letters, upper case included', () => {
    expect(normalizeForSearch('ÉÈÊËÀÂÎÏÔÛÙÜŸÇ éèêëàâîïôûùüÿç')).toBe('eeeeaaiiouuuyc eeeeaaiiouuuyc');
  });

  it('spells out ligatures and the German sharp s', () => {
    expect(normalizeForSearch('Bœuf ŒUF Cæsar STRAẞE Straße')).toBe('boeuf oeuf caesar strasse strasse');
  });

  it('treats decomposed and composed accents alike', () => {
    expect(normalizeForSearch('Cre\u0302pes')).toBe(normalizeForSearch('Cr\u00eapes'));
  });

  it('collapses white space, no-break spaces included, and trims', () => {
    expect(normalizeForSearch('  Le\u00a0Petit \t\n Bistrot  ')).toBe('le petit bistrot');
  });

  it('reads a typographic apostrophe as a straight one', () => {
    expect(normalizeForSearch('L’Atelier')).toBe("l'atelier");
  });
});

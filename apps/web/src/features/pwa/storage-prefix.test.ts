import { describe, expect, it } from 'vitest';
import { storagePrefix } from './storage-prefix';

describe('storagePrefix', () => {
  it('writes the short name in camelCase', () => {
    expect(storagePrefix('Tables Voisines')).toBe('tablesVoisines');
    expect(storagePrefix('Remplis Vert')).toBe('remplisVert');
    expect(storagePrefix('TABLES')).toBe('tables');
  });

  it('keeps plain ASCII letters and digits', () => {
    expect(storagePrefix('Les Cafés d’à côté')).toBe('lesCafesDACote');
    expect(storagePrefix('  Bistrots 2.0 ')).toBe('bistrots20');
    expect(storagePrefix('—')).toBe('site');
  });
});

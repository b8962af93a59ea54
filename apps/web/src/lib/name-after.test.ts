import { describe, expect, it } from 'vitest';
import { ofNameParts } from './name-after';

describe('ofNameParts', () => {
  it('cuts « de » and its contraction from the name that follows', () => {
    expect(ofNameParts('Le Comptoir')).toEqual(['du ', 'Comptoir']);
    expect(ofNameParts('Les Burgers de Fanny')).toEqual(['des ', 'Burgers de Fanny']);
    expect(ofNameParts('Athéna')).toEqual(['d’', 'Athéna']);
    expect(ofNameParts('La Fourchette')).toEqual(['de ', 'La Fourchette']);
    expect(ofNameParts('Chez Léa')).toEqual(['de ', 'Chez Léa']);
  });
});

import { describe, expect, it } from 'vitest';
import { establishmentOptionText } from './establishment-option';

describe('establishmentOptionText', () => {
  it('tells establishments of the same name apart by their town and street', () => {
    const auberge = (town: string, street: string | null) => ({
      id: town,
      name: 'Auberge des Voyageurs',
      address: { street, postcode: null, town },
    });
    expect(establishmentOptionText(auberge('Lyon', '3 rue Mercière'))).toBe(
      'Auberge des Voyageurs — Lyon (3 rue Mercière)',
    );
    expect(establishmentOptionText(auberge('Reims', null))).toBe('Auberge des Voyageurs — Reims');
  });

  it('answers the name alone without an address, and nothing without a record', () => {
    expect(establishmentOptionText({ id: '1', name: 'Chez Toto' })).toBe('Chez Toto');
    expect(establishmentOptionText(undefined)).toBe('');
  });
});

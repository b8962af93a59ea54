import { describe, expect, it } from 'vitest';
import { establishmentPhotoAlt } from './format';

describe('the text of an establishment’s photo', () => {
  it('never puts the name after « de », where French would contract or elide it', () => {
    expect(establishmentPhotoAlt('Le Bistrot')).toBe('Le Bistrot : photo de l’établissement');
    expect(establishmentPhotoAlt('Au 52')).toBe('Au 52 : photo de l’établissement');
    expect(establishmentPhotoAlt('Les Halles')).toBe('Les Halles : photo de l’établissement');
  });
});

import { describe, expect, it } from 'vitest';
import { establishmentPath } from './site-paths';

describe('establishmentPath', () => {
  it('encodes what a path segment cannot hold and keeps what it can', () => {
    expect(establishmentPath('restaurant', "l'atelier-(chez-toto)-a-saint-étienne")).toBe(
      "/restaurant/l'atelier-(chez-toto)-a-saint-%C3%A9tienne",
    );
    expect(establishmentPath('remplisvert', 'pourquoi-pas-?-a-lyon')).toBe(
      '/remplisvert/pourquoi-pas-%3F-a-lyon',
    );
    expect(establishmentPath('restaurant', 'a&b,c-a-paris')).toBe('/restaurant/a%26b%2Cc-a-paris');
  });
});

import { describe, expect, it } from 'vitest';
import { internationalPhone, telHref } from './phone';

describe('internationalPhone', () => {
  it.each([
    ['01 23 45 67 89', '+33123456789'],
    ['01.23.45.67.89', '+33123456789'],
    ['06-12-34-56-78', '+33612345678'],
    ['0123456789', '+33123456789'],
    ['+33 1 23 45 67 89', '+33123456789'],
    ['+33 (0)1 23 45 67 89', '+33123456789'],
    ['0033 1 23 45 67 89', '+33123456789'],
    ['+32 2 123 45 67', '+3221234567'],
  ])('writes the French number « %s » as %s', (phone, expected) => {
    expect(internationalPhone(phone)).toBe(expected);
  });

  it.each([
    ['0262 12 34 56', '+262262123456'],
    ['0692 12 34 56', '+262692123456'],
    ['0590 12 34 56', '+590590123456'],
    ['0596 12 34 56', '+596596123456'],
    ['0594 12 34 56', '+594594123456'],
  ])('gives an overseas number « %s » its own country code: %s', (phone, expected) => {
    expect(internationalPhone(phone)).toBe(expected);
  });

  it.each(['3631', '15', '12 34 56', '', 'pas de téléphone', '+0 12 34 56 78'])(
    'has no international form for « %s »',
    (phone) => {
      expect(internationalPhone(phone)).toBeNull();
    },
  );
});

describe('telHref', () => {
  it('dials the international form, or the digits of a short number', () => {
    expect(telHref('04 52 31 06 79')).toBe('tel:+33452310679');
    expect(telHref('36 31')).toBe('tel:3631');
  });
});

import { describe, expect, it } from 'vitest';
import { formatDecimal, parseDecimal } from './decimal';

describe('parseDecimal', () => {
  it('reads a decimal comma as a point: 12,50 is twelve euros fifty, not 1 250', () => {
    expect(parseDecimal('12,50')).toBe(12.5);
    expect(parseDecimal('45,7601')).toBe(45.7601);
    expect(parseDecimal('0,5')).toBe(0.5);
  });

  it('reads a decimal point too', () => {
    expect(parseDecimal('12.5')).toBe(12.5);
    expect(parseDecimal('45.7601')).toBe(45.7601);
  });

  it('reads a sign, the typographic minus included', () => {
    expect(parseDecimal('-1,55')).toBe(-1.55);
    expect(parseDecimal('\u22121,55')).toBe(-1.55);
    expect(parseDecimal('+3')).toBe(3);
  });

  it('reads whole numbers, thousands grouped by three with any space, and forgives surrounding spaces', () => {
    expect(parseDecimal('12')).toBe(12);
    expect(parseDecimal(' 9 ')).toBe(9);
    expect(parseDecimal('1 250,00')).toBe(1250);
    expect(parseDecimal('1\u202f250,00')).toBe(1250);
    expect(parseDecimal('1\u00a0000')).toBe(1000);
    expect(parseDecimal('12 345 678')).toBe(12345678);
  });

  it('reads what a person is halfway through typing as the number it already says', () => {
    expect(parseDecimal('12,')).toBe(12);
    expect(parseDecimal(',5')).toBe(0.5);
  });

  it('refuses what it cannot read rather than guessing another number', () => {
    for (const text of [
      '',
      '   ',
      'abc',
      '12,5,0',
      '1.250,50',
      '1,250.50',
      '45 7601',
      '12 50',
      '1e3',
      '12€',
      '--1',
      '-',
      ',',
      '0x10',
      'Infinity',
    ])
      expect(parseDecimal(text), text).toBeNaN();
  });
});

describe('formatDecimal', () => {
  it('writes French style, with the decimals asked', () => {
    expect(formatDecimal(12.5)).toBe('12,5');
    expect(formatDecimal(12.5, { minimumFractionDigits: 2 })).toBe('12,50');
    expect(formatDecimal(45.7601)).toBe('45,7601');
    expect(formatDecimal(1250, { minimumFractionDigits: 2 })).toBe('1250,00');
  });

  it('writes a minus that can be typed again', () => {
    expect(formatDecimal(-1.55)).toBe('-1,55');
    expect(parseDecimal(formatDecimal(-1.55))).toBe(-1.55);
  });

  it('keeps six decimals of a coordinate by default', () => {
    expect(formatDecimal(4.0333331)).toBe('4,033333');
  });
});

import { describe, expect, it } from 'vitest';
import { normalizeTime } from './time-field';

describe('24-hour time fields', () => {
  it('reads the ways people write a time in French', () => {
    expect(normalizeTime('12')).toBe('12:00');
    expect(normalizeTime('9h')).toBe('09:00');
    expect(normalizeTime('12h30')).toBe('12:30');
    expect(normalizeTime('12 h 30')).toBe('12:30');
    expect(normalizeTime('1230')).toBe('12:30');
    expect(normalizeTime('19:00')).toBe('19:00');
    expect(normalizeTime('24h')).toBe('00:00');
  });

  it('leaves what is not a time for the schema to report', () => {
    expect(normalizeTime('midi')).toBe('midi');
    expect(normalizeTime('25:00')).toBe('25:00');
    expect(normalizeTime('12:75')).toBe('12:75');
  });
});

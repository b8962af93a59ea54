import { describe, expect, it } from 'vitest';
import { passwordStrength } from './password-strength';

describe('password strength hint', () => {
  it('grows with length and variety', () => {
    expect(passwordStrength('court').score).toBe(0);
    expect(passwordStrength('aaaaaaaaaaaa').score).toBe(1);
    expect(passwordStrength('motdepasse').label).toBe('Faible');
    expect(passwordStrength('Marmite-2026!').score).toBeGreaterThanOrEqual(3);
    expect(passwordStrength('La Marmite de Léa, 2026 !').label).toBe('Excellent');
  });
});

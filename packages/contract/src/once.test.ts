import { describe, expect, it, vi } from 'vitest';
import { once } from './once';

describe('once', () => {
  it('builds nothing until asked, then the same value every time, even a falsy one', () => {
    const make = vi.fn(() => 0);
    const zero = once(make);
    expect(make).not.toHaveBeenCalled();
    expect([zero(), zero(), zero()]).toEqual([0, 0, 0]);
    expect(make).toHaveBeenCalledTimes(1);
    const format = once(() => new Intl.NumberFormat('fr-FR'));
    expect(format()).toBe(format());
  });
});

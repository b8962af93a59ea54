import { describe, expect, it } from 'vitest';
import { codeSentAtKey, recordCodeSentAt, rememberedCodeSentAt } from './code-sent-at';

function memoryStorage(): Storage {
  const values = new Map<string, string>();
  return {
    get length() {
      return values.size;
    },
    clear: () => values.clear(),
    getItem: (key) => values.get(key) ?? null,
    key: (index) => [...values.keys()][index] ?? null,
    removeItem: (key) => void values.delete(key),
    setItem: (key, value) => void values.set(key, value),
  };
}

describe('the time the confirmation code was sent', () => {
  const key = codeSentAtKey('tablesVoisines', 'b7d1c7e4-0000-4000-8000-000000000001');

  it('is kept per owner under the site’s prefix', () => {
    expect(key).toBe('tablesVoisines.confirmationCodeSentAt.b7d1c7e4-0000-4000-8000-000000000001');
  });

  it('is the first showing when nothing was recorded, then stays that time after a reload', () => {
    const storage = memoryStorage();
    expect(rememberedCodeSentAt(storage, key, 1_000)).toBe(1_000);
    expect(rememberedCodeSentAt(storage, key, 40_000)).toBe(1_000);
  });

  it('moves to the last code sent', () => {
    const storage = memoryStorage();
    rememberedCodeSentAt(storage, key, 1_000);
    recordCodeSentAt(storage, key, 70_000);
    expect(rememberedCodeSentAt(storage, key, 80_000)).toBe(70_000);
  });

  it('ignores a time to come or a value that is not a time', () => {
    const storage = memoryStorage();
    storage.setItem(key, '999999');
    expect(rememberedCodeSentAt(storage, key, 5_000)).toBe(5_000);
    storage.setItem(key, 'hier');
    expect(rememberedCodeSentAt(storage, key, 6_000)).toBe(6_000);
    expect(storage.getItem(key)).toBe('6000');
  });

  it('counts from now when storage is refused', () => {
    const refusing = {
      ...memoryStorage(),
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    } as Storage;
    expect(rememberedCodeSentAt(refusing, key, 7_000)).toBe(7_000);
    expect(() => recordCodeSentAt(refusing, key, 8_000)).not.toThrow();
    expect(rememberedCodeSentAt(null, key, 9_000)).toBe(9_000);
  });
});

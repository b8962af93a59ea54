import { afterEach, beforeEach, expect, vi } from 'vitest';

// An error printed during a test is a bug the assertions missed (Epic Stack habit).
beforeEach(() => {
  vi.spyOn(console, 'error');
});

afterEach(() => {
  const calls = vi.mocked(console.error).mock.calls;
  vi.mocked(console.error).mockRestore();
  expect(calls, 'console.error was called during the test').toEqual([]);
});

import { describe, expect, it } from 'vitest';
import { hasPermission, togglePermission } from './permission-matrix';

describe('permission matrix', () => {
  it('adds and removes exact pairs', () => {
    const start = [{ action: 'read' as const, subject: 'establishment' as const }];
    const added = togglePermission(start, 'export', 'establishment');
    expect(added).toEqual([
      { action: 'read', subject: 'establishment' },
      { action: 'export', subject: 'establishment' },
    ]);
    expect(hasPermission(added, 'export', 'establishment')).toBe(true);
    expect(hasPermission(added, 'export', 'admin')).toBe(false);
    expect(togglePermission(added, 'read', 'establishment')).toEqual([
      { action: 'export', subject: 'establishment' },
    ]);
  });

  it('shows `manage all` as its own box only', () => {
    const all = [{ action: 'manage' as const, subject: 'all' as const }];
    expect(hasPermission(all, 'manage', 'all')).toBe(true);
    expect(hasPermission(all, 'read', 'establishment')).toBe(false);
  });
});

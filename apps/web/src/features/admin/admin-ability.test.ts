import { describe, expect, it } from 'vitest';
import { adminAbility, canAccessResource, visibleResources } from './admin-ability';

const id = '00000000-0000-4000-8000-000000000001';
// The back office's resources, in menu order (spelled here: the test fails if the code's list changes).
const EVERY_RESOURCE =
  'establishments restaurant-owners admins groups categories menu-boards reports access-requests contact-messages'.split(
    ' ',
  );

describe('admin permissions → menus and buttons', () => {
  it('shows every resource and button to `manage all`', () => {
    const ability = adminAbility({ id, permissions: [{ action: 'manage', subject: 'all' }] });
    expect(visibleResources(ability)).toEqual(EVERY_RESOURCE);
    for (const action of ['list', 'show', 'edit', 'create', 'delete', 'export', 'share', 'disable'])
      expect(canAccessResource(ability, 'establishments', action)).toBe(true);
  });

  it('limits a reader of establishments to their list and pages', () => {
    const ability = adminAbility({
      id,
      permissions: [
        { action: 'read', subject: 'establishment' },
        { action: 'export', subject: 'establishment' },
        { action: 'manage', subject: 'menu-board' },
      ],
    });
    expect(visibleResources(ability)).toEqual([
      'establishments',
      'menu-boards',
      'reports',
      'contact-messages',
    ]);
    // Reports and « Nous contacter »'s messages follow the establishments' permissions: listed, not
    // handled, by a reader; access requests the owners' (decision 0071).
    expect(canAccessResource(ability, 'contact-messages', 'edit')).toBe(false);
    expect(canAccessResource(ability, 'access-requests', 'list')).toBe(false);
    expect(canAccessResource(ability, 'reports', 'list')).toBe(true);
    expect(canAccessResource(ability, 'reports', 'edit')).toBe(false);
    expect(canAccessResource(ability, 'establishments', 'list')).toBe(true);
    expect(canAccessResource(ability, 'establishments', 'export')).toBe(true);
    expect(canAccessResource(ability, 'establishments', 'edit')).toBe(false);
    expect(canAccessResource(ability, 'establishments', 'create')).toBe(false);
    expect(canAccessResource(ability, 'establishments', 'delete')).toBe(false);
    expect(canAccessResource(ability, 'establishments', 'disable')).toBe(false);
    expect(canAccessResource(ability, 'menu-boards', 'delete')).toBe(true);
    expect(canAccessResource(ability, 'admins', 'list')).toBe(false);
  });

  it('reads `user` as `restaurant-owner`, `all` as every subject', () => {
    const ability = adminAbility({
      id,
      permissions: [
        { action: 'read', subject: 'user' as never },
        { action: 'export', subject: 'all' },
      ],
    });
    expect(visibleResources(ability)).toEqual(['restaurant-owners', 'access-requests']);
    expect(canAccessResource(ability, 'groups', 'export')).toBe(true);
  });

  it('refuses unknown resources and actions, allows the dashboard, nothing when signed out', () => {
    const ability = adminAbility({ id, permissions: [{ action: 'manage', subject: 'all' }] });
    expect(canAccessResource(ability, 'secrets', 'list')).toBe(false);
    expect(canAccessResource(ability, 'establishments', 'launch')).toBe(false);
    expect(canAccessResource(ability, 'dashboard', 'list')).toBe(true);
    expect(canAccessResource(ability, 'establishments.name', 'edit')).toBe(true);
    expect(visibleResources(adminAbility(null))).toEqual([]);
  });
});

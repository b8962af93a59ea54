import {
  canOnEvery,
  defineAbilityFor,
  type AppAbility,
  type SubjectType,
} from '@tables-voisines/contract/permissions';
import type { Action } from '@tables-voisines/contract/schemas/permission';
import type { Admin } from '@tables-voisines/contract/schemas/account';

/*
 * What an administrator may see and do in `/admin`, from the same ability builder as the server: each
 * react-admin resource is one subject of the permission model, each react-admin action one CASL action.
 */

export const ADMIN_RESOURCES = [
  'establishments',
  'restaurant-owners',
  'admins',
  'groups',
  'categories',
  'menu-boards',
  'reports',
  'access-requests',
  'contact-messages',
] as const;
export type AdminResource = (typeof ADMIN_RESOURCES)[number];

export const RESOURCE_SUBJECTS: Readonly<Record<AdminResource, SubjectType>> = {
  establishments: 'establishment',
  'restaurant-owners': 'restaurant-owner',
  admins: 'admin',
  groups: 'group',
  categories: 'category',
  'menu-boards': 'menu-board',
  // Visitors' reports are read and handled with the establishments' permissions (docs/api.md, "Reports").
  reports: 'establishment',
  // « Demander l’accès » links an owner to a page: the owners' permissions (and, to decide, the
  // establishments' too, checked by the server). « Nous contacter »'s messages go with the reports.
  'access-requests': 'restaurant-owner',
  'contact-messages': 'establishment',
};

/** react-admin's action names (pages and buttons) to the permission model's. */
const RA_ACTIONS: Readonly<Record<string, Action>> = {
  list: 'read',
  show: 'read',
  read: 'read',
  edit: 'update',
  update: 'update',
  create: 'create',
  delete: 'delete',
  export: 'export',
  share: 'share',
  // The "disable" bulk button changes records.
  disable: 'update',
};

export function adminAbility(admin: Pick<Admin, 'id' | 'permissions'> | null): AppAbility {
  return defineAbilityFor(
    admin === null ? null : { role: 'admin', id: admin.id, permissions: admin.permissions },
  );
}

function isAdminResource(resource: string): resource is AdminResource {
  return (ADMIN_RESOURCES as readonly string[]).includes(resource);
}

/**
 * Whether the admin may use a page or button: react-admin's `canAccess({ action, resource })`. Unknown
 * resources and actions are refused. Admin rules never carry conditions, so the check is on every record.
 */
export function canAccessResource(ability: AppAbility, resource: string, action: string): boolean {
  const bare = resource.replace(/\..*$/, '');
  if (!isAdminResource(bare)) return bare === 'dashboard';
  const mapped = RA_ACTIONS[action];
  if (mapped === undefined) return false;
  return canOnEvery(ability, mapped, RESOURCE_SUBJECTS[bare]);
}

/** The menu entries an admin sees, in menu order: one per resource it may read. */
export function visibleResources(ability: AppAbility): AdminResource[] {
  return ADMIN_RESOURCES.filter((resource) => canAccessResource(ability, resource, 'list'));
}

import type { Action, Subject } from '@tables-voisines/contract/schemas/permission';

export interface PermissionPair {
  action: Action;
  subject: Subject;
}

/** Whether the exact pair is in the list (what the check box shows; `manage all` does not tick every box). */
export function hasPermission(list: readonly PermissionPair[], action: Action, subject: Subject): boolean {
  return list.some((p) => p.action === action && p.subject === subject);
}

/** The list with the pair added or removed, in a stable order. */
export function togglePermission(
  list: readonly PermissionPair[],
  action: Action,
  subject: Subject,
): PermissionPair[] {
  return hasPermission(list, action, subject)
    ? list.filter((p) => !(p.action === action && p.subject === subject))
    : [...list, { action, subject }];
}

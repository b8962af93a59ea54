import { AbilityBuilder, createMongoAbility, subject as asSubject, type MongoAbility } from '@casl/ability';
import type { Action, Subject } from './schemas/permission';

/*
 * The permission model, shared by the server (one hook checks every route) and the web app (what to show).
 * CASL semantics: `manage` is every action, `all` every subject. Records are checked with
 * `subject('establishment', row)`: a plain object carries no type of its own.
 */

export type SubjectType = Exclude<Subject, 'all'>;

/** The fields the rules look at, per subject. Other fields of a record are ignored. */
export interface SubjectFields {
  establishment: { id: string };
  admin: { id: string };
  'restaurant-owner': { id: string };
  group: { id: string };
  category: { id: string };
  'menu-board': { establishmentId: string };
}

/** A record tagged with its subject type by `subject()`. */
export type SubjectRecord = Record<string, unknown>;

export type AppAbility = MongoAbility<[Action, Subject | SubjectRecord]>;

export interface AdminAbilityAccount {
  role: 'admin';
  id: string;
  /** As stored; `user` is read as `restaurant-owner`. */
  permissions: readonly { action: Action; subject: Subject | 'user' }[];
}

export interface OwnerAbilityAccount {
  role: 'restaurant-owner';
  id: string;
  establishmentId: string | null;
  /**
   * An owner who has not confirmed its e-mail address may read, but not yet change its establishment or
   * publish menu boards. Left out: confirmed.
   */
  confirmed?: boolean;
}

export type AbilityAccount = AdminAbilityAccount | OwnerAbilityAccount;

/** What an owner may change on its own account; `establishment` (relinking by id) is for admins. */
export const OWNER_EDITABLE_ACCOUNT_FIELDS = [
  'email',
  'password',
  'firstName',
  'lastName',
  'phone',
  'establishmentCode',
] as const;

/** What an owner may change on its own establishment: not its page address, owner or visibility. */
export const OWNER_EDITABLE_ESTABLISHMENT_FIELDS = [
  'name',
  'venueType',
  'description',
  'address',
  'location',
  'phone',
  'email',
  'website',
  'openingHours',
  'closures',
  'priceRange',
  'categories',
  'photo',
] as const;

export function normalizeSubject(value: Subject | 'user'): Subject {
  return value === 'user' ? 'restaurant-owner' : value;
}

/** The abilities of an account; `null` (anonymous) may do nothing that needs a permission. */
export function defineAbilityFor(account: AbilityAccount | null): AppAbility {
  const { can, build } = new AbilityBuilder<AppAbility>(createMongoAbility);
  if (account?.role === 'admin') {
    for (const permission of account.permissions)
      can(permission.action, normalizeSubject(permission.subject));
  } else if (account?.role === 'restaurant-owner') {
    can('read', 'restaurant-owner', { id: account.id });
    can('update', 'restaurant-owner', [...OWNER_EDITABLE_ACCOUNT_FIELDS], { id: account.id });
    const establishmentId = account.establishmentId;
    if (establishmentId !== null) {
      can('read', 'establishment', { id: establishmentId });
      if (account.confirmed !== false) {
        can('update', 'establishment', [...OWNER_EDITABLE_ESTABLISHMENT_FIELDS], { id: establishmentId });
        can('manage', 'menu-board', { establishmentId });
      }
    }
  }
  return build();
}

/** Tags a record with its subject type for a check: `ability.can('read', subject('establishment', row))`. */
export function subject<T extends SubjectType>(type: T, record: Partial<SubjectFields[T]> & object) {
  return asSubject(type, { ...record }) as unknown as SubjectRecord;
}

/**
 * Whether the ability allows `action` on every record of the type, whatever its fields (an admin's
 * `read establishment`), as opposed to some records only (an owner's own establishment).
 */
export function canOnEvery(ability: AppAbility, action: Action, type: SubjectType): boolean {
  const rules = ability.rulesFor(action, type);
  if (rules.some((rule) => rule.inverted)) return false;
  return rules.some((rule) => rule.conditions === undefined && rule.fields === undefined);
}

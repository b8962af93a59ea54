import type { AbilityAccount, AppAbility } from '@tables-voisines/contract/permissions';
import type { Permission } from '@tables-voisines/contract/schemas/permission';

/*
 * Who is calling, as the auth plugin (plugins/auth.ts) establishes it and the modules read it: here, below
 * both, so that the modules never import the plugin.
 */

/** `tokenVersion`: the account's current one, which its access tokens carry (`refresh` signs with it). */
export type AuthAccount =
  | { role: 'admin'; id: string; username: string; permissions: Permission[]; tokenVersion: number }
  | {
      role: 'restaurant-owner';
      id: string;
      email: string;
      confirmed: boolean;
      establishmentId: string | null;
      tokenVersion: number;
    };

export interface Auth {
  account: AuthAccount;
  ability: AppAbility;
  /** The bearer token as sent (refresh compares the body with it). */
  token: string;
}

export function abilityAccountOf(account: AuthAccount): AbilityAccount {
  return account.role === 'admin'
    ? { role: 'admin', id: account.id, permissions: account.permissions }
    : {
        role: 'restaurant-owner',
        id: account.id,
        establishmentId: account.establishmentId,
        confirmed: account.confirmed,
      };
}

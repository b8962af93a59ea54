import { useAbility as useCaslAbility } from '@casl/react';
import type { AppAbility } from '@tables-voisines/contract/permissions';

/*
 * The signed-in admin's ability (built by the contract's `defineAbilityFor`, like the server's) given to
 * @casl/react: `<Can I="export" a="establishment">` and `useAbility()` inside `/admin`.
 */
export { AbilityProvider, Can } from '@casl/react';
export const useAbility = (): AppAbility => useCaslAbility<AppAbility>();

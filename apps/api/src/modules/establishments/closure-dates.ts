import { AppError } from '@tables-voisines/contract/errors';
import { closureDateIssues, parisDate, type Closure } from '@tables-voisines/contract/closures';
import type { AppContext } from '../../context';

/**
 * Refuses closures dated where nobody means them (from a year back to two years ahead of today in Paris,
 * by the server's clock), at `closures.<index in the body>.from|to`; those already `stored` are kept as
 * they are. The rule needs today, which a schema does not know: it runs with the write.
 */
export function assertClosureDates(
  ctx: AppContext,
  closures: readonly Closure[] | undefined,
  stored: readonly Closure[] = [],
): void {
  if (closures === undefined) return;
  const issues = closureDateIssues(closures, parisDate(ctx.clock()), stored);
  if (issues.length > 0) {
    throw new AppError('ValidationError', 'Certaines fermetures sont datées hors des limites.', issues);
  }
}

import type { EstablishmentHistoryEntry } from '@tables-voisines/contract/schemas/establishment';

/** What the back office says after a share that published nothing (no Facebook page configured). */
export const DRY_RUN_MESSAGE =
  'Essai : rien n’a été publié sur Facebook (aucune page Facebook n’est configurée).';

/**
 * Whether the latest share of the photo was only a trial: without a Facebook page configured the server
 * marks the photo as shared and records `facebookPost: "dry-run"`, and nothing is on Facebook. `false`
 * when the latest share published something, or when there is none.
 */
export function lastShareWasDryRun(history: readonly EstablishmentHistoryEntry[] | undefined): boolean {
  const share = history?.find((entry) => entry.action === 'share');
  return share?.changes.some((change) => change.field === 'facebookPost' && change.to === 'dry-run') ?? false;
}

import type { Write } from '../../writes/write';
import type { Actor, FieldChange, HistoryAction } from '../history/history';

/**
 * One history entry of an establishment about itself (its subject and its establishment), in the write; its
 * actor is the write's unless given.
 */
export async function recordEstablishmentChange(
  w: Write,
  id: string,
  action: HistoryAction,
  changes: FieldChange[],
  actor?: Actor,
): Promise<void> {
  await w.record({
    subjectType: 'establishment',
    subjectId: id,
    establishmentId: id,
    action,
    changes,
    actor,
  });
}

import { notifyOwnersOfTeamChanges } from './modules/establishments/owner-notifications';
import type { WriteConsumer } from './writes/write';

/**
 * What every write's history entries go through, in the write's transaction: the owners told of the team's
 * changes to their page and board. The app, the command-line tools and the tests' apps all give this list.
 */
export const WRITE_CONSUMERS: readonly WriteConsumer[] = [notifyOwnersOfTeamChanges];

import { notifyOwnersOfTeamChanges } from './modules/establishments/owner-notifications';
import { announceBoardsToFollowers } from './modules/follows/announcements';
import type { WriteConsumer } from './writes/write';

/**
 * What every write's history entries go through, in the write's transaction: the owners told of the team's
 * changes to their page and board; the followers of a place told of its board of the day (a job on the
 * queue). The app, the command-line tools and the tests' apps all give this list.
 */
export const WRITE_CONSUMERS: readonly WriteConsumer[] = [
  notifyOwnersOfTeamChanges,
  announceBoardsToFollowers,
];

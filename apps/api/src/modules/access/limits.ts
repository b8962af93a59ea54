import type { AppContext } from '../../context';

const HOUR_MS = 3_600_000;
/**
 * Mails to the team (`CONTACT_EMAIL`) an hour, whoever sends: past it, messages and requests are still
 * stored and listed in the back office, but not mailed (many addresses cannot flood the team's mailbox).
 */
export const TEAM_MAILS_PER_HOUR = 60;

/** Seconds to wait when `key` went past `max` in `windowMs`; `null` when it may go on. */
export function limitByKey(
  ctx: Pick<AppContext, 'rateLimiter'>,
  bucket: 'access-request' | 'contact',
  key: string,
  max: number,
  windowMs: number,
): Promise<number | null> {
  return ctx.rateLimiter.checkAddress(bucket, key, max, windowMs);
}

/** Whether one more mail may go to the team this hour. */
export async function mayMailTeam(ctx: Pick<AppContext, 'rateLimiter'>): Promise<boolean> {
  return (await ctx.rateLimiter.checkAddress('team-mail', 'all', TEAM_MAILS_PER_HOUR, HOUR_MS)) === null;
}

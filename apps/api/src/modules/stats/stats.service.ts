import { createHmac } from 'node:crypto';
import { isbot } from 'isbot';
import { AppError } from '@tables-voisines/contract/errors';
import { addDays, parisDay } from '@tables-voisines/contract/paris-time';
import {
  STAT_COUNT_KEYS,
  STATS_DEFAULT_DAYS,
  STATS_MAX_DAYS,
  type CreateEventBody,
  type EstablishmentStats,
  type StatCounts,
  type StatsQuery,
  type TopEstablishments,
  type TopEstablishmentsQuery,
} from '@tables-voisines/contract/schemas/stats';
import type { AppContext } from '../../context';
import { establishmentExists, findDailyCounts, findMostViewed } from './stats.queries';

const HOUR_MS = 3_600_000;

/** What the request tells of its sender, used for the moment of the call and never kept. */
export interface EventSender {
  address: string;
  userAgent: string | undefined;
}

/**
 * `POST /api/events`: counts one event of a visitor on a place's page (decision 0087). Robots (by their
 * user agent, `isbot`; a request without one too) are answered 204 and counted nowhere. More than
 * `RATE_LIMIT_EVENTS` events of one type on one place from one address in an hour are answered 204 too and
 * not counted: a page reloaded in a loop does not inflate a place's figures, and the sender is told nothing.
 * The limiter's key is a keyed hash of the address, the place and the type: no address is kept, even there.
 */
export async function countEvent(ctx: AppContext, body: CreateEventBody, sender: EventSender): Promise<void> {
  if (sender.userAgent === undefined || sender.userAgent.trim() === '' || isbot(sender.userAgent)) return;
  if (!(await ctx.stats.places.counted(body.establishment))) {
    throw new AppError('NotFound', 'Cet établissement n’existe pas ou n’est plus visible.');
  }
  const key = createHmac('sha256', ctx.config.jwtSecret ?? '')
    .update(`${sender.address}|${body.establishment}|${body.type}`)
    .digest('base64url')
    .slice(0, 22);
  const limited = await ctx.rateLimiter.checkAddress('event', key, ctx.config.stats.rateLimitEvents, HOUR_MS);
  if (limited !== null) return;
  ctx.stats.counts.add(body.establishment, parisDay(ctx.clock()), body.type, body.source);
}

const zeros = (): StatCounts => ({ view: 0, phone: 0, directions: 0, website: 0, share: 0, qr: 0 });

/** Days from `from` to `to`, both included. */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

const FIRST_DAY = '0001-01-01';
const LAST_DAY = '9999-12-31';

/**
 * The range asked, or its default: the last 30 Paris days, today included; a range given on one side only
 * covers 30 days from that side, within the dates the contract takes (years 1 to 9999).
 */
function rangeOf(query: StatsQuery, today: string): { from: string; to: string } {
  const span = STATS_DEFAULT_DAYS - 1;
  const to =
    query.to ??
    (query.from === undefined
      ? today
      : daysBetween(query.from, LAST_DAY) > span
        ? addDays(query.from, span)
        : LAST_DAY);
  const from = query.from ?? (daysBetween(FIRST_DAY, to) > span ? addDays(to, -span) : FIRST_DAY);
  if (from > to) {
    throw new AppError('ValidationError', 'La date de début doit précéder la date de fin.', [
      { path: 'from', message: 'La date de début doit précéder la date de fin.' },
    ]);
  }
  if (daysBetween(from, to) > STATS_MAX_DAYS) {
    const message = `Une période de ${STATS_MAX_DAYS} jours au plus est attendue.`;
    throw new AppError('ValidationError', message, [{ path: 'to', message }]);
  }
  return { from, to };
}

/**
 * `GET /api/establishment/{id}/stats`: one entry per day of the range, zeros included, and the totals; what
 * the replicas counted and have not flushed yet is not there (at most `STATS_FLUSH_SECONDS` behind).
 */
export async function getEstablishmentStats(
  ctx: AppContext,
  establishmentId: string,
  query: StatsQuery,
): Promise<EstablishmentStats> {
  const { from, to } = rangeOf(query, parisDay(ctx.clock()));
  if (!(await establishmentExists(ctx.db, establishmentId))) {
    throw new AppError('NotFound', 'Cet établissement n’existe pas.');
  }
  const byDay = new Map<string, StatCounts>();
  // By count, not by comparing strings: the day after 9999-12-31 would not sort after it.
  for (let i = 0; i < daysBetween(from, to); i += 1) byDay.set(addDays(from, i), zeros());
  const totals = zeros();
  for (const row of await findDailyCounts(ctx.db, establishmentId, from, to)) {
    const counts = byDay.get(row.day);
    const key = row.type as keyof StatCounts;
    if (counts === undefined || !STAT_COUNT_KEYS.includes(key)) continue;
    counts[key] += row.count;
    totals[key] += row.count;
    if (key === 'view' && row.qr) {
      counts.qr += row.count;
      totals.qr += row.count;
    }
  }
  return { from, to, totals, days: [...byDay].map(([date, counts]) => ({ date, ...counts })) };
}

/** `GET /api/stats/top`: the most viewed establishments of a Paris month (the current one by default). */
export async function getTopEstablishments(
  ctx: AppContext,
  query: TopEstablishmentsQuery,
): Promise<TopEstablishments> {
  const month = query.month ?? parisDay(ctx.clock()).slice(0, 7);
  // Day 0 of the next month is this month's last (setUTCFullYear, unlike Date.UTC, takes years below 100).
  const last = new Date(0);
  last.setUTCFullYear(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0);
  const from = `${month}-01`;
  const to = `${month}-${String(last.getUTCDate()).padStart(2, '0')}`;
  return { month, establishments: await findMostViewed(ctx.db, from, to, query.limit) };
}

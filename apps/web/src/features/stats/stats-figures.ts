import { addDays } from '@tables-voisines/contract/paris-time';
import { formatFrenchDay } from '../../lib/format';
import type {
  EstablishmentStats,
  StatCountKey,
  StatCounts,
  StatDay,
} from '@tables-voisines/contract/schemas/stats';

/*
 * The figures of « Statistiques » (issue 53), the owner's and the back office's: a period of 7, 30 or 90
 * Paris days ending today, read with the period before it in one call, so that each total says how it moved.
 */

export const STAT_PERIODS = [7, 30, 90] as const;
export type StatPeriod = (typeof STAT_PERIODS)[number];

/** What each count is called, in the order the screens show them. */
export const STAT_LABELS: readonly { key: StatCountKey; label: string }[] = [
  { key: 'view', label: 'Vues' },
  { key: 'phone', label: 'Appels' },
  { key: 'directions', label: 'Itinéraires' },
  { key: 'website', label: 'Site web' },
  { key: 'share', label: 'Partages' },
  { key: 'qr', label: 'Scans du QR code' },
];

/** The call's range: the period ending `today` and the one before it, `2 × days` Paris days in all. */
export function statsRange(today: string, days: StatPeriod): { from: string; to: string } {
  return { from: addDays(today, -(2 * days - 1)), to: today };
}

const ZERO: StatCounts = { view: 0, phone: 0, directions: 0, website: 0, share: 0, qr: 0 };

function sum(days: readonly StatDay[]): StatCounts {
  const totals = { ...ZERO };
  for (const day of days) for (const { key } of STAT_LABELS) totals[key] += day[key];
  return totals;
}

export interface PeriodFigures {
  /** The days of the period, oldest first. */
  days: StatDay[];
  totals: StatCounts;
  previous: StatCounts;
}

/** The period's days and totals, and the previous period's totals, from what `statsRange` read. */
export function periodFigures(stats: EstablishmentStats, days: StatPeriod): PeriodFigures {
  const current = stats.days.slice(-days);
  return { days: current, totals: sum(current), previous: sum(stats.days.slice(0, -days)) };
}

/** Whether nothing at all was counted in these totals. */
export function isEmpty(totals: StatCounts): boolean {
  return STAT_LABELS.every(({ key }) => totals[key] === 0);
}

/**
 * How a total moved against the period before, in words: « +12 % par rapport aux 30 jours précédents »,
 * « stable » (less than half a percent either way, or nothing both times), « nouveau » (nothing before).
 */
export function changeText(current: number, previous: number, days: StatPeriod): string {
  if (previous === 0) return current === 0 ? 'stable' : 'nouveau';
  const percent = Math.round(((current - previous) / previous) * 100);
  if (percent === 0) return 'stable';
  return `${percent > 0 ? '+' : '−'}${Math.abs(percent).toLocaleString('fr-FR')}\u202f% par rapport aux ${days} jours précédents`;
}

const DAY_FORMAT = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** A Paris day as the chart's axis says it: « 2 déc. », « 1er déc. ». */
export function shortDay(date: string): string {
  return DAY_FORMAT.format(new Date(`${date}T00:00:00Z`)).replace(/^1 /u, '1er ');
}

/** A Paris day as the table says it: « mercredi 2 décembre », « mardi 1er décembre ». */
export function longDay(date: string): string {
  return formatFrenchDay(date);
}

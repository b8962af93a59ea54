import type { OpeningHoursEntry } from '@tables-voisines/contract/opening-hours';

/*
 * The opening hours editor's rules: a time typed the French way ("9h", "9 h 30", "21:00", "0930") read as
 * the contract's 24-hour "HH:MM", and the week shown day by day.
 */

const TIME_FORMS = [
  // 9h, 9 h 30, 21h05, 9:30, 09:30, 9.30
  /^(\d{1,2})\s*(?:h|:|\.)\s*(\d{2})?\s*$/i,
  // 930, 0930, 2100
  /^(\d{1,2})(\d{2})$/,
  // 9, 21
  /^(\d{1,2})$/,
];

/** "HH:MM" for a time typed in any of the usual French forms, `null` when it is not a time of day. */
export function parseFrenchTime(text: string): string | null {
  const trimmed = text.trim();
  for (const form of TIME_FORMS) {
    const match = form.exec(trimmed);
    if (match === null) continue;
    const hours = Number(match[1]);
    const minutes = match[2] === undefined ? 0 : Number(match[2]);
    // 24h is midnight at the end of the day, written 00:00 by the contract.
    if (hours === 24 && minutes === 0) return '00:00';
    if (hours > 23 || minutes > 59) return null;
    return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
  }
  return null;
}

export interface DayHours {
  /** Monday = 1 ... Sunday = 7. */
  day: number;
  ranges: { opens: string; closes: string }[];
}

/** The seven days in order, each with its ranges sorted by opening time. */
export function hoursByDay(hours: readonly OpeningHoursEntry[] | null | undefined): DayHours[] {
  return [1, 2, 3, 4, 5, 6, 7].map((day) => ({
    day,
    ranges: (hours ?? [])
      .filter((entry) => entry.day === day)
      .map(({ opens, closes }) => ({ opens, closes }))
      .sort((a, b) => a.opens.localeCompare(b.opens)),
  }));
}

/**
 * For each day (Monday first), the index in `hours` of each range in the order `hoursByDay` shows them:
 * errors name a range by its index in the list the form holds.
 */
export function rangeIndexesByDay(hours: readonly OpeningHoursEntry[] | null | undefined): number[][] {
  const indexed = (hours ?? []).map((entry, index) => ({ entry, index }));
  return [1, 2, 3, 4, 5, 6, 7].map((day) =>
    indexed
      .filter(({ entry }) => entry.day === day)
      .sort((a, b) => a.entry.opens.localeCompare(b.entry.opens))
      .map(({ index }) => index),
  );
}

/** Back to the contract's flat list. */
export function flattenHours(days: readonly DayHours[]): OpeningHoursEntry[] {
  return days.flatMap(({ day, ranges }) => ranges.map(({ opens, closes }) => ({ day, opens, closes })));
}

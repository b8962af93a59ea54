import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database';
import type { Database } from '../db/client';
import { parisMidnight } from '@tables-voisines/contract/paris-time';

/*
 * When a Paris day starts, for every day a client may send (0001-01-01 to 9999-12-31), checked against the
 * database's own reading of the same time zone database (`timestamp at time zone 'Europe/Paris'`), which
 * shares no code with ours.
 */

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

/** Days where Paris changed its clocks or its time zone, and the days around them. */
const CHANGES = [
  '1891-03-15', // Paris mean time, 9 min 21 s ahead of UTC, since ever
  '1911-03-11', // to UTC (WET)
  '1916-06-14', // the first summer time
  '1916-10-01',
  '1940-02-24', // the day the 500 was seen: UTC, the last day before summer time
  '1940-02-25',
  '1940-06-14', // German time: clocks jump from 23:00 to midnight
  '1940-06-15',
  '1942-11-02',
  '1944-08-25',
  '1945-04-02', // double summer time
  '1945-09-16',
  '1976-03-28', // summer time again
  '1976-09-26', // back to winter time at 1:00: see below
  '2026-03-29',
  '2026-10-25',
];

const TWO_MIDNIGHTS = '1976-09-26';

function around(day: string): string[] {
  const base = new Date(`${day}T12:00:00Z`).getTime();
  return [-1, 0, 1].map((d) => new Date(base + d * 86_400_000).toISOString().slice(0, 10));
}

/** Every 397th day from 0001-01-01 to 9999-12-31 (each day of the year in turn), and the last day. */
function acrossTheRange(): string[] {
  const days: string[] = [];
  const start = new Date(0);
  start.setUTCFullYear(1, 0, 1);
  for (let t = start.getTime(); ; t += 397 * 86_400_000) {
    const date = new Date(t);
    if (date.getUTCFullYear() > 9999) break;
    days.push(`${String(date.getUTCFullYear()).padStart(4, '0')}-${date.toISOString().slice(-19, -14)}`);
  }
  return [...days, '9999-12-31'];
}

async function databaseMidnights(days: readonly string[]): Promise<Map<string, number>> {
  const rows = (
    (await database.db.execute(
      sql`select d as day, extract(epoch from (d::date::timestamp at time zone 'Europe/Paris'))::float8 as epoch
          from unnest(${`{${days.join(',')}}`}::text[]) as d`,
    )) as unknown as { rows: { day: string; epoch: number }[] }
  ).rows;
  return new Map(rows.map((r) => [r.day, Number(r.epoch) * 1000]));
}

describe('parisMidnight', () => {
  it('gives the start of the day in Paris today, in summer and in winter', () => {
    expect(parisMidnight('2026-07-15').toISOString()).toBe('2026-07-14T22:00:00.000Z');
    expect(parisMidnight('2026-01-15').toISOString()).toBe('2026-01-14T23:00:00.000Z');
  });

  it('gives the start of days before 1940, when Paris had other offsets (no 500 « No midnight »)', () => {
    expect(parisMidnight('1940-02-24').toISOString()).toBe('1940-02-24T00:00:00.000Z');
    expect(parisMidnight('1900-01-01').toISOString()).toBe('1899-12-31T23:50:39.000Z');
    expect(parisMidnight('0001-01-01').toISOString()).toBe('0000-12-31T23:50:39.000Z');
    expect(parisMidnight('9999-12-31').toISOString()).toBe('9999-12-30T23:00:00.000Z');
  });

  it('takes the first of two midnights, when clocks went back from 1:00 to midnight', () => {
    // 26 September 1976: summer time ended at 1:00, and the day's first hour was lived twice; the database
    // reads such a local time as the later one, so this day is checked here rather than against it.
    expect(parisMidnight(TWO_MIDNIGHTS).toISOString()).toBe('1976-09-25T22:00:00.000Z');
  });

  it('agrees with the database on every change of Paris time and across years 1 to 9999', async () => {
    const days = [...new Set([...CHANGES.flatMap(around), ...acrossTheRange()])].filter(
      (day) => day !== TWO_MIDNIGHTS,
    );
    const expected = await databaseMidnights(days);
    expect(expected.size).toBe(days.length);
    const disagreements = days.filter((day) => parisMidnight(day).getTime() !== expected.get(day));
    expect(disagreements.map((day) => `${day}: ${parisMidnight(day).toISOString()}`)).toEqual([]);
  });
});

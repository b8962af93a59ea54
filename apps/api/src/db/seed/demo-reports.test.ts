import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/database';
import type { Database } from '../client';
import { establishments, reports } from '../schema';
import { generateDemoData } from './demo-data';
import { generateDemoReports } from './demo-reports';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase('demo');
});
afterAll(() => database.close());

it('gives the back office a few open reports on visible demo places, the same on every run', async () => {
  const rows = await database.db
    .select({ reason: reports.reason, status: reports.status, disabled: establishments.disabled })
    .from(reports)
    .innerJoin(establishments, eq(establishments.id, reports.establishmentId));
  expect(rows).toHaveLength(3);
  expect(rows.every((row) => row.status === 'open' && !row.disabled)).toBe(true);
  expect(rows.map((row) => row.reason).sort()).toEqual(['contact', 'hours', 'menu']);

  const data = generateDemoData({ establishments: 60 });
  expect(generateDemoReports(data, '2026-08-15')).toEqual(generateDemoReports(data, '2026-08-15'));
  expect(generateDemoReports(data, '2026-08-15')[0]!.createdAt).toEqual(new Date('2026-08-14T09:30:00Z'));
});

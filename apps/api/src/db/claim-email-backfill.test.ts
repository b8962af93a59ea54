import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { blankDatabase, migrateBefore } from '../../test/database';
import { migrateDatabase } from './migrate';

/*
 * Migration 0012 (issue 48, point 3, decision 0070): the address a claim code may go to is the page's e-mail as
 * it was before its owners first changed it, read from the history; a page no owner changed keeps its own.
 */
describe('migration 0012’s claim address', () => {
  it('is the e-mail before an owner’s first change of it, else the page’s e-mail', async () => {
    const database = await blankDatabase();
    try {
      await migrateBefore(database, '0012_owners_and_the_team');
      const place = (n: number, email: string | null) => sql`
        insert into establishments (id, uri, kind, name, venue_type, town, latitude, longitude, claim_code,
                                    search_text, email)
        values (${`00000000-0000-4000-8000-00000000000${n}`}, ${`page-${n}`}, 'restaurant', ${`Page ${n}`},
                'restaurant', 'Lyon', 45.76, 4.83, ${`CODE000${n}`}, ${`page ${n} lyon`}, ${email})`;
      const change = (n: number, role: string, from: string | null, to: string, at: string) => sql`
        insert into change_history (id, subject_type, subject_id, action, actor_role, changes, at)
        values (gen_random_uuid(), 'establishment', ${`00000000-0000-4000-8000-00000000000${n}`}, 'update',
                ${role}, ${JSON.stringify([{ field: 'email', from, to }])}::jsonb, ${at}::timestamptz)`;
      // 1: an owner put its own address, then another: the team's address before the first change.
      await database.db.execute(place(1, 'patron@exemple.fr'));
      await database.db.execute(
        change(1, 'restaurant-owner', 'contact@bouchon.fr', 'moi@exemple.fr', '2026-10-01T10:00:00Z'),
      );
      await database.db.execute(
        change(1, 'restaurant-owner', 'moi@exemple.fr', 'patron@exemple.fr', '2026-11-01T10:00:00Z'),
      );
      // 2: only the team changed it: the page's e-mail as it is.
      await database.db.execute(place(2, 'nouveau@zinc.fr'));
      await database.db.execute(
        change(2, 'admin', 'ancien@zinc.fr', 'nouveau@zinc.fr', '2026-10-01T10:00:00Z'),
      );
      // 3: an owner added an address to a page that had none: none, the team sends the code itself.
      await database.db.execute(place(3, 'moi@exemple.fr'));
      await database.db.execute(
        change(3, 'restaurant-owner', null, 'moi@exemple.fr', '2026-10-01T10:00:00Z'),
      );
      await migrateDatabase(database);
      const rows = (await database.db.execute(
        sql`select uri, claim_email as "claimEmail" from establishments order by uri`,
      )) as unknown as { rows: { uri: string; claimEmail: string | null }[] };
      expect(rows.rows).toEqual([
        { uri: 'page-1', claimEmail: 'contact@bouchon.fr' },
        { uri: 'page-2', claimEmail: 'nouveau@zinc.fr' },
        { uri: 'page-3', claimEmail: null },
      ]);
    } finally {
      await database.close();
    }
  });
});

/*
 * `fold_address` (migration 0013, decision 0074): a page address as a person may type it, folded the same on
 * both engines, stored for every address there is, and looked up through its index.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blankDatabase, createTestDatabase, migrateBefore } from '../../../test/database';
import type { Database } from '../../db/client';
import { migrateDatabase } from '../../db/migrate';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** Both drivers answer `{ rows }`; the union of their clients types it `unknown`. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const fold = async (address: string) =>
  rowsOf<{ f: string }>(await database.db.execute(sql`select fold_address(${address}) as f`))[0]!.f;

describe('fold_address', () => {
  it.each([
    ['le-vésuve-a-cavaillon', 'le-vesuve-a-cavaillon'],
    // Decomposed as some keyboards send it, in capitals.
    ['LE-VE\u0301SUVE-A-CAVAILLON', 'le-vesuve-a-cavaillon'],
    ["l'atelier-(chez-toto)-a-saint-étienne", 'l-atelier-chez-toto-a-saint-etienne'],
    ['l’atelier-«chez-toto»-a-saint-étienne', 'l-atelier-chez-toto-a-saint-etienne'],
    ['Œuf-&-Bœuf,-Straße-a-Łódź', 'oeuf-boeuf-strasse-a-lodz'],
    ['l-æther-a-ørsted', 'l-aether-a-orsted'],
    ['que-faire?-a-caen', 'que-faire-a-caen'],
    ['crêpes—galettes…-a-brest', 'crepes-galettes-a-brest'],
    ['le 14 juillet a paris', 'le-14-juillet-a-paris'],
    ['-le--bistrot--a-lyon-', 'le-bistrot-a-lyon'],
    // Letters of other scripts stay: such a name is not folded into its town alone.
    ['北京-a-paris', '北京-a-paris'],
    ["'’()", ''],
  ])('folds %j to %j', async (address, folded) => {
    expect(await fold(address)).toBe(folded);
  });

  it('answers the same for an address and its fold (it is idempotent)', async () => {
    for (const address of ['l’atelier-(chez-toto)-a-saint-étienne', 'Œuf-a-Łódź', 'que-faire?-a-caen']) {
      expect(await fold(await fold(address))).toBe(await fold(address));
    }
  });

  it('is looked up through its index, not by reading every address', async () => {
    // A table this small may be read whole by choice: forbid that, and the index must serve.
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const forced = await tx.execute(
        sql`explain select establishment_id from establishment_uris where folded_uri = fold_address('le-vesuve-a-cavaillon')`,
      );
      expect(
        rowsOf<Record<string, string>>(forced)
          .map((row) => Object.values(row).join(' '))
          .join('\n'),
      ).toContain('establishment_uris_folded_idx');
    });
  });
});

describe('migration 0013', () => {
  it('folds the addresses already there, current and earlier, and every one written later', async () => {
    const blank = await blankDatabase();
    try {
      await migrateBefore(blank, '0013_folded_addresses');
      const id = randomUUID();
      await blank.db.execute(sql`
        insert into establishments (id, uri, kind, name, venue_type, street, postcode, town, latitude, longitude,
          claim_code, search_text)
        values (${id}, 'le-vésuve-a-cavaillon', 'restaurant', 'Le Vésuve', 'restaurant', '1 rue', '84300',
                'Cavaillon', 43.83, 5.04, 'CODE-V', 'le vesuve cavaillon')`);
      await blank.db.execute(sql`update establishments set uri = 'l''âtre-a-cavaillon' where id = ${id}`);
      await migrateDatabase(blank);
      await blank.db.execute(
        sql`update establishments set uri = 'L’Âtre-(Bis)-a-Cavaillon' where id = ${id}`,
      );
      const rows = await blank.db.execute(
        sql`select uri, folded_uri from establishment_uris order by created_at, uri`,
      );
      expect(
        rowsOf<{ uri: string; folded_uri: string }>(rows)
          .map((r) => [r.uri, r.folded_uri])
          .sort(),
      ).toEqual(
        [
          ['le-vésuve-a-cavaillon', 'le-vesuve-a-cavaillon'],
          ["l'âtre-a-cavaillon", 'l-atre-a-cavaillon'],
          ['L’Âtre-(Bis)-a-Cavaillon', 'l-atre-bis-a-cavaillon'],
        ].sort(),
      );
    } finally {
      await blank.close();
    }
    // Every migration from a blank database: 15 s on a busy machine.
  }, 120_000);
});

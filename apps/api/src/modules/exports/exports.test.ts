import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminAccount, createOwnerAccount, type TestAccount } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';
import { createCategory, createEstablishment } from '../../../test/factories';
import { EXPORT_BATCH } from './exports.queries';
import { neutraliseFormula, parisDateTimeText } from './export-writers';

let t: TestApp;
let admin: TestAccount;
let ownerEmail: string;
const claimCodes: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdminAccount(t, {
    permissions: [
      { action: 'export', subject: 'establishment' },
      { action: 'export', subject: 'restaurant-owner' },
    ],
  });
  const crepes = await createCategory(t.db, 'Crêpes');
  const place = await createEstablishment(t.db, {
    name: 'Crêperie « Ty Breizh »; le vrai goût',
    // Written on several lines in the back office or « Ma page »: one cell all the same.
    description: 'Galettes de blé noir.\nCidre fermier.\n\nFermé le lundi.',
    town: 'Rennes',
    categoryIds: [crepes.id],
    latitude: 48.1173,
    longitude: -1.6778,
  });
  claimCodes.push(place.claimCode);
  ownerEmail = (await createOwnerAccount(t, { establishmentId: place.id, firstName: 'Maël' })).email;
  claimCodes.push((await createEstablishment(t.db, { name: '=HYPERLINK("http://exemple.fr")' })).claimCode);
  // More than one batch, to cross the keyset boundary.
  for (let i = 0; i < EXPORT_BATCH + 5; i += 500) {
    await t.database.db.execute(
      `insert into establishments (id, uri, kind, name, venue_type, town, latitude, longitude, claim_code, search_text)
       select gen_random_uuid(), 'lot-${i}-' || n, 'restaurant', 'Lot ${i} n°' || n, 'bar', 'Brest', 48.39, -4.49,
              'T' || lpad(to_hex(${i} * 1000 + n), 7, '0'), 'lot ${i} ' || n
       from generate_series(1, 500) n` as never,
    );
  }
});
afterAll(() => t.close());

const exportOf = (url: string, headers: Record<string, string> = admin.headers) =>
  t.app.inject({ method: 'POST', url, headers });

/** RFC 4180 with `;`: a quoted cell may hold `;`, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (quoted) {
      cell += c;
    } else if (c === ';') {
      endCell();
    } else if (c === '\n' || (c === '\r' && text[i + 1] === '\n')) {
      // As a spreadsheet reads it: an unquoted line break, CRLF or LF alone, ends the row.
      endCell();
      rows.push(row);
      row = [];
      if (c === '\r') i++;
    } else {
      cell += c;
    }
  }
  if (cell !== '' || row.length > 0) {
    endCell();
    rows.push(row);
  }
  return rows;
}

describe('POST /api/establishments/export', () => {
  it('streams a French CSV: byte-order mark, semicolons, French header, every row, no secret', async () => {
    const response = await exportOf('/api/establishments/export');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="etablissements-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows = parseCsv(response.body.slice(1));
    expect(rows[0]!.slice(0, 4)).toEqual(['Identifiant', 'Nom', 'Type', 'Type d’établissement']);
    expect(rows[0]).toContain('Catégories');
    expect(rows).toHaveLength(1 + 2 + 2500);
    const crepes = rows.find((r) => r[1]!.startsWith('Crêperie'))!;
    expect(crepes[1]).toBe('Crêperie « Ty Breizh »; le vrai goût');
    expect(crepes).toContain('Galettes de blé noir.\nCidre fermier.\n\nFermé le lundi.');
    // Every row has the header's number of cells: no line break cut a row in two.
    expect(rows.every((r) => r.length === rows[0]!.length)).toBe(true);
    expect(crepes).toContain('Crêpes');
    expect(crepes).toContain(ownerEmail);
    expect(crepes).toContain('48,1173');
    // The types as the back office names them, the dates as a clock in Paris shows them.
    expect(crepes.slice(2, 4)).toEqual(['Restaurant', 'Restaurant']);
    expect(crepes.at(-1)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    for (const code of claimCodes) expect(response.body).not.toContain(code);
    expect(rows[0]!.join(' ')).not.toMatch(/code (établissement|de réclamation)|mot de passe/i);
    const formula = rows.find((r) => r[1]!.includes('HYPERLINK'))!;
    expect(formula[1]!.startsWith("'=")).toBe(true);
  });

  it('answers an Excel workbook with ?format=xlsx', async () => {
    const response = await exportOf('/api/establishments/export?format=xlsx');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers['content-disposition']).toMatch(/etablissements-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Établissements')!;
    expect(sheet.getRow(1).getCell(2).value).toBe('Nom');
    expect(sheet.rowCount).toBe(1 + 2 + 2500);
    const values = sheet.getColumn(2).values as unknown[];
    expect(values).toContain('Crêperie « Ty Breizh »; le vrai goût');
    expect(response.rawPayload.toString('latin1')).not.toContain(claimCodes[0]!);
  });

  it('needs the export permission', async () => {
    const reader = await createAdminAccount(t, {
      permissions: [{ action: 'read', subject: 'establishment' }],
    });
    expect((await exportOf('/api/establishments/export', reader.headers)).statusCode).toBe(403);
    expect((await exportOf('/api/establishments/export', {})).statusCode).toBe(401);
    expect((await exportOf('/api/establishments/export?format=pdf')).statusCode).toBe(400);
  });
});

describe('POST /api/restaurant-owners/export and /api/users/export', () => {
  it('exports the owners with their establishment, without password or codes', async () => {
    for (const url of ['/api/restaurant-owners/export', '/api/users/export']) {
      const response = await exportOf(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toMatch(/restaurateurs-\d{4}-\d{2}-\d{2}\.csv"$/);
      const rows = parseCsv(response.body.slice(1));
      expect(rows[0]).toEqual([
        'Identifiant',
        'Adresse e-mail',
        'Prénom',
        'Nom',
        'Téléphone',
        'Adresse confirmée',
        'Établissement',
        'Ville de l’établissement',
        'Identifiant de l’établissement',
        'Créé le (heure de Paris)',
        'Modifié le (heure de Paris)',
      ]);
      const row = rows.find((r) => r[1] === ownerEmail)!;
      expect(row.slice(2, 8)).toEqual([
        'Maël',
        'Martin',
        '',
        'oui',
        'Crêperie « Ty Breizh »; le vrai goût',
        'Rennes',
      ]);
      expect(response.body).not.toContain('argon2');
    }
    const xlsx = await exportOf('/api/users/export?format=xlsx');
    expect(xlsx.statusCode).toBe(200);
  });
});

describe('the cells of an export', () => {
  it('writes an instant as a clock in Paris shows it, summer and winter', () => {
    expect(parisDateTimeText(new Date('2026-11-26T20:32:00Z'))).toBe('2026-11-26 21:32');
    expect(parisDateTimeText(new Date('2026-07-01T22:30:00Z'))).toBe('2026-07-02 00:30');
  });

  it('defuses formulas but keeps phone numbers and negative numbers readable', () => {
    expect(neutraliseFormula('=1+1')).toBe("'=1+1");
    expect(neutraliseFormula('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(neutraliseFormula('+cmd')).toBe("'+cmd");
    expect(neutraliseFormula('+33 1 23 45 67 89')).toBe('+33 1 23 45 67 89');
    expect(neutraliseFormula('-4,5')).toBe('-4,5');
    expect(neutraliseFormula('Chez Jo')).toBe('Chez Jo');
  });
});

import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminAccount, createOwnerAccount, type TestAccount } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';
import { createCategory, createEstablishment, createGroup } from '../../../test/factories';
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
      { action: 'export', subject: 'group' },
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
  // Text a spreadsheet would run as a formula next to numbers that must stay numbers; the instants are
  // summer (UTC+2, across midnight) and winter (UTC+1) in Paris.
  await createEstablishment(t.db, {
    name: '@Chez Jo',
    phone: '+33 6 12 34 56 78',
    latitude: -1.5,
    longitude: -4.25,
    createdAt: new Date('2026-07-01T22:30:00Z'),
    updatedAt: new Date('2026-11-26T20:32:00Z'),
  });
  await createEstablishment(t.db, { name: '-Le Bistrot', phone: "+1+cmd|' /C calc'!A0" });
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
    expect(rows).toHaveLength(1 + 4 + 2500);
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
    expect(sheet.rowCount).toBe(1 + 4 + 2500);
    const values = sheet.getColumn(2).values as unknown[];
    expect(values).toContain('Crêperie « Ty Breizh »; le vrai goût');
    expect(response.rawPayload.toString('latin1')).not.toContain(claimCodes[0]!);
    // Text in a workbook is a value, never a formula: it is written as it is, without an apostrophe.
    expect(values).toContain('=HYPERLINK("http://exemple.fr")');
  });

  it('puts an apostrophe before every CSV text cell a spreadsheet would run, phone numbers included', async () => {
    const rows = parseCsv((await exportOf('/api/establishments/export')).body.slice(1));
    const phone = rows[0]!.indexOf('Téléphone');
    const latitude = rows[0]!.indexOf('Latitude');
    const jo = rows.find((r) => r[1] === "'@Chez Jo")!;
    expect(jo[phone]).toBe("'+33 6 12 34 56 78");
    // Numbers are numbers, not text: a sign in front of them is no formula.
    expect(jo.slice(latitude, latitude + 2)).toEqual(['-1,5', '-4,25']);
    const bistrot = rows.find((r) => r[1] === "'-Le Bistrot")!;
    expect(bistrot[phone]).toBe("'+1+cmd|' /C calc'!A0");
  });

  it('gives the workbook’s dates their time of day in Paris, shown day and time', async () => {
    const response = await exportOf('/api/establishments/export?format=xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Établissements')!;
    const header = sheet.getRow(1).values as unknown[];
    const created = header.indexOf('Créé le (heure de Paris)');
    const updated = header.indexOf('Modifié le (heure de Paris)');
    let jo: ExcelJS.Row | undefined;
    sheet.eachRow((row, n) => {
      if (n === 1) return;
      for (const column of [created, updated]) {
        expect(row.getCell(column).value).toBeInstanceOf(Date);
        expect(row.getCell(column).numFmt).toBe('dd/mm/yyyy hh:mm');
      }
      if (row.getCell(2).value === '@Chez Jo') jo = row;
    });
    // A workbook's date has no time zone: its fields are the clock in Paris, read back as UTC.
    expect(jo!.getCell(created).value).toEqual(new Date('2026-07-02T00:30:00Z'));
    expect(jo!.getCell(updated).value).toEqual(new Date('2026-11-26T21:32:00Z'));
    expect(jo!.getCell(header.indexOf('Latitude')).value).toBe(-1.5);
    expect(jo!.getCell(header.indexOf('Téléphone')).value).toBe('+33 6 12 34 56 78');
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

describe('an export holds what the list shows', () => {
  it('exports the establishments the list’s filters keep, not every one', async () => {
    await createEstablishment(t.db, { name: 'Le Bouchon des Filles', town: 'Villeurbanne' });
    await createEstablishment(t.db, { name: 'Café Comptoir Abel', town: 'Villeurbanne', disabled: true });
    const lyon = parseCsv((await exportOf('/api/establishments/export?town=villeurbanne')).body.slice(1));
    expect(lyon.slice(1).map((r) => r[1])).toEqual(['Café Comptoir Abel', 'Le Bouchon des Filles']);
    // The same filters as the list, together: only the enabled ones of Lyon, a search, an unclaimed page.
    const enabled = parseCsv(
      (await exportOf('/api/establishments/export?town=Villeurbanne&disabled=false&q=bouchon')).body.slice(1),
    );
    expect(enabled.slice(1).map((r) => r[1])).toEqual(['Le Bouchon des Filles']);
    const claimed = parseCsv(
      (await exportOf('/api/establishments/export?restaurantOwner=any')).body.slice(1),
    );
    expect(claimed.slice(1).map((r) => r[1])).toEqual(['Crêperie « Ty Breizh »; le vrai goût']);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(
      (await exportOf('/api/establishments/export?format=xlsx&town=villeurbanne'))
        .rawPayload as unknown as ArrayBuffer,
    );
    expect(workbook.getWorksheet('Établissements')!.rowCount).toBe(3);
    expect((await exportOf('/api/establishments/export?kind=cantine')).statusCode).toBe(400);
  });

  it('exports the owners the list’s filters keep', async () => {
    await createOwnerAccount(t, { firstName: 'Zoé', confirmed: false });
    const unlinked = parseCsv(
      (await exportOf('/api/restaurant-owners/export?establishment=none')).body.slice(1),
    );
    expect(unlinked.slice(1).map((r) => r[2])).toContain('Zoé');
    expect(unlinked.slice(1).map((r) => r[1])).not.toContain(ownerEmail);
    const maël = parseCsv((await exportOf('/api/users/export?q=mael')).body.slice(1));
    expect(maël.slice(1).map((r) => r[1])).toEqual([ownerEmail]);
  });

  it('exports the groups as French CSV and XLSX: BOM, semicolons, French headers, decimal commas', async () => {
    await createGroup(t.db, {
      name: 'Collectif de la Croix-Rousse',
      radiusKm: 2.5,
      latitude: 45.7769,
      longitude: 4.8276,
    });
    await createGroup(t.db, {
      name: 'Les Tables de Nantes',
      radiusKm: 12,
      latitude: 47.2184,
      longitude: -1.5536,
    });
    const response = await exportOf('/api/groups/export?q=croix');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="groupes-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows = parseCsv(response.body.slice(1));
    expect(rows[0]).toEqual([
      'Identifiant',
      'Nom',
      'Rayon (km)',
      'Latitude du centre',
      'Longitude du centre',
      'Créé le (heure de Paris)',
      'Modifié le (heure de Paris)',
    ]);
    expect(rows).toHaveLength(2);
    expect(rows[1]!.slice(1, 5)).toEqual(['Collectif de la Croix-Rousse', '2,5', '45,7769', '4,8276']);
    const all = parseCsv((await exportOf('/api/groups/export')).body.slice(1));
    expect(all.slice(1).map((r) => r[1])).toEqual(['Collectif de la Croix-Rousse', 'Les Tables de Nantes']);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(
      (await exportOf('/api/groups/export?format=xlsx')).rawPayload as unknown as ArrayBuffer,
    );
    const sheet = workbook.getWorksheet('Groupes')!;
    expect(sheet.getRow(1).getCell(3).value).toBe('Rayon (km)');
    expect(sheet.getRow(3).getCell(5).value).toBe(-1.5536);
    const reader = await createAdminAccount(t, { permissions: [{ action: 'read', subject: 'group' }] });
    expect((await exportOf('/api/groups/export', reader.headers)).statusCode).toBe(403);
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
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const row = workbook.getWorksheet('Restaurateurs')!.getRow(2);
    for (const column of [10, 11]) {
      expect(row.getCell(column).value).toBeInstanceOf(Date);
      expect(row.getCell(column).numFmt).toBe('dd/mm/yyyy hh:mm');
    }
  });
});

describe('the cells of an export', () => {
  it('writes an instant as a clock in Paris shows it, summer and winter', () => {
    expect(parisDateTimeText(new Date('2026-11-26T20:32:00Z'))).toBe('2026-11-26 21:32');
    expect(parisDateTimeText(new Date('2026-07-01T22:30:00Z'))).toBe('2026-07-02 00:30');
  });

  it('defuses every text starting with =, +, -, @, a tab or a carriage return', () => {
    expect(neutraliseFormula('=1+1')).toBe("'=1+1");
    expect(neutraliseFormula('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(neutraliseFormula('+cmd')).toBe("'+cmd");
    expect(neutraliseFormula("+1+cmd|' /C calc'!A0")).toBe("'+1+cmd|' /C calc'!A0");
    expect(neutraliseFormula('+33 1 23 45 67 89')).toBe("'+33 1 23 45 67 89");
    expect(neutraliseFormula('-4,5')).toBe("'-4,5");
    expect(neutraliseFormula('\t=1+1')).toBe("'\t=1+1");
    expect(neutraliseFormula('\r=1+1')).toBe("'\r=1+1");
    expect(neutraliseFormula('Chez Jo')).toBe('Chez Jo');
    expect(neutraliseFormula('06 12 34 56 78')).toBe('06 12 34 56 78');
  });
});

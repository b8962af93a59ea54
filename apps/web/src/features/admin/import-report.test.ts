import { describe, expect, it } from 'vitest';
import type { ImportReport } from '@tables-voisines/contract/schemas/establishment-import';
import {
  duplicateTable,
  errorTable,
  importBlockedReason,
  importCounts,
  importResultText,
  parisTime,
  reportSummary,
  tableCutNote,
  undoQuestion,
  undoableUntilText,
  undoneText,
} from './import-report';

const ID = '0b0e7d5c-2f4a-4c1e-9a55-8e2d6c1f0a11';

function report(fields: Partial<ImportReport> = {}): ImportReport {
  return {
    dryRun: true,
    rows: 0,
    created: 0,
    updated: 0,
    unchanged: 0,
    duplicates: [],
    errors: [],
    ...fields,
  };
}

const errors = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ row: i + 2, field: 'Latitude', message: 'Latitude attendue.' }));

describe('the import report, as the screen says it', () => {
  it('counts with French plurals: the singular up to 1', () => {
    expect(
      reportSummary(
        report({
          created: 12,
          updated: 3,
          unchanged: 40,
          duplicates: [
            { row: 5, existing: { id: ID, name: 'A', uri: 'a' }, reason: 'same-source' },
            { row: 6, existing: { id: ID, name: 'B', uri: 'b' }, reason: 'nearby-same-name' },
          ],
          errors: errors(1),
        }),
      ),
    ).toBe('12 à créer, 3 à mettre à jour, 40 inchangés, 2 doublons probables, 1 erreur');
    expect(reportSummary(report({ created: 1, unchanged: 1 }))).toBe(
      '1 à créer, 0 à mettre à jour, 1 inchangé, 0 doublon probable, 0 erreur',
    );
    // Thousands as French writes them (a narrow no-break space).
    expect(reportSummary(report({ created: 12_500, errors: errors(2) }))).toBe(
      '12\u202f500 à créer, 0 à mettre à jour, 0 inchangé, 0 doublon probable, 2 erreurs',
    );
  });

  it('lists errors by row and column, and duplicates with the place and why', () => {
    const table = errorTable(
      report({
        errors: [
          { row: 3, field: 'Code postal', message: 'Code postal à 5 chiffres.' },
          { row: 4, field: '', message: 'Trop de cellules.' },
        ],
      }),
    );
    expect(table).toEqual({
      total: 2,
      rows: [
        { key: '3-0', row: '3', field: 'Code postal', message: 'Code postal à 5 chiffres.' },
        { key: '4-1', row: '4', field: '—', message: 'Trop de cellules.' },
      ],
    });
    expect(tableCutNote(table)).toBeNull();
    const duplicates = duplicateTable(
      report({
        duplicates: [
          { row: 7, existing: { id: ID, name: 'Le Zinc', uri: 'le-zinc-lyon' }, reason: 'nearby-same-name' },
          { row: 9, existing: { id: ID, name: 'Chez Paul', uri: 'chez-paul' }, reason: 'same-source' },
        ],
      }),
    );
    expect(duplicates.rows.map((row) => [row.row, row.id, row.name, row.reason])).toEqual([
      ['7', ID, 'Le Zinc', 'même nom à moins de 100 m'],
      ['9', ID, 'Chez Paul', 'même source'],
    ]);
  });

  it('shows the first 100 rows of a long table and says how many there are', () => {
    const table = errorTable(report({ errors: errors(2345) }));
    expect(table.rows).toHaveLength(100);
    expect(table.total).toBe(2345);
    expect(table.rows[99]!.row).toBe('101');
    expect(tableCutNote(table)).toBe(
      'Les 100 premières lignes sur 2\u202f345 : corrigez-les, puis déposez le fichier à nouveau pour voir les suivantes.',
    );
  });

  it('says why « Importer » is not offered', () => {
    expect(importBlockedReason(report({ created: 3, errors: errors(1) }))).toBe(
      'Corrigez les erreurs du fichier\u00a0: rien ne sera importé tant qu’il en reste.',
    );
    expect(importBlockedReason(report({ unchanged: 4 }))).toBe(
      'Ce fichier ne change rien\u00a0: rien à importer.',
    );
    expect(importBlockedReason(report({ created: 3 }))).toBeNull();
    expect(importBlockedReason(report({ updated: 1 }))).toBeNull();
  });

  it('gives the time an import can be undone until, in Paris', () => {
    // 12:32 UTC is 14:32 in Paris in summer, 13:32 in winter.
    expect(undoableUntilText('2026-07-01T12:32:00.000Z')).toBe('jusqu’à 14\u00a0h\u00a032');
    expect(parisTime('2026-01-15T08:05:00.000Z')).toBe('9\u00a0h\u00a005');
    expect(parisTime('2026-01-15T23:00:00.000Z')).toBe('0\u00a0h\u00a000');
  });

  it('says what an import and its undoing did', () => {
    expect(importResultText({ created: 3, updated: 0 })).toBe(
      'Import terminé\u00a0: 3 établissements créés.',
    );
    expect(importResultText({ created: 1, updated: 2 })).toBe(
      'Import terminé\u00a0: 1 établissement créé et 2 mis à jour.',
    );
    expect(importResultText({ created: 0, updated: 1 })).toBe(
      'Import terminé\u00a0: 1 établissement mis à jour.',
    );
    expect(importResultText({ created: 0, updated: 0 })).toBe(
      'Import terminé\u00a0: aucun établissement n’a changé.',
    );
    expect(undoneText({ deleted: 3, restored: 0 })).toBe('Import annulé\u00a0: 3 établissements supprimés.');
    expect(undoneText({ deleted: 1, restored: 2 })).toBe(
      'Import annulé\u00a0: 1 établissement supprimé, 2 remis comme avant.',
    );
    expect(undoneText({ deleted: 0, restored: 1 })).toBe(
      'Import annulé\u00a0: 1 établissement remis comme avant.',
    );
    expect(undoQuestion({ fileName: 'lieux.csv', created: 3, updated: 1 })).toEqual({
      title: 'Annuler l’import du fichier «\u00a0lieux.csv\u00a0»\u00a0?',
      content:
        '3 établissements créés seront supprimés. L’établissement mis à jour retrouvera ses valeurs d’avant l’import. L’annulation est refusée si l’un d’eux a été modifié depuis.',
    });
    expect(importCounts({ created: 1, updated: 0 })).toBe('1 créé, 0 mis à jour');
    expect(importCounts({ created: 12, updated: 3 })).toBe('12 créés, 3 mis à jour');
  });
});

// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { ImportReport } from '@tables-voisines/contract/schemas/establishment-import';
import { ImportDuplicatesTable, ImportErrorsTable } from './import-report-tables';

afterEach(cleanup);

const ID = '0b0e7d5c-2f4a-4c1e-9a55-8e2d6c1f0a11';

const REPORT: ImportReport = {
  dryRun: true,
  rows: 4,
  created: 1,
  updated: 0,
  unchanged: 0,
  duplicates: [
    { row: 4, existing: { id: ID, name: 'Le Zinc', uri: 'le-zinc-lyon' }, reason: 'nearby-same-name' },
  ],
  errors: [
    { row: 2, field: 'Latitude', message: 'Latitude entre -90 et 90 attendue.' },
    { row: 3, field: 'Code postal', message: 'Code postal à 5 chiffres.' },
  ],
};

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('the import preview’s tables', () => {
  it('lists each error by row and column', () => {
    render(<ImportErrorsTable report={REPORT} />);
    const table = screen.getByRole('table', { name: '2 erreurs' });
    const [head, ...rows] = within(table).getAllByRole('row');
    expect(
      within(head!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Ligne', 'Colonne', 'Message']);
    expect(rows.map(cells)).toEqual([
      ['2', 'Latitude', 'Latitude entre -90 et 90 attendue.'],
      ['3', 'Code postal', 'Code postal à 5 chiffres.'],
    ]);
  });

  it('links each duplicate to the existing place’s edit page', () => {
    render(
      <MemoryRouter>
        <ImportDuplicatesTable report={REPORT} />
      </MemoryRouter>,
    );
    const table = screen.getByRole('table', { name: '1 doublon probable, non importé' });
    const [, row] = within(table).getAllByRole('row');
    expect(cells(row!)).toEqual(['4', 'Le Zinc', 'même nom à moins de 100 m']);
    expect(within(row!).getByRole('link', { name: 'Le Zinc' }).getAttribute('href')).toBe(
      `/establishments/${ID}`,
    );
  });

  it('draws nothing without errors or duplicates', () => {
    const { container } = render(
      <MemoryRouter>
        <ImportErrorsTable report={{ ...REPORT, errors: [] }} />
        <ImportDuplicatesTable report={{ ...REPORT, duplicates: [] }} />
      </MemoryRouter>,
    );
    expect(container.textContent).toBe('');
  });
});

import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useCreatePath } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import type { ImportReport } from '@tables-voisines/contract/schemas/establishment-import';
import { countOf, duplicateTable, errorTable, tableCutNote, type ReportTable } from './import-report';

/*
 * The preview's tables: each row's errors (row, column, message) and the likely duplicates, each with a link
 * to the place it would duplicate. The first 100 rows of each, with the count when there are more.
 */

function ReportSection({
  id,
  title,
  table,
  head,
  children,
}: {
  id: string;
  title: string;
  table: ReportTable<unknown>;
  head: string[];
  children: ReactNode;
}) {
  const note = tableCutNote(table);
  return (
    <section aria-labelledby={id}>
      <Typography id={id} variant="h3" component="h3" sx={{ mt: 3, mb: 1 }}>
        {title}
      </Typography>
      <TableContainer sx={{ maxHeight: 480, overflow: 'auto' }}>
        <Table size="small" stickyHeader aria-labelledby={id}>
          <TableHead>
            <TableRow>
              {head.map((cell) => (
                <TableCell key={cell} component="th" scope="col">
                  {cell}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>{children}</TableBody>
        </Table>
      </TableContainer>
      {note !== null && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {note}
        </Typography>
      )}
    </section>
  );
}

/** Each error of the file: the spreadsheet's row, the column as the file names it, the server's message. */
export function ImportErrorsTable({ report }: { report: ImportReport }) {
  const table = errorTable(report);
  if (table.total === 0) return null;
  return (
    <ReportSection
      id="import-erreurs"
      title={countOf(table.total, 'erreur', 'erreurs')}
      table={table}
      head={['Ligne', 'Colonne', 'Message']}
    >
      {table.rows.map((row) => (
        <TableRow key={row.key}>
          <TableCell>{row.row}</TableCell>
          <TableCell>{row.field}</TableCell>
          <TableCell>{row.message}</TableCell>
        </TableRow>
      ))}
    </ReportSection>
  );
}

/** The rows left out as likely duplicates, each with the place it would duplicate (its edit page). */
export function ImportDuplicatesTable({ report }: { report: ImportReport }) {
  const createPath = useCreatePath();
  const table = duplicateTable(report);
  if (table.total === 0) return null;
  return (
    <ReportSection
      id="import-doublons"
      title={countOf(table.total, 'doublon probable, non importé', 'doublons probables, non importés')}
      table={table}
      head={['Ligne', 'Établissement existant', 'Pourquoi']}
    >
      {table.rows.map((row) => (
        <TableRow key={row.key}>
          <TableCell>{row.row}</TableCell>
          <TableCell>
            <Link
              component={RouterLink}
              to={createPath({ resource: 'establishments', id: row.id, type: 'edit' })}
            >
              {row.name}
            </Link>
          </TableCell>
          <TableCell>{row.reason}</TableCell>
        </TableRow>
      ))}
    </ReportSection>
  );
}

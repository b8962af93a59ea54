import { once } from 'node:events';
import { PassThrough, Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import { stringify } from 'csv-stringify';
import { parisWallClock } from '@tables-voisines/contract/paris-time';

export type Cell = string | number | boolean | Date | null;

export interface ExportColumn {
  /** French header. */
  header: string;
  /** Column width in the workbook, in characters. */
  width?: number;
}

/** Rows in batches, read lazily: only one batch is ever in memory. */
export type RowBatches = AsyncIterable<Cell[][]>;

export const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

const yesNo = (v: boolean) => (v ? 'oui' : 'non');

/** `2026-11-26 21:32`: Paris time, in an order spreadsheets read as a date and sort as text. */
export function parisDateTimeText(instant: Date): string {
  return parisWallClock(instant).toISOString().slice(0, 16).replace('T', ' ');
}

/** A download the client gave up is not a server failure. */
function logFailure(log: FastifyBaseLogger, error: unknown, what: string): void {
  if ((error as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE') {
    log.info(`${what} stopped: the client went away`);
  } else {
    log.error({ err: error }, `${what} failed midway`);
  }
}

/** Resolves when the stream wants more, or is closed (the client went away). */
async function drainedOrClosed(stream: PassThrough): Promise<void> {
  const abort = new AbortController();
  try {
    await Promise.race([
      once(stream, 'drain', { signal: abort.signal }),
      once(stream, 'close', { signal: abort.signal }),
    ]);
  } finally {
    abort.abort();
  }
}

/**
 * A text cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading apostrophe (OWASP,
 * CSV injection): an exported name must never become a formula on an admin's computer. No exemption for a
 * sign followed by a digit: a spreadsheet runs `+1+cmd|' /C calc'!A0` as well as `=1+1`, and text gives no
 * sure way to tell a phone number from a formula. Numbers never come through here (see `csvCell`).
 */
export function neutraliseFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function csvCell(value: Cell): string | number {
  if (value === null) return '';
  if (typeof value === 'boolean') return yesNo(value);
  if (value instanceof Date) return parisDateTimeText(value);
  // A number stays a number (`-1,55`): only text written by people can carry a formula.
  if (typeof value === 'number') return String(value).replace('.', ',');
  return neutraliseFormula(value);
}

/** CSV for French spreadsheets: UTF-8 with a byte-order mark, `;` between cells, decimal commas. */
export function csvStream(
  columns: readonly ExportColumn[],
  batches: RowBatches,
  log: FastifyBaseLogger,
): Readable {
  const stringifier = stringify({
    bom: true,
    delimiter: ';',
    record_delimiter: 'windows',
    // Spaces at either end, and any line break: csv-stringify quotes only the record delimiter (CRLF), and a
    // description written on several lines (LF) cut its row in two.
    quoted_match: /\s$|^\s|[\r\n]/,
  });
  async function* records() {
    yield columns.map((c) => c.header);
    for await (const batch of batches) for (const row of batch) yield row.map(csvCell);
  }
  pipeline(Readable.from(records()), stringifier).catch((error: unknown) =>
    logFailure(log, error, 'csv export'),
  );
  return stringifier;
}

/** Day and time as a French reader writes them. */
export const DATE_TIME_FORMAT = 'dd/mm/yyyy hh:mm';

/**
 * An Excel workbook written row by row with exceljs's streaming writer; after each batch it waits for
 * the client to take what was written, so a slow download does not pile the file up in memory.
 */
export function xlsxStream(
  sheetName: string,
  columns: readonly ExportColumn[],
  batches: RowBatches,
  log: FastifyBaseLogger,
): Readable {
  const out = new PassThrough({ highWaterMark: 1024 * 1024 });
  (async () => {
    // exceljs and its zip libraries (their memory: decision 0026) are loaded by the first workbook asked for.
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: out as unknown as Writable,
      useStyles: true,
      useSharedStrings: false,
    });
    // No apostrophe here: exceljs writes a string as a value (`<c t="str"><v>=1+1</v></c>`) and a workbook's
    // formula lives only in an `<f>` element, which it writes for a `{ formula }` value alone, never for text.
    const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = columns.map((c, i) => ({ header: c.header, key: String(i), width: c.width ?? 18 }));
    sheet.getRow(1).font = { bold: true };
    for await (const batch of batches) {
      if (out.destroyed) return;
      for (const row of batch) {
        // Dates as a clock in Paris showed them (a workbook's dates have no time zone).
        const added = sheet.addRow(
          row.map((v) => (typeof v === 'boolean' ? yesNo(v) : v instanceof Date ? parisWallClock(v) : v)),
        );
        // Without a format of its own a date gets exceljs's default, the day alone: the time would be hidden.
        row.forEach((v, i) => {
          if (v instanceof Date) added.getCell(i + 1).numFmt = DATE_TIME_FORMAT;
        });
        added.commit();
      }
      if (out.writableNeedDrain) await drainedOrClosed(out);
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => {
    logFailure(log, error, 'xlsx export');
    out.destroy(error as Error);
  });
  return out;
}

import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { parse } from 'csv-parse';
import { AppError } from '@tables-voisines/contract/errors';
import { MAX_IMPORT_ROWS } from '@tables-voisines/contract/schemas/establishment-import';
import type { ImportFile } from './import-file';

/** A cell as a file gives it: text, a number (XLSX), or nothing. */
export type RawValue = string | number | boolean | null;

/**
 * One row of a file: its number as the file's reader sees it (a spreadsheet's row, the header being 1; a
 * GeoJSON feature's position from 1), its values by column or property name, and for GeoJSON its point.
 */
export interface RawRecord {
  row: number;
  values: Record<string, RawValue>;
  point?: { latitude: number; longitude: number } | { problem: string };
  /** A cell holding a formula, by its column: refused (its value would be a guess). */
  formulas?: string[];
}

const tooManyRows = () =>
  new AppError(
    'ValidationError',
    `Le fichier compte plus de ${MAX_IMPORT_ROWS.toLocaleString('fr-FR')} lignes : découpez-le en plusieurs fichiers.`,
  );

/** Windows-1252 bytes to text, chunk by chunk (a character is one byte: no chunk boundary to mind). */
function windows1252(): Transform {
  const decoder = new TextDecoder('windows-1252');
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      done(null, decoder.decode(chunk, { stream: true }));
    },
  });
}

/** `;` (the export's, and French Excel's) or `,`: whichever the header line holds more of. */
async function delimiterOf(file: ImportFile): Promise<string> {
  const handle = await open(file.path);
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(64 * 1024), 0, 64 * 1024, 0);
    const header = buffer.subarray(0, bytesRead).toString('latin1').split(/\r?\n/)[0] ?? '';
    const count = (c: string) => header.split(c).length - 1;
    return count(',') > count(';') ? ',' : ';';
  } finally {
    await handle.close();
  }
}

async function* csvRecords(file: ImportFile): AsyncGenerator<RawRecord> {
  const delimiter = await delimiterOf(file);
  const source = createReadStream(file.path);
  const text = file.encoding === 'utf-8' ? source : source.pipe(windows1252());
  const parser = text.pipe(
    parse({
      bom: true,
      delimiter,
      columns: (header: string[]) => header.map((h) => h.trim()),
      relax_column_count: true,
      skip_empty_lines: true,
      trim: false,
    }),
  );
  let row = 1;
  for await (const record of parser as AsyncIterable<Record<string, string>>) {
    row += 1;
    if (row - 1 > MAX_IMPORT_ROWS) throw tooManyRows();
    yield { row, values: record };
  }
}

interface ExcelCellFormula {
  formula?: string;
  sharedFormula?: string;
  result?: unknown;
}

async function* xlsxRecords(file: ImportFile): AsyncGenerator<RawRecord> {
  const { default: ExcelJS } = await import('exceljs');
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file.path, {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
  });
  let header: string[] | null = null;
  // The first sheet only: the export writes one.
  for await (const sheet of reader) {
    for await (const line of sheet as AsyncIterable<{ number: number; values: unknown[] }>) {
      const cells = line.values;
      if (header === null) {
        header = cells.map((v) => (v === null || v === undefined ? '' : String(v).trim()));
        continue;
      }
      if (line.number - 1 > MAX_IMPORT_ROWS) throw tooManyRows();
      const values: Record<string, RawValue> = {};
      const formulas: string[] = [];
      header.forEach((name, index) => {
        if (name === '') return;
        const cell = cells[index];
        if (cell === null || cell === undefined) return;
        if (typeof cell === 'object' && !(cell instanceof Date)) {
          const f = cell as ExcelCellFormula & { richText?: { text: string }[]; text?: string };
          if (f.formula !== undefined || f.sharedFormula !== undefined) formulas.push(name);
          else if (Array.isArray(f.richText)) values[name] = f.richText.map((r) => r.text).join('');
          else if (typeof f.text === 'string') values[name] = f.text;
          return;
        }
        values[name] = cell instanceof Date ? cell.toISOString() : (cell as string | number | boolean);
      });
      if (Object.keys(values).length === 0 && formulas.length === 0) continue;
      yield { row: line.number, values, ...(formulas.length > 0 ? { formulas } : {}) };
    }
    break;
  }
}

interface Feature {
  type?: unknown;
  id?: unknown;
  geometry?: { type?: unknown; coordinates?: unknown } | null;
  properties?: Record<string, unknown> | null;
}

function pointOf(feature: Feature): RawRecord['point'] {
  const geometry = feature.geometry;
  if (geometry?.type !== 'Point') {
    return {
      problem: 'Seuls les points sont pris (« out center » dans Overpass donne un point pour un bâtiment).',
    };
  }
  const [longitude, latitude] = Array.isArray(geometry.coordinates) ? geometry.coordinates : [];
  if (typeof longitude !== 'number' || typeof latitude !== 'number') {
    return { problem: 'Les coordonnées du point sont illisibles.' };
  }
  return { latitude, longitude };
}

async function* geojsonRecords(file: ImportFile): AsyncGenerator<RawRecord> {
  const [{ parser }, { pick }, { streamArray }, { default: chain }] = await Promise.all([
    import('stream-json'),
    import('stream-json/filters/pick.js'),
    import('stream-json/streamers/stream-array.js'),
    import('stream-chain'),
  ]);
  // A FeatureCollection's `features`, one at a time: 50,000 of them never sit in memory together.
  const features = chain([
    createReadStream(file.path),
    parser(),
    pick({ filter: 'features' }),
    streamArray(),
  ]) as unknown as AsyncIterable<{ key: number; value: Feature }>;
  try {
    for await (const { key, value } of features) {
      const row = key + 1;
      if (row > MAX_IMPORT_ROWS) throw tooManyRows();
      const values: Record<string, RawValue> = {};
      for (const [name, v] of Object.entries(value?.properties ?? {})) {
        if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) values[name] = v as RawValue;
      }
      // Overpass puts the OSM id in the feature's `id` (`node/123`), other tools in `@id`.
      if (values['@id'] === undefined && typeof value?.id === 'string') values['@id'] = value.id;
      yield { row, values, point: pointOf(value ?? {}) };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(
      'ValidationError',
      `Ce fichier GeoJSON est illisible : ${(error as Error).message}. Une FeatureCollection de points est attendue.`,
    );
  }
}

const UNREADABLE: Record<ImportFile['format'], string> = {
  csv: 'Ce fichier CSV est illisible',
  xlsx: 'Ce classeur Excel est illisible',
  geojson: 'Ce fichier GeoJSON est illisible',
};

/** The file's rows, read from disk one at a time; a file its reader cannot read is said in French. */
export async function* readRecords(file: ImportFile): AsyncGenerator<RawRecord> {
  const records =
    file.format === 'csv'
      ? csvRecords(file)
      : file.format === 'xlsx'
        ? xlsxRecords(file)
        : geojsonRecords(file);
  try {
    yield* records;
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('ValidationError', `${UNREADABLE[file.format]} : ${(error as Error).message}`);
  }
}

import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '@tables-voisines/contract/errors';
import { MAX_IMPORT_BYTES } from '@tables-voisines/contract/schemas/establishment-import';

export type ImportFormat = 'csv' | 'xlsx' | 'geojson';

/** The content types an import takes, and the format each says. */
export const IMPORT_CONTENT_TYPES: Readonly<Record<string, ImportFormat | null>> = {
  'text/csv': 'csv',
  'application/csv': 'csv',
  // What Windows gives a .csv file that Excel opens.
  'application/vnd.ms-excel': 'csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/geo+json': 'geojson',
  // No type said: the file's first bytes tell.
  'application/octet-stream': null,
};

/** An uploaded file kept on disk while it is read (twice: the report, then the writing). */
export interface ImportFile {
  path: string;
  bytes: number;
  format: ImportFormat;
  /** A CSV that is not UTF-8: read as Windows-1252, what Excel for Windows writes (a superset of Latin-1). */
  encoding: 'utf-8' | 'windows-1252';
  remove(): Promise<void>;
}

const tooLarge = () =>
  new AppError('PayloadTooLarge', 'Le fichier dépasse 20 Mo : découpez-le en plusieurs fichiers.');

const FORMAT_NAMES: Record<ImportFormat, string> = {
  csv: 'un fichier CSV',
  xlsx: 'un classeur Excel (.xlsx)',
  geojson: 'un fichier GeoJSON',
};

/** What the first bytes say: a zip (an XLSX is one), JSON, or text taken as CSV. */
function sniff(head: Buffer): ImportFormat {
  if (head.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) return 'xlsx';
  const text = head
    .toString('latin1')
    .replace(/^\u00ef\u00bb\u00bf/, '')
    .trimStart();
  return text.startsWith('{') ? 'geojson' : 'csv';
}

/**
 * Writes the request's body to a temporary file, never more than 20 MB (413 as soon as it is passed), and
 * says its format (refusing a file that is not what its content type says) and, for a CSV, its encoding: a
 * file that is not valid UTF-8 is a Windows-1252 one, what Excel for Windows saves as « CSV (séparateur :
 * point-virgule) ».
 */
export async function saveImportFile(
  body: Readable,
  declared: ImportFormat | null,
  declaredLength: number | undefined,
): Promise<ImportFile> {
  if (declaredLength !== undefined && declaredLength > MAX_IMPORT_BYTES) throw tooLarge();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'tv-import-'));
  const remove = () => rm(dir, { recursive: true, force: true });
  const file = path.join(dir, 'upload');
  let bytes = 0;
  let head = Buffer.alloc(0);
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  let validUtf8 = true;
  try {
    await pipeline(
      body,
      async function* (chunks: AsyncIterable<Buffer>) {
        for await (const chunk of chunks) {
          bytes += chunk.length;
          if (bytes > MAX_IMPORT_BYTES) throw tooLarge();
          if (head.length < 64) head = Buffer.concat([head, chunk.subarray(0, 64)]);
          if (validUtf8) {
            try {
              utf8.decode(chunk, { stream: true });
            } catch {
              validUtf8 = false;
            }
          }
          yield chunk;
        }
      },
      createWriteStream(file),
    );
    if (validUtf8) {
      try {
        utf8.decode();
      } catch {
        validUtf8 = false;
      }
    }
    if (bytes === 0) throw new AppError('ValidationError', 'Le fichier est vide.');
    const format = sniff(head);
    if (declared !== null && declared !== format) {
      throw new AppError(
        'ValidationError',
        `Ce fichier est ${FORMAT_NAMES[format]}, pas ${FORMAT_NAMES[declared]} comme son type l’annonce : vérifiez le fichier choisi.`,
      );
    }
    if (format === 'geojson' && !validUtf8) {
      throw new AppError(
        'ValidationError',
        'Ce fichier GeoJSON n’est pas en UTF-8, comme le format l’exige.',
      );
    }
    return { path: file, bytes, format, encoding: validUtf8 ? 'utf-8' : 'windows-1252', remove };
  } catch (error) {
    await remove();
    throw error;
  }
}

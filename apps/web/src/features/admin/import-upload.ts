import type { ImportReport } from '@tables-voisines/contract/schemas/establishment-import';
import { routeTable } from '@tables-voisines/contract/route-table';
import { APP_ID, APP_ID_HEADER, ApiError } from '../../lib/api-client';

/*
 * The import's upload. Not the site's fetch client: fetch says nothing of an upload's progress, and a 20 MB
 * file on a slow line takes a while; XMLHttpRequest's `upload.onprogress` does. The file is the body as it
 * is, its name in `Content-Disposition` (it goes into each place's history).
 */

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The extensions the file picker offers. */
export const IMPORT_ACCEPT = '.csv,.xlsx,.geojson,.json';

/**
 * The content type to send, from the file's extension: the browser's own type is often empty or wrong (a
 * .csv is `application/vnd.ms-excel` on Windows, a .geojson nothing). Unknown: the server reads the first
 * bytes.
 */
export function importContentType(fileName: string): string {
  const extension = /\.([^.]+)$/.exec(fileName)?.[1]?.toLowerCase();
  switch (extension) {
    case 'csv':
      return 'text/csv';
    case 'xlsx':
      return XLSX_TYPE;
    case 'geojson':
    case 'json':
      return 'application/geo+json';
    default:
      return 'application/octet-stream';
  }
}

/** RFC 6266's `filename*`, any name percent-encoded in UTF-8 (accents, spaces, quotes). */
export function importDisposition(fileName: string): string {
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename*=UTF-8''${encoded}`;
}

/** The upload's progress: a share from 0 to 1 while the file goes, then `null` while the server reads it. */
export type UploadProgress = number | null;

export interface UploadOptions {
  file: Blob & { name: string };
  dryRun: boolean;
  token: string | undefined;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  /** The API's origin; the page's by default (tests give another). */
  baseUrl?: string;
}

function parse(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** A refusal as the site's client makes it (`code`, French `message`, the body for `details`). */
function refusal(status: number, data: unknown): ApiError {
  const body = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  const code = typeof body.code === 'string' && body.code !== '' ? body.code : 'UnexpectedError';
  const message =
    typeof body.message === 'string' && body.message !== ''
      ? body.message
      : status === 413
        ? 'Le fichier dépasse 20 Mo : découpez-le en plusieurs fichiers.'
        : `L’envoi du fichier a échoué (erreur ${status}).`;
  return new ApiError(code, message, status, data);
}

/**
 * Sends the file to `POST /api/establishments/import`: its report (a dry run unless `dryRun` is false), or
 * the server's refusal as an `ApiError` (`details`: the report, when the file has errors).
 */
export function uploadImport(options: UploadOptions): Promise<ImportReport> {
  const { file, dryRun, token, onProgress, signal, baseUrl = '' } = options;
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${baseUrl}${routeTable.importEstablishments.path}?dryRun=${String(dryRun)}`);
    request.setRequestHeader('Accept', 'application/json');
    request.setRequestHeader(APP_ID_HEADER, APP_ID);
    request.setRequestHeader('Content-Type', importContentType(file.name));
    request.setRequestHeader('Content-Disposition', importDisposition(file.name));
    if (token !== undefined) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.withCredentials = true;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(1, event.loaded / event.total));
    };
    // All sent: the server now reads the file (seconds for thousands of rows), with nothing to measure.
    request.upload.onload = () => onProgress?.(null);
    request.onload = () => {
      const data = parse(request.responseText);
      if (request.status >= 200 && request.status < 300 && typeof data === 'object' && data !== null)
        resolve(data as ImportReport);
      else reject(refusal(request.status, data));
    };
    request.onerror = () =>
      reject(new ApiError('UnexpectedError', 'Le serveur n’a pas répondu : vérifiez la connexion.', 0));
    request.onabort = () => reject(new DOMException('Envoi interrompu.', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    onProgress?.(0);
    request.send(file);
  });
}

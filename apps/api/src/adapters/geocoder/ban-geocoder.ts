import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { AppError } from '@tables-voisines/contract/errors';

/** An address to place: what the import's row gives. */
export interface AddressQuery {
  street: string | null;
  postcode: string | null;
  town: string;
}

export type Placed = { latitude: number; longitude: number; label: string } | { problem: string };

/** Below this score the national address base's own documentation calls a result unreliable. */
const MIN_SCORE = 0.5;

const unavailable = () =>
  new AppError(
    'ServiceUnavailable',
    'Le service d’adresses ne répond pas : rien n’a été importé. Réessayez plus tard, ou donnez la latitude et la longitude des lignes sans coordonnées.',
  );

const score = (value: number) => value.toLocaleString('fr-FR', { maximumFractionDigits: 2 });

/**
 * Places addresses through the national address base's CSV batch call (`POST {base}/search/csv/`, the file
 * in `data`, the columns to read in `columns`, the postcode as a filter): one request for many addresses,
 * as its documentation asks of bulk work. A result below 0.5, or one that found the town only, is a
 * problem of its row, never a guess.
 */
export async function placeAddresses(base: string, queries: readonly AddressQuery[]): Promise<Placed[]> {
  if (queries.length === 0) return [];
  const csv = stringify([
    ['row', 'adresse', 'postcode', 'city'],
    ...queries.map((q, i) => [String(i), q.street ?? '', q.postcode ?? '', q.town]),
  ]);
  const form = new FormData();
  form.append('data', new Blob([csv], { type: 'text/csv' }), 'adresses.csv');
  form.append('columns', 'adresse');
  form.append('columns', 'city');
  form.append('postcode', 'postcode');
  let text: string;
  try {
    const response = await fetch(`${base}/search/csv/`, {
      method: 'POST',
      body: form,
      signal: AbortSignal.timeout(120_000),
    });
    if (!response.ok) throw unavailable();
    text = await response.text();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unavailable();
  }
  const rows = parse(text, { columns: true, bom: true, skip_empty_lines: true }) as Record<string, string>[];
  const byRow = new Map(rows.map((r) => [r.row, r]));
  return queries.map((_, i): Placed => {
    const r = byRow.get(String(i));
    const latitude = Number(r?.latitude);
    const longitude = Number(r?.longitude);
    const s = Number(r?.result_score);
    if (r === undefined || r.latitude === '' || !Number.isFinite(latitude) || !Number.isFinite(longitude)) {
      return { problem: 'Adresse introuvable : vérifiez-la, ou donnez la latitude et la longitude.' };
    }
    if (r.result_type === 'municipality') {
      return {
        problem: `Seule la ville a été trouvée (« ${r.result_label} ») : précisez la rue, ou donnez la latitude et la longitude.`,
      };
    }
    if (!(s >= MIN_SCORE)) {
      return {
        problem: `Adresse incertaine (« ${r.result_label ?? ''} », score ${score(s)}) : vérifiez-la, ou donnez la latitude et la longitude.`,
      };
    }
    return { latitude, longitude, label: r.result_label ?? '' };
  });
}

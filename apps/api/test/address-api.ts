import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';

/** An address known to the local address service: what `/search/csv/` answers for it. */
export interface KnownAddress {
  match: RegExp;
  latitude: number;
  longitude: number;
  score: number;
  type: 'housenumber' | 'street' | 'municipality';
  label: string;
}

export interface AddressApi {
  url: string;
  /** The multipart fields of each request received. */
  requests: { columns: string[]; postcode: string | null; rows: number }[];
  close(): Promise<void>;
}

/**
 * The national address base's CSV batch call as its documentation describes it (`POST /search/csv/`,
 * multipart with the file in `data`, `columns` repeated, `postcode`), answered from `known`: the file's
 * rows with `latitude`, `longitude`, `result_label`, `result_score`, `result_type` added, empty when nothing
 * matches; tests reach it instead of the real one, which this machine cannot.
 */
export async function startAddressApi(known: KnownAddress[]): Promise<AddressApi> {
  const requests: AddressApi['requests'] = [];
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.method !== 'POST' || req.url !== '/search/csv/') {
      res.writeHead(404).end();
      return;
    }
    const form = await new Request('http://local/search/csv/', {
      method: 'POST',
      headers: { 'content-type': req.headers['content-type'] ?? '' },
      body: Buffer.concat(chunks),
    }).formData();
    const data = form.get('data');
    if (!(data instanceof Blob)) {
      res.writeHead(400).end('data is missing');
      return;
    }
    const columns = form.getAll('columns').map(String);
    const rows = parse(await data.text(), { columns: true }) as Record<string, string>[];
    requests.push({ columns, postcode: (form.get('postcode') as string | null) ?? null, rows: rows.length });
    const answered = rows.map((row) => {
      const query = columns.map((c) => row[c] ?? '').join(' ');
      const hit = known.find((k) => k.match.test(query));
      return {
        ...row,
        latitude: hit?.latitude ?? '',
        longitude: hit?.longitude ?? '',
        result_label: hit?.label ?? '',
        result_score: hit?.score ?? '',
        result_type: hit?.type ?? '',
      };
    });
    res.writeHead(200, { 'content-type': 'text/csv; charset=utf-8' });
    res.end(stringify(answered, { header: true }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

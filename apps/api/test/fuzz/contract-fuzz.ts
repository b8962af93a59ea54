/*
 * The contract's fuzzer: values drawn from each call's schemas (and at their bounds), sent to the real server
 * for every route. Its size (over 400 lines) is the data a route needs to be reached (records to read, tokens,
 * files) kept with the generator, so that a new route is fuzzed by adding it to the contract.
 */
import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { sql, type SQL } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import fc from 'fast-check';
import { ERROR_STATUS, ErrorBodySchema, type ErrorCode } from '@tables-voisines/contract/errors';
import { routes, type RouteDef } from '@tables-voisines/contract/routes';
import type { Db } from '../../src/db/client';
import { BODY_LIMIT } from '../../src/app';
import {
  PARIS_CLOCK_DAYS,
  arbitraryOf,
  boundaryValuesOf,
  resolverOf,
  type JsonSchema,
  type Resolve,
} from './json-schema-arbitrary';

/*
 * Fuzzing from the contract: the routes and their shapes are read from the served `/api/openapi.json`,
 * requests are generated with fast-check from those JSON schemas (valid, on the limits, malformed) and
 * classified with the contract's zod schemas. Every answer must be below 500, every error in the
 * contract's shape with the status of its code, and a refused write must leave the database as it was.
 */

export type Role = 'anonymous' | 'owner' | 'limited admin' | 'full admin' | 'forged token';
export const ROLES: Role[] = ['anonymous', 'owner', 'limited admin', 'full admin', 'forged token'];
type Kind = 'valid' | 'boundary' | 'malformed';

interface Operation {
  parameters?: { name: string; in: 'path' | 'query' | 'header'; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

export interface FuzzRoute {
  id: string;
  method: string;
  /** Fastify style (`:id`). */
  path: string;
  operation: Operation;
  def: RouteDef | undefined;
}

export interface FuzzWorld {
  /** Ids and uris that exist, to aim valid requests at real records. */
  ids: string[];
  uris: string[];
  tokens: Partial<Record<Role, string>>;
  /**
   * Bodies the server accepts, by route id (`createEstablishment`...): what the requests that must be
   * refused start from, so that only the one thing changed in them can be why they are.
   */
  acceptedBodies?: Partial<Record<string, unknown[]>>;
}

interface Request {
  route: FuzzRoute;
  role: Role;
  kind: Kind;
  label: string;
  inject: InjectOptions;
  zodValid: boolean;
  /** Why no answer but a refusal (4xx) is right for this request, when that is certain. */
  mustRefuse: string | undefined;
}

export interface FuzzReport {
  seed: number;
  requests: number;
  routes: number;
  byKind: Record<Kind, number>;
  byRole: Record<Role, number>;
  byStatusClass: Record<string, number>;
  serverErrors: number;
  badErrorBodies: number;
  refusedWritesChecked: number;
  databaseChangedByRefusal: number;
  zodValidRequests: number;
  zodValidAnswered2xx: number;
  /** Requests that must be refused (text not as sent, an address no page can have): how many, how many not. */
  hostileRequests: number;
  hostileAccepted: number;
  /** Date parameters sent with every day of `SWEPT_DAYS`, beyond `requests`. */
  dateSweepRequests: number;
  ms: number;
  failures: string[];
}

const TRAVERSALS = [
  '../../../../etc/passwd',
  '..%2F..%2F..%2Fetc%2Fpasswd',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '..\\..\\..\\windows\\win.ini',
  '....//....//etc/passwd',
  '.',
  '..',
  '%00',
  '\u0000',
  'a/../../secrets.json',
  '/etc/passwd',
  'C:\\boot.ini',
  'file:///etc/passwd',
  '%252e%252e%252f',
  '..;/admin',
  'ｅｔｃ／ｐａｓｓｗｄ',
];

const ODD_VALUES: unknown[] = [
  null,
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  true,
  [],
  {},
  ['x'],
  { $ne: null },
  'x'.repeat(100_000),
  '\u0000',
  '💥'.repeat(300),
  '\ud800',
  '<script>alert(1)</script>',
  "'; drop table establishments; --",
  '%s%n%x',
  '１２３',
];

/**
 * Page addresses no establishment may take (`uriProblem`): React Router's `.data` suffix, dot segments,
 * invisible characters (zero-width space, a right-to-left override, a Hangul filler), `<`, `>`, `\\`, NUL.
 */
export const UNSERVABLE_URIS = [
  'solo.data',
  'Solo.DATA',
  '.',
  '..',
  'chez\u200bjo',
  'chez\u202ejo',
  '\u3164',
  '<script>',
  'a>b',
  'a\\b',
  'x\u0000y',
];

/** `uri` with the case of its first ASCII letter turned over: the same address to a person, so taken. */
export function otherCase(uri: string): string | undefined {
  const index = uri.search(/[a-z]/i);
  if (index === -1) return undefined;
  const letter = uri[index]!;
  const flipped = letter === letter.toLowerCase() ? letter.toUpperCase() : letter.toLowerCase();
  return `${uri.slice(0, index)}${flipped}${uri.slice(index + 1)}`;
}

/** Every operation of the OpenAPI document, matched with the contract's route (zod schemas). */
export function routesOf(document: { paths: Record<string, Record<string, Operation>> }): FuzzRoute[] {
  const contract = Object.entries(routes as Record<string, RouteDef>);
  const out: FuzzRoute[] = [];
  for (const [openApiPath, methods] of Object.entries(document.paths)) {
    const path = openApiPath.replace(/\{(\w+)\}/g, ':$1');
    for (const [method, operation] of Object.entries(methods)) {
      const upper = method.toUpperCase();
      if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(upper)) continue;
      const match = contract.find(
        ([, def]) => def.method === upper && def.path.replace(/\/$/, '') === path.replace(/\/$/, ''),
      );
      out.push({ id: match?.[0] ?? `${upper} ${path}`, method: upper, path, operation, def: match?.[1] });
    }
  }
  return out;
}

const isWrite = (method: string) => method !== 'GET';

function pathValue(
  world: FuzzWorld,
  name: string,
  kind: Kind,
): fc.Arbitrary<{ raw: boolean; value: string }> {
  const encoded = (a: fc.Arbitrary<string>) => a.map((value) => ({ raw: false, value }));
  const real =
    name === 'file' || name === 'key'
      ? encoded(fc.uuid().map((u) => `${u}.webp`))
      : encoded(fc.constantFrom(...world.ids, ...world.uris.slice(0, 20), randomUUID()));
  if (kind === 'valid') return real;
  if (kind === 'boundary') {
    return encoded(
      fc.constantFrom('', 'x', 'x'.repeat(100), 'x'.repeat(101), 'x'.repeat(499), 'x'.repeat(600)),
    );
  }
  const otherCases = world.uris.map(otherCase).filter((u): u is string => u !== undefined);
  return fc.oneof(
    encoded(fc.constantFrom(...TRAVERSALS)),
    encoded(fc.constantFrom(...UNSERVABLE_URIS, ...otherCases.slice(0, 20))),
    fc
      .constantFrom(...TRAVERSALS.filter((t) => /^[\x21-\x7e]+$/.test(t)))
      .map((value) => ({ raw: true, value })),
    encoded(fc.string({ unit: 'grapheme', maxLength: 80 })),
    encoded(fc.string({ unit: 'binary', maxLength: 40 })),
    encoded(fc.constantFrom('-1', '0', '1e309', 'NaN', 'null', 'undefined', 'true', '[]', '{}')),
  );
}

function queryString(params: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue;
    if (Array.isArray(value))
      for (const v of value) search.append(key, typeof v === 'string' ? v : JSON.stringify(v));
    else search.append(key, typeof value === 'string' ? value : JSON.stringify(value));
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

type Body = { payload: string | Buffer; headers: Record<string, string>; mustRefuse?: string } | undefined;

const json = (value: unknown): Body => ({
  payload: JSON.stringify(value),
  headers: { 'content-type': 'application/json' },
});

function malformedBody(
  valid: fc.Arbitrary<unknown>,
  schema: JsonSchema,
  resolve: Resolve,
): fc.Arbitrary<Body> {
  const s = resolve(schema);
  const keys = Object.keys(s.properties ?? {});
  const required = s.required ?? [];
  const raw = (payload: string | Buffer, contentType?: string, extra: Record<string, string> = {}): Body => ({
    payload,
    headers: { ...(contentType === undefined ? {} : { 'content-type': contentType }), ...extra },
  });
  const asObject = (v: unknown) => (typeof v === 'object' && v !== null && !Array.isArray(v) ? v : {});
  return fc.oneof(
    // Broken or odd JSON and encodings.
    fc.constantFrom<Body>(
      raw('{', 'application/json'),
      raw('{"a":', 'application/json'),
      raw('{"a":1e999}', 'application/json'),
      raw('', 'application/json'),
      raw('null', 'application/json'),
      raw('[]', 'application/json'),
      raw('"texte"', 'application/json'),
      raw('42', 'application/json'),
      raw(
        Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc0, 0x22, 0x7d]),
        'application/json',
      ),
      raw(Buffer.from('\ufeff{}', 'utf8'), 'application/json'),
      raw(Buffer.from('{"name":"é"}', 'utf16le'), 'application/json; charset=utf-16'),
      raw(Buffer.from('{"name":"\xe9"}', 'latin1'), 'application/json; charset=iso-8859-1'),
      raw('{}', 'text/plain'),
      raw('a=1&b=2', 'application/x-www-form-urlencoded'),
      raw(
        '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
        'multipart/form-data; boundary=x',
      ),
      raw('{}'),
      raw(gzipSync('{}'), 'application/json', { 'content-encoding': 'gzip' }),
      raw('not gzip', 'application/json', { 'content-encoding': 'gzip' }),
      raw(`${'['.repeat(5000)}${']'.repeat(5000)}`, 'application/json'),
      raw('{"a":1,"a":2}', 'application/json'),
      raw('{"__proto__":{"isAdmin":true}}', 'application/json'),
      raw('{"constructor":{"prototype":{"polluted":true}}}', 'application/json'),
      raw(JSON.stringify({ x: 'x'.repeat(BODY_LIMIT + 10) }), 'application/json'),
      raw('{}', 'application/json', { 'content-length': '99999999' }),
    ),
    // A generated object, then broken: a required field missing, a wrong type, an extra field, odd strings.
    valid.chain((v) => {
      const base = asObject(v) as Record<string, unknown>;
      const mutations: fc.Arbitrary<Body>[] = [
        fc.constant(json({ ...base, [`extra_${keys.length}`]: 'inattendu' })),
      ];
      if (required.length > 0) {
        mutations.push(
          fc.constantFrom(...required).map((key) => {
            const copy = { ...base };
            delete copy[key];
            return json(copy);
          }),
        );
      }
      if (keys.length > 0) {
        mutations.push(
          fc
            .tuple(fc.constantFrom(...keys), fc.constantFrom(...ODD_VALUES))
            .map(([key, value]) => json({ ...base, [key]: value })),
          fc
            .tuple(fc.constantFrom(...keys), fc.string({ unit: 'binary', minLength: 1, maxLength: 200 }))
            .map(([key, value]) => json({ ...base, [key]: value })),
        );
      }
      return fc.oneof(...mutations);
    }),
  );
}

/** The paths (`['items', 0, 'name']`) of a value's strings, for a character put where a form would put it. */
function stringPaths(value: unknown, path: (string | number)[] = [], out: (string | number)[][] = []) {
  if (typeof value === 'string') out.push(path);
  else if (Array.isArray(value)) value.forEach((v, i) => stringPaths(v, [...path, i], out));
  else if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) stringPaths(v, [...path, k], out);
  }
  return out;
}

/** A copy of `value` with the string at `path` passed through `change`. */
function withString(value: unknown, path: (string | number)[], change: (s: string) => string): unknown {
  if (path.length === 0) return change(value as string);
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head!] = withString(copy[head!], rest, change);
  return copy;
}

/**
 * Bodies the server must refuse whatever else they hold (`mustRefuse`), made from `value`: text that would
 * not be stored as sent (Latin-1 bytes sent as UTF-8, a lone surrogate, a NUL), at each string of the body
 * (or a new top-level one when it has none), a `__proto__` key, and, where the body has a `uri`, page
 * addresses no page can have or that another place has in another case (on a create). A body in Latin-1
 * that says so is read, not refused: it comes without `mustRefuse`.
 */
export function hostileVariants(
  value: unknown,
  options: { hasUri: boolean; takenInAnotherCase: readonly string[]; create: boolean },
): NonNullable<Body>[] {
  const base = (typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {}) as Record<
    string,
    unknown
  >;
  const strings = stringPaths(base);
  const atEachString = (change: (s: string) => string, mustRefuse: string) =>
    (strings.length === 0
      ? [{ name: change('Chez Jo') }]
      : strings.map((path) => withString(base, path, change))
    ).map((changed) => ({ ...json(changed)!, mustRefuse }));
  const latin1 = (charset: string | undefined) =>
    atEachString((s) => `${s}Café`, '').map(({ payload }) => ({
      payload: Buffer.from(payload.toString(), 'latin1'),
      headers: { 'content-type': `application/json${charset === undefined ? '' : `; charset=${charset}`}` },
      ...(charset === undefined ? { mustRefuse: 'Latin-1 bytes without a charset: not UTF-8' } : {}),
    }));
  const variants: NonNullable<Body>[] = [
    ...latin1(undefined),
    ...latin1('iso-8859-1'),
    ...atEachString((s) => `${s}\ud800`, 'a lone surrogate'),
    ...atEachString((s) => `${s.slice(0, 3)}\u0000${s.slice(3)}`, 'a NUL'),
    {
      payload: JSON.stringify(base).replace(/^\{/, '{"__proto__":{"isAdmin":true},'),
      headers: { 'content-type': 'application/json' },
      mustRefuse: 'a __proto__ key',
    },
  ];
  if (options.hasUri) {
    for (const uri of UNSERVABLE_URIS) {
      variants.push({ ...json({ ...base, uri })!, mustRefuse: `the address ${JSON.stringify(uri)}` });
    }
    if (options.create) {
      for (const uri of options.takenInAnotherCase.slice(0, 5)) {
        variants.push({
          ...json({ ...base, uri })!,
          mustRefuse: `the address ${uri}, another place's in another case`,
        });
      }
    }
  }
  return variants;
}

function hostileOptions(schema: JsonSchema, resolve: Resolve, world: FuzzWorld, route: FuzzRoute) {
  return {
    hasUri: 'uri' in (resolve(schema).properties ?? {}),
    takenInAnotherCase: world.uris.map(otherCase).filter((u): u is string => u !== undefined),
    create: route.method === 'POST',
  };
}

/** One of `hostileVariants` of a generated body, or of a body the server accepts for that route. */
function hostileBody(
  generated: fc.Arbitrary<unknown>,
  schema: JsonSchema,
  resolve: Resolve,
  world: FuzzWorld,
  route: FuzzRoute,
): fc.Arbitrary<Body> {
  const accepted = world.acceptedBodies?.[route.id] ?? [];
  const valid = accepted.length === 0 ? generated : fc.oneof(generated, fc.constantFrom(...accepted));
  const options = hostileOptions(schema, resolve, world, route);
  return valid.chain((v) => fc.constantFrom(...hostileVariants(v, options)));
}

function bodyOf(route: FuzzRoute, kind: Kind, resolve: Resolve, world: FuzzWorld): fc.Arbitrary<Body> {
  const content = route.operation.requestBody?.content;
  if (content === undefined) {
    // No body expected: sometimes send one anyway.
    return kind === 'malformed'
      ? fc.constantFrom<Body>(undefined, json({ surprise: true }))
      : fc.constant(undefined);
  }
  const jsonContent = content['application/json'];
  if (jsonContent === undefined) {
    // A file upload: random bytes under the announced type, or the wrong type.
    const type = Object.keys(content)[0] ?? 'application/octet-stream';
    return fc
      .tuple(
        fc.uint8Array({ maxLength: 2048 }),
        fc.constantFrom(type, 'image/png', 'image/svg+xml', 'text/html'),
      )
      .map(([bytes, contentType]) => ({
        payload: Buffer.from(bytes),
        headers: { 'content-type': contentType },
      }));
  }
  const valid = arbitraryOf(jsonContent.schema, resolve);
  if (kind === 'valid') return valid.map(json);
  if (kind === 'boundary') {
    const s = resolve(jsonContent.schema);
    const fields = Object.entries(s.properties ?? {});
    if (fields.length === 0) return valid.map(json);
    return valid.chain((v) =>
      fc.constantFrom(...fields).chain(([key, fieldSchema]) => {
        const values = boundaryValuesOf(fieldSchema, resolve);
        return values.length === 0
          ? fc.constant(json(v))
          : fc.constantFrom(...values).map((value) => json({ ...(v as object), [key]: value }));
      }),
    );
  }
  return fc.oneof(
    malformedBody(valid, jsonContent.schema, resolve),
    hostileBody(valid, jsonContent.schema, resolve, world, route),
  );
}

function queryOf(route: FuzzRoute, kind: Kind, resolve: Resolve): fc.Arbitrary<Record<string, unknown>> {
  const params = (route.operation.parameters ?? []).filter((p) => p.in === 'query');
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const p of params) record[p.name] = arbitraryOf(p.schema, resolve);
  const valid = fc.record(record, {
    requiredKeys: params.filter((p) => p.required === true).map((p) => p.name),
  });
  if (kind === 'valid') return valid;
  if (kind === 'boundary' && params.length > 0) {
    return valid.chain((v) =>
      fc.constantFrom(...params).chain((p) => {
        const values = boundaryValuesOf(p.schema, resolve);
        return values.length === 0
          ? fc.constant(v)
          : fc.constantFrom(...values).map((value) => ({ ...v, [p.name]: value }));
      }),
    );
  }
  if (kind === 'boundary') return valid;
  const names = [...params.map((p) => p.name), 'inconnu', '__proto__', 'constructor[prototype][x]'];
  return valid.chain((v) =>
    fc
      .tuple(
        fc.constantFrom(...names),
        fc.oneof(
          fc.constantFrom(...ODD_VALUES),
          fc.string({ unit: 'binary', maxLength: 60 }),
          fc.array(fc.string(), { minLength: 2, maxLength: 3 }),
        ),
      )
      .map(([name, value]) => ({ ...v, [name]: value })),
  );
}

function zodAccepts(
  def: RouteDef | undefined,
  parts: { params: object; query: object; body: unknown },
): boolean {
  if (def === undefined) return false;
  const ok = (schema: { safeParse(v: unknown): { success: boolean } } | undefined, value: unknown) =>
    schema === undefined || schema.safeParse(value).success;
  return ok(def.params, parts.params) && ok(def.query, parts.query) && ok(def.body, parts.body);
}

/** One request of the given route, role and kind. */
export function requestArbitrary(
  route: FuzzRoute,
  role: Role,
  world: FuzzWorld,
  resolve: Resolve,
): fc.Arbitrary<Request> {
  return fc.constantFrom<Kind>('valid', 'valid', 'boundary', 'malformed', 'malformed').chain((kind) => {
    const names = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
    const pathParams = fc.tuple(...names.map((name) => pathValue(world, name, kind)));
    return fc
      .tuple(pathParams, queryOf(route, kind, resolve), bodyOf(route, kind, resolve, world))
      .map(([values, query, body]) => {
        const params: Record<string, string> = {};
        let i = 0;
        const path = route.path.replace(/:(\w+)/g, (_m, name: string) => {
          const v = values[i++]!;
          params[name] = v.value;
          return v.raw ? v.value : encodeURIComponent(v.value);
        });
        const token = world.tokens[role];
        const headers: Record<string, string> = { ...(body?.headers ?? {}) };
        if (token !== undefined) headers.authorization = `Bearer ${token}`;
        let parsedBody: unknown;
        try {
          parsedBody = body === undefined ? undefined : JSON.parse(body.payload.toString());
        } catch {
          parsedBody = Symbol('not json');
        }
        return {
          route,
          role,
          kind,
          label: `${route.method} ${path.slice(0, 80)} [${kind}, ${role}]`,
          inject: {
            method: route.method as InjectOptions['method'],
            url: `${path}${queryString(query)}`,
            headers,
            ...(body === undefined ? {} : { payload: body.payload }),
          },
          zodValid: zodAccepts(route.def, { params, query, body: parsedBody }),
          mustRefuse: body?.mustRefuse,
        };
      });
  });
}

/** Rows of a raw query, on PGlite and on PostgreSQL (both answer `{ rows }`). */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** A digest of every row of every table: equal digests, same data. */
export async function databaseDigest(db: Db): Promise<string> {
  const tables = await queryRows<{ tablename: string }>(
    db,
    sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
  );
  const parts = tables.map(
    ({ tablename }) =>
      // Order-free: a count and a sum of 64-bit hashes of each row's JSON (no sort of the whole table).
      sql`select ${tablename} as t, count(*) || '/' || coalesce(sum(hashtextextended(row_to_json(x)::text, 0)), 0) as d from ${sql.identifier(tablename)} x`,
  );
  const rows = await queryRows<{ t: string; d: string }>(db, sql.join(parts, sql` union all `));
  return rows.map((r) => `${r.t}:${r.d}`).join(',');
}

/** Refusals that are meant to write: a wrong confirmation code counts as one of its five tries. */
const WRITING_REFUSALS = new Set<ErrorCode>(['InvalidCode']);

export interface RunOptions {
  requests: number;
  seed: number;
  inject: (
    options: InjectOptions,
  ) => Promise<{ statusCode: number; body: string; headers: Record<string, unknown> }>;
  db: Db;
  document: {
    paths: Record<string, Record<string, Operation>>;
    components?: { schemas?: Record<string, JsonSchema> };
  };
  world: FuzzWorld;
}

/** Sends `requests` generated requests, spread evenly over every route and role, and checks each answer. */
export async function runFuzz(options: RunOptions): Promise<FuzzReport> {
  const startedAt = performance.now();
  const resolve = resolverOf(options.document);
  const fuzzRoutes = routesOf(options.document);
  const report: FuzzReport = {
    seed: options.seed,
    requests: 0,
    routes: fuzzRoutes.length,
    byKind: { valid: 0, boundary: 0, malformed: 0 },
    byRole: Object.fromEntries(ROLES.map((r) => [r, 0])) as Record<Role, number>,
    byStatusClass: {},
    serverErrors: 0,
    badErrorBodies: 0,
    refusedWritesChecked: 0,
    databaseChangedByRefusal: 0,
    zodValidRequests: 0,
    zodValidAnswered2xx: 0,
    hostileRequests: 0,
    hostileAccepted: 0,
    dateSweepRequests: 0,
    ms: 0,
    failures: [],
  };
  const fail = (message: string) => {
    if (report.failures.length < 50) report.failures.push(message);
  };
  // First, while the world's records are all there (the generated requests may delete them).
  await sweepDates(options, fuzzRoutes, report, fail);
  await sweepHostileBodies(options, fuzzRoutes, report, fail);
  const cells = fuzzRoutes.flatMap((route) => ROLES.map((role) => ({ route, role })));
  const perCell = Math.ceil(options.requests / cells.length);
  let digest: string | undefined;
  for (const [index, { route, role }] of cells.entries()) {
    const samples = fc.sample(requestArbitrary(route, role, options.world, resolve), {
      numRuns: perCell,
      seed: options.seed + index,
    });
    for (const request of samples) {
      if (report.requests >= options.requests) break;
      const write = isWrite(route.method);
      if (write && digest === undefined) digest = await databaseDigest(options.db);
      let response;
      try {
        response = await options.inject(request.inject);
      } catch (error) {
        fail(`${request.label}: the request could not be sent (${String(error).slice(0, 120)})`);
        continue;
      }
      report.requests++;
      report.byKind[request.kind]++;
      report.byRole[role]++;
      const statusClass = `${Math.floor(response.statusCode / 100)}xx`;
      report.byStatusClass[statusClass] = (report.byStatusClass[statusClass] ?? 0) + 1;
      if (request.zodValid) {
        report.zodValidRequests++;
        if (response.statusCode < 300) report.zodValidAnswered2xx++;
      }
      if (request.mustRefuse !== undefined) {
        report.hostileRequests++;
        if (response.statusCode < 400) {
          report.hostileAccepted++;
          fail(`${request.label}: ${request.mustRefuse} answered ${response.statusCode}, not refused`);
        }
      }
      if (response.statusCode >= 500) {
        report.serverErrors++;
        fail(`${request.label}: ${response.statusCode} ${response.body.slice(0, 200)}`);
      }
      const code = checkErrorBody(request.label, response, report, fail);
      if (!write) continue;
      if (response.statusCode >= 400 && (code === undefined || !WRITING_REFUSALS.has(code))) {
        const after = await databaseDigest(options.db);
        report.refusedWritesChecked++;
        if (after !== digest) {
          report.databaseChangedByRefusal++;
          fail(
            `${request.label}: refused with ${response.statusCode} ${code ?? ''} but the database changed`,
          );
        }
        digest = after;
      } else {
        digest = undefined;
      }
    }
  }
  report.ms = Math.round(performance.now() - startedAt);
  return report;
}

/**
 * The error code of an answer of 400 or more, once checked to be in the contract's shape with the status of
 * its code (counted and told as a failure otherwise); `undefined` for a success or an unknown code.
 */
function checkErrorBody(
  label: string,
  response: { statusCode: number; body: string },
  report: FuzzReport,
  fail: (message: string) => void,
): ErrorCode | undefined {
  if (response.statusCode < 400) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(response.body);
  } catch {
    parsed = undefined;
  }
  const body = ErrorBodySchema.safeParse(parsed);
  const known = body.success && body.data.code in ERROR_STATUS;
  const code = known ? (body.data!.code as ErrorCode) : undefined;
  if (
    !known ||
    ERROR_STATUS[code!] !== response.statusCode ||
    (code === 'ValidationError' && !Array.isArray((parsed as { details?: unknown }).details))
  ) {
    report.badErrorBodies++;
    fail(`${label}: error body ${response.statusCode} ${response.body.slice(0, 200)}`);
  }
  return code;
}

/** Years 1 to 9999 and the year 0 no calendar has: the days every date parameter is also sent. */
const SWEPT_DAYS = [...PARIS_CLOCK_DAYS, '0000-01-01', '1900-01-01', '1899-12-31', '5000-06-15'];

/**
 * Every date parameter of the reads (`notVerifiedSince`, `date`...) sent by every role with each of
 * `SWEPT_DAYS`, on top of the generated requests, whose few thousand draws may miss the one day that
 * breaks (1940-02-24 once answered 500): a day of years 1 to 9999 is answered, or refused with a 400; the
 * year 0 is refused.
 */
async function sweepDates(
  options: RunOptions,
  fuzzRoutes: readonly FuzzRoute[],
  report: FuzzReport,
  fail: (message: string) => void,
): Promise<void> {
  const resolve = resolverOf(options.document);
  const id = options.world.ids[0] ?? randomUUID();
  for (const route of fuzzRoutes.filter((r) => r.method === 'GET')) {
    const dateParams = (route.operation.parameters ?? []).filter(
      (p) => p.in === 'query' && resolve(p.schema).format === 'date',
    );
    const path = route.path.replace(/:(\w+)/g, () => encodeURIComponent(id));
    for (const param of dateParams) {
      for (const role of ROLES) {
        const token = options.world.tokens[role];
        for (const day of SWEPT_DAYS) {
          const label = `GET ${path}?${param.name}=${day} [date sweep, ${role}]`;
          const response = await options.inject({
            method: 'GET',
            url: `${path}?${param.name}=${day}`,
            headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
          });
          report.dateSweepRequests++;
          if (response.statusCode >= 500) {
            report.serverErrors++;
            fail(`${label}: ${response.statusCode} ${response.body.slice(0, 200)}`);
          }
          checkErrorBody(label, response, report, fail);
          if (day.startsWith('0000-') && response.statusCode < 400) {
            fail(`${label}: the year 0 answered ${response.statusCode}, not refused`);
          }
        }
      }
    }
  }
}

/**
 * Each of `hostileVariants` of each body the server accepts (`world.acceptedBodies`), sent by the admin
 * allowed everything: refused, and the database left as it was; then the body itself, accepted. The
 * generated requests draw these only now and then; here every one is sent once. Path parameters are the
 * world's first id, an establishment's.
 */
async function sweepHostileBodies(
  options: RunOptions,
  fuzzRoutes: readonly FuzzRoute[],
  report: FuzzReport,
  fail: (message: string) => void,
): Promise<void> {
  const resolve = resolverOf(options.document);
  const id = options.world.ids[0] ?? randomUUID();
  const token = options.world.tokens['full admin'];
  for (const route of fuzzRoutes) {
    const accepted = options.world.acceptedBodies?.[route.id] ?? [];
    const schema = route.operation.requestBody?.content['application/json']?.schema;
    if (accepted.length === 0 || schema === undefined) continue;
    const path = route.path.replace(/:(\w+)/g, () => encodeURIComponent(id));
    const hostile = hostileOptions(schema, resolve, options.world, route);
    for (const body of accepted.flatMap((value) => hostileVariants(value, hostile))) {
      if (body.mustRefuse === undefined) continue;
      const label = `${route.method} ${path} [${body.mustRefuse}]`;
      const before = await databaseDigest(options.db);
      const response = await options.inject({
        method: route.method as InjectOptions['method'],
        url: path,
        headers: { ...body.headers, ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) },
        payload: body.payload,
      });
      report.hostileRequests++;
      if (response.statusCode >= 500) {
        report.serverErrors++;
        fail(`${label}: ${response.statusCode} ${response.body.slice(0, 200)}`);
      }
      checkErrorBody(label, response, report, fail);
      if (response.statusCode < 400) {
        report.hostileAccepted++;
        fail(`${label}: answered ${response.statusCode}, not refused`);
      } else if ((await databaseDigest(options.db)) !== before) {
        report.databaseChangedByRefusal++;
        fail(`${label}: refused with ${response.statusCode} but the database changed`);
      }
    }
    // Then each body as it is, which must be accepted: else the refusals above prove nothing.
    for (const value of accepted) {
      const response = await options.inject({
        method: route.method as InjectOptions['method'],
        url: path,
        headers: {
          'content-type': 'application/json',
          ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
        },
        payload: JSON.stringify(value),
      });
      if (response.statusCode >= 300) {
        fail(
          `${route.method} ${path}: the accepted body was answered ${response.statusCode} ${response.body.slice(0, 200)}`,
        );
      }
    }
  }
}

import fc from 'fast-check';

/** The subset of JSON Schema that the OpenAPI document of the API uses. */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  default?: unknown;
}

export type Resolve = (schema: JsonSchema) => JsonSchema;

/** Resolves `#/components/schemas/X` references against the OpenAPI document. */
export function resolverOf(document: { components?: { schemas?: Record<string, JsonSchema> } }): Resolve {
  const resolve: Resolve = (schema) => {
    if (schema.$ref === undefined) return schema;
    const name = schema.$ref.split('/').pop()!;
    const target = document.components?.schemas?.[name];
    if (target === undefined) throw new Error(`unknown schema ${schema.$ref}`);
    return resolve(target);
  };
  return resolve;
}

const DAY_MS = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Days where Paris changed its offset or its clocks (mean time until 1911, UTC in winter until 1940, German
 * and double summer time, summer time again from 1976), and the first and last days a date field takes.
 */
export const PARIS_CLOCK_DAYS = [
  '0001-01-01',
  '1891-03-16',
  '1911-03-11',
  '1916-06-14',
  '1940-02-24',
  '1940-02-25',
  '1940-06-15',
  '1945-04-02',
  '1945-09-16',
  '1976-03-28',
  '1976-09-26',
  '2026-03-29',
  '2026-10-25',
  '9999-12-31',
];

/**
 * Dates across everything a date field accepts (0001-01-01 to 9999-12-31), the days Paris changed clocks,
 * and the weeks around today, where boards and closures are written: a date either works or is a 400.
 */
const ISO_DATE = fc.oneof(
  fc
    .date({
      min: new Date('0001-01-01T00:00:00Z'),
      max: new Date('9999-12-31T00:00:00Z'),
      noInvalidDate: true,
    })
    .map(isoDay),
  fc.constantFrom(...PARIS_CLOCK_DAYS),
  fc.integer({ min: -60, max: 60 }).map((days) => isoDay(new Date(Date.now() + days * DAY_MS))),
);

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  switch (schema.format) {
    case 'uuid':
      return fc.uuid();
    case 'email':
      return fc.emailAddress();
    case 'date':
      return ISO_DATE;
    case 'date-time':
      return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
    case 'uri':
      return fc.webUrl();
    default:
      break;
  }
  if (schema.pattern !== undefined) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern));
    } catch {
      // A pattern fast-check cannot invert: plain strings, mostly refused.
    }
  }
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? minLength + 40, minLength + 40);
  return fc.string({ minLength, maxLength, unit: 'grapheme' });
}

/**
 * Values that a schema accepts (or almost: formats and patterns are approximated), for the "valid" share
 * of the fuzzed requests. Depth-limited so that recursive shapes stay small.
 */
export function arbitraryOf(schema: JsonSchema, resolve: Resolve, depth = 0): fc.Arbitrary<unknown> {
  const s = resolve(schema);
  if (depth > 6) return fc.constant(null);
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum !== undefined) return fc.constantFrom(...s.enum);
  const choices = s.anyOf ?? s.oneOf;
  if (choices !== undefined) return fc.oneof(...choices.map((c) => arbitraryOf(c, resolve, depth + 1)));
  if (s.allOf !== undefined && s.allOf.length > 0) return arbitraryOf(s.allOf[0]!, resolve, depth + 1);
  const type = Array.isArray(s.type) ? s.type : s.type === undefined ? undefined : [s.type];
  if (type !== undefined && type.length > 1) {
    return fc.oneof(...type.map((t) => arbitraryOf({ ...s, type: t }, resolve, depth + 1)));
  }
  switch (type?.[0]) {
    case 'string':
      return stringArbitrary(s);
    case 'integer': {
      const min = s.minimum ?? (s.exclusiveMinimum === undefined ? -1_000_000 : s.exclusiveMinimum + 1);
      const max = s.maximum ?? (s.exclusiveMaximum === undefined ? 1_000_000 : s.exclusiveMaximum - 1);
      return fc.integer({ min: Math.max(min, -2_147_483_648), max: Math.min(max, 2_147_483_647) });
    }
    case 'number': {
      const min = s.minimum ?? s.exclusiveMinimum ?? -1e6;
      const max = s.maximum ?? s.exclusiveMaximum ?? 1e6;
      return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = s.minItems ?? 0;
      const maxLength = Math.min(s.maxItems ?? minLength + 4, minLength + 4);
      return fc.array(arbitraryOf(s.items ?? {}, resolve, depth + 1), { minLength, maxLength });
    }
    case 'object': {
      const properties = s.properties ?? {};
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, value] of Object.entries(properties))
        record[key] = arbitraryOf(value, resolve, depth + 1);
      return fc.record(record, { requiredKeys: (s.required ?? []).filter((k) => k in properties) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Values on and just past the schema's limits: empty, longest, one too long, smallest, largest, outside. */
export function boundaryValuesOf(schema: JsonSchema, resolve: Resolve): unknown[] {
  const s = resolve(schema);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  const out: unknown[] = [];
  if (type === 'string' && s.format === 'date') {
    // The ends of the range, the year 0 no calendar has, a 29 February that does not exist, Paris's changes.
    out.push('0000-01-01', '0000-12-31', '2026-02-29', '1900-02-29', ...PARIS_CLOCK_DAYS);
  } else if (type === 'string') {
    const min = s.minLength ?? 0;
    out.push('x'.repeat(min), min > 0 ? 'x'.repeat(min - 1) : '');
    if (s.maxLength !== undefined) out.push('é'.repeat(s.maxLength), 'é'.repeat(s.maxLength + 1));
    out.push(' '.repeat(Math.max(min, 1)), '\u200b'.repeat(Math.max(min, 1)));
  } else if (type === 'integer' || type === 'number') {
    for (const bound of [s.minimum, s.maximum, s.exclusiveMinimum, s.exclusiveMaximum]) {
      if (bound !== undefined) out.push(bound, bound - 1, bound + 1, bound + 0.5);
    }
    out.push(0, -0, 2 ** 31, 2 ** 53 + 1, -(2 ** 31) - 1);
  } else if (type === 'array') {
    const item = s.items === undefined ? null : (boundaryValuesOf(s.items, resolve)[0] ?? null);
    out.push(
      [],
      Array.from({ length: (s.maxItems ?? 50) + 1 }, () => item),
    );
    if (s.minItems !== undefined && s.minItems > 0)
      out.push(Array.from({ length: s.minItems - 1 }, () => item));
  } else if (type === 'object') {
    out.push({});
  }
  return out;
}

import { KIND_LABELS, VENUE_TYPE_LABELS } from '@tables-voisines/contract/labels';
import { normalizeForSearch } from '@tables-voisines/contract/text';
import { fromOsmOpeningHours } from '../open-data/osm-opening-hours';
import type { RawRecord, RawValue } from './import-records';

/** A row as the establishment's body reads it, before the contract validates it. */
export interface ImportRow {
  row: number;
  /** The export's `Identifiant`: the place this row updates. */
  id: string | null;
  source: { source: string; sourceId: string } | null;
  /** The body's fields the file gives (an update changes those only). */
  body: Record<string, unknown>;
  /** Category names, to be found by name. */
  categoryNames: string[] | null;
  /** The file's own name for each body field, for the errors. */
  columns: Record<string, string>;
  errors: { field: string; message: string }[];
}

/** A header folded as the import compares them: « Type d’établissement » → « typedetablissement ». */
export const foldHeader = (header: string) => normalizeForSearch(header).replace(/[^a-z0-9]/g, '');

/** The export's columns (exports.queries.ts ESTABLISHMENT_COLUMNS), by folded header, and the body field. */
const EXPORT_FIELDS: Readonly<Record<string, string>> = {
  identifiant: 'id',
  nom: 'name',
  type: 'kind',
  typedetablissement: 'venueType',
  adressedelapage: 'uri',
  rue: 'street',
  codepostal: 'postcode',
  ville: 'town',
  latitude: 'latitude',
  longitude: 'longitude',
  telephone: 'phone',
  adresseemail: 'email',
  siteweb: 'website',
  gammedeprix: 'priceRange',
  categories: 'categories',
  description: 'description',
  desactive: 'disabled',
  source: 'source',
  sourceid: 'sourceId',
  identifiantsource: 'sourceId',
};

const byLabel = (labels: Readonly<Record<string, string>>) =>
  new Map(
    Object.entries(labels).flatMap(([slug, label]) => [
      [foldHeader(label), slug],
      [foldHeader(slug), slug],
    ]),
  );
const KINDS = byLabel(KIND_LABELS);
const VENUE_TYPES = byLabel(VENUE_TYPE_LABELS);

/** The export writes `'=…` for a text cell starting with a formula's sign (OWASP): the apostrophe goes. */
function cellText(value: RawValue): string | null {
  if (value === null) return null;
  const text = String(value).trim();
  if (text === '') return null;
  return /^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
}

/** A decimal written the French way (`45,764`) or not; a number as a workbook gives it. */
function decimal(value: RawValue): number | string | null {
  if (typeof value === 'number') return value;
  const text = cellText(value);
  if (text === null) return null;
  const n = Number(text.replace(',', '.'));
  return Number.isFinite(n) && /^-?[0-9]+([.,][0-9]+)?$/.test(text) ? n : text;
}

/** How many `opening_hours` texts are kept read: a file repeats a few forms (`Mo-Fr 12:00-14:00`…) often. */
const HOURS_KEPT = 1_000;
const hoursRead = new Map<string, ReturnType<typeof fromOsmOpeningHours>>();

/**
 * `fromOsmOpeningHours`, each text read once: OpenStreetMap's reader takes about a millisecond a text
 * (it looks for corrections to suggest), as long as all the rest of a row. Forgotten all at once when full.
 */
function readOsmHours(text: string): ReturnType<typeof fromOsmOpeningHours> {
  let read = hoursRead.get(text);
  if (read === undefined) {
    if (hoursRead.size >= HOURS_KEPT) hoursRead.clear();
    read = fromOsmOpeningHours(text);
    hoursRead.set(text, read);
  }
  return read;
}

function newRow(record: RawRecord): ImportRow {
  return { row: record.row, id: null, source: null, body: {}, categoryNames: null, columns: {}, errors: [] };
}

const FORMULA = 'Une formule n’est pas acceptée : écrivez la valeur elle-même.';

/** A row of the export's CSV or XLSX (columns found by their French headers, any case or accents). */
export function fromExportColumns(record: RawRecord): ImportRow {
  const out = newRow(record);
  const address: Record<string, string | null> = {};
  let latitude: RawValue = null;
  let longitude: RawValue = null;
  let source: string | null = null;
  let sourceId: string | null = null;
  for (const column of record.formulas ?? []) out.errors.push({ field: column, message: FORMULA });
  for (const [column, value] of Object.entries(record.values)) {
    const field = EXPORT_FIELDS[foldHeader(column)];
    if (field === undefined) continue;
    const text = cellText(value);
    if (typeof value === 'string' && value.trimStart().startsWith('=')) {
      out.errors.push({ field: column, message: FORMULA });
      continue;
    }
    out.columns[field] = column;
    switch (field) {
      case 'id':
        out.id = text;
        break;
      case 'source':
        source = text;
        break;
      case 'sourceId':
        sourceId = text;
        break;
      case 'street':
      case 'postcode':
      case 'town':
        address[field] = text;
        out.columns[`address.${field}`] = column;
        break;
      case 'latitude':
        latitude = value;
        break;
      case 'longitude':
        longitude = value;
        break;
      case 'kind':
      case 'venueType': {
        const slug =
          text === null ? undefined : (field === 'kind' ? KINDS : VENUE_TYPES).get(foldHeader(text));
        out.body[field] = slug ?? text;
        break;
      }
      case 'categories':
        out.categoryNames =
          text === null
            ? []
            : text
                .split(',')
                .map((name) => name.trim())
                .filter(Boolean);
        break;
      case 'disabled': {
        const folded = text === null ? 'non' : normalizeForSearch(text);
        if (folded === 'oui' || folded === 'non') out.body.disabled = folded === 'oui';
        else out.errors.push({ field: column, message: '« oui » ou « non » est attendu.' });
        break;
      }
      default:
        out.body[field] = text;
    }
  }
  if (Object.keys(address).length > 0) out.body.address = address;
  if (latitude !== null || longitude !== null) {
    out.body.location = { latitude: decimal(latitude), longitude: decimal(longitude) };
    out.columns.location = out.columns.latitude ?? 'Latitude';
  }
  if (source !== null && sourceId !== null) out.source = { source, sourceId };
  return out;
}

/** OSM's `amenity`, `cuisine` and the like to a venue type (null: not a place to eat or drink). */
function venueTypeOf(values: Record<string, RawValue>): string | null {
  const tag = (key: string) => (typeof values[key] === 'string' ? (values[key] as string).toLowerCase() : '');
  const cuisines = tag('cuisine')
    .split(';')
    .map((c) => c.trim());
  if (cuisines.some((c) => c === 'crepe' || c === 'crêpe' || c === 'crepes' || c === 'galette'))
    return 'creperie';
  if (cuisines.includes('brasserie')) return 'brasserie';
  const amenity = tag('amenity');
  if (amenity === 'fast_food' && (tag('street_vendor') === 'yes' || tag('mobile') === 'yes'))
    return 'food-truck';
  if (['bar', 'pub', 'biergarten', 'cafe'].includes(amenity)) return 'bar';
  if (['restaurant', 'fast_food', 'food_court'].includes(amenity)) return 'restaurant';
  if (tag('tourism') === 'hotel') return 'hotel-restaurant';
  if (tag('craft') === 'caterer' || tag('shop') === 'caterer' || tag('shop') === 'deli') return 'traiteur';
  return null;
}

/** `node/123`, `https://www.openstreetmap.org/node/123` or `n123` as OSM's `type/id`. */
function osmId(value: RawValue): string | null {
  const text = cellText(value);
  if (text === null) return null;
  const match = /(node|way|relation)\/([0-9]+)$/.exec(text) ?? /^([nwr])([0-9]+)$/.exec(text);
  if (match === null) return text;
  const type = { n: 'node', w: 'way', r: 'relation' }[match[1]!] ?? match[1]!;
  return `${type}/${match[2]}`;
}

/** A feature of an OpenStreetMap export (Overpass's GeoJSON): its tags as the establishment's fields. */
export async function fromOsmFeature(record: RawRecord): Promise<ImportRow> {
  const out = newRow(record);
  const v = record.values;
  const text = (...keys: string[]) => {
    for (const key of keys) {
      const t = cellText(v[key] ?? null);
      if (t !== null) return t;
    }
    return null;
  };
  out.columns = {
    name: 'name',
    venueType: 'amenity',
    'address.street': 'addr:street',
    'address.postcode': 'addr:postcode',
    'address.town': 'addr:city',
    location: 'geometry',
    phone: 'phone',
    email: 'email',
    website: 'website',
    openingHours: 'opening_hours',
  };
  out.body.kind = 'restaurant';
  out.body.name = text('name');
  const venueType = venueTypeOf(v);
  if (venueType === null) {
    out.errors.push({
      field: 'amenity',
      message:
        'Type de lieu non reconnu : amenity=restaurant, fast_food, cafe, bar ou pub, tourism=hotel, craft=caterer sont pris.',
    });
  } else out.body.venueType = venueType;
  const number = text('addr:housenumber');
  const street = text('addr:street');
  out.body.address = {
    street: street === null ? null : number === null ? street : `${number} ${street}`,
    postcode: text('addr:postcode'),
    town: text('addr:city'),
  };
  if (record.point !== undefined && 'problem' in record.point) {
    out.errors.push({ field: 'geometry', message: record.point.problem });
  } else if (record.point !== undefined) {
    out.body.location = record.point;
  }
  out.body.phone = text('phone', 'contact:phone');
  out.body.email = text('email', 'contact:email');
  out.body.website = text('website', 'contact:website', 'url');
  const hours = text('opening_hours');
  if (hours !== null) {
    const read = await readOsmHours(hours);
    if ('error' in read) out.errors.push({ field: 'opening_hours', message: read.error });
    else out.body.openingHours = read.hours.map((h) => ({ ...h }));
  }
  const id = osmId(v['@id'] ?? v.id ?? null);
  if (id !== null) out.source = { source: 'osm', sourceId: id };
  // What OSM does not know is left out: an update keeps what the team wrote.
  for (const key of Object.keys(out.body)) if (out.body[key] === null) delete out.body[key];
  return out;
}

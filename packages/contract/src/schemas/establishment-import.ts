import { z } from 'zod';
import { contractRegistry } from '../registry';
import { BooleanQuerySchema, IsoDateTimeSchema, UuidSchema } from './common';

/** Largest file an import takes (docs/api.md, "Import and open data"). */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;
/** Most rows (or features) an import takes. */
export const MAX_IMPORT_ROWS = 50_000;

/** `dryRun` is the default: a file is read and reported on, nothing written, unless `dryRun=false`. */
export const ImportQuerySchema = z.object({
  dryRun: BooleanQuerySchema.default(true),
});

/**
 * What an import did, or would do. `row` is the spreadsheet's row number (the header is row 1) or the
 * feature's position in a GeoJSON file (from 1); `field` the column or property as the file names it.
 */
export const ImportReportSchema = z
  .object({
    dryRun: z.boolean(),
    rows: z.int(),
    created: z.int(),
    updated: z.int(),
    unchanged: z.int(),
    duplicates: z.array(
      z.object({
        row: z.int(),
        existing: z.object({ id: UuidSchema, name: z.string(), uri: z.string() }),
        reason: z.enum(['same-source', 'nearby-same-name']),
      }),
    ),
    errors: z.array(z.object({ row: z.int(), field: z.string(), message: z.string() })),
    /** Present once written (`dryRun=false`): what `undo` needs, within the hour. */
    import: z.object({ id: UuidSchema, undoableUntil: IsoDateTimeSchema }).optional(),
  })
  .register(contractRegistry, { id: 'ImportReport' });
export type ImportReport = z.infer<typeof ImportReportSchema>;

/** How long after it an import may be undone. */
export const IMPORT_UNDO_MINUTES = 60;

/** An import that wrote something, as the back office lists it (newest first). */
export const EstablishmentImportSchema = z
  .object({
    id: UuidSchema,
    fileName: z.string(),
    at: IsoDateTimeSchema,
    /** The admin's username at the time. */
    by: z.string().nullable(),
    created: z.int(),
    updated: z.int(),
    undoneAt: IsoDateTimeSchema.nullable(),
    /** Until when `undo` is possible: null once undone, past the hour, or when a later import came. */
    undoableUntil: IsoDateTimeSchema.nullable(),
  })
  .register(contractRegistry, { id: 'EstablishmentImport' });
export type EstablishmentImport = z.infer<typeof EstablishmentImportSchema>;

export const ImportUndoneSchema = z.object({ deleted: z.int(), restored: z.int() });
export type ImportUndone = z.infer<typeof ImportUndoneSchema>;

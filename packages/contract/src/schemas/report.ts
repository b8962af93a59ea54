import { z } from 'zod';
import { contractRegistry } from '../registry';
import { EmailSchema, IsoDateTimeSchema, PageQuerySchema, UuidSchema, clearable, textSchema } from './common';
import { REPORT_REASONS, REPORT_STATUSES } from '../reports';

export { REPORT_REASONS, REPORT_REASON_LABELS, REPORT_STATUSES, REPORT_STATUS_LABELS } from '../reports';
export type { ReportReason, ReportStatus } from '../reports';

export const MAX_REPORT_MESSAGE_LENGTH = 1000;

export const ReportReasonSchema = z.enum(REPORT_REASONS, {
  error: 'Motif inconnu : « closed », « hours », « contact », « menu » ou « other » est attendu.',
});
export const ReportStatusSchema = z.enum(REPORT_STATUSES, {
  error: 'État inconnu : « open », « resolved » ou « dismissed » est attendu.',
});

/**
 * `POST /api/establishment/{id}/reports` (no sign-in): why the page is wrong, a message (required for
 * `other`) and an address to answer to, both optional otherwise.
 */
export const CreateReportBodySchema = z
  .strictObject({
    reason: ReportReasonSchema,
    message: clearable(textSchema(1, MAX_REPORT_MESSAGE_LENGTH)).optional().default(null),
    email: clearable(EmailSchema).optional().default(null),
  })
  .refine((r) => r.reason !== 'other' || r.message !== null, {
    message: 'Dites-nous en quelques mots ce qui ne va pas.',
    path: ['message'],
  });
export type CreateReportBody = z.output<typeof CreateReportBodySchema>;

export const ReportCreatedSchema = z
  .object({ id: UuidSchema, status: z.literal('open'), createdAt: IsoDateTimeSchema })
  .register(contractRegistry, { id: 'ReportCreated' });
export type ReportCreated = z.infer<typeof ReportCreatedSchema>;

/** A report as the back office lists it. `resolvedBy` is the admin who resolved or dismissed it. */
export const ReportSchema = z
  .object({
    id: UuidSchema,
    establishment: z.object({ id: UuidSchema, name: z.string(), uri: z.string() }),
    reason: ReportReasonSchema,
    message: z.string().nullable(),
    email: z.string().nullable(),
    status: ReportStatusSchema,
    createdAt: IsoDateTimeSchema,
    resolvedAt: IsoDateTimeSchema.nullable(),
    resolvedBy: z.object({ id: UuidSchema.nullable(), name: z.string().nullable() }).nullable(),
  })
  .register(contractRegistry, { id: 'Report' });
export type Report = z.infer<typeof ReportSchema>;

/** `GET /api/reports/`: newest first; every status when `status` is left out. */
export const ListReportsQuerySchema = PageQuerySchema.extend({
  status: ReportStatusSchema.optional(),
});
export type ListReportsQuery = z.output<typeof ListReportsQuerySchema>;

export const PatchReportBodySchema = z.strictObject({
  status: z.enum(['resolved', 'dismissed'], {
    error: 'État attendu : « resolved » (corrigé) ou « dismissed » (écarté).',
  }),
});
export type PatchReportBody = z.output<typeof PatchReportBodySchema>;

/** `POST /api/establishment/verify`: the reminder e-mail's token, which verifies without signing in. */
export const VerifyTokenBodySchema = z.strictObject({
  token: z
    .string({ error: 'Le lien est incomplet.' })
    .trim()
    .min(1, 'Le lien est incomplet.')
    .max(200, 'Lien invalide.'),
});
export type VerifyTokenBody = z.output<typeof VerifyTokenBodySchema>;

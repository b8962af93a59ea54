import { z } from 'zod';
import { contractRegistry } from '../registry';
import { EmailSchema, IsoDateTimeSchema, PageQuerySchema, UuidSchema, clearable, textSchema } from './common';
import { OWNER_ANSWERS, REPORT_REASONS, REPORT_STATUSES } from '../reports';

export {
  OWNER_ANSWERS,
  OWNER_ANSWER_LABELS,
  REPORT_REASONS,
  REPORT_REASON_LABELS,
  REPORT_STATUSES,
  REPORT_STATUS_LABELS,
} from '../reports';
export type { OwnerAnswerKind, ReportReason, ReportStatus } from '../reports';

export const MAX_REPORT_MESSAGE_LENGTH = 1000;

export const ReportReasonSchema = z.enum(REPORT_REASONS, {
  error: 'Motif inconnu : « closed », « hours », « contact », « menu » ou « other » est attendu.',
});
export const OwnerAnswerKindSchema = z.enum(OWNER_ANSWERS, {
  error: 'Réponse inconnue : « fixed » (c’est corrigé) ou « disputed » (c’est juste) est attendu.',
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

/** The owner's answer to a report: « C’est corrigé » (`fixed`) or « C’est juste » (`disputed`, with a line). */
export const OwnerAnswerSchema = z
  .object({
    answer: OwnerAnswerKindSchema,
    note: z.string().nullable(),
    at: IsoDateTimeSchema,
  })
  .register(contractRegistry, { id: 'ReportOwnerAnswer' });
export type OwnerAnswer = z.infer<typeof OwnerAnswerSchema>;

/**
 * A report as the back office lists it. `resolvedBy` is the admin who resolved or dismissed it;
 * `ownerAnswer` what the establishment's owner answered; `reporterToldAt` when the visitor was told.
 */
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
    ownerAnswer: OwnerAnswerSchema.nullable(),
    reporterToldAt: IsoDateTimeSchema.nullable(),
  })
  .register(contractRegistry, { id: 'Report' });
export type Report = z.infer<typeof ReportSchema>;

/** `GET /api/reports/`: newest first; every status when `status` is left out. */
export const ListReportsQuerySchema = PageQuerySchema.extend({
  status: ReportStatusSchema.optional(),
});
export type ListReportsQuery = z.output<typeof ListReportsQuerySchema>;

/** `open` reopens a report marked corrected or dismissed by mistake. */
export const PatchReportBodySchema = z.strictObject({
  status: z.enum(['resolved', 'dismissed', 'open'], {
    error: 'État attendu : « resolved » (corrigé), « dismissed » (écarté) ou « open » (à traiter).',
  }),
});
export type PatchReportBody = z.output<typeof PatchReportBodySchema>;

/**
 * A report as its establishment's owner reads it (`GET /api/establishment/{id}/reports`): never the
 * visitor's address, nor which admin handled it.
 */
export const OwnerReportSchema = z
  .object({
    id: UuidSchema,
    reason: ReportReasonSchema,
    message: z.string().nullable(),
    status: ReportStatusSchema,
    createdAt: IsoDateTimeSchema,
    resolvedAt: IsoDateTimeSchema.nullable(),
    ownerAnswer: OwnerAnswerSchema.nullable(),
  })
  .register(contractRegistry, { id: 'OwnerReport' });
export type OwnerReport = z.infer<typeof OwnerReportSchema>;

export const MAX_OWNER_NOTE_LENGTH = 500;

/**
 * `PUT /api/report/{id}/owner-answer`: « C’est corrigé » (`fixed`, a line optional) or « C’est juste »
 * (`disputed`, a line saying why required). Answering again replaces the answer.
 */
export const OwnerAnswerBodySchema = z
  .strictObject({
    answer: OwnerAnswerKindSchema,
    note: clearable(textSchema(1, MAX_OWNER_NOTE_LENGTH)).optional().default(null),
  })
  .refine((a) => a.answer !== 'disputed' || a.note !== null, {
    message: 'Dites en une ligne pourquoi la page est juste.',
    path: ['note'],
  });
export type OwnerAnswerBody = z.output<typeof OwnerAnswerBodySchema>;

/** `POST /api/establishment/verify`: the reminder e-mail's token, which verifies without signing in. */
export const VerifyTokenBodySchema = z.strictObject({
  token: z
    .string({ error: 'Le lien est incomplet.' })
    .trim()
    .min(1, 'Le lien est incomplet.')
    .max(200, 'Lien invalide.'),
});
export type VerifyTokenBody = z.output<typeof VerifyTokenBodySchema>;

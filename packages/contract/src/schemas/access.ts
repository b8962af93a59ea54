import { z } from 'zod';
import { contractRegistry } from '../registry';
import { internationalPhone } from '../phone';
import {
  BooleanQuerySchema,
  EmailSchema,
  IsoDateTimeSchema,
  PageQuerySchema,
  UuidSchema,
  nameSchema,
  textSchema,
} from './common';

/*
 * « Demander l’accès » (an owner of a page with no e-mail asks the team to link it) and « Nous contacter »
 * (anyone's message to the team). Both are listed in the back office.
 */

export const MAX_ACCESS_PROOF_LENGTH = 500;
export const MAX_CONTACT_MESSAGE_LENGTH = 2000;
export const MAX_REFUSAL_REASON_LENGTH = 500;

/** A phone number the team can call back: one that can be dialled (`internationalPhone`). */
export const CallablePhoneSchema = z
  .string({ error: 'Un numéro de téléphone est attendu.' })
  .trim()
  .max(30, 'Le numéro de téléphone ne peut dépasser 30 caractères.')
  .refine((phone) => internationalPhone(phone) !== null, {
    message: 'Numéro de téléphone invalide : par exemple 06 12 34 56 78 ou +33 6 12 34 56 78.',
  });

/** `POST /api/access-requests/`: the signed-in owner asks for the page `establishmentId`. */
export const CreateAccessRequestBodySchema = z.strictObject({
  establishmentId: UuidSchema,
  phone: CallablePhoneSchema,
  proof: textSchema(1, MAX_ACCESS_PROOF_LENGTH),
});
export type CreateAccessRequestBody = z.output<typeof CreateAccessRequestBodySchema>;

export const ACCESS_REQUEST_STATUSES = ['open', 'accepted', 'refused'] as const;
export type AccessRequestStatus = (typeof ACCESS_REQUEST_STATUSES)[number];
export const ACCESS_REQUEST_STATUS_LABELS: Record<AccessRequestStatus, string> = {
  open: 'À traiter',
  accepted: 'Acceptée',
  refused: 'Refusée',
};

export const AccessRequestStatusSchema = z.enum(ACCESS_REQUEST_STATUSES, {
  error: 'État inconnu : « open », « accepted » ou « refused » est attendu.',
});

/** A request as the back office lists it (and as its owner sees its own). */
export const AccessRequestSchema = z
  .object({
    id: UuidSchema,
    establishment: z.object({ id: UuidSchema, name: z.string(), town: z.string(), uri: z.string() }),
    owner: z.object({
      id: UuidSchema,
      email: z.string(),
      firstName: z.string(),
      lastName: z.string(),
    }),
    phone: z.string(),
    proof: z.string(),
    status: AccessRequestStatusSchema,
    refusalReason: z.string().nullable(),
    createdAt: IsoDateTimeSchema,
    decidedAt: IsoDateTimeSchema.nullable(),
    decidedBy: z.object({ id: UuidSchema.nullable(), name: z.string().nullable() }).nullable(),
  })
  .register(contractRegistry, { id: 'AccessRequest' });
export type AccessRequest = z.infer<typeof AccessRequestSchema>;

/** `GET /api/access-requests/`: newest first; every status when `status` is left out. */
export const ListAccessRequestsQuerySchema = PageQuerySchema.extend({
  status: AccessRequestStatusSchema.optional(),
});
export type ListAccessRequestsQuery = z.output<typeof ListAccessRequestsQuerySchema>;

/** `PATCH /api/access-request/{id}`: link the owner to the page, or refuse with a reason it is told. */
export const DecideAccessRequestBodySchema = z.discriminatedUnion(
  'status',
  [
    z.strictObject({ status: z.literal('accepted') }),
    z.strictObject({
      status: z.literal('refused'),
      reason: textSchema(1, MAX_REFUSAL_REASON_LENGTH),
    }),
  ],
  { error: 'État attendu : « accepted » (rattacher) ou « refused » (refuser, avec un motif).' },
);
export type DecideAccessRequestBody = z.output<typeof DecideAccessRequestBodySchema>;

/** `POST /api/contact-messages/` (no sign-in): « Nous contacter ». */
export const CreateContactMessageBodySchema = z.strictObject({
  name: nameSchema(1, 100),
  email: EmailSchema,
  message: textSchema(1, MAX_CONTACT_MESSAGE_LENGTH),
});
export type CreateContactMessageBody = z.output<typeof CreateContactMessageBodySchema>;

export const ContactMessageSchema = z
  .object({
    id: UuidSchema,
    name: z.string(),
    email: z.string(),
    message: z.string(),
    createdAt: IsoDateTimeSchema,
    handledAt: IsoDateTimeSchema.nullable(),
  })
  .register(contractRegistry, { id: 'ContactMessage' });
export type ContactMessage = z.infer<typeof ContactMessageSchema>;

export const ContactMessageCreatedSchema = z
  .object({ id: UuidSchema, createdAt: IsoDateTimeSchema })
  .register(contractRegistry, { id: 'ContactMessageCreated' });
export type ContactMessageCreated = z.infer<typeof ContactMessageCreatedSchema>;

/** `GET /api/contact-messages/`: newest first; `handled` filters. */
export const ListContactMessagesQuerySchema = PageQuerySchema.extend({
  handled: BooleanQuerySchema.optional(),
});
export type ListContactMessagesQuery = z.output<typeof ListContactMessagesQuerySchema>;

export const PatchContactMessageBodySchema = z.strictObject({
  handled: z.boolean({ error: '« handled » : true ou false est attendu.' }),
});
export type PatchContactMessageBody = z.output<typeof PatchContactMessageBodySchema>;

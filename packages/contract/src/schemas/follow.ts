import { z } from 'zod';
import { contractRegistry } from '../registry';
import { IsoDateTimeSchema, UuidSchema } from './common';
import { KindSchema } from './establishment';

/** A push service's address for one browser (RFC 8030); which origins the server posts to is its setting. */
export const PushEndpointSchema = z
  .string({ error: 'L’adresse d’abonnement du navigateur est attendue.' })
  .max(2048, 'L’adresse d’abonnement ne peut dépasser 2 048 caractères.')
  .pipe(
    z.url({
      protocol: /^https?$/,
      error: 'Adresse d’abonnement invalide : une adresse http:// ou https:// est attendue.',
    }),
  );

/**
 * Base64url of exactly `bytes` bytes, as `PushSubscription.toJSON()` gives a key (no padding; padding taken).
 */
function base64urlOfBytes(bytes: number, what: string) {
  const chars = Math.ceil((bytes * 4) / 3);
  const padded = Math.ceil(bytes / 3) * 4;
  return z
    .string({ error: `${what} est attendue.` })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${what} est invalide : du base64url est attendu.`)
    .refine((v) => v.replace(/=+$/, '').length === chars && (v.length === chars || v.length === padded), {
      message: `${what} est invalide : ${bytes} octets sont attendus.`,
    });
}

/** What `PushSubscription.toJSON()` gives, less `expirationTime`. */
export const PushSubscriptionSchema = z
  .object({
    endpoint: PushEndpointSchema,
    keys: z.object({
      // An uncompressed P-256 point: 65 bytes, the first 0x04 (base64url « B »).
      p256dh: base64urlOfBytes(65, 'La clé p256dh').refine((v) => v.startsWith('B'), {
        message: 'La clé p256dh est invalide : un point P-256 non compressé est attendu.',
      }),
      auth: base64urlOfBytes(16, 'La clé auth'),
    }),
  })
  .register(contractRegistry, { id: 'PushSubscription' });
export type PushSubscriptionBody = z.output<typeof PushSubscriptionSchema>;

export const PushPublicKeySchema = z
  .object({ publicKey: z.string() })
  .register(contractRegistry, { id: 'PushPublicKey' });
export type PushPublicKey = z.infer<typeof PushPublicKeySchema>;

/** `POST /api/follows`: this browser follows this establishment. */
export const CreateFollowBodySchema = z.object({
  establishment: UuidSchema,
  subscription: PushSubscriptionSchema,
});
export type CreateFollowBody = z.output<typeof CreateFollowBodySchema>;

export const FollowCreatedSchema = z
  .object({ establishment: UuidSchema, createdAt: IsoDateTimeSchema })
  .register(contractRegistry, { id: 'FollowCreated' });
export type FollowCreated = z.infer<typeof FollowCreatedSchema>;

/** `POST /api/follows/list`: the endpoint in the body, never in an address a log would keep. */
export const ListFollowsBodySchema = z.object({ endpoint: PushEndpointSchema });
export type ListFollowsBody = z.output<typeof ListFollowsBodySchema>;

export const FollowSchema = z
  .object({
    establishment: z.object({ id: UuidSchema, uri: z.string(), name: z.string(), kind: KindSchema }),
    createdAt: IsoDateTimeSchema,
  })
  .register(contractRegistry, { id: 'Follow' });
export type Follow = z.infer<typeof FollowSchema>;

export const DeleteFollowQuerySchema = z.object({ endpoint: PushEndpointSchema, establishment: UuidSchema });
export type DeleteFollowQuery = z.output<typeof DeleteFollowQuerySchema>;

/** How many browsers follow an establishment: its owner sees the count, nothing else. */
export const FollowersCountSchema = z
  .object({ followers: z.number().int().min(0) })
  .register(contractRegistry, { id: 'FollowersCount' });
export type FollowersCount = z.infer<typeof FollowersCountSchema>;

/** The notification a follower's browser receives (the push message's JSON payload). */
export const PushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.string(),
  icon: z.string().optional(),
});
export type PushPayload = z.infer<typeof PushPayloadSchema>;

import { z } from 'zod';
import { contractRegistry } from '../registry';
import { ExportQuerySchema, LatitudeSchema, LongitudeSchema, UuidSchema, nameSchema } from './common';

export const MAX_GROUP_RADIUS_KM = 200;

/** A group of local establishments: those within `radius` kilometres of its centre. */
export const GroupSchema = z
  .object({
    id: UuidSchema,
    name: z.string(),
    latitude: z.number(),
    longitude: z.number(),
    radius: z.number(),
  })
  .register(contractRegistry, { id: 'Group' });
export type Group = z.infer<typeof GroupSchema>;

const RadiusSchema = z
  .number({ error: 'Le rayon (en kilomètres) doit être un nombre.' })
  .positive('Le rayon doit être supérieur à 0 km.')
  .max(MAX_GROUP_RADIUS_KM, `Le rayon ne peut dépasser ${MAX_GROUP_RADIUS_KM} km.`);

const groupBodyFields = {
  name: nameSchema(1, 120),
  latitude: LatitudeSchema,
  longitude: LongitudeSchema,
  radius: RadiusSchema,
};

export const CreateGroupBodySchema = z.strictObject(groupBodyFields);
export type CreateGroupBody = z.output<typeof CreateGroupBodySchema>;

export const PatchGroupBodySchema = z.strictObject(groupBodyFields).partial();
export type PatchGroupBody = z.output<typeof PatchGroupBodySchema>;

/** `POST /api/groups/export`: the format, and the list's search (`q`, in the name), as the list shows it. */
export const ExportGroupsQuerySchema = ExportQuerySchema.extend({
  q: z.string().trim().max(100, 'La recherche ne peut dépasser 100 caractères.').optional(),
});
export type ExportGroupsQuery = z.output<typeof ExportGroupsQuerySchema>;

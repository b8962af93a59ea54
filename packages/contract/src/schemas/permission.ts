import { z } from 'zod';
import { contractRegistry } from '../registry';

/** CASL semantics: `manage` is every action, `all` every subject. */
export const ACTIONS = ['manage', 'read', 'create', 'update', 'delete', 'export', 'share'] as const;
export const SUBJECTS = [
  'all',
  'establishment',
  'admin',
  'restaurant-owner',
  'group',
  'category',
  'menu-board',
] as const;

export type Action = (typeof ACTIONS)[number];
export type Subject = (typeof SUBJECTS)[number];

export const ActionSchema = z.enum(ACTIONS, {
  error: `Action inconnue (valeurs possibles : ${ACTIONS.join(', ')}).`,
});

/** The subject as stored and answered. */
export const SubjectValueSchema = z.enum(SUBJECTS, {
  error: `Sujet inconnu (valeurs possibles : ${SUBJECTS.join(', ')}).`,
});

/** The subject as accepted in a request: `user` is the other API naming of `restaurant-owner`. */
export const SubjectSchema = z
  .enum([...SUBJECTS, 'user'], { error: `Sujet inconnu (valeurs possibles : ${SUBJECTS.join(', ')}).` })
  .transform((s): Subject => (s === 'user' ? 'restaurant-owner' : s));

/** A permission in a request body (`subject: 'user'` accepted). */
export const PermissionSchema = z.strictObject({ action: ActionSchema, subject: SubjectSchema });

/** A permission in an answer: the subject is always one of `SUBJECTS`. */
export const PermissionRecordSchema = z
  .object({ action: ActionSchema, subject: SubjectValueSchema })
  .register(contractRegistry, { id: 'Permission' });

export type Permission = z.output<typeof PermissionRecordSchema>;
export type PermissionInput = z.input<typeof PermissionSchema>;

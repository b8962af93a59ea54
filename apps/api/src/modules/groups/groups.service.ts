import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { AppError } from '@tables-voisines/contract/errors';
import type { CreateGroupBody, PatchGroupBody } from '@tables-voisines/contract/schemas/group';
import type { AppContext } from '../../context';
import { groups } from '../../db/schema';
import { allFields, diffFields, recordChange, type Actor } from '../history/history';
import { toGroup } from './groups.queries';

const notFound = () => new AppError('NotFound', 'Ce groupe n’existe pas.');

const historyView = (row: typeof groups.$inferSelect) => {
  const { id: _id, ...fields } = toGroup(row);
  return fields;
};

export async function createGroup(ctx: AppContext, actor: Actor, body: CreateGroupBody) {
  const id = randomUUID();
  const row = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(groups)
      .values({
        id,
        name: body.name,
        latitude: body.latitude,
        longitude: body.longitude,
        radiusKm: body.radius,
      })
      .returning();
    await recordChange(tx, {
      subjectType: 'group',
      subjectId: id,
      action: 'create',
      actor,
      changes: allFields(historyView(created!), 'create'),
    });
    return created!;
  });
  ctx.dataVersion.bump();
  return row;
}

export async function patchGroup(ctx: AppContext, actor: Actor, rawId: string, body: PatchGroupBody) {
  const id = rawId.toLowerCase();
  const row = await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(groups).where(eq(groups.id, id));
    if (before === undefined) throw notFound();
    const [after] = await tx
      .update(groups)
      .set({
        ...(body.name === undefined ? {} : { name: body.name }),
        ...(body.latitude === undefined ? {} : { latitude: body.latitude }),
        ...(body.longitude === undefined ? {} : { longitude: body.longitude }),
        ...(body.radius === undefined ? {} : { radiusKm: body.radius }),
        updatedAt: new Date(),
      })
      .where(eq(groups.id, id))
      .returning();
    const changes = diffFields(historyView(before), historyView(after!));
    if (changes.length > 0) {
      await recordChange(tx, { subjectType: 'group', subjectId: id, action: 'update', actor, changes });
    }
    return after!;
  });
  ctx.dataVersion.bump();
  return row;
}

export async function deleteGroup(ctx: AppContext, actor: Actor, rawId: string): Promise<void> {
  const id = rawId.toLowerCase();
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx.delete(groups).where(eq(groups.id, id)).returning();
    if (before === undefined) throw notFound();
    await recordChange(tx, {
      subjectType: 'group',
      subjectId: id,
      action: 'delete',
      actor,
      changes: allFields(historyView(before), 'delete'),
    });
  });
  ctx.dataVersion.bump();
}

import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { AppError } from '@tables-voisines/contract/errors';
import type { CreateGroupBody, PatchGroupBody } from '@tables-voisines/contract/schemas/group';
import type { AppContext } from '../../context';
import { databaseNow, groups } from '../../db/schema';
import { write, type WriteConditions } from '../../writes/write';
import { allFields, diffFields, type Actor } from '../history/history';
import { toGroup } from './groups.queries';

const notFound = () => new AppError('NotFound', 'Ce groupe n’existe pas.');

const historyView = (row: typeof groups.$inferSelect) => {
  const { id: _id, ...fields } = toGroup(row);
  return fields;
};

export async function createGroup(ctx: AppContext, actor: Actor, body: CreateGroupBody) {
  const id = randomUUID();
  return write(ctx, { actor }, async (w) => {
    const [created] = await w.tx
      .insert(groups)
      .values({
        id,
        name: body.name,
        latitude: body.latitude,
        longitude: body.longitude,
        radiusKm: body.radius,
      })
      .returning();
    await w.record({
      subjectType: 'group',
      subjectId: id,
      action: 'create',
      changes: allFields(historyView(created!), 'create'),
    });
    return created!;
  });
}

export async function getGroup(ctx: AppContext, id: string) {
  const [row] = await ctx.db.select().from(groups).where(eq(groups.id, id));
  if (row === undefined) throw notFound();
  return row;
}

export async function patchGroup(
  ctx: AppContext,
  actor: Actor,
  id: string,
  body: PatchGroupBody,
  conditions?: WriteConditions,
) {
  return write(ctx, { actor, conditions }, async (w) => {
    const [found] = await w.tx.select().from(groups).where(eq(groups.id, id)).for('update');
    const before = w.checkExisting(found, notFound);
    const [after] = await w.tx
      .update(groups)
      .set({
        ...(body.name === undefined ? {} : { name: body.name }),
        ...(body.latitude === undefined ? {} : { latitude: body.latitude }),
        ...(body.longitude === undefined ? {} : { longitude: body.longitude }),
        ...(body.radius === undefined ? {} : { radiusKm: body.radius }),
        updatedAt: databaseNow(),
      })
      .where(eq(groups.id, id))
      .returning();
    const changes = diffFields(historyView(before), historyView(after!));
    if (changes.length > 0)
      await w.record({ subjectType: 'group', subjectId: id, action: 'update', changes });
    return after!;
  });
}

export async function deleteGroup(
  ctx: AppContext,
  actor: Actor,
  id: string,
  conditions?: WriteConditions,
): Promise<void> {
  await write(ctx, { actor, conditions }, async (w) => {
    const [found] = await w.tx.select().from(groups).where(eq(groups.id, id)).for('update');
    const before = w.checkExisting(found, notFound);
    await w.tx.delete(groups).where(eq(groups.id, id));
    await w.record({
      subjectType: 'group',
      subjectId: id,
      action: 'delete',
      changes: allFields(historyView(before), 'delete'),
    });
  });
}

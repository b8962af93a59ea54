import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { AppError, type ValidationIssue } from '@tables-voisines/contract/errors';
import type {
  CreateMenuBoardBody,
  MenuBoardItem,
  PatchMenuBoardBody,
} from '@tables-voisines/contract/schemas/menu-board';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { categories, establishments, menuBoardItems, menuBoards } from '../../db/schema';
import { parisDay } from '../../lib/today';
import { findMenuBoardById, type MenuBoardAnswer } from './menu-boards.queries';
import { allFields, diffFields, recordChange, type Actor } from '../history/history';

const notFound = () => new AppError('NotFound', 'Cette ardoise n’existe pas.');

/** Euros (at most two decimals, checked by the schema) to integer cents. */
export const toCents = (euros: number) => Math.round(euros * 100);

/** The establishment a board belongs to, for the permission check; `null` when there is no such board. */
export async function findMenuBoardEstablishmentId(db: DbOrTx, id: string): Promise<string | null> {
  const rows = await db
    .select({ establishmentId: menuBoards.establishmentId })
    .from(menuBoards)
    .where(eq(menuBoards.id, id));
  return rows[0]?.establishmentId ?? null;
}

async function assertItemCategories(db: DbOrTx, items: readonly MenuBoardItem[]): Promise<void> {
  const ids = [...new Set(items.map((i) => i.category.toLowerCase()))];
  const rows = await db.select({ id: categories.id }).from(categories).where(inArray(categories.id, ids));
  const known = new Set(rows.map((r) => r.id));
  const issues: ValidationIssue[] = [];
  items.forEach((item, index) => {
    if (!known.has(item.category.toLowerCase())) {
      issues.push({ path: `items.${index}.category`, message: 'Catégorie inconnue.' });
    }
  });
  if (issues.length > 0)
    throw new AppError('ValidationError', 'Certains plats ont une catégorie inconnue.', issues);
}

function assertNotPast(date: string): void {
  if (date < parisDay()) {
    const message = 'Une ardoise ne peut être publiée pour un jour passé.';
    throw new AppError('ValidationError', message, [{ path: 'date', message }]);
  }
}

async function insertItems(tx: DbOrTx, menuBoardId: string, items: readonly MenuBoardItem[]) {
  await tx.insert(menuBoardItems).values(
    items.map((item, position) => ({
      menuBoardId,
      position,
      name: item.name,
      priceCents: toCents(item.price),
      categoryId: item.category.toLowerCase(),
    })),
  );
}

const historyView = (board: MenuBoardAnswer) => ({
  title: board.title,
  date: board.date,
  items: board.items,
});

export async function createMenuBoard(ctx: AppContext, actor: Actor, body: CreateMenuBoardBody) {
  const establishmentId = body.establishment.toLowerCase();
  const found = await ctx.db
    .select({ id: establishments.id })
    .from(establishments)
    .where(eq(establishments.id, establishmentId));
  if (found.length === 0) throw new AppError('NotFound', 'Cet établissement n’existe pas.');
  assertNotPast(body.date);
  await assertItemCategories(ctx.db, body.items);
  const id = randomUUID();
  await ctx.db.transaction(async (tx) => {
    await tx.insert(menuBoards).values({ id, establishmentId, title: body.title, date: body.date });
    await insertItems(tx, id, body.items);
    const created = await findMenuBoardById(tx, id);
    await recordChange(tx, {
      subjectType: 'menu-board',
      subjectId: id,
      establishmentId,
      action: 'create',
      actor,
      changes: allFields(historyView(created!), 'create'),
    });
  });
  ctx.dataVersion.bump();
  return (await findMenuBoardById(ctx.db, id))!;
}

export async function patchMenuBoard(ctx: AppContext, actor: Actor, rawId: string, body: PatchMenuBoardBody) {
  const id = rawId.toLowerCase();
  const existing = await findMenuBoardById(ctx.db, id);
  if (existing === null) throw notFound();
  if (body.date !== undefined && body.date !== existing.date) assertNotPast(body.date);
  if (body.items !== undefined) await assertItemCategories(ctx.db, body.items);
  await ctx.db.transaction(async (tx) => {
    const before = await findMenuBoardById(tx, id);
    if (before === null) throw notFound();
    await tx
      .update(menuBoards)
      .set({
        ...(body.title === undefined ? {} : { title: body.title }),
        ...(body.date === undefined ? {} : { date: body.date }),
        updatedAt: new Date(),
      })
      .where(eq(menuBoards.id, id));
    if (body.items !== undefined) {
      await tx.delete(menuBoardItems).where(eq(menuBoardItems.menuBoardId, id));
      await insertItems(tx, id, body.items);
    }
    const after = await findMenuBoardById(tx, id);
    const changes = diffFields(historyView(before), historyView(after!));
    if (changes.length > 0) {
      await recordChange(tx, {
        subjectType: 'menu-board',
        subjectId: id,
        establishmentId: before.establishment.id,
        action: 'update',
        actor,
        changes,
      });
    }
  });
  ctx.dataVersion.bump();
  return (await findMenuBoardById(ctx.db, id))!;
}

export async function deleteMenuBoard(ctx: AppContext, actor: Actor, rawId: string): Promise<void> {
  const id = rawId.toLowerCase();
  await ctx.db.transaction(async (tx) => {
    const before = await findMenuBoardById(tx, id);
    if (before === null) throw notFound();
    await tx.delete(menuBoards).where(eq(menuBoards.id, id));
    await recordChange(tx, {
      subjectType: 'menu-board',
      subjectId: id,
      establishmentId: before.establishment.id,
      action: 'delete',
      actor,
      changes: allFields(historyView(before), 'delete'),
    });
  });
  ctx.dataVersion.bump();
}

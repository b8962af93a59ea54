import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { AppError, type ValidationIssue } from '@tables-voisines/contract/errors';
import { subject, type AppAbility } from '@tables-voisines/contract/permissions';
import {
  menuBoardDateProblem,
  type CreateMenuBoardBody,
  type MenuBoardFormulaBody,
  type MenuBoardItemBody,
  type PatchMenuBoardBody,
} from '@tables-voisines/contract/schemas/menu-board';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import {
  databaseNow,
  categories,
  establishments,
  menuBoardItems,
  menuBoards,
  type FormulasRow,
} from '../../db/schema';
import { write, type Write, type WriteConditions } from '../../writes/write';
import { allFields, diffFields, type Actor } from '../history/history';
import { violatedUniqueIndex } from '../establishments/establishments.service';
import { recordEstablishmentChange } from '../establishments/record-establishment-change';
import { findEstablishmentDishes } from './dish-suggestions.queries';
import { findMenuBoardById, findTodayMenuBoard, type MenuBoardAnswer } from './menu-boards.queries';
import { parisDay } from '@tables-voisines/contract/paris-time';

const notFound = () => new AppError('NotFound', 'Cette ardoise n’existe pas.');
/** A first board of the day refused (`If-None-Match: *`): another tab, or the team, published one. */
const BOARD_ALREADY_PUBLISHED =
  'Une ardoise a déjà été publiée pour ce jour entre-temps (dans un autre onglet, ou par l’équipe) : rechargez-la pour la voir avant de la remplacer.';
const establishmentNotFound = () => new AppError('NotFound', 'Cet établissement n’existe pas.');

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

async function assertItemCategories(db: DbOrTx, items: readonly MenuBoardItemBody[]): Promise<void> {
  const ids = [...new Set(items.map((i) => i.category))];
  const rows = await db.select({ id: categories.id }).from(categories).where(inArray(categories.id, ids));
  const known = new Set(rows.map((r) => r.id));
  const issues: ValidationIssue[] = [];
  items.forEach((item, index) => {
    if (!known.has(item.category)) {
      issues.push({ path: `items.${index}.category`, message: 'Catégorie inconnue.' });
    }
  });
  if (issues.length > 0)
    throw new AppError('ValidationError', 'Certains plats ont une catégorie inconnue.', issues);
}

/** A board's day from today to a few weeks ahead (`menuBoardDateProblem`), today by the server's clock. */
function assertBoardDate(ctx: AppContext, date: string): void {
  const message = menuBoardDateProblem(date, parisDay(ctx.clock()));
  if (message !== null) throw new AppError('ValidationError', message, [{ path: 'date', message }]);
}

async function replaceItems(tx: DbOrTx, menuBoardId: string, items: readonly MenuBoardItemBody[]) {
  await tx.delete(menuBoardItems).where(eq(menuBoardItems.menuBoardId, menuBoardId));
  await tx.insert(menuBoardItems).values(
    items.map((item, position) => ({
      menuBoardId,
      position,
      name: item.name,
      priceCents: toCents(item.price),
      categoryId: item.category,
      description: item.description,
      allergens: item.allergens,
      diets: item.diets,
      homemade: item.homemade,
      meatOrigin: item.meatOrigin,
      course: item.course,
    })),
  );
}

/** Formules as the board row keeps them: prices in cents, as the dishes'. */
const formulasRow = (formulas: readonly MenuBoardFormulaBody[]): FormulasRow =>
  formulas.map((formula) => ({
    name: formula.name,
    priceCents: toCents(formula.price),
    courses: formula.courses,
    description: formula.description,
  }));

const historyView = (board: MenuBoardAnswer) => ({
  title: board.title,
  date: board.date,
  formulas: board.formulas,
  items: board.items,
});

/**
 * Every field of a board published or deleted, for its history: its formules only when it has some (most
 * boards have none, which is not worth a « Formules » line).
 */
const boardFields = (board: MenuBoardAnswer, direction: 'create' | 'delete') =>
  allFields(historyView(board), direction).filter(
    (change) => change.field !== 'formulas' || board.formulas.length > 0,
  );

type BoardView = ReturnType<typeof historyView>;

/**
 * A board the team published, changed or deleted is its establishment's change too: in the history its
 * owner and the team read (`menuBoard`, the board before and after), and told to its owner by e-mail in the
 * write (establishments/owner-notifications.ts). An owner's own boards are its daily work: not recorded
 * there, not mailed.
 */
async function recordTeamBoardChange(
  w: Write,
  establishmentId: string,
  before: BoardView | null,
  after: BoardView | null,
): Promise<void> {
  if (w.actor.role !== 'admin') return;
  await recordEstablishmentChange(w, establishmentId, 'update', [
    { field: 'menuBoard', from: before, to: after },
  ]);
}

/**
 * Publishes the establishment's board for a day: one board per establishment and Paris day, so publishing
 * again replaces its title and dishes (`created: false`). `If-Match` names the board the form was loaded
 * with; `If-None-Match: *` says the form expects none (two tabs publishing the first board of the day).
 */
export async function publishMenuBoard(
  ctx: AppContext,
  actor: Actor,
  body: CreateMenuBoardBody,
  conditions?: WriteConditions,
): Promise<{ board: MenuBoardAnswer; created: boolean }> {
  const establishmentId = body.establishment;
  assertBoardDate(ctx, body.date);
  for (let attempt = 1; ; attempt++) {
    try {
      return await write(ctx, { actor, conditions }, async (w) => {
        const { tx } = w;
        const found = await tx
          .select({ id: establishments.id })
          .from(establishments)
          .where(eq(establishments.id, establishmentId));
        if (found.length === 0) throw establishmentNotFound();
        await assertItemCategories(tx, body.items);
        const existing = await findTodayMenuBoard(tx, establishmentId, body.date, { forUpdate: true });
        w.checkPrecondition(
          existing,
          existing === null || conditions?.ifNoneMatch === undefined ? undefined : BOARD_ALREADY_PUBLISHED,
        );
        const id = existing?.id ?? randomUUID();
        // Formules left out: a new board has none, a board published again keeps its own.
        const formulas = body.formulas === undefined ? {} : { formulas: formulasRow(body.formulas) };
        if (existing === null) {
          await tx
            .insert(menuBoards)
            .values({ id, establishmentId, title: body.title, date: body.date, ...formulas });
        } else {
          await tx
            .update(menuBoards)
            .set({ title: body.title, ...formulas, updatedAt: databaseNow() })
            .where(eq(menuBoards.id, id));
        }
        await replaceItems(tx, id, body.items);
        const after = (await findMenuBoardById(tx, id))!;
        const changes =
          existing === null
            ? boardFields(after, 'create')
            : diffFields(historyView(existing), historyView(after));
        if (changes.length > 0 || existing === null) {
          await w.record({
            subjectType: 'menu-board',
            subjectId: id,
            establishmentId,
            action: existing === null ? 'create' : 'update',
            changes,
          });
          await recordTeamBoardChange(
            w,
            establishmentId,
            existing === null ? null : historyView(existing),
            historyView(after),
          );
        }
        return { board: after, created: existing === null };
      });
    } catch (error) {
      // Two first publications of the same day at once: the second replaces the first, unless its
      // request said it expected none.
      if (violatedUniqueIndex(error) === 'menu_boards_date_establishment_key' && attempt < 3) continue;
      throw error;
    }
  }
}

export async function patchMenuBoard(
  ctx: AppContext,
  actor: Actor,
  id: string,
  body: PatchMenuBoardBody,
  conditions?: WriteConditions,
) {
  try {
    return await write(ctx, { actor, conditions }, async (w) => {
      const { tx } = w;
      const before = w.checkExisting(await findMenuBoardById(tx, id, { forUpdate: true }), notFound);
      if (body.date !== undefined && body.date !== before.date) assertBoardDate(ctx, body.date);
      if (body.items !== undefined) await assertItemCategories(tx, body.items);
      await tx
        .update(menuBoards)
        .set({
          ...(body.title === undefined ? {} : { title: body.title }),
          ...(body.date === undefined ? {} : { date: body.date }),
          ...(body.formulas === undefined ? {} : { formulas: formulasRow(body.formulas) }),
          updatedAt: databaseNow(),
        })
        .where(eq(menuBoards.id, id));
      if (body.items !== undefined) await replaceItems(tx, id, body.items);
      const after = (await findMenuBoardById(tx, id))!;
      const changes = diffFields(historyView(before), historyView(after));
      if (changes.length > 0) {
        await w.record({
          subjectType: 'menu-board',
          subjectId: id,
          establishmentId: before.establishment.id,
          action: 'update',
          changes,
        });
        await recordTeamBoardChange(w, before.establishment.id, historyView(before), historyView(after));
      }
      return after;
    });
  } catch (error) {
    if (violatedUniqueIndex(error) === 'menu_boards_date_establishment_key') {
      throw new AppError('MenuBoardDateTaken', undefined, [
        { path: 'date', message: 'Cet établissement a déjà une ardoise pour ce jour.' },
      ]);
    }
    throw error;
  }
}

/** Takes the board down: the page and the map stop showing it at once. */
export async function deleteMenuBoard(
  ctx: AppContext,
  actor: Actor,
  id: string,
  conditions?: WriteConditions,
): Promise<void> {
  await write(ctx, { actor, conditions }, async (w) => {
    const before = w.checkExisting(await findMenuBoardById(w.tx, id, { forUpdate: true }), notFound);
    await w.tx.delete(menuBoards).where(eq(menuBoards.id, id));
    await w.record({
      subjectType: 'menu-board',
      subjectId: id,
      establishmentId: before.establishment.id,
      action: 'delete',
      changes: boardFields(before, 'delete'),
    });
    await recordTeamBoardChange(w, before.establishment.id, historyView(before), null);
  });
}

/**
 * An establishment's board for a Paris day (today by default). A day after today is shown only to the
 * establishment's owner and to admins who may read its boards: a board prepared for tomorrow is published at
 * midnight. Unknown establishment, none that day, or not shown: 404.
 */
export async function getEstablishmentMenuBoard(
  ctx: AppContext,
  establishmentId: string,
  date: string | undefined,
  ability: AppAbility | null,
): Promise<MenuBoardAnswer> {
  const day = date ?? parisDay(ctx.clock());
  const [establishment] = await ctx.db
    .select({ disabled: establishments.disabled })
    .from(establishments)
    .where(eq(establishments.id, establishmentId));
  const mayPrepare = ability?.can('read', subject('menu-board', { establishmentId })) ?? false;
  const board =
    establishment === undefined ||
    (establishment.disabled && !mayPrepare) ||
    (day > parisDay(ctx.clock()) && !mayPrepare)
      ? null
      : await findTodayMenuBoard(ctx.db, establishmentId, day);
  if (board === null) {
    throw new AppError('NotFound', 'Cet établissement n’a pas d’ardoise ce jour-là.');
  }
  return board;
}

export async function getMenuBoard(ctx: AppContext, id: string): Promise<MenuBoardAnswer> {
  const board = await findMenuBoardById(ctx.db, id);
  if (board === null) throw notFound();
  return board;
}

/** The establishment whose dishes are asked, for the permission check; `null` when there is none. */
export async function establishmentOfDishes(db: DbOrTx, establishmentId: string) {
  const [found] = await db
    .select({ id: establishments.id })
    .from(establishments)
    .where(eq(establishments.id, establishmentId));
  return found === undefined ? null : subject('menu-board', { establishmentId: found.id });
}

/** `GET /api/establishment/{id}/dishes`: what its boards already had, for its owner's form to suggest. */
export function getEstablishmentDishes(
  ctx: AppContext,
  establishmentId: string,
  query: { q?: string | undefined; limit: number },
) {
  return findEstablishmentDishes(ctx.db, establishmentId, { ...query, today: parisDay(ctx.clock()) });
}

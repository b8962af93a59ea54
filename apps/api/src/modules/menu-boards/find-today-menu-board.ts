import { and, asc, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { establishments, menuBoardItems, menuBoards } from '../../db/schema';

/** The establishment's menu board for `day` (YYYY-MM-DD, Europe/Paris), the latest when there are several. */
export async function findTodayMenuBoard(db: DbOrTx, establishmentId: string, day: string) {
  const [board] = await db
    .select({
      id: menuBoards.id,
      title: menuBoards.title,
      date: menuBoards.date,
      createdAt: menuBoards.createdAt,
      establishment: {
        id: establishments.id,
        uri: establishments.uri,
        name: establishments.name,
        kind: establishments.kind,
        latitude: establishments.latitude,
        longitude: establishments.longitude,
      },
    })
    .from(menuBoards)
    .innerJoin(establishments, eq(establishments.id, menuBoards.establishmentId))
    .where(and(eq(menuBoards.establishmentId, establishmentId), eq(menuBoards.date, day)))
    .orderBy(desc(menuBoards.createdAt), desc(menuBoards.id))
    .limit(1);
  if (board === undefined) return null;
  const items = await db
    .select()
    .from(menuBoardItems)
    .where(eq(menuBoardItems.menuBoardId, board.id))
    .orderBy(asc(menuBoardItems.position));
  return {
    id: board.id,
    establishment: {
      id: board.establishment.id,
      uri: board.establishment.uri,
      name: board.establishment.name,
      kind: board.establishment.kind,
      location: { latitude: board.establishment.latitude, longitude: board.establishment.longitude },
    },
    title: board.title,
    date: board.date,
    items: items.map((item) => ({
      name: item.name,
      price: item.priceCents / 100,
      category: item.categoryId,
    })),
    createdAt: board.createdAt.toISOString(),
  };
}

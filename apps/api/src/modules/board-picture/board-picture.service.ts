/*
 * `GET /api/establishment/{id}/menuboard.png` (docs/api.md, "Set menus, courses and the board's picture";
 * decision 0090). Drawing a picture costs about a tenth of a second of CPU and a few megabytes, so what an
 * anonymous caller can make the server do is bounded: the tag is answered from two small reads (a 304 never
 * draws), a picture is drawn once per board version and format and kept in a small LRU, the same picture
 * asked twice at once is drawn once, at most `DRAWING_AT_ONCE` are drawn at a time and at most
 * `WAITING_AT_MOST` wait; past that the answer is 503 with `Retry-After`.
 */

import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { formatFrenchDate } from '@tables-voisines/contract/closures';
import { AppError } from '@tables-voisines/contract/errors';
import { parisDay } from '@tables-voisines/contract/paris-time';
import type { BoardPictureFormat } from '@tables-voisines/contract/routes';
import { establishmentPath } from '@tables-voisines/contract/site-paths';
import type { AppContext } from '../../context';
import { establishments } from '../../db/schema';
import { etagOf } from '../../writes/preconditions';
import { findTodayMenuBoard, type MenuBoardAnswer } from '../menu-boards/menu-boards.queries';
import type { PictureInput } from './board-picture-layout';

/**
 * Raised when the drawing changes (layout, colours, fonts), so that no tag read before answers 304 to a
 * picture drawn differently.
 */
const DRAWING_VERSION = 1;

export const DRAWING_AT_ONCE = 2;
export const WAITING_AT_MOST = 8;
/** Pictures kept: about 100 KB each (a long board's square about 150 KB). */
const KEPT_BYTES = 24 * 1024 * 1024;

export type DrawPicture = (input: PictureInput, format: BoardPictureFormat) => Promise<Buffer>;

export interface PictureToSend {
  etag: string;
  /** Draws the picture, or gives the one kept. Not called for a 304. */
  png: () => Promise<Buffer>;
}

/** A board's picture as the route sees it: its tag first, then its bytes only when they are needed. */
export interface BoardPictures {
  find(establishmentId: string, date: string | undefined, format: BoardPictureFormat): Promise<PictureToSend>;
  /** How many are drawn or waiting now (tests). */
  readonly busy: number;
}

const noBoard = () => new AppError('NotFound', 'Cet établissement n’a pas d’ardoise ce jour-là.');

export function createBoardPictures(ctx: AppContext, draw: DrawPicture): BoardPictures {
  const kept = new LRUCache<string, Buffer>({
    max: 500,
    maxSize: KEPT_BYTES,
    sizeCalculation: (png) => png.length,
  });
  const drawing = new Map<string, Promise<Buffer>>();
  let running = 0;
  const waiting: (() => void)[] = [];

  /** Runs `job` when a drawing place is free; refuses past `WAITING_AT_MOST` callers waiting. */
  async function inTurn<T>(job: () => Promise<T>): Promise<T> {
    if (running >= DRAWING_AT_ONCE) {
      if (waiting.length >= WAITING_AT_MOST) {
        throw new AppError(
          'ServiceUnavailable',
          'Trop d’images d’ardoises sont demandées en ce moment : réessayez dans quelques secondes.',
        );
      }
      await new Promise<void>((resolve) => waiting.push(resolve));
    } else {
      running += 1;
    }
    try {
      return await job();
    } finally {
      const next = waiting.shift();
      if (next === undefined) running -= 1;
      else next();
    }
  }

  function pictureOf(key: string, input: PictureInput, format: BoardPictureFormat): Promise<Buffer> {
    const found = kept.get(key);
    if (found !== undefined) return Promise.resolve(found);
    const pending = drawing.get(key);
    if (pending !== undefined) return pending;
    const drawn = inTurn(() => draw(input, format))
      .then((png) => {
        kept.set(key, png);
        return png;
      })
      .finally(() => drawing.delete(key));
    drawing.set(key, drawn);
    return drawn;
  }

  return {
    get busy() {
      return running + waiting.length;
    },
    async find(establishmentId, date, format) {
      const today = parisDay(ctx.clock());
      const day = date ?? today;
      // No sign-in here: a day to come is not shown yet, a hidden page or one closed for good has no picture.
      if (day > today) throw noBoard();
      const [place] = await ctx.db
        .select({
          town: establishments.town,
          disabled: establishments.disabled,
          closedForGoodAt: establishments.closedForGoodAt,
        })
        .from(establishments)
        .where(eq(establishments.id, establishmentId));
      if (place === undefined || place.disabled || place.closedForGoodAt !== null) throw noBoard();
      const board = await findTodayMenuBoard(ctx.db, establishmentId, day);
      if (board === null) throw noBoard();

      const input = pictureInput(board, place.town, ctx.config.publicUrl, today);
      const shown = createHash('sha256')
        .update(JSON.stringify([DRAWING_VERSION, format, place.town, input.dateText, input.url]))
        .digest('base64url')
        .slice(0, 12);
      const boardTag = etagOf(board).slice(1, -1);
      const etag = `"${boardTag}.${shown}"`;
      return { etag, png: () => pictureOf(etag, input, format) };
    },
  };
}

/** What the picture shows of a board, its establishment's town and the page's address. */
function pictureInput(board: MenuBoardAnswer, town: string, publicUrl: string, today: string): PictureInput {
  return {
    name: board.establishment.name,
    town,
    dateText: formatFrenchDate(board.date, today),
    url: `${publicUrl}${establishmentPath(board.establishment.kind, board.establishment.uri)}`,
    formulas: board.formulas,
    items: board.items,
  };
}

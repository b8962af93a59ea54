import { closureDateIssues } from '@tables-voisines/contract/closures';
import { isInFrance } from '@tables-voisines/contract/geo';
import { nameSchema } from '@tables-voisines/contract/schemas/common';
import {
  ClosuresBodySchema,
  CreateEstablishmentBodySchema,
} from '@tables-voisines/contract/schemas/establishment';
import { CreateGroupBodySchema } from '@tables-voisines/contract/schemas/group';
import {
  CreateMenuBoardBodySchema,
  menuBoardDateProblem,
} from '@tables-voisines/contract/schemas/menu-board';
import { uriProblem } from '@tables-voisines/contract/slug';
import { describe, expect, it } from 'vitest';
import { BENCH_ESTABLISHMENTS } from './bench-data';
import { generateDemoData, generateDemoMenuBoards } from './demo-data';
import { withOpeningInformation } from './demo-opening-information';

/*
 * The demonstration and benchmark data pass the rules of issue 47 that a client's writes must pass: names
 * that show, places in France, addresses that can be served, closures and boards dated as people mean them.
 * Seeding writes the tables directly; these say a form could have written the same.
 */

const DAY = '2026-07-15';
const data = withOpeningInformation(generateDemoData(), DAY);
const problems = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`).join(' ');

describe('the demonstration data and the rules of client writes', () => {
  it('has establishments with closures an owner could save on the day they are made for', () => {
    const refused = data.establishments.flatMap((e) => {
      const closures = e.closures ?? [];
      const body = CreateEstablishmentBodySchema.safeParse({
        kind: e.kind,
        name: e.name,
        venueType: e.venueType,
        address: { street: e.street, postcode: e.postcode, town: e.town },
        location: { latitude: e.latitude, longitude: e.longitude },
        uri: e.uri,
        closures,
      });
      const dates = closureDateIssues(closures, DAY);
      return body.success && dates.length === 0
        ? []
        : [`${e.uri}: ${problems(body)} ${JSON.stringify(dates)}`];
    });
    expect(refused).toEqual([]);
    expect(data.establishments.some((e) => (e.closures ?? []).length > 0)).toBe(true);
    expect(ClosuresBodySchema.safeParse(data.establishments[0]!.closures).success).toBe(true);
  });

  it('has groups an admin could create, centred in France', () => {
    for (const group of data.groups) {
      const body = CreateGroupBodySchema.safeParse({
        name: group.name,
        latitude: group.latitude,
        longitude: group.longitude,
        radius: group.radiusKm,
      });
      expect(problems(body), group.name).toBe('');
      expect(isInFrance({ latitude: group.latitude!, longitude: group.longitude! }), group.name).toBe(true);
    }
  });

  it('has boards an owner could publish that day', () => {
    const boards = generateDemoMenuBoards(data, DAY);
    const items = new Map<string, typeof boards.menuBoardItems>();
    for (const item of boards.menuBoardItems) {
      items.set(item.menuBoardId, [...(items.get(item.menuBoardId) ?? []), item]);
    }
    const refused = boards.menuBoards.flatMap((board) => {
      const body = CreateMenuBoardBodySchema.safeParse({
        establishment: board.establishmentId,
        title: board.title,
        date: board.date,
        items: (items.get(board.id) ?? []).map((item) => ({
          name: item.name,
          price: item.priceCents / 100,
          category: item.categoryId,
          description: item.description,
          allergens: item.allergens,
          diets: item.diets,
          homemade: item.homemade,
          meatOrigin: item.meatOrigin,
        })),
      });
      const date = menuBoardDateProblem(board.date, DAY);
      return body.success && date === null ? [] : [`${board.id}: ${problems(body)} ${date ?? ''}`];
    });
    expect(refused).toEqual([]);
  });
});

describe('the benchmark data and the rules of client writes', () => {
  it(`places its ${BENCH_ESTABLISHMENTS} establishments in France, with names that show and servable addresses`, () => {
    const bench = generateDemoData({ establishments: BENCH_ESTABLISHMENTS });
    const name = nameSchema(1, 120);
    const town = nameSchema(1, 100);
    const refused = bench.establishments.flatMap((e) =>
      isInFrance({ latitude: e.latitude, longitude: e.longitude }) &&
      name.safeParse(e.name).success &&
      town.safeParse(e.town).success &&
      uriProblem(e.uri) === null
        ? []
        : [e.uri],
    );
    expect(refused.slice(0, 10)).toEqual([]);
    expect(bench.establishments).toHaveLength(BENCH_ESTABLISHMENTS);
  }, 120_000);
});

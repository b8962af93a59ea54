import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type {
  SurroundingMenuBoard,
  SurroundingMenuBoardItem,
} from '@tables-voisines/contract/schemas/menu-board';
import { DishFilterChips, DishFiltersButton, DishFiltersPanel } from './dish-filters';
import { MenuBoardCard } from './menu-board-list';
import { NO_DISH_FILTERS, type DishOnlyFilters } from './map-filters';
import { createInitialMapState } from './map-state';
import { MapStoreProvider } from './map-store';

function render(node: ReactNode, dishFilters: DishOnlyFilters = NO_DISH_FILTERS, categories: string[] = []) {
  return renderToStaticMarkup(
    <MemoryRouter>
      <MapStoreProvider initial={{ ...createInitialMapState(), dishFilters, categories }}>
        {node}
      </MapStoreProvider>
    </MemoryRouter>,
  );
}

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const noRef = { current: null };
const given: DishOnlyFilters = { excludeAllergens: ['gluten', 'milk'], diets: ['vegan'], homemade: true };

describe('the dish filters of the map', () => {
  it('open from a button saying how many are given', () => {
    const closed = render(
      <DishFiltersButton open={false} panelId="p" onToggle={() => {}} buttonRef={noRef} />,
    );
    expect(closed).toContain('aria-expanded="false"');
    expect(text(closed)).toBe('Filtrer les plats ▾');
    const open = render(<DishFiltersButton open panelId="p" onToggle={() => {}} buttonRef={noRef} />, given);
    expect(open).toContain('aria-expanded="true"');
    expect(open).toContain('aria-controls="p"');
    expect(text(open)).toBe('Filtrer les plats 4 , 4 filtres ▴');
  });

  it('are a price, then check boxes in three groups, those given checked', () => {
    const html = render(<DishFiltersPanel id="p" onClose={() => {}} />, given);
    const legends = [...html.matchAll(/<legend>([^<]+)<\/legend>/g)].map((m) => m[1]);
    expect(legends).toEqual(['Prix du repas', 'Sans…', 'Régimes', 'Fait maison']);
    const boxes = [
      ...html.matchAll(/<label class="tv-check"><input type="checkbox"( checked="")?\/>([^<]+)<\/label>/g),
    ];
    expect(boxes.map((m) => m[2])).toEqual([
      'Sans gluten',
      'Sans crustacés',
      'Sans œufs',
      'Sans poisson',
      'Sans arachides',
      'Sans soja',
      'Sans lait',
      'Sans fruits à coque',
      'Sans céleri',
      'Sans moutarde',
      'Sans sésame',
      'Sans sulfites',
      'Sans lupin',
      'Sans mollusques',
      'Végétarien',
      'Végan',
      'Halal',
      'Casher',
      'Plats faits maison',
    ]);
    expect(boxes.filter((m) => m[1] !== undefined).map((m) => m[2])).toEqual([
      'Sans gluten',
      'Sans lait',
      'Végan',
      'Plats faits maison',
    ]);
    expect(html).toContain('Seuls les plats dont le restaurant a indiqué les allergènes sont retenus.');
  });

  it('offer one price at a time among three amounts, « Tous les prix » or one typed (issue 54)', () => {
    const radios = (html: string) =>
      [
        ...html.matchAll(
          /<label class="tv-check"><input type="radio" name="[^"]+"( checked="")?\/>([^<]+)<\/label>/g,
        ),
      ].map((m) => [m[2], m[1] !== undefined]);
    const field = (html: string) => /<input id="[^"]+-montant"[^>]*value="([^"]*)"/.exec(html)?.[1];
    const none = render(<DishFiltersPanel id="p" onClose={() => {}} />);
    expect(radios(none)).toEqual([
      ['Tous les prix', true],
      ['Moins de 12\u00a0€', false],
      ['Moins de 15\u00a0€', false],
      ['Moins de 20\u00a0€', false],
    ]);
    expect(text(none)).toContain('Ou moins de (en euros)');
    expect(none).toContain('Le moins cher pour y manger\u00a0: formule ou plat.');
    expect(field(none)).toBe('');
    const under15 = render(<DishFiltersPanel id="p" onClose={() => {}} />, { ...given, maxPrice: 15 });
    expect(radios(under15).filter(([, on]) => on)).toEqual([['Moins de 15\u00a0€', true]]);
    expect(field(under15)).toBe('');
    // A typed amount: no amount offered is checked, the field shows it the French way.
    const typed = render(<DishFiltersPanel id="p" onClose={() => {}} />, { ...given, maxPrice: 13.5 });
    expect(radios(typed).filter(([, on]) => on)).toEqual([]);
    expect(field(typed)).toBe('13,50');
    expect(typed).toContain('inputMode="decimal"');
  });

  it('count the price among the filters given, and show it as the first chip', () => {
    const html = render(<DishFilterChips fallbackFocus={noRef} />, { ...NO_DISH_FILTERS, maxPrice: 15 });
    expect(html).toContain('aria-label="Retirer le filtre Moins de 15\u00a0€"');
    const button = render(
      <DishFiltersButton open={false} panelId="p" onToggle={() => {}} buttonRef={noRef} />,
      { ...given, maxPrice: 12 },
    );
    expect(text(button)).toBe('Filtrer les plats 5 , 5 filtres ▾');
    const chips = render(<DishFilterChips fallbackFocus={noRef} />, { ...given, maxPrice: 12 });
    expect([...chips.matchAll(/aria-label="Retirer le filtre ([^"]+)"/g)].map((m) => m[1])).toEqual([
      'Moins de 12\u00a0€',
      'Sans gluten',
      'Sans lait',
      'Végan',
      'Fait maison',
    ]);
  });

  it('show each filter given as a chip whose name says what it takes off, none without', () => {
    expect(render(<DishFilterChips fallbackFocus={noRef} />)).toBe('');
    const html = render(<DishFilterChips fallbackFocus={noRef} />, given);
    const chips = [
      ...html.matchAll(
        /<button type="button" class="tv-chip tv-chip--selected" aria-label="([^"]+)">([^<]+)</g,
      ),
    ];
    expect(chips.map((m) => [m[1], m[2]])).toEqual([
      ['Retirer le filtre Sans gluten', 'Sans gluten'],
      ['Retirer le filtre Sans lait', 'Sans lait'],
      ['Retirer le filtre Végan', 'Végan'],
      ['Retirer le filtre Fait maison', 'Fait maison'],
    ]);
  });
});

function item(name: string, matches: boolean): SurroundingMenuBoardItem {
  return {
    name,
    price: 12,
    category: '33333333-3333-4333-8333-333333333333',
    description: null,
    allergens: [],
    diets: [],
    homemade: false,
    meatOrigin: null,
    course: null,
    matches,
  };
}

const board: SurroundingMenuBoard = {
  id: '44444444-4444-4444-8444-444444444444',
  establishment: {
    id: '11111111-1111-4111-8111-111111111111',
    uri: 'le-zinc-a-lyon',
    name: 'Le Zinc',
    kind: 'restaurant',
    location: { latitude: 45.757, longitude: 4.832 },
  },
  title: 'Ardoise du jour',
  date: '2026-11-21',
  closedOnDate: false,
  items: [item('Salade de lentilles', true), item('Quiche lorraine', false)],
  formulas: [],
  fromPrice: null,
  createdAt: '2026-11-21T08:00:00.000Z',
};

describe('a board of the map’s list', () => {
  it('marks the dishes that pass the filters, in words for screen readers', () => {
    const html = render(<MenuBoardCard board={board} />, given);
    expect(text(html)).toContain('✓ Salade de lentilles (plat recherché) 12,00 € Quiche lorraine 12,00 €');
    expect(html.match(/plat recherché/g)).toHaveLength(1);
  });

  it('says from what price one eats there, « dès 12,50 € », when the board has a formule or a main dish', () => {
    const html = render(<MenuBoardCard board={{ ...board, fromPrice: 12.5 }} />);
    expect(text(html)).toContain('Ardoise du jour · dès 12,50 €');
    // A non-breaking space before « € » (`text` reads every space as one).
    expect(html).toContain('dès 12,50\u00a0€');
    expect(render(<MenuBoardCard board={{ ...board, fromPrice: 9 }} />)).toContain('dès 9\u00a0€');
    expect(render(<MenuBoardCard board={board} />)).not.toContain('dès');
    // A price alone narrows the boards and marks no dish: every dish of a board passes it.
    const all = { ...board, fromPrice: 12.5, items: board.items.map((i) => ({ ...i, matches: true })) };
    const under15 = render(<MenuBoardCard board={all} />, { ...NO_DISH_FILTERS, maxPrice: 15 });
    expect(under15).toContain('dès 12,50\u00a0€');
    expect(under15).not.toContain('plat recherché');
  });

  it('marks them for a category too, and none without a filter (every dish matches then)', () => {
    expect(render(<MenuBoardCard board={board} />, NO_DISH_FILTERS, ['c1'])).toContain('(plat recherché)');
    const all = { ...board, items: board.items.map((i) => ({ ...i, matches: true })) };
    expect(render(<MenuBoardCard board={all} />)).not.toContain('plat recherché');
  });
});

import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { SurroundingMenuBoard } from '@tables-voisines/contract/schemas/menu-board';
import { establishmentPath } from '@tables-voisines/contract/site-paths';
import { priceText } from '@tables-voisines/contract/courses';
import { formatEuros } from '../../lib/format';
import { CategoryFilter } from './category-filter';
import { DishFilterChips, DishFiltersButton, DishFiltersPanel } from './dish-filters';
import { emptyBoards } from './empty-result';
import { dishFiltersGiven, withoutPrice } from './map-filters';
import { placeOf } from './map-list';
import { useMapPoints } from './map-points';
import { MIN_DETAIL_ZOOM } from './map-rules';
import { useMapState, useMapStore } from './map-store';
import { PAGE_SIZE, plural, ShowMore } from './panel-parts';

/**
 * Whether the visitor narrowed today's dishes (categories or dish filters): their matching dishes are
 * marked. Not the price: it narrows the boards, and every dish of a board passes it (`matches` says
 * nothing of it).
 */
function useDishesFiltered(): boolean {
  return useMapState((s) => s.categories.length > 0 || dishFiltersGiven(withoutPrice(s.dishFilters)));
}

/** The mark of a dish that passes the filters: a check mark, the dish in bold, and words for screen readers. */
function MatchMark() {
  return (
    <span aria-hidden="true" className="tv-board-card__mark">
      ✓
    </span>
  );
}

/**
 * Where the map's feed says a board's place is, by its uri, for the places only whose name and town read
 * the same as another's (the feed's street): « Riom, 12 rue du Commerce », as the map's list says it. The
 * feed as the map has it (none asked for here): without it, the boards show their names alone.
 */
function useSameNamedPlaces(): ReadonlyMap<string, string> {
  const feed = useMapPoints(false).data;
  return useMemo(
    () =>
      new Map(
        (feed ?? []).flatMap((point) => (point.street === undefined ? [] : [[point.uri, placeOf(point)]])),
      ),
    [feed],
  );
}

export function MenuBoardCard({
  board,
  place,
}: {
  board: SurroundingMenuBoard;
  /** Where it is, given when another place reads the same (`useSameNamedPlaces`). */
  place?: string | undefined;
}) {
  const e = board.establishment;
  // The dishes that pass the categories and dish filters chosen (the server's `matches`): what the
  // visitor looks for, marked. Without a filter every dish matches, and none is marked.
  const filtered = useDishesFiltered();
  return (
    <li className="tv-board-card">
      <h4>
        <Link to={establishmentPath(e.kind, e.uri)} className="tv-link">
          {e.name}
        </Link>
      </h4>
      {place !== undefined && (
        <p className="tv-small" style={{ opacity: 0.9 }}>
          {place}
        </p>
      )}
      <p className="tv-small" style={{ opacity: 0.9, marginBottom: 4 }}>
        {board.title}
        {board.fromPrice !== null && (
          // The cheapest way to eat there (a formule or a main dish), what « Moins de 15 € » reads.
          <>
            {' · '}
            <span className="tv-strong">dès {priceText(board.fromPrice)}</span>
          </>
        )}
      </p>
      <ul>
        {board.items.map((item, i) => (
          <li key={`${item.name}-${i}`}>
            {filtered && item.matches ? (
              <span className="tv-board-card__match">
                <MatchMark />
                {item.name}
                <span className="tv-visually-hidden"> (plat recherché)</span>
              </span>
            ) : (
              <span>{item.name}</span>
            )}
            <span>{formatEuros(item.price)}</span>
          </li>
        ))}
      </ul>
    </li>
  );
}

/** What the list says when it has no board, and « Voir tous les prix » when a price left none. */
function EmptyBoards({
  empty,
  onRemovePrice,
}: {
  empty: ReturnType<typeof emptyBoards>;
  onRemovePrice: () => void;
}) {
  return (
    <>
      <p className="tv-small tv-muted" style={{ marginTop: 8 }}>
        {empty.text}
      </p>
      {empty.removePrice && (
        <button
          type="button"
          className="tv-button tv-button--small"
          style={{ marginTop: 8 }}
          onClick={onRemovePrice}
        >
          Voir tous les prix
        </button>
      )}
    </>
  );
}

/**
 * « Ardoises du jour »: today's boards in view from zoom 9, a page at a time, with the dish filters and the
 * categories that narrow them; their matching dishes marked.
 */
export function MenuBoards({ boards }: { boards: readonly SurroundingMenuBoard[] }) {
  const zoom = useMapState((s) => s.zoom);
  const loading = useMapState((s) => s.boardsRequest !== null);
  const byCategory = useMapState((s) => s.categories.length > 0);
  const byDish = useMapState((s) => dishFiltersGiven(withoutPrice(s.dishFilters)));
  const maxPrice = useMapState((s) => s.dishFilters.maxPrice);
  const dishFilters = useMapState((s) => s.dishFilters);
  const store = useMapStore();
  const sameNamed = useSameNamedPlaces();
  // A page at a time: a zoom-9 box over Paris holds a thousand boards, and drawing them all on every move
  // of the map held the page for hundreds of milliseconds.
  const [limit, setLimit] = useState(PAGE_SIZE);
  useEffect(() => setLimit(PAGE_SIZE), [boards]);
  // The dish filters open under the heading, in the page's flow (a phone's sheet scrolls to them).
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersButton = useRef<HTMLButtonElement>(null);
  const panelId = `${useId()}-filtres-plats`;
  const closeFilters = () => {
    setFiltersOpen(false);
    filtersButton.current?.focus();
  };
  return (
    <section aria-labelledby="ardoises">
      <div className="tv-section-head">
        <h2 id="ardoises" className="tv-subtitle">
          Ardoises du jour
        </h2>
        <DishFiltersButton
          open={filtersOpen}
          panelId={panelId}
          buttonRef={filtersButton}
          onToggle={() => setFiltersOpen(!filtersOpen)}
        />
      </div>
      {filtersOpen && <DishFiltersPanel id={panelId} onClose={closeFilters} />}
      <CategoryFilter />
      <DishFilterChips fallbackFocus={filtersButton} />
      {zoom < MIN_DETAIL_ZOOM ? (
        <p className="tv-small tv-muted" style={{ marginTop: 8 }}>
          Zoomez sur une ville pour voir les ardoises du jour de ses restaurateurs.
        </p>
      ) : boards.length === 0 ? (
        <EmptyBoards
          empty={emptyBoards({ loading, byCategory, byDish, maxPrice })}
          onRemovePrice={() => {
            store.dispatch({ type: 'dishFiltersChanged', dishFilters: withoutPrice(dishFilters) });
            // The button goes with the empty list: the focus goes where the filters are.
            filtersButton.current?.focus();
          }}
        />
      ) : (
        <>
          {(byCategory || byDish) && (
            // For the eyes: each marked dish says it to screen readers itself.
            <p aria-hidden="true" className="tv-small tv-board-legend">
              <MatchMark />
              Plat recherché : il correspond à vos filtres
            </p>
          )}
          <ul
            role="list"
            aria-label={plural(boards.length, 'ardoise du jour', 'ardoises du jour')}
            data-testid="menu-board-list"
            className="tv-cards"
          >
            {boards.slice(0, limit).map((b) => (
              <MenuBoardCard key={b.id} board={b} place={sameNamed.get(b.establishment.uri)} />
            ))}
          </ul>
        </>
      )}
      {zoom >= MIN_DETAIL_ZOOM && (
        <ShowMore total={boards.length} limit={limit} onMore={() => setLimit(limit + PAGE_SIZE)} />
      )}
    </section>
  );
}

import type { Category } from '@tables-voisines/contract/schemas/category';
import type { MenuBoard } from '@tables-voisines/contract/schemas/menu-board';
import { formatEuros, formatFrenchDay } from '../../lib/format';

/** Today's board: dishes with their category and price in euros. */
export function MenuBoardSection({ board, categories }: { board: MenuBoard; categories: Category[] }) {
  const categoryName = new Map(categories.map((c) => [c.id, c.name]));
  return (
    <section aria-labelledby="ardoise" className="tv-board-section">
      <h2 id="ardoise" className="tv-h2">
        Ardoise du jour
      </h2>
      <p className="tv-small tv-muted" style={{ marginBottom: 8 }}>
        {board.title.trim().toLowerCase() === 'ardoise du jour'
          ? formatFrenchDay(board.date)
          : `${board.title} · ${formatFrenchDay(board.date)}`}
      </p>
      <ul>
        {board.items.map((item, index) => (
          <li key={`${index}-${item.name}`} className="tv-dish">
            {/* The category on a line of its own under the name: a name and its category on one line were
                the lines most often cut elsewhere by the local font drawn before Open Sans (decision 0040). */}
            <span>
              {item.name}
              {categoryName.has(item.category) && (
                <span className="tv-dish__category tv-small tv-muted">{categoryName.get(item.category)}</span>
              )}
            </span>
            <span className="tv-price">{formatEuros(item.price)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

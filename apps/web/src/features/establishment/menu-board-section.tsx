import type { Category } from '@tables-voisines/contract/schemas/category';
import type {
  MenuBoard,
  MenuBoardFormula,
  MenuBoardItem,
} from '@tables-voisines/contract/schemas/menu-board';
import { formulaText, groupByCourse } from '@tables-voisines/contract/courses';
import { allergensSentence, DIET_LABELS, HOMEMADE_LABEL } from '@tables-voisines/contract/dishes';
import { formatEuros, formatFrenchDay } from '../../lib/format';

/**
 * The line under « Ardoise du jour »: its day, after the owner's title unless that title is the plain one or
 * already says the day (the owners' form proposes « Ardoise du samedi 5 décembre », which the page read
 * « Ardoise du samedi 5 décembre · samedi 5 décembre »).
 */
export function boardTitleLine(title: string, date: string): string {
  const day = formatFrenchDay(date);
  const plain = title.trim();
  if (plain.toLowerCase() === 'ardoise du jour') return day;
  return plain.toLowerCase().includes(day.toLowerCase()) ? plain : `${plain} · ${day}`;
}

/** A dish's badges, in words: its diets (« Végétarien », « Halal »), then « Fait maison ». */
export function dishBadges(item: Pick<MenuBoardItem, 'diets' | 'homemade'>): string[] {
  return [...item.diets.map((d) => DIET_LABELS[d]), ...(item.homemade ? [HOMEMADE_LABEL] : [])];
}

/**
 * One dish: its name and category, its line of description, its diets and « Fait maison » as labelled
 * badges (words, not a colour or a pictogram), the origin of its meat, its allergens in words (or the
 * invitation to ask when the owner did not say), and its price.
 */
export function Dish({ item, category }: { item: MenuBoardItem; category: string | undefined }) {
  // A dish of the category « Végétarien » that is vegetarian said « Végétarien » twice: its category says it.
  const badges = dishBadges(item).filter(
    (badge) => category === undefined || badge.toLocaleLowerCase('fr') !== category.toLocaleLowerCase('fr'),
  );
  return (
    <li className="tv-dish">
      {/* The category on a line of its own under the name: a name and its category on one line were
          the lines most often cut elsewhere by the local font drawn before Open Sans (decision 0040). */}
      <div className="tv-dish__body">
        <span className="tv-dish__name">{item.name}</span>
        {category !== undefined && <span className="tv-dish__category tv-small tv-muted">{category}</span>}
        {item.description !== null && <p className="tv-dish__description tv-small">{item.description}</p>}
        {badges.length > 0 && (
          <ul className="tv-badges">
            {badges.map((badge) => (
              <li key={badge} className="tv-badge">
                {badge}
              </li>
            ))}
          </ul>
        )}
        {item.meatOrigin !== null && <p className="tv-small">Origine de la viande : {item.meatOrigin}</p>}
        <p className="tv-small tv-muted">{allergensSentence(item.allergens)}</p>
      </div>
      <span className="tv-price">{formatEuros(item.price)}</span>
    </li>
  );
}

/**
 * A formule as a board starts: « Formule du midi : entrée + plat ou plat + dessert — 16,50 € », its name in
 * bold, its description under it.
 */
export function Formula({ formula }: { formula: MenuBoardFormula }) {
  // The contract's reading of the whole line; the name is its start.
  const line = formulaText(formula);
  return (
    <li style={{ padding: '4px 0' }}>
      <p className="tv-text">
        <strong>{formula.name}</strong>
        {line.slice(formula.name.length)}
      </p>
      {formula.description !== null && <p className="tv-small tv-muted">{formula.description}</p>}
    </li>
  );
}

/** Said above a board of a day its place is closed (`closedOnDate`): it is not that day's lunch. */
export const CLOSED_BOARD_NOTICE = 'Fermé aujourd’hui : cette ardoise n’est pas servie.';

/**
 * Today's board as French restaurants write it: its formules first, then its dishes by course (« Entrées »,
 * « Plats », « Desserts », « Et aussi »; a board whose dishes say no course is one list, as before), each
 * with what it says of itself and its price in euros. On a day its place is
 * closed (a closure, or no hours that weekday), the notice comes first, under the heading, and the dishes
 * stay below it as the owner wrote them (decision 0073).
 */
export function MenuBoardSection({ board, categories }: { board: MenuBoard; categories: Category[] }) {
  const categoryName = new Map(categories.map((c) => [c.id, c.name]));
  return (
    <section aria-labelledby="ardoise" className="tv-board-section">
      <h2 id="ardoise" className="tv-h2">
        Ardoise du jour
      </h2>
      {board.closedOnDate && (
        <p
          role="note"
          data-testid="closed-board-notice"
          // The look of the closure announced above the hours (`ClosureAnnouncement`): one voice for closures.
          className="tv-text tv-notice"
          style={{ margin: '0 0 8px' }}
        >
          {CLOSED_BOARD_NOTICE}
        </p>
      )}
      <p className="tv-small tv-muted" style={{ marginBottom: 8 }}>
        {boardTitleLine(board.title, board.date)}
      </p>
      {board.formulas.length > 0 && (
        <ul
          aria-label={board.formulas.length === 1 ? 'Formule' : 'Formules'}
          style={{
            marginBottom: 12,
            padding: '8px 12px',
            borderRadius: 12,
            border: '1px solid var(--tv-divider)',
            background: '#fff',
          }}
        >
          {board.formulas.map((formula, index) => (
            <Formula key={`${index}-${formula.name}`} formula={formula} />
          ))}
        </ul>
      )}
      {groupByCourse(board.items).map((group) => (
        <div key={group.course ?? 'all'}>
          {group.heading !== null && (
            <h3 className="tv-subtitle" style={{ marginTop: 8 }}>
              {group.heading}
            </h3>
          )}
          <ul>
            {group.items.map((item, index) => (
              <Dish key={`${index}-${item.name}`} item={item} category={categoryName.get(item.category)} />
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

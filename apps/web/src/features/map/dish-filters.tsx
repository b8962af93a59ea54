import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { ALLERGENS, DIETS } from '@tables-voisines/contract/dishes';
import { CLOSE_ICON, Icon } from '../site/icons';
import {
  activeDishFilters,
  dishFilterLabel,
  isDishFilterOn,
  withDishFilter,
  withoutPrice,
  type DishFilterChoice,
  type DishOnlyFilters,
} from './map-filters';
import { useMapState, useMapStore } from './map-store';
import { parsePriceInput, PRICE_CHOICES, priceFilterLabel, priceInputText } from './price-filter';

const ALLERGEN_CHOICES: readonly DishFilterChoice[] = ALLERGENS.map((value) => ({ type: 'allergen', value }));
const DIET_CHOICES: readonly DishFilterChoice[] = DIETS.map((value) => ({ type: 'diet', value }));
const HOMEMADE_CHOICE: DishFilterChoice = { type: 'homemade' };

/** A stable key for a choice (React keys, the chips' focus). */
export function choiceKey(choice: DishFilterChoice): string {
  if (choice.type === 'price') return 'price';
  return choice.type === 'homemade' ? 'homemade' : `${choice.type}-${choice.value}`;
}

function useDishFilters(): [DishOnlyFilters, (next: DishOnlyFilters) => void] {
  const store = useMapStore();
  const filters = useMapState((s) => s.dishFilters);
  return [filters, (dishFilters) => store.dispatch({ type: 'dishFiltersChanged', dishFilters })];
}

/**
 * The button that opens the dish filters, beside the heading of today's boards: closed, the panel is no
 * taller than before them. It says how many are given; the chips under the categories say which.
 */
export function DishFiltersButton({
  open,
  panelId,
  onToggle,
  buttonRef,
}: {
  open: boolean;
  panelId: string;
  onToggle: () => void;
  buttonRef: RefObject<HTMLButtonElement | null>;
}) {
  const count = useMapState((s) => activeDishFilters(s.dishFilters).length);
  return (
    <button
      ref={buttonRef}
      type="button"
      className="tv-button tv-button--small tv-dish-filters__toggle"
      aria-expanded={open}
      aria-controls={open ? panelId : undefined}
      onClick={onToggle}
    >
      Filtrer les plats
      {count > 0 && (
        <>
          <span aria-hidden="true" className="tv-dish-filters__count">
            {count}
          </span>
          <span className="tv-visually-hidden">{count === 1 ? ', 1 filtre' : `, ${count} filtres`}</span>
        </>
      )}
      <span aria-hidden="true" className="tv-dish-filters__caret">
        {open ? '▴' : '▾'}
      </span>
    </button>
  );
}

function Check({
  choice,
  filters,
  onChange,
  label,
}: {
  choice: DishFilterChoice;
  filters: DishOnlyFilters;
  onChange: (next: DishOnlyFilters) => void;
  label?: string;
}) {
  return (
    <label className="tv-check">
      <input
        type="checkbox"
        checked={isDishFilterOn(filters, choice)}
        onChange={(event) => onChange(withDishFilter(filters, choice, event.target.checked))}
      />
      {label ?? dishFilterLabel(choice)}
    </label>
  );
}

/**
 * « Prix du repas » (issue 54): one choice at a time among « Tous les prix » and the amounts offered, or an amount
 * typed the French way (« 13,50 ») and applied with Enter or « Appliquer ». A typed amount the filter cannot
 * take is said under its field, and nothing is sent.
 */
function PriceChoice({
  filters,
  onChange,
}: {
  filters: DishOnlyFilters;
  onChange: (next: DishOnlyFilters) => void;
}) {
  const name = useId();
  const fieldId = `${name}-montant`;
  const errorId = `${name}-erreur`;
  const { maxPrice } = filters;
  const offered = maxPrice !== undefined && (PRICE_CHOICES as readonly number[]).includes(maxPrice);
  const typedPrice = maxPrice === undefined || offered ? '' : priceInputText(maxPrice);
  const [typed, setTyped] = useState(typedPrice);
  const [error, setError] = useState<string | null>(null);
  // A price chosen elsewhere (a chip, Back, another choice) shows in the field only when it was typed.
  useEffect(() => {
    setTyped(typedPrice);
    setError(null);
  }, [typedPrice]);
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parsePriceInput(typed);
    if (!parsed.ok) {
      setError(parsed.message);
      return;
    }
    setError(null);
    onChange({ ...filters, maxPrice: parsed.maxPrice });
  };
  return (
    <fieldset aria-describedby={`${name}-aide`}>
      <legend>Prix du repas</legend>
      <p id={`${name}-aide`} className="tv-small tv-muted">
        Le moins cher pour y manger&nbsp;: formule ou plat.
      </p>
      <div className="tv-checks">
        <label className="tv-check">
          <input
            type="radio"
            name={name}
            checked={maxPrice === undefined}
            onChange={() => onChange(withoutPrice(filters))}
          />
          Tous les prix
        </label>
        {PRICE_CHOICES.map((price) => (
          <label key={price} className="tv-check">
            <input
              type="radio"
              name={name}
              checked={maxPrice === price}
              onChange={() => onChange({ ...filters, maxPrice: price })}
            />
            {priceFilterLabel(price)}
          </label>
        ))}
      </div>
      <form onSubmit={apply} noValidate style={{ marginTop: 4 }}>
        <label htmlFor={fieldId} className="tv-small">
          Ou moins de (en euros)
        </label>
        <div style={{ display: 'flex', gap: 8, alignItems: 'center', marginTop: 2 }}>
          <input
            id={fieldId}
            className="tv-input"
            inputMode="decimal"
            autoComplete="off"
            placeholder="13,50"
            maxLength={12}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            aria-invalid={error !== null || undefined}
            aria-describedby={error === null ? undefined : errorId}
            style={{ width: '7.5em', minHeight: 32, padding: '4px 8px' }}
          />
          <button type="submit" className="tv-button tv-button--small">
            Appliquer
          </button>
        </div>
        {error !== null && (
          <p id={errorId} role="alert" className="tv-report__error">
            {error}
          </p>
        )}
      </form>
    </fieldset>
  );
}

/**
 * The dish filters in four groups: the price (radio buttons and a typed amount), then as check boxes
 * « Sans… » an allergen, « Régimes », « Fait maison ».
 * Each box changes the boards at once; Escape or « Fermer les filtres » closes the panel and gives the
 * focus back to its button.
 */
export function DishFiltersPanel({ id, onClose }: { id: string; onClose: () => void }) {
  const [filters, change] = useDishFilters();
  const hint = useId();
  const panel = useRef<HTMLDivElement>(null);
  // In the phones' bottom sheet the panel opens under its button, maybe below the sheet's edge: shown.
  useEffect(() => {
    panel.current?.scrollIntoView({ block: 'nearest' });
  }, []);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    onClose();
  };
  return (
    <div id={id} ref={panel} className="tv-dish-filters" onKeyDown={onKeyDown}>
      <PriceChoice filters={filters} onChange={change} />
      <fieldset aria-describedby={hint}>
        <legend>Sans…</legend>
        <p id={hint} className="tv-small tv-muted">
          Seuls les plats dont le restaurant a indiqué les allergènes sont retenus.
        </p>
        <div className="tv-checks">
          {ALLERGEN_CHOICES.map((choice) => (
            <Check key={choiceKey(choice)} choice={choice} filters={filters} onChange={change} />
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend>Régimes</legend>
        <div className="tv-checks">
          {DIET_CHOICES.map((choice) => (
            <Check key={choiceKey(choice)} choice={choice} filters={filters} onChange={change} />
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend>Fait maison</legend>
        <div className="tv-checks">
          <Check choice={HOMEMADE_CHOICE} filters={filters} onChange={change} label="Plats faits maison" />
        </div>
      </fieldset>
      <button type="button" className="tv-button tv-button--small" onClick={onClose}>
        Fermer les filtres
      </button>
    </div>
  );
}

/**
 * Each dish filter given, as a chip that takes it off (a click, Enter or Space), its name saying which.
 * The focus then goes to the next chip, or the previous one, or the filters' button when none is left.
 */
export function DishFilterChips({ fallbackFocus }: { fallbackFocus: RefObject<HTMLElement | null> }) {
  const [filters, change] = useDishFilters();
  const active = activeDishFilters(filters);
  const group = useRef<HTMLDivElement>(null);
  const focusAt = useRef<number | null>(null);
  useLayoutEffect(() => {
    const index = focusAt.current;
    if (index === null) return;
    focusAt.current = null;
    const chips = group.current?.querySelectorAll<HTMLButtonElement>('button') ?? [];
    const next = chips[Math.min(index, chips.length - 1)];
    if (next !== undefined) next.focus();
    else fallbackFocus.current?.focus();
  });
  if (active.length === 0) return null;
  return (
    <div ref={group} role="group" aria-label="Filtres des plats" className="tv-chips tv-dish-filters__chips">
      {active.map((choice, index) => {
        const label = dishFilterLabel(choice);
        return (
          <button
            key={choiceKey(choice)}
            type="button"
            className="tv-chip tv-chip--selected"
            aria-label={`Retirer le filtre ${label}`}
            onClick={() => {
              focusAt.current = index;
              change(withDishFilter(filters, choice, false));
            }}
          >
            {label}
            <Icon path={CLOSE_ICON} />
          </button>
        );
      })}
    </div>
  );
}

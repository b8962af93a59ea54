import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import type { Category } from '@tables-voisines/contract/schemas/category';
import { CLOSE_ICON, Icon } from '../site/icons';
import { ComboboxOption, ComboboxPopup, moveOnArrow, useDebounced } from './combobox-parts';
import { useMapState, useMapStore } from './map-store';
import { useCategorySearch } from './search-categories';

/**
 * Categories of dishes, searched as the visitor types; they restrict the menu boards and the list. A
 * combobox with a list box (WAI-ARIA 1.2 pattern): arrows move in the suggestions, Enter picks one,
 * Escape closes them, Backspace in the empty field removes the last category picked.
 */
export function CategoryFilter() {
  const store = useMapStore();
  const id = useId();
  // In the map's state, not this component's: back from a detail page the chips are there again, as the
  // categories still filter (a filter is shown as a chip or not applied).
  const ids = useMapState((s) => s.categories);
  const names = useMapState((s) => s.categoryNames);
  // A category given by the address has no name until the server says it (`useCategoryNames`): its chip
  // says a word meanwhile, not its id.
  const selected = useMemo(() => ids.map((c) => ({ id: c, name: names[c] })), [ids, names]);
  const [input, setInput] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const term = useDebounced(input.trim(), 200);
  const search = useCategorySearch(term, open);
  const options = (search.data ?? []).filter((c) => !selected.some((s) => s.id === c.id));

  const change = (next: readonly { id: string; name: string | undefined }[]) => {
    store.dispatch({
      type: 'categoriesChanged',
      categories: next.map((c) => c.id),
      names: Object.fromEntries(next.flatMap((c) => (c.name === undefined ? [] : [[c.id, c.name]]))),
    });
  };
  // A suggestion picked closes the list: what was picked shows as a chip, typing opens it again.
  const pick = (category: Category) => {
    change([...selected, category]);
    setInput('');
    setActive(-1);
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (moveOnArrow(event, options.length, setOpen, setActive)) return;
    if (event.key === 'Enter' && open && options[active] !== undefined) {
      event.preventDefault();
      pick(options[active]);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    } else if (event.key === 'Backspace' && input === '' && selected.length > 0) {
      change(selected.slice(0, -1));
    }
  };

  const listId = `${id}-liste`;
  const message = search.isFetching
    ? 'Recherche…'
    : term === ''
      ? 'Aucune catégorie'
      : `Aucune catégorie pour «\u00a0${term}\u00a0»`;
  return (
    <div className="tv-combobox">
      <label htmlFor={`${id}-champ`} className="tv-label">
        Catégories de plats
      </label>
      <div className="tv-combobox__field">
        {selected.map((c) => (
          <button
            key={c.id}
            type="button"
            className="tv-chip tv-chip--selected"
            aria-label={`Retirer ${c.name ?? 'cette catégorie'}`}
            onClick={() => change(selected.filter((s) => s.id !== c.id))}
          >
            {c.name ?? 'Catégorie…'}
            <Icon path={CLOSE_ICON} />
          </button>
        ))}
        <input
          id={`${id}-champ`}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={open ? listId : undefined}
          aria-activedescendant={open && options[active] ? `${id}-${options[active].id}` : undefined}
          placeholder="Crêpes, pizza, végétarien…"
          value={input}
          onChange={(event) => {
            setInput(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onClick={() => setOpen(true)}
          onBlur={() => {
            setOpen(false);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
        />
      </div>
      {open && (
        <ComboboxPopup>
          {options.length > 0 ? (
            <ul id={listId} role="listbox" aria-label="Catégories proposées">
              {options.map((c, index) => (
                <ComboboxOption
                  key={c.id}
                  id={`${id}-${c.id}`}
                  active={index === active}
                  onChoose={() => pick(c)}
                >
                  {c.name}
                </ComboboxOption>
              ))}
            </ul>
          ) : (
            <p id={listId} className="tv-small tv-muted tv-combobox__message">
              {message}
            </p>
          )}
        </ComboboxPopup>
      )}
    </div>
  );
}

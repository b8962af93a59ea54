import { useId, useRef, useState, type KeyboardEvent } from 'react';
import type { Place } from '@tables-voisines/contract/schemas/place';
import { ComboboxOption, ComboboxPopup, moveOnArrow, useDebounced } from './combobox-parts';
import { useMapStore } from './map-store';
import { useShowMap } from './show-map';
import { PLACE_ZOOM, placeTerm, usePlaceSearch } from './use-place-search';

/** « Rhône (69) », after the postcode asked for when the query is one (« 69003, Rhône (69) »). */
export function placeDetail(place: Place, term: string): string {
  const department = `${place.department.name} (${place.department.code})`;
  const digits = term.replace(/\s+/g, '');
  if (!/^\d{1,5}$/.test(digits)) return department;
  const postcode = place.postcodes.find((p) => p.startsWith(digits));
  return postcode === undefined ? department : `${postcode}, ${department}`;
}

/**
 * The towns of the map's search field (WAI-ARIA 1.2 combobox, as the categories' field): as the visitor
 * types, a « Villes » group of suggestions opens under the field; arrows move in it, Enter or a click
 * chooses a town (Enter alone, the first one), Escape closes it. Choosing flies the map to the town at zoom
 * 12, marks the town there, closes the suggestions and says so to screen readers; `onChosen` then does the
 * field's part. On a phone the list's sheet then goes down, so that the map is seen.
 */
export function usePlaceSuggestions(value: string, onChosen: (place: Place) => void) {
  const store = useMapStore();
  const showMap = useShowMap();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [announcement, setAnnouncement] = useState('');
  const term = useDebounced(placeTerm(value), 150);
  const { places, resolve } = usePlaceSearch(term);
  const latestValue = useRef(value);
  latestValue.current = value;

  const listId = `${id}-liste`;
  const optionId = (place: Place) => `${id}-${place.code}`;
  const shown = open && places.length > 0;

  const choose = (place: Place) => {
    setOpen(false);
    setActive(-1);
    store.dispatch({
      type: 'townChosen',
      town: { name: place.name, location: { latitude: place.latitude, longitude: place.longitude } },
      zoom: PLACE_ZOOM,
    });
    setAnnouncement(`Carte centrée sur ${place.name}, ${place.department.name}`);
    onChosen(place);
    showMap();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (moveOnArrow(event, places.length, setOpen, setActive)) return;
    if (event.key === 'Enter') {
      const picked = shown ? places[active] : undefined;
      if (picked !== undefined) {
        event.preventDefault();
        choose(picked);
        return;
      }
      // The first town of what is typed, once the server has said (it may not have yet).
      const typed = value;
      void resolve(placeTerm(typed)).then(
        (found) => {
          if (found[0] !== undefined && latestValue.current === typed) choose(found[0]);
        },
        () => undefined,
      );
    } else if (event.key === 'Escape' && shown) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  const inputProps = {
    role: 'combobox',
    autoComplete: 'off',
    'aria-autocomplete': 'list',
    'aria-expanded': shown,
    'aria-controls': shown ? listId : undefined,
    'aria-activedescendant': shown && places[active] !== undefined ? optionId(places[active]) : undefined,
    onFocus: () => setOpen(true),
    onClick: () => setOpen(true),
    onBlur: () => {
      setOpen(false);
      setActive(-1);
    },
    onKeyDown,
  } as const;

  /** To call when the visitor types: the suggestions open again for the new text. */
  const typed = () => {
    setOpen(true);
    setActive(-1);
    setAnnouncement('');
  };

  const popup = shown ? (
    <ComboboxPopup testId="place-suggestions">
      <ul id={listId} role="listbox" aria-label="Suggestions">
        <li role="presentation" className="tv-combobox__section">
          <ul role="group" aria-labelledby={`${id}-villes`}>
            <li role="presentation" id={`${id}-villes`} className="tv-combobox__group">
              Villes
            </li>
            {places.map((place, index) => (
              <ComboboxOption
                key={place.code}
                id={optionId(place)}
                active={index === active}
                onChoose={() => choose(place)}
              >
                {place.name}
                <span className="tv-muted"> — {placeDetail(place, term)}</span>
              </ComboboxOption>
            ))}
          </ul>
        </li>
      </ul>
    </ComboboxPopup>
  ) : null;

  const status = (
    <p role="status" className="tv-visually-hidden">
      {announcement}
    </p>
  );

  return { inputProps, typed, popup, status, choose, resolve };
}

import { useEffect, useState, type KeyboardEvent, type ReactNode } from 'react';

/*
 * What the map's two comboboxes (WAI-ARIA 1.2 pattern, the categories' and the towns') share: the text
 * searched once typing pauses, the arrows moving in the suggestions, and an option of the list box.
 */

/** `value` once it has stayed the same for `delayMs`. */
export function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/**
 * Down and up arrows: the suggestions open and the active one moves among the `count` shown, round from the
 * last to the first. False for any other key, left to the field.
 */
export function moveOnArrow(
  event: KeyboardEvent<HTMLInputElement>,
  count: number,
  setOpen: (open: boolean) => void,
  setActive: (update: (current: number) => number) => void,
): boolean {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return false;
  event.preventDefault();
  setOpen(true);
  if (count === 0) return true;
  const step = event.key === 'ArrowDown' ? 1 : -1;
  setActive((current) => (current + step + count) % count);
  return true;
}

/** One suggestion of the list box, marked while the arrows are on it; a click chooses it. */
export function ComboboxOption({
  id,
  active,
  onChoose,
  children,
}: {
  id: string;
  active: boolean;
  onChoose: () => void;
  children: ReactNode;
}) {
  return (
    <li
      id={id}
      role="option"
      aria-selected={active}
      className={active ? 'tv-combobox__active' : undefined}
      // Keeps the focus in the field.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onChoose}
    >
      {children}
    </li>
  );
}

/**
 * The suggestions under a combobox's field. Out of the Tab order: Chromium makes a scrolled box with no
 * focusable child a Tab stop of its own, so Tab from the field went to it, the field's blur closed it, and
 * the focus fell on the page's body, nowhere to be seen (issue 49). The field keeps the focus and the arrows
 * move in the suggestions (`aria-activedescendant`).
 */
export function ComboboxPopup({ testId, children }: { testId?: string; children: ReactNode }) {
  return (
    <div
      className="tv-paper tv-combobox__popup"
      data-testid={testId}
      tabIndex={-1}
      // A press on its scroll bar keeps the focus in the field too.
      onMouseDown={(event) => event.preventDefault()}
    >
      {children}
    </div>
  );
}

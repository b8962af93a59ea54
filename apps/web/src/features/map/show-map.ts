import { createContext, useContext } from 'react';

/**
 * Asks the map page's frame to show the map: on a phone the list's bottom sheet goes to its lowest and the
 * keyboard closes (a town chosen in the search field, the map flying there). Nothing on a desktop, where the
 * map is always beside the list, nor outside the frame.
 */
export const ShowMapContext = createContext<() => void>(() => undefined);

export function useShowMap(): () => void {
  return useContext(ShowMapContext);
}

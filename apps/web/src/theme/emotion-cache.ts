import createCache from '@emotion/cache';

/**
 * One key on both sides: the browser's cache adopts the `<style data-emotion="tv ...">` tags the server put
 * in the page instead of inserting them again (no flash of unstyled content, no duplicate rules).
 */
export const EMOTION_KEY = 'tv';

export function createEmotionCache() {
  return createCache({ key: EMOTION_KEY });
}

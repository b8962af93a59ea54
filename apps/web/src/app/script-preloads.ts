const PRELOAD = '<link rel="modulepreload"';

/**
 * The page's HTML with its scripts' preloads asked at low priority (decision 0037). React Router writes a
 * `<link rel="modulepreload">` for each script of the page (about twenty-five on an establishment's page),
 * which Chromium fetches at high priority, as it does the fonts. The page is complete without them
 * (content and styles are in the HTML): they bring navigation and the map, and at low priority no longer
 * compete on a phone's link with what the first paint needs.
 */
export function lowerScriptPreloads(html: string): string {
  return html.replaceAll(PRELOAD, `${PRELOAD} fetchpriority="low"`);
}

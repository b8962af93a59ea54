const PRELOAD = Buffer.from('<link rel="modulepreload"');
const LOW = Buffer.from(' fetchpriority="low"');

/**
 * The page's HTML with its scripts' preloads asked at low priority (decision 0037). React Router writes a
 * `<link rel="modulepreload">` for each script of the page (about twenty-five on an establishment's page),
 * which Chromium fetches at high priority, as it does the fonts. The page is complete without them
 * (content and styles are in the HTML): they bring navigation and the map, and at low priority no longer
 * compete on a phone's link with what the first paint needs.
 *
 * Works on the bytes React wrote (the page is complete when this is called, `onAllReady`): no conversion
 * of the whole page to a string, which the export would do ten thousand times.
 */
export function lowerScriptPreloads(html: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  const parts: Uint8Array[] = [];
  let copied = 0;
  for (let at = html.indexOf(PRELOAD); at !== -1; at = html.indexOf(PRELOAD, copied)) {
    const end = at + PRELOAD.length;
    parts.push(html.subarray(copied, end), LOW);
    copied = end;
  }
  if (parts.length === 0) return html;
  parts.push(html.subarray(copied));
  return Buffer.concat(parts);
}

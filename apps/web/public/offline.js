// The offline page's list of what can still be read: the pages the service worker kept (its `pages` cache,
// see apps/web/src/features/pwa/sw.ts), the map first, then each page under its title. A file of its own:
// the page's Content-Security-Policy allows this origin's scripts, not inline ones.
(async () => {
  const list = document.getElementById('kept');
  const section = document.getElementById('kept-section');
  if (list === null || section === null || !('caches' in window)) return;
  const cache = await caches.open('pages');
  const entries = [];
  const seen = new Set();
  for (const request of await cache.keys()) {
    const url = new URL(request.url);
    // Once each page, though kept under two addresses (`/contact` and `/contact?utm_source=…`).
    if (url.origin !== location.origin || seen.has(url.pathname)) continue;
    // Pages' documents only, whichever page (sw-routes.ts says which are kept): not the `.data` file a
    // navigation inside the app fetched for one, nor the map's feed or a place's public record.
    const response = await cache.match(request);
    if (response === undefined || !/^text\/html/.test(response.headers.get('content-type') ?? '')) continue;
    seen.add(url.pathname);
    const map = url.pathname === '/';
    let title = map ? 'La carte des restaurateurs' : decodeURIComponent(url.pathname);
    if (!map) {
      const found = /<title>([^<]*)<\/title>/.exec(await response.text());
      if (found !== null) {
        const text = document.createElement('textarea');
        text.innerHTML = found[1];
        // The site's name after the last dash: « Nous contacter — Tables Voisines » lists « Nous contacter ».
        title = text.value.replace(/\s+—\s+[^—]*$/, '');
      }
    }
    entries.push({ href: url.pathname + url.search, title, map });
  }
  entries.sort((a, b) => Number(b.map) - Number(a.map) || a.title.localeCompare(b.title, 'fr'));
  for (const entry of entries) {
    const item = document.createElement('li');
    const link = document.createElement('a');
    link.href = entry.href;
    link.textContent = entry.title;
    item.append(link);
    list.append(item);
  }
  section.hidden = entries.length === 0;
})();

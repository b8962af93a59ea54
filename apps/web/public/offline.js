// The offline page's list of what can still be read: the pages the service worker kept (its `pages` cache,
// see apps/web/src/features/pwa/sw.ts), each under its title, and the map when it was kept. A file of its
// own: the page's Content-Security-Policy allows this origin's scripts, not inline ones.
(async () => {
  const list = document.getElementById('kept');
  const section = document.getElementById('kept-section');
  if (list === null || section === null || !('caches' in window)) return;
  const cache = await caches.open('pages');
  const entries = [];
  for (const request of await cache.keys()) {
    const url = new URL(request.url);
    if (url.origin !== location.origin) continue;
    // A page's document, not the `.data` file a navigation inside the app fetched for it.
    const establishment =
      /^\/(restaurant|remplisvert)\/[^/]+$/.test(url.pathname) && !url.pathname.endsWith('.data');
    if (!establishment && url.pathname !== '/') continue;
    let title = url.pathname === '/' ? 'La carte des restaurateurs' : decodeURIComponent(url.pathname);
    if (establishment) {
      const response = await cache.match(request);
      const html = response === undefined ? '' : await response.text();
      const found = /<title>([^<]*)<\/title>/.exec(html);
      if (found !== null) {
        const text = document.createElement('textarea');
        text.innerHTML = found[1];
        title = text.value.replace(/\s+—\s+[^—]*$/, '');
      }
    }
    entries.push({ href: url.pathname, title, map: !establishment });
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

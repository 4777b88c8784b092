// The site offline: everything cached on the first visit (the model and onnxruntime when
// first asked for), served from the cache first; a new export is a new version, whose
// cache replaces the old one on the next online visit (an open page then says the
// program was updated, site.js). The agenda lives in
// localStorage, which no cache change touches.
const VERSION = '__VERSION__';
const CACHE = 'talkbase-site-' + VERSION;
const SHELL = ['./', 'index.html', 'site.js', 'search.mjs', 'calendar.mjs', 'style.css', 'icon.svg',
  'manifest.webmanifest', 'data/talks.json', 'data/meta.json', 'data/vectors.bin'];

self.addEventListener('install', event => {
  // from the server, never the browser's HTTP cache: a new version's cache must not
  // be filled with the previous version's program
  event.waitUntil(caches.open(CACHE)
    .then(c => c.addAll(SHELL.map(u => new Request(u, { cache: 'reload' }))))
    .then(() => self.skipWaiting()));
});

self.addEventListener('activate', event => {
  event.waitUntil(caches.keys()
    .then(keys => Promise.all(keys.filter(k => k.startsWith('talkbase-site-') && k !== CACHE)
      .map(k => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener('fetch', event => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'GET' || url.origin !== self.location.origin) return;
  const key = url.pathname.endsWith('/') ? new Request(url.origin + url.pathname) : event.request;
  event.respondWith(caches.open(CACHE).then(async cache => {
    const hit = await cache.match(key, { ignoreSearch: true });
    if (hit) return hit;
    const response = await fetch(event.request);
    // kept alive until stored: a 23 MB model must not be cut off by a reload
    if (response.ok) event.waitUntil(cache.put(key, response.clone()));
    return response;
  }));
});

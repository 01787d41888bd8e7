// Mahjong Scorekeeper service worker (version {{ version }}).
// Pages: network first, the last good copy when offline, else the offline page.
// The app shell (CSS, scripts, icons, offline page): cached at install, served from cache.
// Form posts are never touched here: offline saves are queued by static/js/offline.js.
const SHELL = "shell-{{ version }}";
const PAGES = "pages-{{ version }}";
const SHELL_URLS = {{ shell_json|safe }};

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(SHELL).then((cache) => cache.addAll(SHELL_URLS)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== SHELL && k !== PAGES).map((k) => caches.delete(k))))
      .then(() => self.clients.claim())
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) {
    return;
  }
  if (request.mode === "navigate") {
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok) {
            const copy = response.clone();
            caches.open(PAGES).then((cache) => cache.put(request, copy));
          }
          return response;
        })
        // A seat card's "won" (?winner=2) is served by the win form kept without its query.
        .catch(() => caches.match(request)
          .then((hit) => hit || caches.match(request, {ignoreSearch: true, ignoreVary: true}))
          .then((hit) => hit || caches.match("/offline/")))
    );
    return;
  }
  event.respondWith(caches.match(request).then((hit) => hit || fetch(request)));
});

// The session screen asks for the pages a hand needs (win, draw, on the spot) to be kept.
self.addEventListener("message", (event) => {
  const urls = (event.data && event.data.keep) || [];
  const same = urls.filter((url) => new URL(url, self.location.origin).origin === self.location.origin);
  event.waitUntil(caches.open(PAGES).then((cache) => Promise.all(same.map((url) =>
    fetch(url, {credentials: "same-origin"}).then((response) => response.ok ? cache.put(url, response) : null)
      .catch(() => null)))));
});

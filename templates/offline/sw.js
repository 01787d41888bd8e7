// Mahjong Scorekeeper service worker (version {{ version }}).
// Pages: network first; without a connection, the copy kept on this phone (marked as such, so the
// page can say so), else the offline page. A page is kept under its address without the query
// (?saved=, ?winner=: the same page). The forms a hand needs (win, draw, on the spot, edit, delete)
// are kept only when a session screen asks for them, as blank forms: never a draft or a refused form
// as it was once shown. A session that answers 404 (deleted, its link revoked) loses its kept pages, on a
// navigation or on any request of its pages (the live poll).
// The app shell (every style and script, the icons, the offline page): cached at install.
// Form posts are never touched here: offline saves wait in static/js/offline.js.
const SHELL = "shell-{{ version }}";
const PAGES = "pages-{{ version }}";
const SHELL_URLS = {{ shell_json|safe }};
const ENTRY_FORMS = /^\/(sessions\/\d+\/(win|draw|spot)|hands\/\d+\/(edit|delete))\/$/;
const SESSION = /^\/sessions\/\d+\//;
const EVENTS = /^\/sessions\/\d+\/events\/$/;
const STAMPS = "/__kept__";  // per page that asked: the stamp (revision, language) its pages were kept for

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

function bare(url) {
  const parsed = new URL(url, self.location.origin);
  return parsed.origin + parsed.pathname;
}

// The copy kept on this phone says so: offline.js reads <body data-kept-copy>.
function marked(response) {
  return response.text().then((html) => new Response(html.replace("<body", "<body data-kept-copy"),
    {status: 200, headers: {"Content-Type": "text/html; charset=utf-8"}}));
}

function keptPage(url) {
  return caches.match(bare(url)).then((hit) => hit ? marked(hit) : caches.match("/offline/"));
}

function forget(prefix) {
  return caches.open(PAGES).then((cache) => cache.keys().then((requests) => Promise.all(requests
    .filter((request) => new URL(request.url).pathname.startsWith(prefix))
    .map((request) => cache.delete(request)))));
}

function fromNetwork(request) {
  const url = new URL(request.url);
  return fetch(request).then((response) => {
    const html = (response.headers.get("Content-Type") || "").startsWith("text/html");
    if (response.ok && html && !ENTRY_FORMS.test(url.pathname)) {
      const copy = response.clone();
      caches.open(PAGES).then((cache) => cache.put(bare(request.url), copy));
    } else if (response.status === 404 && SESSION.test(url.pathname)) {
      forget(SESSION.exec(url.pathname)[0]);
    }
    return response;
  });
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) {
    return;
  }
  if (EVENTS.test(new URL(request.url).pathname)) {
    return;  // the live server's event stream goes straight to the network: held all evening, never kept
  }
  if (request.mode === "navigate") {
    event.respondWith(fromNetwork(request).catch(() => keptPage(request.url)));
    return;
  }
  event.respondWith(caches.match(request).then((hit) => hit || fetch(request).then(forgetIfGone)));
});

// A request of a session's page (the live poll, every two seconds) that answers 404: the session can no
// longer be opened here (its link revoked): its kept pages go at once, as on a navigation.
function forgetIfGone(response) {
  const path = new URL(response.url || self.location.href).pathname;
  if (response.status === 404 && SESSION.test(path)) {
    forget(SESSION.exec(path)[0]);
  }
  return response;
}

// A session screen (or the history) asks for the pages a hand needs to be kept, once a revision.
function keep(data) {
  const same = (data.keep || []).filter((page) => new URL(page.url).origin === self.location.origin);
  const stamp = STAMPS + (data.stamp || "").split(" ")[0];
  return caches.open(PAGES).then((cache) => cache.match(stamp)
    .then((kept) => kept ? kept.text() : "")
    .then((was) => was === data.stamp ? null : Promise.all(same.map((page) =>
      fetch(page.url, {credentials: "same-origin"})
        .then((response) => response.ok ? cache.put(bare(page.key), response) : null)
        .catch(() => null)))
      .then(() => cache.put(stamp, new Response(data.stamp || "")))));
}

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.forget) {
    event.waitUntil(forget(new URL(data.forget, self.location.origin).pathname));
  } else if (data.keep) {
    event.waitUntil(keep(data));
  }
});

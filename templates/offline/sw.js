// Mahjong Scorekeeper service worker (shell {{ shell_version }}, pages {{ pages_version }}).
// Pages: network first; without a connection, the copy kept on this phone (marked as such, so the
// page can say so), else the offline page. A connection that answers nothing ("lie-fi") gets
// LIE_FI_MS: then the kept copy is shown, if there is one, and what the network sends later still
// refreshes it; a page with no copy keeps waiting for the network (a slow answer beats "offline").
// A page is kept under its address without the query (?saved=, ?winner=: the same page). The forms a hand
// needs (win, draw, on the spot, edit, delete) are kept only when a session screen asks for them, as blank
// forms: never a draft or a refused form as it was once shown. A session that answers 404 (deleted, its
// link revoked) loses its kept pages, on a navigation or on any request of its pages (the live poll).
// The app shell (every style and script, the icons, the offline page, the scripts' words in each
// language): cached at install, listed by the server from the static files' manifest
// (scorekeeper/tables/views/offline.py); every other cache is deleted when this worker activates.
// A page kept under an older shell asks for older hashed names: it gets this shell's file of that name.
// Form posts are never touched here: offline saves wait in static/js/queue.js.
// The pages' scripts are ES modules (static/js/): a page kept before them named classic scripts, which this
// shell's modules would break, so the kept pages' cache (named by this template's digest) went with them.
const SHELL = "shell-{{ shell_version }}";
const PAGES = "pages-{{ pages_version }}";
const SHELL_URLS = {{ shell_json|safe }};
const BY_PLAIN_NAME = {{ by_plain_name_json|safe }};
const HASHED = /\.[0-9a-f]{12}(\.[^./]+)$/;
const LIE_FI_MS = 3500;
const OFFLINE_PAGES = {{ offline_pages_json|safe }};  // by language; "": the site's default
const LANGUAGE = "/__language__";  // the language of the page last opened here
const ENTRY_FORMS = /^\/(sessions\/\d+\/(win|draw|spot)|hands\/\d+\/(edit|delete))\/$/;
const SESSION = /^\/sessions\/\d+\//;
const EVENTS = /^\/sessions\/\d+\/events\/$/;
const STAMPS = "/__kept__";  // per page that asked: the stamp (revision, language) its pages were kept for

self.addEventListener("install", (event) => {
  // Asked of the server, not the browser's HTTP cache (a file kept under the same name may have changed);
  // an unchanged one answers 304.
  const fresh = SHELL_URLS.map((url) => new Request(url, {cache: "no-cache"}));
  event.waitUntil(caches.open(SHELL).then((cache) => cache.addAll(fresh)).then(() => self.skipWaiting()));
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

// The copy kept on this phone says so: static/js/queue.js reads <body data-kept-copy>.
function marked(response) {
  return response.text().then((html) => new Response(html.replace("<body", "<body data-kept-copy"),
    {status: 200, headers: {"Content-Type": "text/html; charset=utf-8"}}));
}

function keptPage(url) {
  return caches.match(bare(url)).then((hit) => hit ? marked(hit) : offlinePage());
}

// The offline page in the language of the page last opened here (its Content-Language).
function offlinePage() {
  return caches.open(PAGES).then((cache) => cache.match(LANGUAGE))
    .then((said) => said ? said.text() : "")
    .then((language) => caches.match(OFFLINE_PAGES[language] || OFFLINE_PAGES[""]));
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
    const language = response.headers.get("Content-Language");
    if (response.ok && html && language in OFFLINE_PAGES) {
      caches.open(PAGES).then((cache) => cache.put(LANGUAGE, new Response(language)));
    }
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
    event.respondWith(navigate(event));
    return;
  }
  event.respondWith(caches.match(request).then((hit) => hit || fromShellByName(request.url))
    .then((hit) => hit || fetch(request).then(forgetIfGone)));
});

const SENT_RETRY_MS = 700;

function navigate(event) {
  const network = fromNetwork(event.request);
  event.waitUntil(network.catch(() => null));  // a late answer still refreshes the kept copy
  if (new URL(event.request.url).searchParams.has("sent")) {
    // The session screen after the phone's queue was saved (static/js/queue.js): the server has just answered,
    // so a slow page is no lie-fi, and only its copy says what was saved, with Undo. A connection just back
    // can refuse the first request (seen on a loaded CI machine): it is asked twice more before the kept copy.
    const again = () => new Promise((resolve) => setTimeout(resolve, SENT_RETRY_MS)).then(() => fetch(event.request));
    return network.catch(again).catch(again).catch(() => keptPage(event.request.url));
  }
  const kept = caches.match(bare(event.request.url));
  const lieFi = new Promise((resolve) => setTimeout(resolve, LIE_FI_MS))
    .then(() => kept)
    .then((hit) => hit ? marked(hit) : network);
  return Promise.race([network, lieFi]).catch(() => keptPage(event.request.url));
}

function fromShellByName(url) {
  const parsed = new URL(url);
  const current = parsed.origin === self.location.origin && BY_PLAIN_NAME[parsed.pathname.replace(HASHED, "$1")];
  return current ? caches.match(current) : Promise.resolve(undefined);
}

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

// Every page's offline wiring: a form's save kept on the phone when it must wait (static/js/queue.js),
// the queue sent on each page opened with a connection and when the connection returns, the status line at
// the top of the page, the pages a table needs kept for offline use, and the service worker registered.
import {ask} from "./ask.js";
import * as Queue from "./queue.js";
import {forgetQueues, fixing, stopFixing} from "./storage.js";
import {askServer} from "./transport.js";
import {fill} from "./words.js";

// -- the status line at the top of every page -------------------------------------------------------

function showStatus() {
  const box = document.getElementById("offline-status");
  if (!box) { return; }
  const pk = document.body.dataset.session;
  const waiting = Queue.waiting(pk);
  const parts = [];
  if (!navigator.onLine) { parts.push(gettext("You are offline.")); }
  if (waiting) {
    parts.push(fill(ngettext("1 hand waiting to be sent.", "%(n)s hands waiting to be sent.", waiting), {n: waiting}));
    const queue = pk ? Queue.queueOf(pk) : null;
    const stuck = queue && (queue.conflict || (queue.changes[0] || {}).status === "refused");
    parts.push(stuck ? gettext("One could not be saved: the session screen says why and asks what to do.")
      : !navigator.onLine ? ngettext("It will be sent when the connection returns.",
                                     "They will be sent when the connection returns.", waiting)
      : Queue.sendingNow() ? gettext("Sending now…")
      : Queue.retrying() ? gettext("Not sent yet: the server did not answer. Trying again in a moment.") : "");
  } else if (!navigator.onLine) {
    parts.push(document.querySelector("form[data-queue]") || document.getElementById("standings")
      ? gettext("Hands you save are kept on this phone and sent when the connection returns.")
      : gettext("This is the copy kept on this phone: it updates when the connection returns."));
    if (document.getElementById("win-form")) { parts.push(gettext("The score and who pays show when the connection returns.")); }
  }
  box.textContent = parts.filter(Boolean).join(" ");
  box.hidden = !box.textContent;
}

// -- forms ------------------------------------------------------------------------------------------

function isLogout(form) { return /\/accounts\/logout\/?$/.test(new URL(Queue.actionOf(form)).pathname); }

// Only a change with a place in a session's order can wait; anything else stays as typed.
function refuseOffline(form) {
  let note = form.querySelector(".offline-refused");
  if (!note) {
    note = document.createElement("p");
    note.className = "message message-error offline-refused";
    note.setAttribute("role", "alert");
    form.prepend(note);
  }
  note.textContent = gettext("This needs the connection: nothing was sent; what you typed stays here.");
}

// One listener for every form on the page (delegated: a form drawn by htmx later is served too).
document.addEventListener("submit", (event) => {
  const form = event.target;
  if (isLogout(form)) { loggingOut(event, form); return; }
  if ((form.method || "").toLowerCase() !== "post") { return; }
  if (form.dataset.queue && Queue.mustWait(form)) {
    if (form.id === "win-form" && !Queue.isSave(form, event.submitter)) { return; }
    event.preventDefault();
    event.stopPropagation();
    Queue.enqueue(form, event.submitter);
    return;
  }
  if (form.dataset.queue && form.id !== "win-form" && !form.dataset.posted) {  // the win form: htmx:sendError
    event.preventDefault();
    event.stopPropagation();
    postOrKeep(form, event.submitter);
    return;
  }
  if (!navigator.onLine) {
    event.preventDefault();
    event.stopPropagation();
    refuseOffline(form);
  }
}, true);

// Online, the server is asked first whether it answers at all: a phone "online" in a basement gets
// no answer, and its save then waits like one made offline, instead of ending on the browser's error
// page. Answered, the form is posted as usual.
// While the server is being asked, the page may be left (a link tapped at once): the change is then
// kept on the phone, never posted over the page being opened, and the next page sends it.
let asking = null;
function leaving() {
  if (asking) { Queue.keepOnPhone(asking.form, asking.submitter); asking = null; }
}
window.addEventListener("beforeunload", leaving);
window.addEventListener("pagehide", leaving);

function postOrKeep(form, submitter) {
  asking = {form, submitter};
  askServer().then((response) => {
    if (!asking) { return; }  // the page is being left: kept on the phone already
    asking = null;
    if (!response.ok) { return; }
    form.dataset.posted = "1";
    if (submitter && submitter.name) {
      const input = document.createElement("input");
      input.type = "hidden"; input.name = submitter.name; input.value = submitter.value;
      form.appendChild(input);
    }
    HTMLFormElement.prototype.submit.call(form);
  }, () => {
    if (asking) { asking = null; Queue.enqueue(form, submitter); }
  });
}

// A save by htmx that found no connection after all waits like one made offline; so does one the server
// was too busy to write (a 503: nothing of it was saved, web/busy.py), sent again with the queue.
function keepUnsent(event) {
  const form = event.detail.elt && event.detail.elt.closest && event.detail.elt.closest("form[data-queue]");
  const submitter = submitterOf(event.detail.requestConfig || {});
  if (form && Queue.isSave(form, submitter)) { Queue.enqueue(form, submitter); }
}
// The button a request was sent by: its submit event's, or, for the keypad's saves (htmx.ajax, no submit
// event: static/js/keypad.js), the button's name and value among the values sent.
function submitterOf(config) {
  if (config.triggeringEvent && config.triggeringEvent.submitter) { return config.triggeringEvent.submitter; }
  const sent = config.parameters || {};
  const name = ["figure_chip", "confirm_figure", "other_chip_1", "other_chip_2", "confirm_other_1", "confirm_other_2",
                "action"].filter((n) => sent[n] != null)[0];
  return name ? {name, value: String(sent[name])} : null;
}
// htmx's events, from any element of the page.
document.addEventListener("htmx:sendError", keepUnsent);
document.addEventListener("htmx:responseError", (event) => {
  if (event.detail.xhr && event.detail.xhr.status === 503) { keepUnsent(event); }
});

// Offline nothing is asked of the server: the live poll and previews wait for the connection.
document.addEventListener("htmx:beforeRequest", (event) => {
  if (!navigator.onLine) { event.preventDefault(); }
});

function loggingOut(event, form) {
  if (form.dataset.confirmed) { return; }
  event.preventDefault();
  const waiting = Queue.waiting("");
  const leave = () => {
    forgetQueues();
    forgetPages().then(() => { form.dataset.confirmed = "1"; HTMLFormElement.prototype.submit.call(form); });
  };
  if (!waiting) { leave(); return; }
  ask(fill(ngettext("1 hand kept on this phone has not been sent yet. Logging out loses it.",
                    "%(n)s hands kept on this phone have not been sent yet. Logging out loses them.",
                    waiting), {n: waiting}),
      gettext("Log out and lose them"), gettext("Stay logged in")).then((yes) => { if (yes) { leave(); } });
}

// Offline, Cancel goes straight back: the server's Cancel (which drops a draft) needs the connection.
// Delegated: a Cancel in a form htmx draws anew is served too.
document.addEventListener("click", (event) => {
  const link = event.target.closest && event.target.closest("a[data-offline-href]");
  if (link && (!navigator.onLine || Queue.keptCopy())) {
    event.preventDefault();
    location.replace(link.dataset.offlineHref);
  }
}, true);

// -- pages kept for offline use ---------------------------------------------------------------------

function forgetPages() {
  if (!window.caches) { return Promise.resolve(); }
  return caches.keys().then((keys) => Promise.all(keys.filter((k) => k.indexOf("pages-") === 0)
    .map((k) => caches.delete(k))));
}

// The pages a table needs mid-hand are kept for offline use whenever a session's screen opens with a
// connection (once a revision: the worker skips pages it kept for this one already).
function keepForOffline() {
  const nodes = document.querySelectorAll("[data-keep-offline]");
  if (!nodes.length || !navigator.onLine || Queue.keptCopy()) { return; }
  const standings = document.getElementById("standings");
  const revision = (standings && standings.dataset.revision) || document.body.dataset.revision || "";
  navigator.serviceWorker.ready.then((registration) => {
    if (!registration.active) { return; }
    registration.active.postMessage({
      stamp: [location.pathname, revision, document.documentElement.lang].join(" "),
      // data-keep-offline names the copy to fetch when it is not the link's own (the win form's blank one)
      keep: Array.prototype.map.call(nodes, (node) => {
        const key = new URL(node.getAttribute("href") || node.dataset.keepOffline, location.href);
        return {url: new URL(node.dataset.keepOffline || key.href, location.href).href, key: key.origin + key.pathname};
      }),
    });
  });
}

// -- start ------------------------------------------------------------------------------------------

window.addEventListener("online", () => { showStatus(); Queue.sendAndShow(); });
window.addEventListener("offline", showStatus);
document.addEventListener("scorekeeper:queue", showStatus);
document.addEventListener("scorekeeper:sending", showStatus);

// A module runs once the page is parsed (before DOMContentLoaded).
Queue.adoptOldQueue();
Queue.rememberSeen();
showStatus();
const token = document.querySelector("form[data-queue] input[name=token]");
if (fixing() && !(token && token.value === fixing())) { stopFixing(); }
Queue.sendAndShow();
if (navigator.serviceWorker) { keepForOffline(); }

// The standings drawn anew (the live refresh): what they say is remembered, their pages kept.
const standings = document.getElementById("standings");
if (standings) {
  standings.parentElement.addEventListener("htmx:afterSwap", (event) => {
    if (event.detail.target && event.detail.target.id === "standings") { Queue.rememberSeen(); keepForOffline(); }
  });
}

if ("serviceWorker" in navigator) {
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("/sw.js", {scope: "/"}).catch(() => { /* offline use is optional */ });
  });
}

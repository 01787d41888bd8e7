// Offline support: register the service worker, and queue hand saves made without a
// connection. A queued save is re-posted as a real form when the connection returns, so
// the server answers it as it would any save (a page with the result, or the form with a
// clear message); its one-time entry token means a save that did arrive is never doubled.
(function () {
  "use strict";
  var KEY = "scorekeeper.offline-queue";
  var SENT = "scorekeeper.sent-tokens";

  function load(key) {
    try { return JSON.parse(localStorage.getItem(key)) || []; } catch (e) { return []; }
  }
  function store(key, value) { localStorage.setItem(key, JSON.stringify(value)); }
  function freshToken() {
    if (window.crypto && crypto.randomUUID) { return crypto.randomUUID(); }
    return "10000000-1000-4000-8000-100000000000".replace(/[018]/g, function (c) {
      return (c ^ (crypto.getRandomValues(new Uint8Array(1))[0] & (15 >> (c / 4)))).toString(16);
    });
  }

  // The words come translated from the page (data-* on #offline-status in base.html).
  function say(key, fallback) {
    var box = document.getElementById("offline-status");
    return (box && box.dataset[key]) || fallback;
  }

  function showStatus() {
    var box = document.getElementById("offline-status");
    if (!box) { return; }
    var waiting = load(KEY).length;
    var parts = [];
    if (!navigator.onLine) { parts.push(say("offline", "You are offline.")); }
    if (waiting) {
      parts.push(waiting === 1 ? say("waitingOne", "1 save is waiting for the connection.")
        : say("waitingMany", "{n} saves are waiting for the connection.").replace("{n}", waiting));
      parts.push(navigator.onLine ? say("sending", "Sending now…")
        : say("later", "It will be sent when the connection returns."));
    } else if (!navigator.onLine) {
      parts.push(say("kept", "Hands you save are kept on this phone and sent when the connection returns."));
    }
    box.textContent = parts.join(" ");
    box.hidden = parts.length === 0;
  }

  // A form whose token was already sent, or queued, gets a new token: a cached copy of a
  // form must never be mistaken for the save it was first used for.
  function tokenFor(form) {
    var input = form.querySelector("input[name=token]");
    if (!input) { return null; }
    var used = load(SENT).concat(load(KEY).map(function (item) { return item.token; }));
    if (!input.value || used.indexOf(input.value) !== -1) { input.value = freshToken(); }
    return input.value;
  }

  function queue(form, submitter) {
    if (form.dataset.queued) { return; }  // a double tap queues once
    form.dataset.queued = "1";
    var token = tokenFor(form);
    var fields = [];
    new FormData(form).forEach(function (value, name) { fields.push([name, String(value)]); });
    if (submitter && submitter.name) { fields.push([submitter.name, submitter.value]); }
    var items = load(KEY);
    items.push({url: form.action || location.href, fields: fields, token: token, at: Date.now(),
                back: document.querySelector("a.back") ? document.querySelector("a.back").href : "/"});
    store(KEY, items);
    showStatus();
    var note = document.createElement("p");
    note.className = "message message-info";
    note.setAttribute("role", "status");
    note.textContent = say("queued", "Saved on this phone: it will be sent when the connection returns.");
    form.prepend(note);
    form.querySelectorAll("button[type=submit]").forEach(function (b) { b.disabled = true; });
  }

  function sendNext() {
    if (!navigator.onLine) { return; }
    var items = load(KEY);
    if (!items.length) { return; }
    var item = items.shift();
    store(KEY, items);
    if (item.token) { store(SENT, load(SENT).concat([item.token]).slice(-200)); }
    var form = document.createElement("form");
    form.method = "post";
    form.action = item.url;
    form.hidden = true;
    item.fields.forEach(function (pair) {
      var input = document.createElement("input");
      input.type = "hidden";
      input.name = pair[0];
      input.value = pair[1];
      form.appendChild(input);
    });
    document.body.appendChild(form);
    HTMLFormElement.prototype.submit.call(form);
  }

  // Copies of pages kept for offline use are private: logging out drops them first.
  function isLogout(form) {
    return /\/accounts\/logout\/?$/.test(new URL(form.action || location.href, location.href).pathname);
  }
  function forgetPages() {
    if (!window.caches) { return Promise.resolve(); }
    return caches.keys().then(function (keys) {
      return Promise.all(keys.filter(function (k) { return k.indexOf("pages-") === 0; })
        .map(function (k) { return caches.delete(k); }));
    });
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (isLogout(form) && !form.dataset.forgotten) {
      event.preventDefault();
      form.dataset.forgotten = "1";
      forgetPages().then(function () { HTMLFormElement.prototype.submit.call(form); });
      return;
    }
    if (navigator.onLine || (form.method || "").toLowerCase() !== "post") { return; }
    if (!form.querySelector("input[name=token]")) { return; }
    event.preventDefault();
    queue(form, event.submitter);
  }, true);

  window.addEventListener("online", function () { showStatus(); sendNext(); });
  window.addEventListener("offline", showStatus);
  document.addEventListener("DOMContentLoaded", function () { showStatus(); sendNext(); });

  if ("serviceWorker" in navigator) {
    window.addEventListener("load", function () {
      navigator.serviceWorker.register("/sw.js", {scope: "/"}).catch(function () { /* offline use is optional */ });
    });
  }
})();

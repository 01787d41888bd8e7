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
      parts.push(canQueue() ? say("kept", "Hands you save are kept on this phone and sent when the connection returns.")
        : say("copy", "This is the copy kept on this phone: it updates when the connection returns."));
      if (document.getElementById("win-form")) {
        parts.push(say("noScore", "The score and who pays show when the connection returns."));
      }
    }
    box.textContent = parts.join(" ");
    box.hidden = parts.length === 0;
  }

  // Not form.action: the win form has buttons named "action", which that property would return.
  function actionOf(form) { return new URL(form.getAttribute("action") || location.href, location.href).href; }

  function canQueue() { return document.querySelector("form[method=post] input[name=token]") !== null; }

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
    fields = withKeptTaps(form, fields);
    var items = load(KEY);
    items.push({url: actionOf(form), fields: fields, token: token, at: Date.now(),
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

  // The keypad's state fields, as the server drew them before the taps kept on this phone.
  var KEYPAD_STATE = /^(concealed|meld|winning_tile|bonus|wild|target|suit|meld_kind|loser_(concealed|meld)_\d)$/;

  // A tile win entered offline: the keypad's taps (static/js/keypad.js) go with the save, which the
  // server applies before scoring it, on the fields they were tapped on.
  function withKeptTaps(form, fields) {
    if (form.id !== "win-form" || !window.scorekeeperKeypad) { return fields; }
    var taken = window.scorekeeperKeypad.take();
    if (!taken.actions.length) { return fields; }
    if (taken.fields) {
      fields = fields.filter(function (pair) { return !KEYPAD_STATE.test(pair[0]); })
        .concat(taken.fields.filter(function (pair) { return KEYPAD_STATE.test(pair[0]); }));
    }
    return fields.concat(taken.actions.map(function (action) { return ["actions", action]; }));
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
    return /\/accounts\/logout\/?$/.test(new URL(actionOf(form)).pathname);
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
    event.preventDefault();
    if (form.querySelector("input[name=token]")) {
      queue(form, event.submitter);
    } else {
      // Only a save with an entry token can wait on the phone; anything else stays as typed.
      refuseOffline(form);
    }
  }, true);

  function refuseOffline(form) {
    var note = form.querySelector(".offline-refused");
    if (!note) {
      note = document.createElement("p");
      note.className = "message message-error offline-refused";
      note.setAttribute("role", "alert");
      form.prepend(note);
    }
    note.textContent = say("needsConnection",
      "This needs the connection: nothing was sent, and what you typed stays here. Send it when you are online.");
  }

  // A seat card's "won" opens the win form kept on this phone (the worker serves it for any
  // ?winner=); the winner tapped is chosen here, as the server would have.
  function chooseWinner() {
    var form = document.getElementById("win-form");
    var winner = new URLSearchParams(location.search).get("winner");
    if (!form || winner === null || form.querySelector("input[name=winner]:checked")) { return; }
    var input = form.querySelector("input[name=winner][value='" + winner.replace(/\D/g, "") + "']");
    if (input) { input.checked = true; }
  }

  // The pages a table needs mid-hand are kept for offline use as soon as the session screen opens.
  function keepForOffline() {
    var links = document.querySelectorAll("a[data-keep-offline]");
    if (!links.length || !navigator.onLine) { return; }
    navigator.serviceWorker.ready.then(function (registration) {
      if (!registration.active) { return; }
      registration.active.postMessage({keep: Array.prototype.map.call(links, function (a) { return a.href; })});
    });
  }

  window.addEventListener("online", function () { showStatus(); sendNext(); });
  window.addEventListener("offline", showStatus);
  document.addEventListener("DOMContentLoaded", function () {
    showStatus(); chooseWinner(); sendNext();
    if (navigator.serviceWorker) { keepForOffline(); }
  });

  if ("serviceWorker" in navigator) {
    window.addEventListener("load", function () {
      navigator.serviceWorker.register("/sw.js", {scope: "/"}).catch(function () { /* offline use is optional */ });
    });
  }
})();

// Offline that never loses a hand. A change made without a connection (a win by figure or by tiles, a
// draw, an on-the-spot payment, an edit, a delete, an Undo or a Restore) waits on this phone, in the
// order it was made, in localStorage: it survives a reload, the browser closed, a phone asleep and a
// new service worker. On the next page opened with a connection the queue is sent, whole, to the
// session's queue endpoint (scorekeeper/tables/views/queue.py), which saves each change once, in
// order, or says why not; a change that could not be saved stays here, shown on the session screen
// with its reason and a choice (static/js/offline_screen.js). While a session has changes waiting,
// new ones wait behind them, online too: nothing is ever saved out of order.
(function () {
  "use strict";
  var QUEUE = "scorekeeper.queue";          // {session: {base, seenNext, changes: [...], conflict}}
  var KNOWN = "scorekeeper.known";          // {session: {revision, next}}: what this phone last saw
  var DEVICE = "scorekeeper.device";
  var OLD_QUEUE = "scorekeeper.offline-queue";  // the queue of the app before this one
  var SENT = "scorekeeper.sent-tokens";
  var CHUNK = 20;                           // changes a request (entry/queued.py: MAX_CHANGES)

  function load(key, empty) {
    try { return JSON.parse(localStorage.getItem(key)) || empty; } catch (e) { return empty; }
  }
  function store(key, value) { localStorage.setItem(key, JSON.stringify(value)); }

  function freshToken() {
    if (window.crypto && crypto.randomUUID) { return crypto.randomUUID(); }
    return "10000000-1000-4000-8000-100000000000".replace(/[018]/g, function (c) {
      return (c ^ (crypto.getRandomValues(new Uint8Array(1))[0] & (15 >> (c / 4)))).toString(16);
    });
  }

  function device() {
    var id = localStorage.getItem(DEVICE);
    if (!id) { id = freshToken(); localStorage.setItem(DEVICE, id); }
    return id;
  }

  // -- the queue ------------------------------------------------------------------------------------

  function queues() { return load(QUEUE, {}); }
  function saveQueues(all) {
    Object.keys(all).forEach(function (pk) { if (!all[pk].changes.length) { delete all[pk]; } });
    store(QUEUE, all);
    document.dispatchEvent(new CustomEvent("scorekeeper:queue"));
  }
  function queueOf(pk) { return queues()[pk] || {base: "", seenNext: 0, changes: [], conflict: null}; }
  function waitingCount(pk) {
    var all = queues();
    return (pk ? [pk] : Object.keys(all)).reduce(function (n, key) { return n + ((all[key] || {changes: []}).changes.length); }, 0);
  }

  function update(pk, change) {
    var all = queues();
    var queue = all[pk] || {base: "", seenNext: 0, changes: [], conflict: null};
    change(queue);
    all[pk] = queue;
    saveQueues(all);
    return queue;
  }

  // The queue of the earlier app (forms kept whole, posted one by one) becomes this one's.
  function adoptOldQueue() {
    var old = load(OLD_QUEUE, null);
    if (!old || !old.length) { localStorage.removeItem(OLD_QUEUE); return; }
    old.forEach(function (item) {
      var found = /\/sessions\/(\d+)\/(win|draw|spot)\/|\/hands\/(\d+)\/(edit|delete)\//.exec(new URL(item.url, location.href).pathname);
      if (!found || !found[1]) { return; }
      var revision = (item.fields.filter(function (p) { return p[0] === "revision"; })[0] || [])[1] || "";
      update(found[1], function (queue) {
        if (!queue.changes.length) { queue.base = revision; }
        queue.changes.push({token: item.token || freshToken(), kind: found[2], hand: null, url: item.url,
                            fields: cleaned(item.fields), title: "", at: item.at || Date.now(), status: "waiting"});
      });
    });
    localStorage.removeItem(OLD_QUEUE);
  }

  // -- what this phone last saw of each session ----------------------------------------------------

  function keptCopy() { return document.body && document.body.hasAttribute("data-kept-copy"); }

  // A page that came from the server (not the phone's copy) says the session's revision and next hand.
  function rememberSeen() {
    var standings = document.getElementById("standings");
    var pk = document.body.dataset.session || (standings && standings.dataset.session);
    if (!pk || keptCopy()) { return; }
    var known = load(KNOWN, {});
    var revision = (standings && standings.dataset.revision) || document.body.dataset.revision;
    known[pk] = {revision: revision || (known[pk] || {}).revision,
                 next: standings ? +standings.dataset.nextHand : (known[pk] || {}).next || 0};
    store(KNOWN, known);
  }

  // -- saving a form on the phone -------------------------------------------------------------------

  // Not form.action: the win form has buttons named "action", which that property would return.
  function actionOf(form) { return new URL(form.getAttribute("action") || location.href, location.href).href; }

  // The words come from Django's JavaScriptCatalog, loaded before this script in the page's language
  // (gettext, ngettext, interpolate): %(name)s blanks filled by name.
  function fill(text, params) { return interpolate(text, params || {}, true); }
  window.scorekeeperFill = fill;

  // Only what the server reads: the form's one-time token and revision travel beside the fields.
  var DROPPED = /^(csrfmiddlewaretoken|token|revision|action|editing)$/;
  function cleaned(pairs) {
    return pairs.filter(function (pair) { return pair[1] !== "" && !DROPPED.test(pair[0]); });
  }

  function formFields(form, submitter) {
    var pairs = [];
    new FormData(form).forEach(function (value, name) { pairs.push([name, String(value)]); });
    if (submitter && submitter.name && submitter.name !== "action") { pairs.push([submitter.name, submitter.value]); }
    return pairs;
  }

  // The keypad's state fields, as the server drew them before the taps kept on this phone.
  var KEYPAD_STATE = /^(concealed|meld|winning_tile|bonus|wild|target|suit|meld_kind|loser_(concealed|meld)_\d)$/;

  // A tile win entered offline: the keypad's taps go with the save, which the server applies before
  // scoring it, on the fields they were tapped on.
  function withKeptTaps(form, fields, taken) {
    if (!taken || !taken.actions.length) { return fields; }
    if (taken.fields) {
      fields = fields.filter(function (pair) { return !KEYPAD_STATE.test(pair[0]); })
        .concat(taken.fields.filter(function (pair) { return KEYPAD_STATE.test(pair[0]); }));
    }
    return fields.concat(taken.actions.map(function (action) { return ["actions", action]; }));
  }

  function checkedName(form, name) {
    var input = form.querySelector("input[name=" + name + "]:checked:not(:disabled)");
    return input ? (input.dataset.name || input.closest("label").textContent.trim()) : "";
  }

  // A draw, a delete or a restore, as its row on the session screen names it.
  function titleOf(kind, hand) {
    if (kind === "draw") { return gettext("Draw"); }
    if (kind === "restore") { return gettext("The deleted hand restored."); }
    if (kind === "delete") { return fill(gettext("%(hand)s deleted."), {hand: hand}); }
    return fill(gettext("%(hand)s changed."), {hand: hand});  // a draw edited
  }

  /** What the change is, in words, for its row on the session screen; "" with `problem` set when it
   * cannot be saved as it stands (the same checks the server makes first, so the table hears at once). */
  function describe(form, kind, state, submitter) {
    if (form.id !== "win-form") {
      if (kind === "spot") {
        var spot = form.querySelector("input[name=kind]:checked");
        var title = spot ? spot.closest("label").querySelector("strong").textContent : "";
        var who = checkedName(form, "player");
        return {text: title + (who ? " · " + who : "")};
      }
      return {text: titleOf(kind, form.dataset.label || "")};
    }
    var winner = checkedName(form, "winner");
    var how = form.querySelector("input[name=how]:checked");
    if (!winner) { return {problem: gettext("Choose who won.")}; }
    if (!how || how.closest("label").hidden) { return {problem: gettext("Choose self-drawn, or who discarded the winning tile.")}; }
    var figure = figureOf(form, state, submitter);
    if (figure.problem) { return figure; }
    var text = how.value === "self" ? fill(gettext("%(winner)s won %(figure)s, self-drawn"), {winner: winner, figure: figure.text})
      : fill(gettext("%(winner)s won %(figure)s off %(discarder)s"),
             {winner: winner, figure: figure.text, discarder: how.dataset.name});
    if (kind === "edit") { text = fill(gettext("%(hand)s changed: %(what)s"), {hand: form.dataset.label, what: text}); }
    return {text: text};
  }

  function figureOf(form, state, submitter) {
    var mode = (form.querySelector("input[name=mode]") || {}).value;
    var tapped = submitter && submitter.name === "figure_chip" ? submitter.value : "";
    if (mode === "figure" || tapped) {
      var typed = form.querySelector("input[name=figure_typed]:not(:disabled)");
      var chosen = form.querySelector("input[name=figure]:not(:disabled)");
      var value = tapped || (typed && typed.value.trim()) || (chosen && chosen.value) || "";
      if (!/^\d+$/.test(value)) { return {problem: gettext("Choose the figure, or type it under Other.")}; }
      return {text: value + " " + form.dataset.unit};
    }
    if (state && (state.concealed.length < state.profile.handSize - 3 * state.melds.length || !state.winning)) {
      return {problem: gettext("Tap the tiles of the hand and the winning tile.")};
    }
    var count = state ? state.concealed.length + 1 + 3 * state.melds.length : "";
    return {text: fill(gettext("by tiles (%(count)s tapped)"), {count: count})};
  }

  function refuseAsTyped(form, text) {
    var note = form.querySelector(".offline-refused");
    if (!note) {
      note = document.createElement("p");
      note.className = "message message-error offline-refused";
      note.setAttribute("role", "alert");
      var bar = form.querySelector(".save-bar") || form;
      bar.prepend(note);
    }
    note.textContent = text;
  }

  // A form whose token was already queued or sent gets a new one: a kept copy of a form is used for
  // many hands, and each is a hand of its own.
  function tokenFor(form) {
    var input = form.querySelector("input[name=token]");
    if (!input) {  // a delete or a restore carries no token of its own: its place in the queue gets one
      input = document.createElement("input");
      input.type = "hidden"; input.name = "token";
      form.appendChild(input);
    }
    var used = load(SENT, []);
    Object.values(queues()).forEach(function (q) { q.changes.forEach(function (c) { used.push(c.token); }); });
    var fixing = sessionStorage.getItem("scorekeeper.fixing");
    var token = input && input.value;
    if (!token || (used.indexOf(token) !== -1 && token !== fixing)) { token = freshToken(); }
    if (input) { input.value = token; }
    return token;
  }

  /** The form's change kept on the phone, then the session screen, which shows it waiting. */
  function enqueue(form, submitter) {
    if (!keepOnPhone(form, submitter)) { return; }
    if (document.getElementById("standings")) { sendAll(); return; }  // Undo or Restore on the session screen
    location.replace("/sessions/" + form.dataset.session + "/?queued=" + form.querySelector("input[name=token]").value);
  }

  function keepOnPhone(form, submitter) {
    var pk = form.dataset.session, kind = form.dataset.queue;
    if (form.dataset.queued) { return false; }  // a double tap queues once
    var taken = form.id === "win-form" && window.scorekeeperKeypad ? window.scorekeeperKeypad.state(true) : null;
    var what = describe(form, kind, taken, submitter);
    if (what.problem) { refuseAsTyped(form, what.problem); return false; }
    form.dataset.queued = "1";
    var token = tokenFor(form);
    var fields = formFields(form, submitter);
    if (form.id === "win-form" && window.scorekeeperKeypad) { fields = withKeptTaps(form, fields, window.scorekeeperKeypad.take()); }
    var change = {token: token, kind: kind, hand: form.dataset.hand ? +form.dataset.hand : null, url: actionOf(form),
                  fields: cleaned(fields), title: what.text, at: Date.now(), status: "waiting"};
    var known = load(KNOWN, {})[pk] || {};
    update(pk, function (queue) {
      var at = queue.changes.map(function (c) { return c.token; }).indexOf(token);
      if (at !== -1) {  // a refused change, fixed on its form: back in its place
        queue.changes[at] = change;
      } else {
        if (!queue.changes.length) {
          queue.base = known.revision || ((form.querySelector("input[name=revision]") || {}).value || "");
          queue.seenNext = known.next || 0;
        }
        queue.changes.push(change);
      }
    });
    sessionStorage.removeItem("scorekeeper.fixing");
    return true;
  }

  // -- sending --------------------------------------------------------------------------------------

  function csrfToken() {
    try { return JSON.parse(document.body.getAttribute("hx-headers"))["X-CSRFToken"]; } catch (e) { /* below */ }
    var input = document.querySelector("input[name=csrfmiddlewaretoken]");
    return input ? input.value : "";
  }

  var sending = false;
  var retry = {timer: null, delay: 5000};  // after a send that did not get through: again, less and less often

  function tryAgainLater() {
    if (retry.timer) { return; }
    retry.timer = setTimeout(function () { retry.timer = null; sendAndShow(); }, retry.delay);
    retry.delay = Math.min(retry.delay * 2, 60000);
    showStatus();
  }

  function sendAll() {
    if (!navigator.onLine || sending) { return Promise.resolve(); }
    var pks = Object.keys(queues()).filter(function (pk) {
      var q = queues()[pk];
      return q.changes.length && !q.conflict && q.changes[0].status === "waiting";
    });
    if (!pks.length) { return Promise.resolve(); }
    sending = true;
    showStatus();
    var outcomes = [];
    var run = function () {
      return pks.reduce(function (done, pk) {
        return done.then(function () { return send(pk); }).then(function (outcome) { outcomes.push(outcome); });
      }, Promise.resolve()).then(function () { return outcomes; });
    };
    var locked = navigator.locks ? navigator.locks.request("scorekeeper.queue", run) : run();
    return locked.then(function (outcomes) { sending = false; showStatus(); return outcomes; },
                       function () { sending = false; showStatus(); });
  }

  function send(pk) {
    var queue = queueOf(pk);
    var chunk = queue.changes.filter(function (c) { return c.status === "waiting"; }).slice(0, CHUNK);
    if (!chunk.length || queue.conflict || queue.changes[0].status !== "waiting") { return Promise.resolve(); }
    var body = {device: device(), base: queue.base, seen_next: queue.seenNext,
                changes: chunk.map(function (c) { return {token: c.token, kind: c.kind, hand: c.hand, fields: c.fields}; })};
    return fetch("/sessions/" + pk + "/queue/", {
      method: "POST", credentials: "same-origin", body: JSON.stringify(body),
      headers: {"Content-Type": "application/json", "X-CSRFToken": csrfToken(), "Accept": "application/json"}
    }).then(function (response) {
      if (response.status === 404) { return lost(pk); }
      if (!response.ok) { tryAgainLater(); return null; }  // refused for now (throttled, a stale page's token)
      retry.delay = 5000;
      return response.json().then(function (answer) { return answered(pk, answer); });
    }, function () { tryAgainLater(); return null; });  // no connection after all: it waits
  }

  function answered(pk, answer) {
    var results = {};
    answer.results.forEach(function (r) { results[r.token] = r; });
    var saved = 0;
    var queue = update(pk, function (q) {
      q.changes = q.changes.filter(function (change) {
        var result = results[change.token];
        if (!result || result.status === "waiting") { return true; }
        if (result.status === "saved" || result.status === "already") {
          saved += 1;  // saved before (an answer cut off by a reload) is saved all the same
          rememberSent(change.token);
          return false;
        }
        change.status = "refused";
        change.reason = result.reason;
        change.message = result.message;
        if (result.reason === "changed") {
          q.conflict = {message: result.message, revision: answer.revision, next: answer.next_hand};
        }
        return true;
      });
    });
    var known = load(KNOWN, {});
    if (!queue.changes.length || saved) {
      known[pk] = {revision: answer.revision, next: answer.next_hand};
      store(KNOWN, known);
      update(pk, function (q) { q.base = answer.revision; q.seenNext = answer.next_hand; q.conflict = q.conflict || null; });
    }
    if (saved && queue.changes.length && queue.changes[0].status === "waiting") { return send(pk); }
    return {pk: pk, saved: saved, next: answer.next_url, refused: queue.changes.length > 0};
  }

  function lost(pk) {
    update(pk, function (q) {
      q.changes.forEach(function (change) {
        change.status = "refused"; change.reason = "lost"; change.message = gettext("This session can no longer be opened from this phone: it was deleted, or its link was revoked.");
      });
    });
    forgetSession(pk);
    return {pk: pk, saved: 0, next: "", refused: true};
  }

  function rememberSent(token) { store(SENT, load(SENT, []).concat([token]).slice(-200)); }

  // After a send: the session screen shows what happened (saved hands, or the ones still waiting).
  function showOutcome(outcomes) {
    var pk = document.body.dataset.session || "";
    var here = (outcomes || []).filter(function (o) { return o && o.pk === pk && (o.saved || o.refused); })[0];
    if (!here) { return; }
    var onScreen = document.getElementById("standings");
    var form = document.querySelector("form[data-queue][data-queued]");
    if (here.saved && (onScreen || form)) { location.replace(here.next || "/sessions/" + pk + "/"); }
    else if (form) { location.replace("/sessions/" + pk + "/"); }
  }

  function sendAndShow() { return sendAll().then(showOutcome); }

  // -- the status line at the top of every page -----------------------------------------------------

  function showStatus() {
    var box = document.getElementById("offline-status");
    if (!box) { return; }
    var pk = document.body.dataset.session;
    var waiting = waitingCount(pk);
    var parts = [];
    if (!navigator.onLine) { parts.push(gettext("You are offline.")); }
    if (waiting) {
      parts.push(fill(ngettext("1 hand waiting to be sent.", "%(n)s hands waiting to be sent.", waiting), {n: waiting}));
      var stuck = pk && (queueOf(pk).conflict || (queueOf(pk).changes[0] || {}).status === "refused");
      parts.push(stuck ? gettext("One could not be saved: the session screen says why and asks what to do.")
        : !navigator.onLine ? ngettext("It will be sent when the connection returns.",
                                       "They will be sent when the connection returns.", waiting)
        : sending ? gettext("Sending now…")
        : retry.timer ? gettext("Not sent yet: the server did not answer. Trying again in a moment.") : "");
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

  function isLogout(form) { return /\/accounts\/logout\/?$/.test(new URL(actionOf(form)).pathname); }

  // Only a change with a place in a session's order can wait; anything else stays as typed.
  function refuseOffline(form) {
    var note = form.querySelector(".offline-refused");
    if (!note) {
      note = document.createElement("p");
      note.className = "message message-error offline-refused";
      note.setAttribute("role", "alert");
      form.prepend(note);
    }
    note.textContent = gettext("This needs the connection: nothing was sent; what you typed stays here.");
  }

  // A win form's submit that saves: Save, "Yes, save it" or "Save it as the limit" past the limit, or a
  // figure chip (three taps) unless the table confirms each hand first.
  function isSave(form, submitter) {
    if (!submitter) { return false; }
    return submitter.value === "save" || submitter.name === "confirm_figure" || submitter.name === "save_at_limit" ||
      (submitter.name === "figure_chip" && !form.hasAttribute("data-confirm") &&
       !(form.hasAttribute("data-losers-score") && !form.querySelector("input[name=losers_seen]")));
  }

  function mustWait(form) {
    var pk = form.dataset.session;
    return !navigator.onLine || waitingCount(pk) > 0 || sessionStorage.getItem("scorekeeper.fixing") !== null;
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (isLogout(form)) { return loggingOut(event, form); }
    if ((form.method || "").toLowerCase() !== "post") { return; }
    if (form.dataset.queue && mustWait(form)) {
      if (form.id === "win-form" && !isSave(form, event.submitter)) { return; }
      event.preventDefault();
      event.stopPropagation();
      enqueue(form, event.submitter);
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
  var asking = null;
  function leaving() {
    if (asking) { keepOnPhone(asking.form, asking.submitter); asking = null; }
  }
  window.addEventListener("beforeunload", leaving);
  window.addEventListener("pagehide", leaving);

  function postOrKeep(form, submitter) {
    var stop = new AbortController();
    var timer = setTimeout(function () { stop.abort(); }, 4000);
    asking = {form: form, submitter: submitter};
    fetch("/offline/", {method: "HEAD", cache: "no-store", signal: stop.signal}).then(function (response) {
      clearTimeout(timer);
      if (!asking) { return; }  // the page is being left: kept on the phone already
      asking = null;
      if (!response.ok) { throw new Error("no answer"); }
      form.dataset.posted = "1";
      if (submitter && submitter.name) {
        var input = document.createElement("input");
        input.type = "hidden"; input.name = submitter.name; input.value = submitter.value;
        form.appendChild(input);
      }
      HTMLFormElement.prototype.submit.call(form);
    }).catch(function () {
      clearTimeout(timer);
      if (asking) { asking = null; enqueue(form, submitter); }
    });
  }

  // A save by htmx that found no connection after all waits like one made offline; so does one the server
  // was too busy to write (a 503: nothing of it was saved, views/busy.py), sent again with the queue.
  function keepUnsent(event) {
    var form = event.detail.elt && event.detail.elt.closest && event.detail.elt.closest("form[data-queue]");
    var submitter = submitterOf(event.detail.requestConfig || {});
    if (form && isSave(form, submitter)) { enqueue(form, submitter); }
  }
  // The button a request was sent by: its submit event's, or, for the keypad's saves (htmx.ajax, no submit
  // event: static/js/keypad.js), the button's name and value among the values sent.
  function submitterOf(config) {
    if (config.triggeringEvent && config.triggeringEvent.submitter) { return config.triggeringEvent.submitter; }
    var sent = config.parameters || {};
    var name = ["figure_chip", "confirm_figure", "action"].filter(function (n) { return sent[n] != null; })[0];
    return name ? {name: name, value: String(sent[name])} : null;
  }
  document.addEventListener("htmx:sendError", keepUnsent);
  document.addEventListener("htmx:responseError", function (event) {
    if (event.detail.xhr && event.detail.xhr.status === 503) { keepUnsent(event); }
  });

  // Offline nothing is asked of the server: the live poll and previews wait for the connection.
  document.addEventListener("htmx:beforeRequest", function (event) {
    if (!navigator.onLine) { event.preventDefault(); }
  });

  function loggingOut(event, form) {
    if (form.dataset.confirmed) { return; }
    event.preventDefault();
    var waiting = waitingCount("");
    var leave = function () {
      localStorage.removeItem(QUEUE);
      forgetPages().then(function () { form.dataset.confirmed = "1"; HTMLFormElement.prototype.submit.call(form); });
    };
    if (!waiting) { leave(); return; }
    window.scorekeeperAsk(fill(ngettext("1 hand kept on this phone has not been sent yet. Logging out loses it.",
                                        "%(n)s hands kept on this phone have not been sent yet. Logging out loses them.",
                                        waiting), {n: waiting}),
                          gettext("Log out and lose them"), gettext("Stay logged in")).then(function (yes) { if (yes) { leave(); } });
  }

  // Offline, Cancel goes straight back: the server's Cancel (which drops a draft) needs the connection.
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a[data-offline-href]");
    if (link && (!navigator.onLine || keptCopy())) {
      event.preventDefault();
      location.replace(link.dataset.offlineHref);
    }
  }, true);

  // -- pages kept for offline use ---------------------------------------------------------------------

  function forgetPages() {
    if (!window.caches) { return Promise.resolve(); }
    return caches.keys().then(function (keys) {
      return Promise.all(keys.filter(function (k) { return k.indexOf("pages-") === 0; })
        .map(function (k) { return caches.delete(k); }));
    });
  }

  function forgetSession(pk) {
    if (navigator.serviceWorker && navigator.serviceWorker.controller) {
      navigator.serviceWorker.controller.postMessage({forget: "/sessions/" + pk + "/"});
    }
  }

  // The pages a table needs mid-hand are kept for offline use whenever a session's screen opens with a
  // connection (once a revision: the worker skips pages it kept for this one already).
  function keepForOffline() {
    var nodes = document.querySelectorAll("[data-keep-offline]");
    if (!nodes.length || !navigator.onLine || keptCopy()) { return; }
    var standings = document.getElementById("standings");
    var revision = (standings && standings.dataset.revision) || document.body.dataset.revision || "";
    navigator.serviceWorker.ready.then(function (registration) {
      if (!registration.active) { return; }
      registration.active.postMessage({
        stamp: [location.pathname, revision, document.documentElement.lang].join(" "),
        // data-keep-offline names the copy to fetch when it is not the link's own (the win form's blank one)
        keep: Array.prototype.map.call(nodes, function (node) {
          var key = new URL(node.getAttribute("href") || node.dataset.keepOffline, location.href);
          return {url: new URL(node.dataset.keepOffline || key.href, location.href).href, key: key.origin + key.pathname};
        })
      });
    });
  }

  // -- start ------------------------------------------------------------------------------------------

  window.scorekeeperQueue = {
    queues: queues, queueOf: queueOf, update: update, sendAll: sendAndShow, keptCopy: keptCopy,
    waitingCount: waitingCount, showStatus: showStatus, csrf: csrfToken, keep: enqueue, mustWait: mustWait
  };

  window.addEventListener("online", function () { showStatus(); sendAndShow(); });
  window.addEventListener("offline", showStatus);
  document.addEventListener("scorekeeper:queue", showStatus);
  document.addEventListener("DOMContentLoaded", function () {
    adoptOldQueue();
    rememberSeen();
    showStatus();
    var fixing = sessionStorage.getItem("scorekeeper.fixing");
    var token = document.querySelector("form[data-queue] input[name=token]");
    if (fixing && !(token && token.value === fixing)) { sessionStorage.removeItem("scorekeeper.fixing"); }
    sendAndShow();
    if (navigator.serviceWorker) { keepForOffline(); }
  });
  document.addEventListener("htmx:afterSwap", function (event) {
    if (event.detail.target && event.detail.target.id === "standings") { rememberSeen(); keepForOffline(); }
  });

  if ("serviceWorker" in navigator) {
    window.addEventListener("load", function () {
      navigator.serviceWorker.register("/sw.js", {scope: "/"}).catch(function () { /* offline use is optional */ });
    });
  }
})();

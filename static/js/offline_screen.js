// The session screen says what waits on this phone (static/js/offline.js keeps it): each change as a
// row in Last hands, marked as kept here, in the order entered; the hand count, the dealer and the
// winds as they will be after the waiting draws and wins by figure (the only ones whose effect on the
// deal is known before the server scores them); never money, which only the server's replay knows.
// A change the server could not save says why beside it, with the table's choice.
(function () {
  "use strict";
  var Q = function () { return window.scorekeeperQueue; };

  // The words: Django's JavaScriptCatalog (gettext, ngettext, interpolate), loaded before this script.
  function fill(text, params) { return interpolate(text, params, true); }

  function node(tag, className, text) {
    var element = document.createElement(tag);
    if (className) { element.className = className; }
    if (text !== undefined) { element.textContent = text; }
    return element;
  }

  function button(label, action, token, className) {
    var element = node("button", "button-small " + (className || "button-secondary"), label);
    element.type = "button";
    element.dataset.queueAction = action;
    if (token) { element.dataset.token = token; }
    return element;
  }

  // -- a question asked on the page (a <dialog>), not the browser's own box ---------------------------

  window.scorekeeperAsk = function (question, yes, no) {
    return new Promise(function (resolve) {
      var dialog = node("dialog", "ask");
      dialog.appendChild(node("p", "", question));
      var row = node("div", "ask-buttons");
      var keep = node("button", "button-secondary", no);
      var go = node("button", "button-danger", yes);
      keep.type = go.type = "button";
      row.appendChild(keep); row.appendChild(go);
      dialog.appendChild(row);
      document.body.appendChild(dialog);
      var answer = function (value) { dialog.close(); dialog.remove(); resolve(value); };
      keep.addEventListener("click", function () { answer(false); });
      go.addEventListener("click", function () { answer(true); });
      dialog.addEventListener("cancel", function (event) { event.preventDefault(); answer(false); });
      dialog.showModal();
      keep.focus();
    });
  };

  // -- the deal after the waiting hands ---------------------------------------------------------------

  function projected(deal, changes) {
    var state = {dealer: deal.dealer, streak: deal.continuations, rounds: deal.round - 1, next: deal.next, known: true};
    var numbers = [];
    changes.forEach(function (change) {
      var outcome = outcomeOf(change);
      if (outcome === "spot") { numbers.push("spot"); return; }
      if (outcome === "other" || !state.known) { state.known = false; numbers.push(null); return; }
      numbers.push(state.next);
      state.next += 1;
      var dealerWon = outcome === "win" && +change.winner === state.dealer;
      var keeps = outcome === "draw" ? deal.keeps.draw : dealerWon ? deal.keeps.dealerWin : deal.keeps.otherWin;
      if (keeps) { state.streak += 1; return; }
      state.dealer = (state.dealer + 1) % 4;
      state.streak = 0;
      if (state.dealer === deal.first) { state.rounds += 1; }
    });
    state.numbers = numbers;
    return state;
  }

  // A draw and a win by figure change the deal as the rules say; a win by tiles (not scored yet, so
  // maybe no win), an edit or a delete (of hands before) leave what follows unknown.
  function outcomeOf(change) {
    var field = function (name) { return (change.fields.filter(function (p) { return p[0] === name; })[0] || [])[1]; };
    if (change.kind === "draw") { return "draw"; }
    if (change.kind === "spot") { return "spot"; }
    if (change.kind === "win" && field("mode") === "figure" && !field("actions")) {
      change.winner = field("winner");
      return "win";
    }
    return "other";
  }

  function showDeal(standings, deal, state) {
    var line = standings.querySelector(".round-line");
    if (line && state.known) {
      line.textContent = fill(gettext("Hand %(number)s · %(wind)s round"), {number: state.next, wind: deal.winds[state.rounds % 4]});
    } else if (line) {
      line.textContent = gettext("The next hand shows once the hands kept on this phone are saved");
    }
    standings.querySelectorAll(".seat").forEach(function (seat, index) {
      var isDealer = state.known && index === state.dealer;  // not known: no dealer shown, rather than a stale one
      seat.classList.toggle("seat-dealer", isDealer);
      var badge = seat.querySelector(".badge");
      if (badge && !isDealer) { badge.remove(); }
      if (isDealer) {
        if (!badge) { badge = node("span", "badge"); seat.querySelector(".seat-name").appendChild(badge); }
        badge.textContent = deal.dealerWord + (state.streak ? " " + fill(gettext("連%(n)s"), {n: state.streak}) : "");
      }
      if (!deal.fixed && state.known) {
        var wind = "ESWN"[(index - state.dealer + 4) % 4];
        var glyph = seat.querySelector(".wind [aria-hidden]");
        var spoken = seat.querySelector(".wind .sr-only");
        if (glyph) { glyph.textContent = deal.windsZh["ESWN".indexOf(wind)]; }
        if (spoken) { spoken.textContent = fill(gettext("%(wind)s seat"), {wind: deal.winds["ESWN".indexOf(wind)]}); }
      }
    });
  }

  // -- the rows and the panel --------------------------------------------------------------------------

  function row(standings, change, number, pk) {
    var item = node("li", "hand-row hand-queued" + (change.status === "refused" ? " hand-refused" : ""));
    item.dataset.token = change.token;
    var head = node("div", "hand-head");
    head.appendChild(node("span", "hand-number", number === "spot" ? "＋" : number ? "#" + number : "·"));
    head.appendChild(node("span", "hand-title", change.title || gettext("A change")));
    item.appendChild(head);
    var meta = node("p", "hand-meta queued-meta");
    meta.appendChild(node("strong", "", gettext("Kept on this phone")));
    if (change.status === "refused" && change.reason !== "changed") {
      meta.appendChild(document.createTextNode(" · " + fill(gettext("not saved: %(why)s"), {why: change.message || ""})));
    }
    item.appendChild(meta);
    if (change.status === "refused" && change.reason !== "changed") {
      var actions = node("div", "row-actions");
      if (change.reason === "invalid" && (change.kind === "win" || change.kind === "edit") && navigator.onLine) {
        actions.appendChild(button(gettext("Edit it"), "edit", change.token));
      } else if (change.reason !== "lost") {
        actions.appendChild(button(gettext("Save it after the latest hand"), "retry", change.token));
      }
      actions.appendChild(button(gettext("Discard it"), "discard", change.token, "button-danger-outline"));
      item.appendChild(actions);
    }
    return item;
  }

  function panel(standings, queue, state) {
    var box = standings.querySelector("#queue-panel");
    if (!box) { return; }
    box.replaceChildren();
    box.hidden = !queue.changes.length;
    if (!queue.changes.length) { return; }
    var count = queue.changes.length;
    box.appendChild(node("p", "queue-count", fill(ngettext("1 hand is waiting on this phone to be sent.",
                                                       "%(n)s hands are waiting on this phone to be sent.", count),
                                              {n: count})));
    if (queue.conflict) {
      box.classList.add("queue-conflict");
      // The choice is made where the banner announces it: first on the screen, not under the buttons.
      var live = standings.querySelector("#live");
      standings.insertBefore(box, live ? live.nextSibling : standings.firstChild);
      box.appendChild(node("p", "queue-why", queue.conflict.message + " " + gettext("Your hands below are not saved yet: add them after the latest hand, or discard them.")));
      var actions = node("div", "row-actions");
      var last = (queue.conflict.next || 1) - 1;
      actions.appendChild(button(last ? fill(gettext("Add them after hand %(n)s"), {n: last}) : gettext("Add them"),
                                 "add-after", "", "button-primary"));
      actions.appendChild(button(gettext("Discard them"), "discard-all", "", "button-danger-outline"));
      box.appendChild(actions);
    } else {
      box.classList.remove("queue-conflict");
      var recent = standings.querySelector("#recent-hands");
      if (recent && box.nextElementSibling !== recent) { recent.parentElement.insertBefore(box, recent); }
      var refused = queue.changes[0].status === "refused";
      box.appendChild(node("p", "hint", refused
        ? gettext("The first one could not be saved: choose below what happens to it. The others wait behind it, in order.")
        : navigator.onLine ? gettext("Sending them now…")
        : gettext("They are sent, once each and in this order, when the connection returns. Balances change when the server has scored them.")));
    }
    if (!state.known) { box.appendChild(node("p", "hint", gettext("The dealer after them shows once the hands by tiles are scored."))); }
  }

  function render() {
    var standings = document.getElementById("standings");
    if (!standings || !Q()) { return; }
    var pk = standings.dataset.session;
    var queue = Q().queueOf(pk);
    standings.querySelectorAll(".hand-queued").forEach(function (old) { old.remove(); });
    var deal = JSON.parse(standings.dataset.deal || "null");
    if (!deal) { return; }
    var state = projected(deal, queue.changes);
    panel(standings, queue, state);
    var recent = standings.querySelector("#recent-hands");
    var list = recent && recent.querySelector(".hand-list");
    if (list) {
      queue.changes.forEach(function (change, index) {
        list.insertBefore(row(standings, change, state.numbers[index], pk), list.firstChild);
      });
      recent.hidden = !list.children.length;
    }
    if (queue.changes.length) { showDeal(standings, deal, state); }
    notice(standings, queue);
  }

  // A new win's form (kept on this phone, or drawn while hands wait): the hand number and dealer it will
  // be after the hands waiting, as the session screen projects them, not the server's before them.
  function winHeading() {
    var heading = document.getElementById("win-heading");
    if (!heading || !heading.dataset.deal || !Q()) { return; }
    var queue = Q().queueOf(heading.dataset.session);
    if (!queue.changes.length) { return; }
    var deal = JSON.parse(heading.dataset.deal);
    var state = projected(deal, queue.changes);
    var title = heading.querySelector("h1");
    var line = heading.querySelector("p");
    if (!state.known) {
      line.textContent = gettext("The next hand shows once the hands kept on this phone are saved");
      return;
    }
    title.textContent = fill(gettext("Hand %(number)s: a win"), {number: state.next});
    line.textContent = fill(gettext("%(wind)s round"), {wind: deal.winds[state.rounds % 4]}) + " · "
      + deal.dealerWord.toLowerCase() + " " + deal.names[state.dealer]
      + (state.streak ? " " + fill(gettext("連%(n)s"), {n: state.streak}) : "");
  }

  // "Hand 8 kept on this phone", with Undo, after a save made offline (?queued=<token>).
  function notice(standings, queue) {
    var token = new URLSearchParams(location.search).get("queued");
    var old = document.getElementById("queued-notice");
    var change = queue.changes.filter(function (c) { return c.token === token; })[0];
    if (!change) { if (old) { old.remove(); } return; }
    if (old) { return; }
    var box = node("div", "message message-info queued-notice");
    box.id = "queued-notice";
    box.setAttribute("role", "status");
    box.appendChild(node("p", "", fill(gettext("Kept on this phone: %(what)s. It is sent when the connection returns."), {what: change.title})));
    box.appendChild(button(gettext("Undo"), "discard-now", token));
    standings.parentElement.insertBefore(box, standings);
  }

  // -- the table's choices -----------------------------------------------------------------------------

  function act(action, token) {
    var standings = document.getElementById("standings");
    var pk = standings && standings.dataset.session;
    if (!pk) { return; }
    var queue = Q().queueOf(pk);
    var change = queue.changes.filter(function (c) { return c.token === token; })[0];
    if (action === "add-after") {
      Q().update(pk, function (q) {
        q.base = q.conflict.revision; q.seenNext = q.conflict.next; q.conflict = null;
        q.changes.forEach(function (c) { if (c.reason === "changed") { c.status = "waiting"; c.reason = ""; } });
      });
      Q().sendAll();
    } else if (action === "retry" && change) {
      Q().update(pk, function (q) { q.changes.forEach(function (c) { if (c.token === token) { c.status = "waiting"; } }); });
      Q().sendAll();
    } else if (action === "discard-now" && change) {
      Q().update(pk, function (q) { q.changes = q.changes.filter(function (c) { return c.token !== token; }); });
    } else if (action === "discard" && change) {
      window.scorekeeperAsk(fill(gettext("Discard “%(what)s”? It is kept nowhere else."), {what: change.title}),
                            gettext("Discard"), gettext("Keep")).then(function (yes) {
        if (yes) { act("discard-now", token); }
      });
    } else if (action === "discard-all") {
      var all = fill(ngettext("Discard the change kept on this phone? It is kept nowhere else.",
                               "Discard the %(n)s changes kept on this phone? They are kept nowhere else.",
                               queue.changes.length), {n: queue.changes.length});
      window.scorekeeperAsk(all, gettext("Discard"), gettext("Keep")).then(function (yes) {
        if (yes) { Q().update(pk, function (q) { q.changes = []; q.conflict = null; }); }
      });
    } else if (action === "edit" && change) {
      openToFix(change);
    }
  }

  // A change the server refused opens in its form, with what is wrong beside it; its Save puts it back
  // in its place in the queue (offline.js, "fixing").
  function openToFix(change) {
    sessionStorage.setItem("scorekeeper.fixing", change.token);
    var form = node("form");
    form.method = "post";
    form.action = change.url;
    form.hidden = true;
    var fields = change.fields.concat([["token", change.token], ["action", "batch"],
                                       ["csrfmiddlewaretoken", Q().csrf()]]);
    fields.forEach(function (pair) {
      var input = document.createElement("input");
      input.type = "hidden"; input.name = pair[0]; input.value = pair[1];
      form.appendChild(input);
    });
    document.body.appendChild(form);
    HTMLFormElement.prototype.submit.call(form);
  }

  document.addEventListener("click", function (event) {
    var target = event.target.closest && event.target.closest("[data-queue-action]");
    if (!target) { return; }
    event.preventDefault();
    act(target.dataset.queueAction, target.dataset.token || "");
  });

  // A page kept on this phone is the page as it was: notices and messages of that moment are gone.
  function quietKeptCopy() {
    if (!Q() || !Q().keptCopy()) { return; }
    document.querySelectorAll(".hand-notice, .messages").forEach(function (old) { old.remove(); });
  }

  document.addEventListener("DOMContentLoaded", function () { quietKeptCopy(); render(); winHeading(); });
  document.addEventListener("scorekeeper:queue", function () { render(); winHeading(); });
  window.addEventListener("online", render);
  window.addEventListener("offline", render);
  document.addEventListener("htmx:afterSwap", function (event) {
    if (event.detail.target && event.detail.target.id === "standings") { render(); }
    if (document.getElementById("win-heading")) { winHeading(); }
  });
})();

// The win form on the phone. Quick taps on the keypad are never lost, online or off: a tap only
// records its action; the actions recorded while a request is under way go, in order, in the next
// request ("actions"), which the server applies one after the other. Without a connection the taps
// stay on this phone (localStorage, with the form as it was before them) and the phone draws the
// winner's tiles itself (static/js/keypad_model.js applies each tap as the server would); a Save made
// meanwhile carries the taps (static/js/offline.js), so the hand saved is the hand tapped.
// A suit tab switches the keys at once (every suit's keys are on the page), and offline so do the
// targets, the two ways of entry (By tiles / By fan: both are on the page) and the winner's choice
// of discarder. Everything works without JavaScript too, each tap a page load.
(function () {
  "use strict";
  var pending = [];   // tapped, not yet sent
  var inflight = [];  // sent, the answer not yet on the page
  var base = null;    // the form's fields the kept taps apply to
  var busy = false;
  var restored = false;  // the taps were kept before this page was loaded

  function form() { return document.getElementById("win-form"); }
  function storageKey(f) { return "scorekeeper.taps:" + f.getAttribute("hx-post"); }

  function fields(f) {
    var pairs = [];
    new FormData(f).forEach(function (value, name) {
      if (name !== "action" && name !== "actions") { pairs.push([name, String(value)]); }
    });
    return pairs;
  }

  function keep() {
    var f = form();
    if (!f) { return; }
    var taps = inflight.concat(pending);
    if (taps.length) {
      localStorage.setItem(storageKey(f), JSON.stringify({fields: base, actions: taps}));
    } else {
      localStorage.removeItem(storageKey(f));
    }
    drawKept();
  }

  /** The taps not yet on the page, and the fields they apply to; handed over to a Save. */
  function takeTaps() {
    var taken = {fields: base, actions: inflight.concat(pending)};
    pending = []; inflight = []; base = null;
    var f = form();
    if (f) { localStorage.removeItem(storageKey(f)); }
    return taken;
  }

  // The fields kept with the taps, as htmx values: they stand for the page's own only after a
  // reload from the phone's copy, when the page may be older than the taps.
  function asValues(pairs) {
    var values = {};
    pairs.forEach(function (pair) {
      if (!(pair[0] in values)) { values[pair[0]] = []; }
      values[pair[0]].push(pair[1]);
    });
    return values;
  }

  function flush() {
    var f = form();
    if (f && pending.length && !base && !busy) { base = fields(f); }
    if (busy || !pending.length || !f || !window.htmx || !navigator.onLine) { keep(); return; }
    busy = true;
    inflight = pending.splice(0, pending.length);
    keep();
    var values = restored ? asValues(base) : {};
    values.action = "batch";
    values.actions = inflight;
    window.htmx.ajax("POST", f.getAttribute("hx-post"), {
      source: f, target: "#win-form-body", swap: "outerHTML", values: values
    }).then(function () {
      inflight = []; base = null; restored = false; busy = false;
      flush();
    }, function () {
      // No connection: the taps go back first in line, kept on the phone.
      pending = inflight.concat(pending); inflight = []; busy = false;
      keep();
    });
  }

  // -- the phone's own drawing of the winner's tiles, while taps wait for the connection ------------

  var Model = window.scorekeeperKeypadModel;

  // The words: Django's JavaScriptCatalog (gettext, interpolate), loaded before this script.
  function fill(text, params) { return interpolate(text, params, true); }

  // What the keypad model refuses (static/js/keypad_model.js), by its key.
  var REFUSALS = {
    allFour: function (p) { return fill(gettext("All four %(tile)s are in the hands already."), p); },
    full: function (p) {
      return fill(gettext("The hand already has %(count)s tiles and a winning tile: tap a tile in it to take it out."), p);
    },
    loserFull: function (p) { return fill(gettext("The hand already has %(count)s tiles: tap a tile in it to take it out."), p); },
    chow: function () { return gettext("A chow is three in a row of one suit: pick a number tile."); },
    bonusTwice: function (p) { return fill(gettext("%(tile)s is already there: each bonus tile is shown once."), p); }
  };

  function profileOf(f) {
    return {handSize: +f.dataset.handSize, handSuits: (f.dataset.handSuits || "mpsz").split(""),
            bonusSuits: (f.dataset.bonusSuits || "").split("").filter(Boolean)};
  }

  function fieldsObject(pairs) {
    var found = {melds: []};
    pairs.forEach(function (pair) {
      var loser = /^loser_meld_(\d)$/.exec(pair[0]);
      if (pair[0] === "meld") { found.melds.push(pair[1]); }
      else if (loser) { (found["loser_melds_" + loser[1]] = found["loser_melds_" + loser[1]] || []).push(pair[1]); }
      else if (!(pair[0] in found)) { found[pair[0]] = pair[1]; }
    });
    return found;
  }

  function keyOfTile(code) { return document.querySelector("#win-form .key[value='add:" + code + "']"); }
  function labelOf(code) { var key = keyOfTile(code); return (key && key.getAttribute("aria-label")) || code; }

  function tileFace(code, extra) {
    var key = keyOfTile(code), tile;
    if (key && key.firstElementChild) {
      tile = key.firstElementChild.cloneNode(true);
    } else {
      tile = document.createElement("span");
      tile.className = "tile";
      tile.textContent = code;
    }
    if (extra) { tile.classList.add(extra); }
    return tile;
  }

  function tileButton(action, label, tiles, extra) {
    var button = document.createElement("button");
    button.type = "submit"; button.name = "action"; button.value = action;
    button.className = extra === "meld" ? "meld-button" : "tile-button";
    button.setAttribute("aria-label", label);
    tiles.forEach(function (code) { button.appendChild(tileFace(code, extra === "winning" ? "tile-winning" : "")); });
    return button;
  }

  function emptyNote(text) {
    var note = document.createElement("span");
    note.className = "empty-note";
    note.textContent = text;
    return note;
  }

  /** The state the kept taps lead to; `always`: the form's own state when no tap is kept. */
  function keptState(always) {
    var f = form();
    var taps = inflight.concat(pending);
    if (!f || !Model || !(taps.length || always)) { return null; }
    var profile = profileOf(f);
    var state = Model.fromFields(fieldsObject(base || fields(f)));
    var keypad = document.getElementById("keypad");
    var words = function (key, params) {
      var tile = params.tile ? {tile: labelOf(params.tile)} : {};
      return REFUSALS[key] ? REFUSALS[key](Object.assign({}, params, tile)) : "";
    };
    taps.forEach(function (action) { Model.apply(state, action, profile, words); });
    state.profile = profile;
    state.keypad = keypad;
    return state;
  }

  function drawKept() {
    var box = document.querySelector("#win-form .kept-taps");
    var taps = inflight.concat(pending);
    if (box) { box.hidden = !taps.length || (busy && navigator.onLine); }
    if (!box || box.hidden) { return; }
    var state = keptState();
    box.textContent = gettext("Kept on this phone; scored when the connection returns:");
    (state ? state.losers : []).forEach(function (hand, seat) {  // a loser's tiles (taizhou): listed, not drawn
      var tiles = hand.concealed.concat.apply(hand.concealed, hand.melds.map(Model.meldTiles));
      if (!tiles.length) { return; }
      var name = document.querySelector("#win-form input[name=winner][value='" + seat + "']");
      box.appendChild(document.createTextNode(" " + (name ? name.dataset.name : "") + ":"));
      tiles.forEach(function (code) {
        var tile = tileFace(code);
        tile.classList.add("kept-tile");
        box.appendChild(tile);
      });
    });
    if (state) { draw(state); }
  }

  function draw(state) {
    var card = document.getElementById("tiles-card");
    if (card) { drawTiles(card, state); }
    if (state.keypad) { drawKeypad(state.keypad, state); }
  }

  function drawTiles(card, state) {
    var keypad = state.keypad;
    var count = card.querySelector(".hand-head .count");
    if (count) { count.textContent = state.concealed.length + "/" + Model.needed(state, state.profile); }
    var slot = card.querySelector(".winning-slot");
    if (slot) {
      slot.replaceChildren(state.winning
        ? tileButton("clear:winning", fill(gettext("Remove the winning tile, %(tile)s"), {tile: labelOf(state.winning)}), [state.winning], "winning")
        : emptyWinning(keypad));
    }
    var area = card.querySelector(".hand-area");
    if (area) {
      var parts = state.melds.map(function (meld, index) {
        var tiles = Model.meldTiles(meld);
        var kind = meld.slice(0, meld.indexOf(" "));
        var button = tileButton("remove:meld:" + index, fill(gettext("Remove %(meld)s of %(tile)s"), {meld: meldLabel(kind).toLowerCase(),
                                tile: labelOf(tiles[0])}), tiles, "meld");
        var word = document.createElement("span");
        word.className = "meld-kind";
        word.textContent = meldLabel(kind);
        button.appendChild(word);
        return button;
      }).concat(state.concealed.map(function (code) {
        return tileButton("remove:hand:" + code, fill(gettext("Remove %(tile)s"), {tile: labelOf(code)}), [code]);
      }));
      area.replaceChildren.apply(area, parts.length ? parts : [emptyNote(gettext("Tap tiles below"))]);
    }
    drawLine(card, "bonus", state.bonus.map(function (code) {
      return tileButton("remove:bonus:" + code, fill(gettext("Remove %(tile)s"), {tile: labelOf(code)}), [code]);
    }), gettext("none"));
    drawLine(card, "wild", state.wild ? [tileButton("clear:wild", fill(gettext("Remove %(tile)s"), {tile: labelOf(state.wild)}),
                                                      [state.wild])] : [],
           keypad.dataset.wildLabel + ": " + gettext("tap it to set"));
    card.querySelectorAll(".line-label[value^='target:']").forEach(function (label) {
      var on = label.value === "target:" + state.target;
      label.classList.toggle("is-target", on);
      label.setAttribute("aria-pressed", on ? "true" : "false");
    });
  }

  function emptyWinning(keypad) {
    var slot = document.createDocumentFragment();
    var tile = document.createElement("span");
    tile.className = "tile tile-empty"; tile.setAttribute("aria-hidden", "true"); tile.textContent = "?";
    var words = document.createElement("span");
    words.className = "sr-only"; words.textContent = gettext("none yet");
    slot.appendChild(tile); slot.appendChild(words);
    return slot;
  }

  function drawLine(card, part, buttons, empty) {
    var label = card.querySelector(".line-label[value='target:" + part + "']");
    var row = label && label.parentElement.querySelector(".tile-row");
    if (row) { row.replaceChildren.apply(row, buttons.length ? buttons : [emptyNote(empty)]); }
  }

  function meldLabel(kind) {
    var chip = document.querySelector("#win-form .meld-kinds [value='meldkind:" + kind + "']");
    return chip ? chip.textContent.replace(/^\s*\+\s*/, "").trim() : kind;
  }

  function drawKeypad(keypad, state) {
    var target = Model.targetOf(state);
    if (target.part !== "loser") {
      keypad.querySelector(".keypad-status").textContent = status(keypad, state, target);
    }
    var notice = keypad.querySelector(".keypad-message");
    if (!notice) {
      notice = document.createElement("p");
      notice.className = "notice keypad-message"; notice.setAttribute("role", "alert");
      keypad.querySelector(".keypad-status").after(notice);
    }
    notice.textContent = state.message;
    notice.hidden = !state.message;
    var idle = target.part === "bonus" || target.part === "wild";  // no meld: the row keeps its room, unseen
    var kinds = keypad.querySelector(".meld-kinds");
    if (kinds) {
      kinds.classList.toggle("is-idle", idle);
      if (idle) { kinds.setAttribute("aria-hidden", "true"); } else { kinds.removeAttribute("aria-hidden"); }
    }
    keypad.querySelectorAll(".meld-kinds [value^='meldkind:']").forEach(function (chip) {
      var on = (target.part === "meld" || target.meld) && chip.value === "meldkind:" + state.meldKind;
      chip.classList.toggle("is-target", on);
      chip.setAttribute("aria-pressed", on ? "true" : "false");
      chip.disabled = idle;
    });
    var used = target.part === "wild" ? [] : Model.usedUp(state);
    keypad.querySelectorAll(".key").forEach(function (key) {
      var off = used.indexOf(key.value.slice(4)) !== -1;
      key.disabled = off;
      if (off) { key.setAttribute("aria-disabled", "true"); } else { key.removeAttribute("aria-disabled"); }
    });
    showKeys(target.part === "bonus" ? "bonus" : "hand", state.suit);
  }

  function status(keypad, state, target) {
    if (target.part === "meld") {
      return state.meldKind === "chow" ? gettext("Tap the lowest tile of the chow")
        : fill(gettext("Tap the tile of the %(meld)s"), {meld: meldLabel(state.meldKind).toLowerCase()});
    }
    if (target.part === "bonus") {
      return keypad.dataset.bonusTiles === "flowers" ? gettext("Tap each flower or season")
        : gettext("Tap each wind or red dragon shown");
    }
    if (target.part === "wild") { return fill(gettext("Tap the %(wild)s"), {wild: keypad.dataset.wildLabel.toLowerCase()}); }
    var complete = state.concealed.length >= Model.needed(state, state.profile);
    if (complete && state.winning) { return gettext("The hand is complete: tap a tile above to take it out"); }
    return target.part === "winning" || complete ? gettext("Tap the winning tile") : gettext("Tap the tiles in the hand");
  }

  // -- keys, suits and the two ways of entry, switched on the phone ----------------------------------

  function shownSet() {
    var tab = document.querySelector("#win-form .suit-tab[data-for]:not([hidden])");
    return tab ? tab.dataset.for : "hand";
  }

  function showKeys(set, suit) {
    var groups = document.querySelectorAll("#win-form .keys[data-suit]");
    var suits = Array.prototype.filter.call(groups, function (g) { return (g.dataset.for || "hand") === set; })
      .map(function (g) { return g.dataset.suit; });
    if (suits.indexOf(suit) === -1) { suit = suits[0]; }
    groups.forEach(function (keys) { keys.hidden = (keys.dataset.for || "hand") !== set || keys.dataset.suit !== suit; });
    document.querySelectorAll("#win-form .suit-tab[data-suit]").forEach(function (tab) {
      tab.hidden = (tab.dataset.for || "hand") !== set;
      tab.setAttribute("aria-pressed", tab.dataset.suit === suit ? "true" : "false");
    });
  }

  function showSuit(suit) { showKeys(shownSet(), suit); }

  function switchMode(mode) {
    var body = document.getElementById("win-form-body");
    if (!body) { return; }
    body.classList.remove("mode-tiles", "mode-figure");
    body.classList.add("mode-" + mode);
    body.querySelectorAll(".mode-part").forEach(function (part) { part.disabled = part.dataset.mode !== mode; });
    body.querySelectorAll(".mode-carry").forEach(function (carry) { carry.disabled = carry.dataset.mode === mode; });
    var input = body.querySelector("input[name=mode]");
    if (input) { input.value = mode; }
    body.querySelectorAll(".tabs [value^='mode:']").forEach(function (tab) {
      tab.setAttribute("aria-pressed", tab.value === "mode:" + mode ? "true" : "false");
    });
  }

  // The winner cannot have discarded: their own "Discard by" goes, at once, offline too.
  function hideOwnDiscard(winner) {
    document.querySelectorAll("#win-form input[name=how]").forEach(function (input) {
      var own = input.value === winner;
      input.closest("label").hidden = own;
      if (own && input.checked) { input.checked = false; }
    });
  }

  // By tiles, who won how folds into one line once both are chosen, so the keypad has the room: online the
  // server draws it so (views/win_page.py: _people_line); offline the phone does the same, and keeps its
  // line true when the table changes them.
  function foldPeople() {
    var body = document.getElementById("win-form-body");
    if (!body || navigator.onLine || !body.classList.contains("mode-tiles")) { return; }
    var winner = body.querySelector("input[name=winner]:checked");
    var how = body.querySelector("input[name=how]:checked");
    if (!winner || !how || how.closest("label").hidden) { return; }
    var line = how.value === "self" ? fill(gettext("%(winner)s won self-drawn"), {winner: winner.dataset.name})
      : fill(gettext("%(winner)s won on %(discarder)s's discard"), {winner: winner.dataset.name,
                                                                     discarder: how.dataset.name});
    var folded = body.querySelector("details.people");
    if (!folded) {
      var cards = [winner.closest("fieldset"), how.closest("fieldset")];
      folded = document.createElement("details");
      folded.className = "card card-tight people";
      folded.appendChild(document.createElement("summary"));
      cards[0].parentNode.insertBefore(folded, cards[0]);
      cards.forEach(function (card) { folded.appendChild(card); });
    }
    var hint = document.createElement("span");
    hint.className = "hint";
    hint.textContent = gettext("change");
    folded.querySelector("summary").replaceChildren(document.createTextNode(line + " "), hint);
  }

  // A seat card's "won" (?winner=2) opens the form with that winner chosen, the phone's kept copy too.
  function chooseWinner() {
    var winner = new URLSearchParams(location.search).get("winner");
    var input = winner && document.querySelector("#win-form input[name=winner][value='" + winner.replace(/\D/g, "") + "']");
    if (input && !input.checked) { input.checked = true; }
    var chosen = document.querySelector("#win-form input[name=winner]:checked");
    if (chosen) { hideOwnDiscard(chosen.value); }
  }

  // Offline the score and who pays cannot be worked out here: the preview says so, not what it said last.
  function notePreview() {
    var preview = document.getElementById("preview");
    var f = form();
    if (!preview || !f) { return; }
    var note = preview.querySelector(".offline-note");
    if (!note) {
      note = document.createElement("p");
      note.className = "hint offline-note";
      note.textContent = gettext("The score and who pays show when the connection returns.");
      preview.appendChild(note);
    }
    preview.classList.toggle("is-offline", !navigator.onLine);
  }

  // A page drawn before the latest taps were answered shows the suit last chosen.
  function afterSwap(event) {
    if (event && redrawsForm(event)) { keepTypedMeanwhile(); }
    notePreview();
    dropAnchors();
    var suits = inflight.concat(pending).filter(function (a) { return a.indexOf("suit:") === 0; });
    if (suits.length) { showSuit(suits[suits.length - 1].slice(5)); }
    drawKept();
  }

  // Without JavaScript each tap reloads the page at the keypad (formaction="...#tiles-card"). Here a
  // tap never navigates, and htmx, which sends a focused button's formaction, would scroll to that
  // anchor after every swap: the anchors are dropped, so the keys stay under the thumb.
  function dropAnchors() {
    document.querySelectorAll("#win-form [formaction*='#']").forEach(function (button) {
      button.setAttribute("formaction", button.getAttribute("formaction").split("#")[0]);
    });
  }

  function restore() {
    notePreview();
    dropAnchors();
    chooseWinner();
    foldPeople();
    var f = form();
    if (!f) { return; }
    var kept = null;
    try { kept = JSON.parse(localStorage.getItem(storageKey(f))); } catch (e) { kept = null; }
    if (kept && kept.actions && kept.actions.length) {
      base = kept.fields; pending = kept.actions; restored = true;
      afterSwap();
      flush();
    }
  }

  // Who won how redraws the form (`.rerender`) from the fields as they were sent. What was typed into Other
  // or a note while that request was on its way would be drawn over, and htmx, giving the focus back, lets
  // the next keys land in the new field: "20" typed fast after tapping the discarder became "0". What
  // changed since the request left is put back into the form drawn.
  var typedWhenSent = null, typedMeanwhile = null;
  function redrawsForm(event) {
    var target = event.detail && event.detail.target;
    return !!target && target.id === "win-form-body";
  }
  function typedValues() {
    var values = {};
    document.querySelectorAll("#win-form-body input[name]:not([type]), #win-form-body input[type=text][name], "
                              + "#win-form-body textarea[name]").forEach(function (field) {
      values[field.name] = field.value;
    });
    return values;
  }
  document.addEventListener("htmx:beforeRequest", function (event) {
    if (redrawsForm(event)) { typedWhenSent = typedValues(); }
  });
  document.addEventListener("htmx:beforeSwap", function (event) {
    if (!redrawsForm(event) || !typedWhenSent) { return; }
    var now = typedValues(), sent = typedWhenSent;
    typedWhenSent = null;
    if (!event.detail.shouldSwap) { return; }  // an answer not drawn leaves the form as the player has it
    typedMeanwhile = {};
    Object.keys(now).forEach(function (name) {
      if (now[name] !== sent[name]) { typedMeanwhile[name] = now[name]; }
    });
  });
  var putBack = [];
  function keepTypedMeanwhile() {
    var typed = typedMeanwhile;
    typedMeanwhile = null;
    if (!typed) { return; }
    Object.keys(typed).forEach(function (name) {
      var field = document.querySelector("#win-form-body [name='" + name + "']");
      if (field && field.value !== typed[name]) { field.value = typed[name]; putBack.push(field); }
    });
  }
  // Its preview, as if typed here (htmx's own "changed" would not see it: the field was drawn with it).
  document.addEventListener("htmx:afterSettle", function () {
    var fields = putBack;
    putBack = [];
    fields.forEach(function (field) {
      var url = field.getAttribute("hx-post");
      if (url && window.htmx) { window.htmx.ajax("POST", url, {source: field, target: "#preview", swap: "outerHTML"}); }
    });
  });

  // A chip that asks for the losers' points first (their ruleset scores them) brings their card to the top,
  // under no save bar; the first field is focused (autofocus).
  document.addEventListener("htmx:afterSettle", function () {
    var asked = document.querySelector("#win-form-body .losers-asked");
    if (asked) { asked.closest("section").scrollIntoView({block: "start"}); }
  });

  // A figure already in Other (kept from before, or typed before switching ways), or a loser's 0, is replaced
  // by what is typed next, not added to: 20 typed again is 20, never 2020. The tap's own mouseup would drop
  // the selection.
  var justSelected = null;
  document.addEventListener("focusin", function (event) {
    var field = event.target;
    if ((field.id === "figure" || /^loser-\d$/.test(field.id)) && field.value) { field.select(); justSelected = field; }
  });
  document.addEventListener("mouseup", function (event) {
    if (justSelected && event.target === justSelected) { event.preventDefault(); }
    justSelected = null;
  });
  document.addEventListener("DOMContentLoaded", restore);
  document.addEventListener("htmx:afterSwap", afterSwap);
  window.addEventListener("online", function () { notePreview(); flush(); });
  window.addEventListener("offline", notePreview);

  window.scorekeeperKeypad = {take: takeTaps, state: keptState, switchMode: switchMode};

  function keyOf(target) {
    var button = target && target.closest && target.closest("#win-form button[name=action]");
    if (!button || !window.htmx) { return null; }
    var value = button.value || "";
    if (value === "save" || value === "refresh" || value.indexOf("mode:") === 0) { return null; }
    return button;
  }

  function tapped(button) {
    if (button.disabled) { return; }
    var value = button.value;
    if (!base) { base = fields(form()); }
    if (value.indexOf("suit:") === 0) { showSuit(value.slice(5)); }
    pending.push(value);
    flush();
  }

  // A tap counts when the finger lifts, not on "click": an answer that redraws the keys while a
  // finger is down leaves the browser no element to click (the one pressed is gone), and the tap
  // would be lost. The key now under the lifted finger, if it is the one pressed, takes the tap; the
  // click that follows when nothing was redrawn is then ignored. Keyboard clicks count as before.
  var pressed = null;
  var clickAnswered = false;
  document.addEventListener("pointerdown", function (event) {
    var button = keyOf(event.target);
    clickAnswered = false;
    pressed = button && event.isPrimary
      ? {value: button.value, id: event.pointerId, x: event.clientX, y: event.clientY} : null;
  }, true);
  document.addEventListener("pointercancel", function () { pressed = null; }, true);
  document.addEventListener("pointerup", function (event) {
    var start = pressed;
    pressed = null;
    // Hit-tested afresh: the browser aims a lift at the pressed key's parent when that key is gone.
    var button = keyOf(document.elementFromPoint(event.clientX, event.clientY));
    if (!start || !button || event.pointerId !== start.id || button.value !== start.value) { return; }
    if (Math.abs(event.clientX - start.x) > 16 || Math.abs(event.clientY - start.y) > 16) { return; }
    clickAnswered = true;
    tapped(button);
  }, true);

  document.addEventListener("click", function (event) {
    if (event.target.closest && event.target.closest("a[data-offline-href]") && form()) {
      pending = []; inflight = []; base = null;  // Cancel: the taps kept for this hand go with it
      localStorage.removeItem(storageKey(form()));
    }
    var mode = event.target.closest && event.target.closest("#win-form .tabs button[value^='mode:']");
    if (mode && !navigator.onLine) {  // offline the other way is on the page already
      event.preventDefault();
      event.stopPropagation();
      switchMode(mode.value.slice(5));
      foldPeople();
      return;
    }
    var button = keyOf(event.target);
    if (!button) { return; }
    event.preventDefault();
    event.stopPropagation();
    if (clickAnswered && event.detail > 0) { clickAnswered = false; return; }
    tapped(button);
  }, true);

  document.addEventListener("change", function (event) {
    if (event.target.name === "winner" && event.target.closest("#win-form")) { hideOwnDiscard(event.target.value); }
    if ((event.target.name === "winner" || event.target.name === "how") && event.target.closest("#win-form")) {
      foldPeople();
    }
  }, true);

  // A figure chip shows as chosen at once (and stays chosen offline, where a table that confirms first
  // saves it with Save).
  document.addEventListener("click", function (event) {
    var chip = event.target.closest && event.target.closest("#win-form button[name=figure_chip]");
    if (!chip) { return; }
    document.querySelectorAll("#win-form button[name=figure_chip]").forEach(function (other) {
      other.setAttribute("aria-pressed", other.value === chip.value ? "true" : "false");
    });
    var chosen = document.querySelector("#win-form .figure-card input[name=figure]");
    var typed = document.querySelector("#win-form input[name=figure_typed]");
    if (chosen) { chosen.value = chip.value; }
    if (typed) { typed.value = ""; }
    if (!navigator.onLine && (form().hasAttribute("data-confirm") || chipAsksLosersFirst(form()))) {
      event.preventDefault();
      if (chip.closest(".mode-part[data-mode='tiles']")) { switchMode("figure"); }
    }
  }, true);

  // A save (Save, a figure chip, "Yes, save it", "Save it as the limit") is sent as its own request, the
  // button's name and value kept with it: tapped while an answer is still redrawing the form (a chip right after the discarder),
  // a plain submit would be queued behind that answer and sent without its button, which the redraw
  // took away — and nothing would be saved. Taps not yet answered go with it, in order. Offline, or on
  // a page without htmx, the form is submitted as usual (static/js/offline.js keeps it on the phone).
  // Where the losers score too, a chip saves only once their points were shown (the server says so with
  // losers_seen): the first tap picks the figure and brings them up.
  function chipAsksLosersFirst(f) {
    return f.hasAttribute("data-losers-score") && !f.querySelector("input[name=losers_seen]");
  }

  function saves(button) {
    var f = form();
    if (!f || f.hasAttribute("data-confirm") && button.name === "figure_chip") { return false; }
    return button.value === "save" || button.name === "confirm_figure" || button.name === "save_at_limit" ||
      button.name === "figure_chip";
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("#win-form button[type=submit]");
    var f = form();
    if (!button || !saves(button) || !navigator.onLine || !window.htmx || !f || button.disabled) { return; }
    if (window.scorekeeperQueue && window.scorekeeperQueue.mustWait(f)) { return; }  // behind the hands waiting
    event.preventDefault();
    event.stopPropagation();
    var values = {};
    values[button.name] = button.value;
    var taken = takeTaps();
    if (taken.actions.length) { values.actions = taken.actions; }
    window.htmx.ajax("POST", f.getAttribute("hx-post"), {
      source: f, target: "#win-form-body", swap: "outerHTML", values: values
    }).catch(function () {  // no connection after all: kept on the phone, as a save made offline
      if (window.scorekeeperQueue) { window.scorekeeperQueue.keep(f, button); }
    });
  });
})();

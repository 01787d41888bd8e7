// The win form drawn on the phone: the winner's tiles and the keypad as the taps kept on this phone leave
// them (static/js/taps.js, applied by static/js/keypad_model.js as the server would), while they wait for
// the connection; the suit tabs, the two ways of entry (By tiles / By fan: both are on the page), the
// winner's choice of discarder and the preview's offline note, switched at once, offline too. DOM only:
// what a tap means is the model's, when it is sent the taps' own.
import * as Model from "./keypad_model.js";
import * as Taps from "./taps.js";
import {fill} from "./words.js";

function form() { return document.getElementById("win-form"); }

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

function keyOfTile(code) { return document.querySelector("#win-form .key[value='add:" + code + "']"); }
/** A tile's name as the keypad says it (its key's label), in the page's language. */
export function labelOf(code) { var key = keyOfTile(code); return (key && key.getAttribute("aria-label")) || code; }

/** A tile drawn as its key draws it. */
export function tileFace(code, extra) {
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

/** The state the kept taps lead to, with the keypad's words for a refused tap. */
export function keptState(always) {
  return Taps.keptState(always, function (key, params) {
    var tile = params.tile ? {tile: labelOf(params.tile)} : {};
    return REFUSALS[key] ? REFUSALS[key](Object.assign({}, params, tile)) : "";
  });
}

/** The taps kept on this phone, drawn: the list of a loser's tiles, the winner's tiles and the keypad. */
export function drawKept() {
  var box = document.querySelector("#win-form .kept-taps");
  var taps = Taps.kept();
  if (box) { box.hidden = !taps.length || (Taps.sending() && navigator.onLine); }
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

/** The form's own fields drawn, no tap kept (another winner's tiles just switched in: static/js/other_tiles.js). */
export function drawForm() {
  var box = document.querySelector("#win-form .kept-taps");
  if (box) { box.hidden = true; }
  draw(keptState(true));
}

function draw(state) {
  state.keypad = document.getElementById("keypad");
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
      : emptyWinning());
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

function emptyWinning() {
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

export function showSuit(suit) { showKeys(shownSet(), suit); }

export function switchMode(mode) {
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
export function hideOwnDiscard(winner) {
  document.querySelectorAll("#win-form input[name=how]").forEach(function (input) {
    var own = input.value === winner;
    input.closest("label").hidden = own;
    if (own && input.checked) { input.checked = false; }
  });
}

// By tiles, who won how folds into one line once both are chosen, so the keypad has the room: online the
// server draws it so (presenters/win_page.py: _people_line); offline the phone does the same, and keeps its
// line true when the table changes them.
export function foldPeople() {
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
export function chooseWinner() {
  var winner = new URLSearchParams(location.search).get("winner");
  var input = winner && document.querySelector("#win-form input[name=winner][value='" + winner.replace(/\D/g, "") + "']");
  if (input && !input.checked) { input.checked = true; }
  var chosen = document.querySelector("#win-form input[name=winner]:checked");
  if (chosen) { hideOwnDiscard(chosen.value); }
}

// Offline the score and who pays cannot be worked out here: the preview says so, not what it said last.
export function notePreview() {
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

// Without JavaScript each tap reloads the page at the keypad (formaction="...#tiles-card"). Here a
// tap never navigates, and htmx, which sends a focused button's formaction, would scroll to that
// anchor after every swap: the anchors are dropped, so the keys stay under the thumb.
export function dropAnchors() {
  document.querySelectorAll("#win-form [formaction*='#']").forEach(function (button) {
    button.setAttribute("formaction", button.getAttribute("formaction").split("#")[0]);
  });
}

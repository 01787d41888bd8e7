// The win form's keypad as the server applies it (scorekeeper/tables/entry/keypad.py), in the browser:
// without a connection the phone draws the winner's tiles itself as they are tapped. The taps still go
// to the server with the save, which applies them again; tests/browser/test_keypad_model.py holds the
// two to the same answers on random taps. A pure module (no page, no storage): the
// test imports it into a blank page. A loser's tiles (taizhou) are kept in the state too (they
// count towards a tile's four copies); the page lists them rather than drawing each hand.
var MELD_SIZES = {chow: 3, pung: 3, kong: 4, concealed_kong: 4};
var PARTS = ["hand", "winning", "meld", "bonus", "wild"];
var COPIES = 4;

function split(text) {
  var codes = [];
  (text || "").replace(/\s+/g, "").replace(/([0-9]+)([mpszf])/g, function (all, digits, suit) {
    digits.split("").forEach(function (d) { codes.push(d + suit); });
    return "";
  });
  return codes;
}

// Tiles kept in the engine's order (display.tiles.join sorts them so): by suit, then number.
function sorted(codes) {
  return codes.slice().sort(function (a, b) {
    return ("mpszf".indexOf(a[1]) - "mpszf".indexOf(b[1])) || (+a[0] - +b[0]);
  });
}

/** Codes back to the notation the server writes (display.tiles.join): sorted, the digits of one suit sharing
 * its letter: ["3p", "1m", "2p"] -> "1m23p". */
function join(codes) {
  return sorted(codes).reduce(function (out, code, at, all) {
    return out + code[0] + (at + 1 < all.length && all[at + 1][1] === code[1] ? "" : code[1]);
  }, "");
}

function fromFields(fields) {
  return {
    concealed: sorted(split(fields.concealed)), winning: fields.winning_tile || "", bonus: sorted(split(fields.bonus)),
    wild: fields.wild || "", melds: (fields.melds || []).slice(), target: fields.target || "hand",
    suit: fields.suit || "m", meldKind: fields.meld_kind || "pung", mode: fields.mode || "tiles", message: "",
    losers: [0, 1, 2, 3].map(function (seat) {
      return {concealed: sorted(split(fields["loser_concealed_" + seat])),
              melds: (fields["loser_melds_" + seat] || []).slice()};
    }),
    // 一炮多響: the other winners' tiles (the form's slots), counted towards a tile's four copies
    others: [1, 2].map(function (k) {
      return {concealed: sorted(split(fields["other_concealed_" + k])), melds: (fields["other_melds_" + k] || []).slice(),
              winning: fields["other_winning_" + k] || ""};
    })
  };
}

function needed(hand, profile) { return profile.handSize - 3 * hand.melds.length; }

function meldTiles(meld) { return split(meld.slice(meld.indexOf(" ") + 1)); }

function usedUp(state) {
  var count = {};
  var all = split(state.winning);
  (state.others || []).forEach(function (other) { all = all.concat(split(other.winning)); });
  [state].concat(state.losers, state.others || []).forEach(function (hand) {
    all = all.concat(hand.concealed);
    hand.melds.forEach(function (meld) { all = all.concat(meldTiles(meld)); });
  });
  all.forEach(function (code) { count[code] = (count[code] || 0) + 1; });
  var used = Object.keys(count).filter(function (code) { return count[code] >= COPIES; });
  return used.concat(state.bonus);
}

function parseTarget(text) {
  if (PARTS.indexOf(text) !== -1) { return {part: text}; }
  var found = /^loser-([0-3])(-meld)?$/.exec(text || "");
  return found ? {part: "loser", seat: +found[1], meld: !!found[2]} : null;
}

function targetOf(state) { return parseTarget(state.target) || {part: "hand"}; }

function isTile(code) { return /^[1-9][mpszf]$/.test(code) && split(code).length === 1; }

function add(state, code, profile, words) {
  if (!isTile(code)) { return; }
  var target = targetOf(state);
  if (target.part !== "wild" && target.part !== "bonus" && usedUp(state).indexOf(code) !== -1) {
    state.message = words("allFour", {tile: code});
    return;
  }
  ADDERS[target.part](state, code, profile, words, target);
}

function addConcealed(state, code, profile, words) {
  var have = state.concealed.length;
  if (have >= needed(state, profile)) {
    if (!state.winning) { state.winning = code; return; }
    state.message = words("full", {count: have});
    return;
  }
  state.concealed = sorted(state.concealed.concat([code]));
  if (have + 1 === needed(state, profile) && !state.winning) { state.target = "winning"; }
}

function addMeld(state, hand, code, words) {
  var number = +code[0], suit = code[1], kind = state.meldKind;
  if (kind === "chow" && "mps".indexOf(suit) === -1) { state.message = words("chow", {}); return; }
  var low = Math.min(number, 7);
  var tiles = kind === "chow" ? "" + low + (low + 1) + (low + 2) + suit
    : new Array(MELD_SIZES[kind] + 1).join(String(number)) + suit;
  hand.melds.push(kind + " " + tiles);
  state.target = "hand";
}

function addForLoser(state, code, profile, words, target) {
  var hand = state.losers[target.seat];
  if (target.meld) {
    addMeld(state, hand, code, words);
    state.target = "loser-" + target.seat;
    return;
  }
  if (hand.concealed.length >= needed(hand, profile)) {
    state.message = words("loserFull", {count: hand.concealed.length});
    return;
  }
  hand.concealed = sorted(hand.concealed.concat([code]));
}

var ADDERS = {
  hand: addConcealed,
  loser: addForLoser,
  winning: function (state, code, profile) {
    state.winning = code;
    if (state.concealed.length < needed(state, profile)) { state.target = "hand"; }
  },
  meld: function (state, code, profile, words) { addMeld(state, state, code, words); },
  bonus: function (state, code, profile, words) {
    if (state.bonus.indexOf(code) !== -1) { state.message = words("bonusTwice", {tile: code}); return; }
    state.bonus = sorted(state.bonus.concat([code]));
  },
  wild: function (state, code, profile) {
    state.wild = code; state.target = "hand"; state.suit = suitFor({part: "hand"}, state.suit, profile);
  }
};

function without(codes, code) {
  var at = codes.indexOf(code);
  if (at !== -1) { codes.splice(at, 1); }
  return at !== -1;
}

function remove(state, arg, profile) {
  var where = arg.split(":")[0], what = arg.slice(where.length + 1);
  var target = parseTarget(where);
  if (!target) { return; }
  if (target.part === "bonus") { without(state.bonus, what); return; }
  var hand = target.part === "hand" || target.part === "meld" ? state
    : target.part === "loser" ? state.losers[target.seat] : null;
  if (!hand) { return; }
  if (target.part === "meld" || target.meld) {
    var index = /^[0-9]{1,3}$/.test(what) ? +what : -1;
    if (index >= 0 && index < hand.melds.length) { hand.melds.splice(index, 1); }
  } else if (without(hand.concealed, what)) {
    hand.concealed = sorted(hand.concealed);  // as the server writes the rest (a photo's fix keeps the row's order)
  }
  if (hand === state && state.concealed.length < needed(state, profile)) { state.target = "hand"; }
}

// A tile read from a photo replaced by one of its next guesses (static/js/photo.js): "hand:<index>:<old>:<new>",
// in its place (else the first <old>), or "winning:0:<old>:<new>".
function swap(state, arg, profile, words) {
  var parts = arg.split(":"), where = parts[0], old = parts[2], code = parts[3];
  var at = /^[0-9]{1,3}$/.test(parts[1] || "") ? +parts[1] : -1;
  if (parts.length !== 4 || !isTile(code) || old === code) { return; }
  if (where === "hand") {
    if (state.concealed[at] !== old) { at = state.concealed.indexOf(old); }
    if (at === -1) { return; }
  } else if (where !== "winning" || state.winning !== old) {
    return;
  }
  if (usedUp(state).indexOf(code) !== -1) { state.message = words("allFour", {tile: code}); return; }
  if (where === "winning") { state.winning = code; } else { state.concealed[at] = code; }
}

function clear(state, arg) {
  var target = parseTarget(arg);
  if (arg === "winning") { state.winning = ""; state.target = "winning"; }
  else if (arg === "wild") { state.wild = ""; }
  else if (arg === "tiles") { state.concealed = []; state.melds = []; state.winning = ""; state.bonus = []; state.target = "hand"; }
  else if (target && target.part === "loser" && !target.meld) { state.losers[target.seat] = {concealed: [], melds: []}; }
}

function suitsFor(target, profile) {
  if (target.part === "bonus") { return profile.bonusSuits; }
  return profile.handSuits;
}

function suitFor(target, suit, profile) {
  var allowed = suitsFor(target, profile);
  return allowed.indexOf(suit) !== -1 ? suit : allowed[0];
}

var ACTIONS = {
  add: add,
  remove: remove,
  swap: swap,
  clear: clear,
  target: function (state, arg, profile) {
    var target = parseTarget(arg);
    if (target && !target.meld) { state.target = arg; state.suit = suitFor(target, state.suit, profile); }
  },
  suit: function (state, arg) { if (arg.length === 1 && "mpszf".indexOf(arg) !== -1) { state.suit = arg; } },
  meldkind: function (state, arg, profile) {
    if (!MELD_SIZES[arg]) { return; }
    state.meldKind = arg;
    var loser = targetOf(state).part === "loser" ? targetOf(state).seat : null;
    state.target = loser === null ? "meld" : "loser-" + loser + "-meld";
    state.suit = suitFor(loser === null ? {part: "meld"} : {part: "loser", meld: true}, state.suit, profile);
  },
  mode: function (state, arg) { if (arg === "tiles" || arg === "figure") { state.mode = arg; } }
};

/** One tap applied to the state, as keypad.apply_action applies it on the server. */
function apply(state, action, profile, words) {
  var verb = action.split(":")[0], arg = action.slice(verb.length + 1);
  state.message = "";
  if (ACTIONS[verb]) { ACTIONS[verb](state, arg, profile, words || function () { return "!"; }); }
  return state;
}

export {apply, fromFields, join, split, needed, usedUp, targetOf, meldTiles};

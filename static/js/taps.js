// The keypad's taps on this phone. Quick taps are never lost, online or off: a tap only records its
// action; the actions recorded while a request is under way go, in order, in the next request
// ("actions"), which the server applies one after the other. Without a connection the taps stay on this
// phone (static/js/storage.js, with the form's fields as they were before them) and a Save made meanwhile
// carries them (static/js/queue.js), so the hand saved is the hand tapped. `onChange` is told whenever the
// taps kept change (static/js/keypad_draw.js draws them).
import * as Model from "./keypad_model.js";
import {dropTaps, keepTaps, keptTaps} from "./storage.js";
import {hasHtmx, postWinForm} from "./transport.js";

let pending = [];   // tapped, not yet sent
let inflight = [];  // sent, the answer not yet on the page
let base = null;    // the form's fields the kept taps apply to
let busy = false;
let restored = false;  // the taps were kept before this page was loaded
let switched = false;  // offline, another winner's tiles were switched in: the fields are kept, tapped or not
let changed = () => {};

export function onChange(draw) { changed = draw; }

function form() { return document.getElementById("win-form"); }
function urlOf(f) { return f.getAttribute("hx-post"); }

function fields(f) {
  const pairs = [];
  new FormData(f).forEach((value, name) => {
    if (name !== "action" && name !== "actions") { pairs.push([name, String(value)]); }
  });
  return pairs;
}

/** The taps not yet on the page, in order. */
export function kept() { return inflight.concat(pending); }
export function sending() { return busy; }

function keep() {
  const f = form();
  if (!f) { return; }
  keepTaps(urlOf(f), {fields: base, actions: kept(), switched});
  changed();
}

/** The taps not yet on the page, and the fields they apply to; handed over to a Save. */
export function take() {
  const taken = {fields: base, actions: kept()};
  pending = []; inflight = []; base = null; switched = false;
  const f = form();
  if (f) { dropTaps(urlOf(f)); }
  return taken;
}

/** Cancel: the taps kept for this hand go with it. */
export function drop() {
  pending = []; inflight = []; base = null; switched = false;
  if (form()) { dropTaps(urlOf(form())); }
}

// The fields kept with the taps, as htmx values: they stand for the page's own only after a
// reload from the phone's copy, when the page may be older than the taps.
function asValues(pairs) {
  const values = {};
  pairs.forEach((pair) => {
    if (!(pair[0] in values)) { values[pair[0]] = []; }
    values[pair[0]].push(pair[1]);
  });
  return values;
}

export function flush() {
  const f = form();
  if (f && pending.length && !base && !busy) { base = fields(f); }
  if (busy || !pending.length || !f || !hasHtmx() || !navigator.onLine) { keep(); return; }
  busy = true;
  inflight = pending.splice(0, pending.length);
  keep();
  const values = restored ? asValues(base) : {};
  values.action = "batch";
  values.actions = inflight;
  postWinForm(f, values).then(() => {
    inflight = []; base = null; restored = false; busy = false; switched = false;
    flush();
  }, () => {
    // No connection: the taps go back first in line, kept on the phone.
    pending = inflight.concat(pending); inflight = []; busy = false;
    keep();
  });
}

/** A key tapped: recorded, then sent when it can be. */
export function tap(value) {
  if (!base) { base = fields(form()); }
  pending.push(value);
  flush();
}

/** The taps kept before this page was loaded, taken up again (true when there were some). */
export function restore() {
  const f = form();
  const found = f && keptTaps(urlOf(f));
  if (!found || !found.actions || !(found.actions.length || found.switched)) { return false; }
  base = found.fields; pending = found.actions; restored = true; switched = !!found.switched;
  return true;
}

/** The fields the taps kept apply to (null when none are kept). */
export function keptFields() { return base; }

/** Offline, another winner's tiles switched in (static/js/other_tiles.js): the taps so far are written into the
 * form's fields, which are kept on the phone as they now are, so that a page opened again has them back. */
export function rebase() {
  pending = []; inflight = []; base = fields(form()); switched = true;
  keep();
}

function profileOf(f) {
  return {handSize: +f.dataset.handSize, handSuits: (f.dataset.handSuits || "mpsz").split(""),
          bonusSuits: (f.dataset.bonusSuits || "").split("").filter(Boolean)};
}

function fieldsObject(pairs) {
  const found = {melds: []};
  pairs.forEach((pair) => {
    const loser = /^(loser|other)_meld_(\d)$/.exec(pair[0]);
    if (pair[0] === "meld") { found.melds.push(pair[1]); }
    else if (loser) {
      const name = loser[1] + "_melds_" + loser[2];
      (found[name] = found[name] || []).push(pair[1]);
    }
    else if (!(pair[0] in found)) { found[pair[0]] = pair[1]; }
  });
  return found;
}

/** The state the kept taps lead to (static/js/keypad_model.js); `always`: the form's own state when no tap
 * is kept; `words(key, params)`: what a refused tap says. */
export function keptState(always, words) {
  const f = form();
  const taps = kept();
  if (!f || !(taps.length || always)) { return null; }
  const profile = profileOf(f);
  const state = Model.fromFields(fieldsObject(base || fields(f)));
  taps.forEach((action) => { Model.apply(state, action, profile, words); });
  state.profile = profile;
  return state;
}

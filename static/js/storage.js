// What this phone keeps (localStorage, sessionStorage): the offline queue of each session, what it last saw
// of each session, its device id, the tokens it sent, the keypad's taps not yet answered, and the refused
// change being fixed on its form. Nothing here decides anything (static/js/queue_rules.js does); a change
// to the queue is announced to the page with the "scorekeeper:queue" event.
import {emptyQueue} from "./queue_rules.js";

const QUEUE = "scorekeeper.queue";          // {session: {base, seenNext, changes: [...], conflict}}
const KNOWN = "scorekeeper.known";          // {session: {revision, next}}: what this phone last saw
const DEVICE = "scorekeeper.device";
const OLD_QUEUE = "scorekeeper.offline-queue";  // the queue of the app before this one
const SENT = "scorekeeper.sent-tokens";
const FIXING = "scorekeeper.fixing";       // sessionStorage: the token of the refused change being fixed

function load(key, empty) {
  try { return JSON.parse(localStorage.getItem(key)) || empty; } catch { return empty; }
}
function store(key, value) { localStorage.setItem(key, JSON.stringify(value)); }

export function freshToken() {
  if (window.crypto && crypto.randomUUID) { return crypto.randomUUID(); }
  return "10000000-1000-4000-8000-100000000000".replace(/[018]/g, (c) =>
    (c ^ (crypto.getRandomValues(new Uint8Array(1))[0] & (15 >> (c / 4)))).toString(16));
}

export function device() {
  let id = localStorage.getItem(DEVICE);
  if (!id) { id = freshToken(); localStorage.setItem(DEVICE, id); }
  return id;
}

// -- the queue ------------------------------------------------------------------------------------------

export function queues() { return load(QUEUE, {}); }

function saveQueues(all) {
  Object.keys(all).forEach((pk) => { if (!all[pk].changes.length) { delete all[pk]; } });
  store(QUEUE, all);
  document.dispatchEvent(new CustomEvent("scorekeeper:queue"));
}

export function queueOf(pk) { return queues()[pk] || emptyQueue(); }

/** The session's queue replaced by `change(queue)`'s answer (a function of queue_rules.js, mostly). */
export function update(pk, change) {
  const all = queues();
  const queue = change(all[pk] || emptyQueue());
  all[pk] = queue;
  saveQueues(all);
  return queue;
}

export function forgetQueues() { localStorage.removeItem(QUEUE); }

/** The queue of the earlier app (forms kept whole, posted one by one), once, then forgotten. */
export function takeOldQueue() {
  const old = load(OLD_QUEUE, null);
  localStorage.removeItem(OLD_QUEUE);
  return old && old.length ? old : [];
}

// -- what this phone last saw, and sent ------------------------------------------------------------------

export function known(pk) { return load(KNOWN, {})[pk] || {}; }

export function remember(pk, seen) {
  const all = load(KNOWN, {});
  all[pk] = seen;
  store(KNOWN, all);
}

export function sentTokens() { return load(SENT, []); }
export function rememberSent(token) { store(SENT, load(SENT, []).concat([token]).slice(-200)); }

export function fixing() { return sessionStorage.getItem(FIXING); }
export function startFixing(token) { sessionStorage.setItem(FIXING, token); }
export function stopFixing() { sessionStorage.removeItem(FIXING); }

// -- the keypad's taps not yet answered (static/js/taps.js) ------------------------------------------------

function tapsKey(url) { return "scorekeeper.taps:" + url; }

export function keptTaps(url) { return load(tapsKey(url), null); }

export function keepTaps(url, kept) {
  if (kept.actions.length || kept.switched) { store(tapsKey(url), kept); } else { localStorage.removeItem(tapsKey(url)); }
}

export function dropTaps(url) { localStorage.removeItem(tapsKey(url)); }

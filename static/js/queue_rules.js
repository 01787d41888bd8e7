// The rules of the phone's offline queue, pure: no page, no storage, no network. What waits, in which
// order it is sent and in how many requests, what an answer of the queue endpoint leaves waiting, when the
// table must choose (a conflict), and the deal after the hands waiting. static/js/queue.js keeps the
// queue and sends it by these rules; tests/browser/test_queue_rules.py holds them to the server's own
// (entry/queued.py, services/offline_queue.py, the engine's Payoff.next_deal) on generated cases.

// Changes a request carries (entry/queued.py: MAX_CHANGES).
export const CHUNK = 20;

export function emptyQueue() { return {base: "", seenNext: 0, changes: [], conflict: null}; }

// Only what the server reads: the form's one-time token and revision travel beside the fields.
const DROPPED = /^(csrfmiddlewaretoken|token|revision|action|editing)$/;
export function cleaned(pairs) {
  return pairs.filter((pair) => pair[1] !== "" && !DROPPED.test(pair[0]));
}

// The keypad's state fields, as the server drew them before the taps kept on this phone.
const KEYPAD_STATE = /^(concealed|meld|winning_tile|bonus|wild|target|suit|meld_kind|loser_(concealed|meld)_\d)$/;

/** A tile win entered offline: the keypad's taps go with the save, which the server applies before
 * scoring it, on the fields they were tapped on (`taken`: {fields, actions}, static/js/taps.js). */
export function withKeptTaps(fields, taken) {
  if (!taken || !taken.actions.length) { return fields; }
  if (taken.fields) {
    fields = fields.filter((pair) => !KEYPAD_STATE.test(pair[0]))
      .concat(taken.fields.filter((pair) => KEYPAD_STATE.test(pair[0])));
  }
  return fields.concat(taken.actions.map((action) => ["actions", action]));
}

/** Changes waiting, in one session (`pk`) or in all (`all`: {session: queue}). */
export function waitingCount(all, pk) {
  return (pk ? [pk] : Object.keys(all)).reduce((n, key) => n + (all[key] ? all[key].changes.length : 0), 0);
}

/** A token to use again only when no change kept or sent has it, unless it is the refused change being
 * fixed on its form (which goes back in its place). */
export function tokenIsFree(token, used, fixing) {
  return !!token && (used.indexOf(token) === -1 || token === fixing);
}

/** The queue with `change` in it: a refused change fixed on its form goes back in its place, any other
 * goes last. The first change of an empty queue sets what it is built on: the revision and next hand
 * this phone last saw (`known`), else the form's revision. */
export function placed(queue, change, known, formRevision) {
  const next = {...queue, changes: queue.changes.slice()};
  const at = next.changes.map((c) => c.token).indexOf(change.token);
  if (at !== -1) {
    next.changes[at] = change;
    return next;
  }
  if (!next.changes.length) {
    next.base = known.revision || formRevision || "";
    next.seenNext = known.next || 0;
  }
  next.changes.push(change);
  return next;
}

/** Whether the queue goes now: nothing refused first, no conflict for the table to settle. */
export function sendable(queue) {
  return queue.changes.length > 0 && !queue.conflict && queue.changes[0].status === "waiting";
}

/** The next request's changes: the first CHUNK waiting, in the order made; none when it cannot go. */
export function nextChunk(queue) {
  if (!sendable(queue)) { return []; }
  return queue.changes.filter((c) => c.status === "waiting").slice(0, CHUNK);
}

/** The body of the next request to the session's queue endpoint (views/queue.py), or null. */
export function requestBody(queue, device) {
  const chunk = nextChunk(queue);
  if (!chunk.length) { return null; }
  return {device, base: queue.base, seen_next: queue.seenNext,
          changes: chunk.map((c) => ({token: c.token, kind: c.kind, hand: c.hand, fields: c.fields}))};
}

/** What an answer leaves: the changes saved (or saved before: an answer cut off by a reload) go, a
 * refused one stays with its reason, the ones the server left waiting stay as they were; a change refused
 * because the session changed meanwhile is a conflict, for the table to settle. `known`: the session as
 * the server answered, when it is to be remembered (the queue emptied, or something saved). */
export function afterAnswer(queue, answer) {
  const results = {};
  answer.results.forEach((r) => { results[r.token] = r; });
  const savedTokens = [];
  let conflict = queue.conflict;
  const changes = queue.changes.filter((change) => {
    const result = results[change.token];
    return !result || result.status !== "saved" && result.status !== "already";
  }).map((change) => {
    const result = results[change.token];
    if (!result || result.status === "waiting") { return change; }
    if (result.reason === "changed") {
      conflict = {message: result.message, revision: answer.revision, next: answer.next_hand};
    }
    return {...change, status: "refused", reason: result.reason, message: result.message};
  });
  queue.changes.forEach((change) => {
    const result = results[change.token];
    if (result && (result.status === "saved" || result.status === "already")) { savedTokens.push(change.token); }
  });
  let next = {...queue, changes, conflict};
  const known = !changes.length || savedTokens.length ? {revision: answer.revision, next: answer.next_hand} : null;
  if (known) { next = {...next, base: answer.revision, seenNext: answer.next_hand}; }
  return {queue: next, savedTokens, known, again: savedTokens.length > 0 && changes.length > 0 && changes[0].status === "waiting",
          refused: changes.length > 0};
}

/** The session gone from this phone (a 404: deleted, its link revoked): every change refused as lost. */
export function lost(queue, message) {
  return {...queue, changes: queue.changes.map((c) => ({...c, status: "refused", reason: "lost", message}))};
}

// -- the table's choices ----------------------------------------------------------------------------------

/** "Add them after the latest hand": the queue is built anew on the session as the conflict found it. */
export function addedAfter(queue) {
  return {...queue, base: queue.conflict.revision, seenNext: queue.conflict.next, conflict: null,
          changes: queue.changes.map((c) => c.reason === "changed" ? {...c, status: "waiting", reason: ""} : c)};
}

export function retried(queue, token) {
  return {...queue, changes: queue.changes.map((c) => c.token === token ? {...c, status: "waiting"} : c)};
}

export function discarded(queue, token) {
  return {...queue, changes: queue.changes.filter((c) => c.token !== token)};
}

export function discardedAll(queue) { return {...queue, changes: [], conflict: null}; }

// -- the deal after the waiting hands ----------------------------------------------------------------------

function field(change, name) {
  const found = change.fields.filter((p) => p[0] === name)[0];
  return found ? found[1] : undefined;
}

// 一炮多響: every winner of a win on a discard, the other winners' slots (`other_<k>`) as the form sent them.
function winnersOf(change) {
  const winners = [field(change, "winner")];
  if (field(change, "how") === "self") { return winners; }
  [1, 2].forEach((k) => {
    if (field(change, "other_" + k) && field(change, "other_winner_" + k) !== undefined) {
      winners.push(field(change, "other_winner_" + k));
    }
  });
  return winners;
}

/** What a change does to the deal: a draw and a win by figure change it as the rules say ("draw";
 * "win" with its winner); an on-the-spot payment leaves it ("spot"); a win by tiles (not scored yet, so
 * maybe no win), an edit or a delete (of hands before) leave what follows unknown ("other"). */
export function outcomeOf(change) {
  if (change.kind === "draw") { return {outcome: "draw"}; }
  if (change.kind === "spot") { return {outcome: "spot"}; }
  if (change.kind === "win" && field(change, "mode") === "figure" && !field(change, "actions")) {
    return {outcome: "win", winner: field(change, "winner"), winners: winnersOf(change)};
  }
  return {outcome: "other"};
}

/** The deal after the changes waiting, from the deal now (selectors/sessions.py: deal_json), as the
 * engine's Payoff.next_deal passes it; `numbers`: each change's hand number ("spot"; null once unknown). */
export function projected(deal, changes) {
  const state = {dealer: deal.dealer, streak: deal.continuations, rounds: deal.round - 1, next: deal.next, known: true};
  const numbers = [];
  changes.forEach((change) => {
    const {outcome, winners} = outcomeOf(change);
    if (outcome === "spot") { numbers.push("spot"); return; }
    if (outcome === "other" || !state.known) { state.known = false; numbers.push(null); return; }
    numbers.push(state.next);
    state.next += 1;
    // taiwan.md: the dealer keeps the deal if among the winners (several on one discard: any of them)
    const dealerWon = outcome === "win" && winners.some((seat) => +seat === state.dealer);
    const keeps = outcome === "draw" ? deal.keeps.draw : dealerWon ? deal.keeps.dealerWin : deal.keeps.otherWin;
    if (keeps) { state.streak += 1; return; }
    state.dealer = (state.dealer + 1) % 4;
    state.streak = 0;
    if (state.dealer === deal.first) { state.rounds += 1; }
  });
  state.numbers = numbers;
  return state;
}

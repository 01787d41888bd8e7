// Offline that never loses a hand. A change made without a connection (a win by figure or by tiles, a
// draw, an on-the-spot payment, an edit, a delete, an Undo or a Restore) waits on this phone, in the
// order it was made (static/js/storage.js): it survives a reload, the browser closed, a phone asleep and a
// new service worker. On the next page opened with a connection the queue is sent, whole, to the
// session's queue endpoint (scorekeeper/tables/views/queue.py), which saves each change once, in
// order, or says why not; a change that could not be saved stays here, shown on the session screen
// with its reason and a choice (static/js/offline_screen.js). While a session has changes waiting,
// new ones wait behind them, online too: nothing is ever saved out of order. The rules are
// static/js/queue_rules.js's; this module reads the forms, keeps and sends.
import * as Rules from "./queue_rules.js";
import * as Store from "./storage.js";
import * as Taps from "./taps.js";
import {keptState} from "./keypad_draw.js";
import * as OtherWins from "./other_wins.js";
import {postQueue} from "./transport.js";
import {fill} from "./words.js";

export const queueOf = Store.queueOf;
export const update = Store.update;

export function waiting(pk) { return Rules.waitingCount(Store.queues(), pk); }

function announce() { document.dispatchEvent(new CustomEvent("scorekeeper:sending")); }

/** The queue of the earlier app (forms kept whole, posted one by one) becomes this one's. */
export function adoptOldQueue() {
  Store.takeOldQueue().forEach((item) => {
    const found = /\/sessions\/(\d+)\/(win|draw|spot)\/|\/hands\/(\d+)\/(edit|delete)\//.exec(new URL(item.url, location.href).pathname);
    if (!found || !found[1]) { return; }
    const revision = (item.fields.filter((p) => p[0] === "revision")[0] || [])[1] || "";
    Store.update(found[1], (queue) => {
      const change = {token: item.token || Store.freshToken(), kind: found[2], hand: null, url: item.url,
                      fields: Rules.cleaned(item.fields), title: "", at: item.at || Date.now(), status: "waiting"};
      return {...queue, base: queue.changes.length ? queue.base : revision, changes: queue.changes.concat([change])};
    });
  });
}

// -- what this phone last saw of each session ----------------------------------------------------------

export function keptCopy() { return document.body && document.body.hasAttribute("data-kept-copy"); }

/** A page that came from the server (not the phone's copy) says the session's revision and next hand. */
export function rememberSeen() {
  const standings = document.getElementById("standings");
  const pk = document.body.dataset.session || (standings && standings.dataset.session);
  if (!pk || keptCopy()) { return; }
  const before = Store.known(pk);
  const revision = (standings && standings.dataset.revision) || document.body.dataset.revision;
  Store.remember(pk, {revision: revision || before.revision,
                      next: standings ? +standings.dataset.nextHand : before.next || 0});
}

// -- saving a form on the phone -----------------------------------------------------------------------

// Not form.action: the win form has buttons named "action", which that property would return.
export function actionOf(form) { return new URL(form.getAttribute("action") || location.href, location.href).href; }

function formFields(form, submitter) {
  const pairs = [];
  new FormData(form).forEach((value, name) => { pairs.push([name, String(value)]); });
  if (submitter && submitter.name && submitter.name !== "action") { pairs.push([submitter.name, submitter.value]); }
  return pairs;
}

function checkedName(form, name) {
  const input = form.querySelector("input[name=" + name + "]:checked:not(:disabled)");
  return input ? (input.dataset.name || input.closest("label").textContent.trim()) : "";
}

// A draw, a delete or a restore, as its row on the session screen names it.
function titleOf(kind, hand) {
  if (kind === "draw") { return gettext("Draw"); }
  if (kind === "restore") { return gettext("The deleted hand restored."); }
  if (kind === "delete") { return fill(gettext("%(hand)s deleted."), {hand}); }
  return fill(gettext("%(hand)s changed."), {hand});  // a draw edited
}

/** What the change is, in words, for its row on the session screen; "" with `problem` set when it
 * cannot be saved as it stands (the same checks the server makes first, so the table hears at once). */
function describe(form, kind, state, submitter) {
  if (form.id !== "win-form") {
    if (kind === "spot") {
      const spot = form.querySelector("input[name=kind]:checked");
      const title = spot ? spot.closest("label").querySelector("strong").textContent : "";
      const who = checkedName(form, "player");
      return {text: title + (who ? " · " + who : "")};
    }
    return {text: titleOf(kind, form.dataset.label || "")};
  }
  const winner = checkedName(form, "winner");
  const how = form.querySelector("input[name=how]:checked");
  if (!winner) { return {problem: gettext("Choose who won.")}; }
  if (!how || how.closest("label").hidden) { return {problem: gettext("Choose self-drawn, or who discarded the winning tile.")}; }
  const figure = figureOf(form, state, submitter);
  if (figure.problem) { return figure; }
  const others = how.value === "self" ? "" : OtherWins.problem(form);
  if (others) { return {problem: others}; }
  // 一炮多響: the other winners on the discard are named after the first ("Di won 5 fan and Bob 3 fan off Cy").
  const also = how.value === "self" ? "" : OtherWins.describeOthers(form, form.dataset.unit);
  let text = how.value === "self" ? fill(gettext("%(winner)s won %(figure)s, self-drawn"), {winner, figure: figure.text})
    : fill(gettext("%(winner)s won %(figure)s off %(discarder)s"),
           {winner, figure: figure.text + also, discarder: how.dataset.name});
  if (kind === "edit") { text = fill(gettext("%(hand)s changed: %(what)s"), {hand: form.dataset.label, what: text}); }
  return {text};
}

function figureOf(form, state, submitter) {
  const mode = (form.querySelector("input[name=mode]") || {}).value;
  const tapped = submitter && submitter.name === "figure_chip" ? submitter.value : "";
  if (mode === "figure" || tapped) {
    const typed = form.querySelector("input[name=figure_typed]:not(:disabled)");
    const chosen = form.querySelector("input[name=figure]:not(:disabled)");
    const value = tapped || (typed && typed.value.trim()) || (chosen && chosen.value) || "";
    if (!/^\d+$/.test(value)) { return {problem: gettext("Choose the figure, or type it under Other.")}; }
    return {text: value + " " + form.dataset.unit};
  }
  if (state && (state.concealed.length < state.profile.handSize - 3 * state.melds.length || !state.winning)) {
    return {problem: gettext("Tap the tiles of the hand and the winning tile.")};
  }
  const count = state ? state.concealed.length + 1 + 3 * state.melds.length : "";
  return {text: fill(gettext("by tiles (%(count)s tapped)"), {count})};
}

function refuseAsTyped(form, text) {
  let note = form.querySelector(".offline-refused");
  if (!note) {
    note = document.createElement("p");
    note.className = "message message-error offline-refused";
    note.setAttribute("role", "alert");
    const bar = form.querySelector(".save-bar") || form;
    bar.prepend(note);
  }
  note.textContent = text;
}

// A form whose token was already queued or sent gets a new one: a kept copy of a form is used for
// many hands, and each is a hand of its own.
function tokenFor(form) {
  let input = form.querySelector("input[name=token]");
  if (!input) {  // a delete or a restore carries no token of its own: its place in the queue gets one
    input = document.createElement("input");
    input.type = "hidden"; input.name = "token";
    form.appendChild(input);
  }
  const used = Store.sentTokens();
  Object.values(Store.queues()).forEach((q) => { q.changes.forEach((c) => { used.push(c.token); }); });
  const token = Rules.tokenIsFree(input.value, used, Store.fixing()) ? input.value : Store.freshToken();
  input.value = token;
  return token;
}

/** The form's change kept on the phone, then the session screen, which shows it waiting. */
export function enqueue(form, submitter) {
  if (!keepOnPhone(form, submitter)) { return; }
  if (document.getElementById("standings")) { sendAll(); return; }  // Undo or Restore on the session screen
  location.replace("/sessions/" + form.dataset.session + "/?queued=" + form.querySelector("input[name=token]").value);
}

export function keepOnPhone(form, submitter) {
  const pk = form.dataset.session, kind = form.dataset.queue;
  if (form.dataset.queued) { return false; }  // a double tap queues once
  const isWin = form.id === "win-form";
  const what = describe(form, kind, isWin ? keptState(true) : null, submitter);
  if (what.problem) { refuseAsTyped(form, what.problem); return false; }
  form.dataset.queued = "1";
  const token = tokenFor(form);
  let fields = formFields(form, submitter);
  if (isWin) { fields = Rules.withKeptTaps(fields, Taps.take()); }
  const change = {token, kind, hand: form.dataset.hand ? +form.dataset.hand : null, url: actionOf(form),
                  fields: Rules.cleaned(fields), title: what.text, at: Date.now(), status: "waiting"};
  const formRevision = (form.querySelector("input[name=revision]") || {}).value || "";
  Store.update(pk, (queue) => Rules.placed(queue, change, Store.known(pk), formRevision));
  Store.stopFixing();
  return true;
}

// -- sending ----------------------------------------------------------------------------------------

let sending = false;
const retry = {timer: null, delay: 5000};  // after a send that did not get through: again, less and less often

/** Where the sending stands, for the status line: sending now, or waiting to try again. */
export function sendingNow() { return sending; }
export function retrying() { return !!retry.timer; }

function tryAgainLater() {
  if (retry.timer) { return; }
  retry.timer = setTimeout(() => { retry.timer = null; sendAndShow(); }, retry.delay);
  retry.delay = Math.min(retry.delay * 2, 60000);
  announce();
}

function sendAll() {
  if (!navigator.onLine || sending) { return Promise.resolve(); }
  const all = Store.queues();
  const pks = Object.keys(all).filter((pk) => Rules.sendable(all[pk]));
  if (!pks.length) { return Promise.resolve(); }
  sending = true;
  announce();
  const outcomes = [];
  const run = () => pks.reduce((done, pk) => done.then(() => send(pk)).then((outcome) => { outcomes.push(outcome); }),
                               Promise.resolve()).then(() => outcomes);
  const locked = navigator.locks ? navigator.locks.request("scorekeeper.queue", run) : run();
  return locked.then((result) => { sending = false; announce(); return result; },
                     () => { sending = false; announce(); });
}

function send(pk) {
  const body = Rules.requestBody(Store.queueOf(pk), Store.device());
  if (!body) { return Promise.resolve(); }
  return postQueue(pk, body).then((response) => {
    if (response.status === 404) { return lost(pk); }
    if (!response.ok) { tryAgainLater(); return null; }  // refused for now (throttled, a stale page's token)
    retry.delay = 5000;
    return response.json().then((answer) => answered(pk, answer));
  }, () => { tryAgainLater(); return null; });  // no connection after all: it waits
}

function answered(pk, answer) {
  let after = null;
  Store.update(pk, (queue) => { after = Rules.afterAnswer(queue, answer); return after.queue; });
  after.savedTokens.forEach(Store.rememberSent);
  if (after.known) { Store.remember(pk, after.known); }
  if (after.again) { return send(pk); }
  return {pk, saved: after.savedTokens.length, next: answer.next_url, refused: after.refused};
}

function lost(pk) {
  Store.update(pk, (queue) => Rules.lost(queue, gettext(
    "This session can no longer be opened from this phone: it was deleted, or its link was revoked.")));
  forgetSession(pk);
  return {pk, saved: 0, next: "", refused: true};
}

function forgetSession(pk) {
  if (navigator.serviceWorker && navigator.serviceWorker.controller) {
    navigator.serviceWorker.controller.postMessage({forget: "/sessions/" + pk + "/"});
  }
}

// After a send: the session screen shows what happened (saved hands, or the ones still waiting).
function showOutcome(outcomes) {
  const pk = document.body.dataset.session || "";
  const here = (outcomes || []).filter((o) => o && o.pk === pk && (o.saved || o.refused))[0];
  if (!here) { return; }
  const onScreen = document.getElementById("standings");
  const form = document.querySelector("form[data-queue][data-queued]");
  if (here.saved && (onScreen || form)) { location.replace(here.next || "/sessions/" + pk + "/"); }
  else if (form) { location.replace("/sessions/" + pk + "/"); }
}

/** Every session's queue sent that can go, then the outcome shown. */
export function sendAndShow() { return sendAll().then(showOutcome); }

// -- which saves wait --------------------------------------------------------------------------------

/** A win form's submit that saves: Save, "Yes, save it" or "Save it as the limit" past the limit, or a
 * figure chip (three taps) unless the table confirms each hand first. */
export function isSave(form, submitter) {
  if (!submitter) { return false; }
  return submitter.value === "save" || submitter.name === "confirm_figure" || submitter.name === "save_at_limit" ||
    /^confirm_other_\d$/.test(submitter.name) ||
    (OtherWins.isChip(submitter) && OtherWins.allChosen(form, submitter) && !form.hasAttribute("data-confirm") &&
     !(form.hasAttribute("data-losers-score") && !form.querySelector("input[name=losers_seen]")));
}

/** Whether the form's save waits on the phone: offline, behind hands waiting, or a refused change fixed. */
export function mustWait(form) {
  return !navigator.onLine || waiting(form.dataset.session) > 0 || Store.fixing() !== null;
}

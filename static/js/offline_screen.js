// The session screen says what waits on this phone (static/js/queue.js keeps it): each change as a
// row in Last hands, marked as kept here, in the order entered; the hand count, the dealer and the
// winds as they will be after the waiting draws and wins by figure (static/js/queue_rules.js: projected);
// never money, which only the server's replay knows. A change the server could not save says why beside
// it, with the table's choice. A row is a clone of the server's own row (<template id="queued-row">, drawn
// from tables/_hand_row.html), filled here.
import {ask} from "./ask.js";
import * as Queue from "./queue.js";
import * as Rules from "./queue_rules.js";
import {csrfToken} from "./transport.js";
import {startFixing} from "./storage.js";
import {fill} from "./words.js";

function node(tag, className, text) {
  const element = document.createElement(tag);
  if (className) { element.className = className; }
  if (text !== undefined) { element.textContent = text; }
  return element;
}

function button(label, action, token, className) {
  const element = node("button", "button-small " + (className || "button-secondary"), label);
  element.type = "button";
  element.dataset.queueAction = action;
  if (token) { element.dataset.token = token; }
  return element;
}

// -- the deal after the waiting hands ---------------------------------------------------------------

function showDeal(standings, deal, state) {
  const line = standings.querySelector(".round-line");
  if (line && state.known) {
    line.textContent = fill(gettext("Hand %(number)s · %(wind)s round"), {number: state.next, wind: deal.winds[state.rounds % 4]});
  } else if (line) {
    line.textContent = gettext("The next hand shows once the hands kept on this phone are saved");
  }
  standings.querySelectorAll(".seat").forEach((seat, index) => {
    const isDealer = state.known && index === state.dealer;  // not known: no dealer shown, rather than a stale one
    seat.classList.toggle("seat-dealer", isDealer);
    let badge = seat.querySelector(".badge");
    if (badge && !isDealer) { badge.remove(); }
    if (isDealer) {
      if (!badge) { badge = node("span", "badge"); seat.querySelector(".seat-name").appendChild(badge); }
      badge.textContent = deal.dealerWord + (state.streak ? " " + fill(gettext("連%(n)s"), {n: state.streak}) : "");
    }
    if (!deal.fixed && state.known) {
      const wind = "ESWN"[(index - state.dealer + 4) % 4];
      const glyph = seat.querySelector(".wind [aria-hidden]");
      const spoken = seat.querySelector(".wind .sr-only");
      if (glyph) { glyph.textContent = deal.windsZh["ESWN".indexOf(wind)]; }
      if (spoken) { spoken.textContent = fill(gettext("%(wind)s seat"), {wind: deal.winds["ESWN".indexOf(wind)]}); }
    }
  });
}

// -- the rows and the panel --------------------------------------------------------------------------

function row(blank, change, number) {
  const item = blank.content.firstElementChild.cloneNode(true);
  item.classList.toggle("hand-refused", change.status === "refused");
  item.dataset.token = change.token;
  item.querySelector(".hand-number").textContent = number === "spot" ? "＋" : number ? "#" + number : "·";
  item.querySelector(".hand-title").textContent = change.title || gettext("A change");
  if (change.status === "refused" && change.reason !== "changed") {
    item.querySelector(".queued-meta").appendChild(
      document.createTextNode(" · " + fill(gettext("not saved: %(why)s"), {why: change.message || ""})));
    const actions = node("div", "row-actions");
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
  const box = standings.querySelector("#queue-panel");
  if (!box) { return; }
  box.replaceChildren();
  box.hidden = !queue.changes.length;
  if (!queue.changes.length) { return; }
  const count = queue.changes.length;
  box.appendChild(node("p", "queue-count", fill(ngettext("1 hand is waiting on this phone to be sent.",
                                                       "%(n)s hands are waiting on this phone to be sent.", count),
                                              {n: count})));
  if (queue.conflict) {
    box.classList.add("queue-conflict");
    // The choice is made where the banner announces it: first on the screen, not under the buttons.
    const live = standings.querySelector("#live");
    standings.insertBefore(box, live ? live.nextSibling : standings.firstChild);
    box.appendChild(node("p", "queue-why", queue.conflict.message + " " + gettext("Your hands below are not saved yet: add them after the latest hand, or discard them.")));
    const actions = node("div", "row-actions");
    const last = (queue.conflict.next || 1) - 1;
    actions.appendChild(button(last ? fill(gettext("Add them after hand %(n)s"), {n: last}) : gettext("Add them"),
                               "add-after", "", "button-primary"));
    actions.appendChild(button(gettext("Discard them"), "discard-all", "", "button-danger-outline"));
    box.appendChild(actions);
  } else {
    box.classList.remove("queue-conflict");
    const recent = standings.querySelector("#recent-hands");
    if (recent && box.nextElementSibling !== recent) { recent.parentElement.insertBefore(box, recent); }
    const refused = queue.changes[0].status === "refused";
    box.appendChild(node("p", "hint", refused
      ? gettext("The first one could not be saved: choose below what happens to it. The others wait behind it, in order.")
      : navigator.onLine ? gettext("Sending them now…")
      : gettext("They are sent, once each and in this order, when the connection returns. Balances change when the server has scored them.")));
  }
  if (!state.known) { box.appendChild(node("p", "hint", gettext("The dealer after them shows once the hands by tiles are scored."))); }
}

function render() {
  const standings = document.getElementById("standings");
  if (!standings) { return; }
  const pk = standings.dataset.session;
  const queue = Queue.queueOf(pk);
  standings.querySelectorAll(".hand-queued").forEach((old) => old.remove());
  const deal = JSON.parse(standings.dataset.deal || "null");
  if (!deal) { return; }
  const state = Rules.projected(deal, queue.changes);
  panel(standings, queue, state);
  const recent = standings.querySelector("#recent-hands");
  const list = recent && recent.querySelector(".hand-list");
  const blank = standings.querySelector("#queued-row");
  if (list && blank) {
    queue.changes.forEach((change, index) => {
      list.insertBefore(row(blank, change, state.numbers[index]), list.firstChild);
    });
    recent.hidden = !list.children.length;
  }
  if (queue.changes.length) { showDeal(standings, deal, state); }
  notice(standings, queue);
}

// A new win's form (kept on this phone, or drawn while hands wait): the hand number and dealer it will
// be after the hands waiting, as the session screen projects them, not the server's before them.
function winHeading() {
  const heading = document.getElementById("win-heading");
  if (!heading || !heading.dataset.deal) { return; }
  const queue = Queue.queueOf(heading.dataset.session);
  if (!queue.changes.length) { return; }
  const deal = JSON.parse(heading.dataset.deal);
  const state = Rules.projected(deal, queue.changes);
  const title = heading.querySelector("h1");
  const line = heading.querySelector("p");
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
  const token = new URLSearchParams(location.search).get("queued");
  const old = document.getElementById("queued-notice");
  const change = queue.changes.filter((c) => c.token === token)[0];
  if (!change) { if (old) { old.remove(); } return; }
  if (old) { return; }
  const box = node("div", "message message-info queued-notice");
  box.id = "queued-notice";
  box.setAttribute("role", "status");
  box.appendChild(node("p", "", fill(gettext("Kept on this phone: %(what)s. It is sent when the connection returns."), {what: change.title})));
  box.appendChild(button(gettext("Undo"), "discard-now", token));
  standings.parentElement.insertBefore(box, standings);
}

// -- the table's choices -----------------------------------------------------------------------------

function act(action, token) {
  const standings = document.getElementById("standings");
  const pk = standings && standings.dataset.session;
  if (!pk) { return; }
  const queue = Queue.queueOf(pk);
  const change = queue.changes.filter((c) => c.token === token)[0];
  if (action === "add-after") {
    Queue.update(pk, Rules.addedAfter);
    Queue.sendAndShow();
  } else if (action === "retry" && change) {
    Queue.update(pk, (q) => Rules.retried(q, token));
    Queue.sendAndShow();
  } else if (action === "discard-now" && change) {
    Queue.update(pk, (q) => Rules.discarded(q, token));
  } else if (action === "discard" && change) {
    ask(fill(gettext("Discard “%(what)s”? It is kept nowhere else."), {what: change.title}),
        gettext("Discard"), gettext("Keep")).then((yes) => {
      if (yes) { act("discard-now", token); }
    });
  } else if (action === "discard-all") {
    const all = fill(ngettext("Discard the change kept on this phone? It is kept nowhere else.",
                              "Discard the %(n)s changes kept on this phone? They are kept nowhere else.",
                              queue.changes.length), {n: queue.changes.length});
    ask(all, gettext("Discard"), gettext("Keep")).then((yes) => {
      if (yes) { Queue.update(pk, Rules.discardedAll); }
    });
  } else if (action === "edit" && change) {
    openToFix(change);
  }
}

// A change the server refused opens in its form, with what is wrong beside it; its Save puts it back
// in its place in the queue (static/js/queue.js, "fixing").
function openToFix(change) {
  startFixing(change.token);
  const form = node("form");
  form.method = "post";
  form.action = change.url;
  form.hidden = true;
  const fields = change.fields.concat([["token", change.token], ["action", "batch"],
                                       ["csrfmiddlewaretoken", csrfToken()]]);
  fields.forEach((pair) => {
    const input = document.createElement("input");
    input.type = "hidden"; input.name = pair[0]; input.value = pair[1];
    form.appendChild(input);
  });
  document.body.appendChild(form);
  HTMLFormElement.prototype.submit.call(form);
}

// A page kept on this phone is the page as it was: notices and messages of that moment are gone.
function quietKeptCopy() {
  if (!Queue.keptCopy()) { return; }
  document.querySelectorAll(".hand-notice, .messages").forEach((old) => old.remove());
}

// The choices' buttons are in the standings or just before them (the notice): one listener on their
// container, which the live refresh (an outerHTML swap of #standings) keeps; it hears that swap too.
const standings = document.getElementById("standings");
if (standings) {
  const screen = standings.parentElement;
  screen.addEventListener("click", (event) => {
    const target = event.target.closest("[data-queue-action]");
    if (!target) { return; }
    event.preventDefault();
    act(target.dataset.queueAction, target.dataset.token || "");
  });
  screen.addEventListener("htmx:afterSwap", (event) => {
    if (event.detail.target && event.detail.target.id === "standings") { render(); }
  });
}
const heading = document.getElementById("win-heading");
if (heading) {
  heading.closest("form, main, body").addEventListener("htmx:afterSwap", winHeading);
}

quietKeptCopy();
render();
winHeading();
document.addEventListener("scorekeeper:queue", () => { render(); winHeading(); });
window.addEventListener("online", render);
window.addEventListener("offline", render);

// The win form on the phone: its input wiring. A key's tap is recorded (static/js/taps.js), sent when it
// can be, and drawn meanwhile by the phone itself (static/js/keypad_draw.js); a save is sent as its own
// request, or kept on the phone (static/js/queue.js). Everything works without JavaScript too, each tap a
// page load. Every listener here is on the form (#win-form, which htmx never replaces: it swaps the form's
// body) or on the window, none on the document.
import * as Draw from "./keypad_draw.js";
import * as OtherWins from "./other_wins.js";
import * as Queue from "./queue.js";
import * as Taps from "./taps.js";
import {askPreview, hasHtmx, postWinForm} from "./transport.js";

const form = document.getElementById("win-form");
if (form) { wire(form); }

function wire(form) {
  Taps.onChange(Draw.drawKept);
  OtherWins.wire(form);

  // A page drawn before the latest taps were answered shows the suit last chosen.
  function afterSwap(event) {
    if (event && redrawsForm(event)) { keepTypedMeanwhile(); }
    Draw.notePreview();
    Draw.dropAnchors();
    const suits = Taps.kept().filter((a) => a.indexOf("suit:") === 0);
    if (suits.length) { Draw.showSuit(suits[suits.length - 1].slice(5)); }
    Draw.drawKept();
  }

  function restore() {
    Draw.notePreview();
    Draw.dropAnchors();
    Draw.chooseWinner();
    Draw.foldPeople();
    if (Taps.restore()) {
      if (!navigator.onLine) { OtherWins.restoreWinners(form, Taps.keptFields()); }
      afterSwap();
      Taps.flush();
    }
  }

  // Who won how redraws the form (`.rerender`) from the fields as they were sent. What was typed into Other
  // or a note while that request was on its way would be drawn over, and htmx, giving the focus back, lets
  // the next keys land in the new field: "20" typed fast after tapping the discarder became "0". What
  // changed since the request left is put back into the form drawn.
  let typedWhenSent = null, typedMeanwhile = null;
  function redrawsForm(event) {
    const target = event.detail && event.detail.target;
    return !!target && target.id === "win-form-body";
  }
  function typedValues() {
    const values = {};
    form.querySelectorAll("#win-form-body input[name]:not([type]), #win-form-body input[type=text][name], "
                          + "#win-form-body textarea[name]").forEach((field) => {
      values[field.name] = field.value;
    });
    return values;
  }
  form.addEventListener("htmx:beforeRequest", (event) => {
    if (redrawsForm(event)) { typedWhenSent = typedValues(); }
  });
  form.addEventListener("htmx:beforeSwap", (event) => {
    if (!redrawsForm(event) || !typedWhenSent) { return; }
    const now = typedValues(), sent = typedWhenSent;
    typedWhenSent = null;
    if (!event.detail.shouldSwap) { return; }  // an answer not drawn leaves the form as the player has it
    typedMeanwhile = {};
    Object.keys(now).forEach((name) => {
      if (now[name] !== sent[name]) { typedMeanwhile[name] = now[name]; }
    });
  });
  let putBack = [];
  function keepTypedMeanwhile() {
    const typed = typedMeanwhile;
    typedMeanwhile = null;
    if (!typed) { return; }
    Object.keys(typed).forEach((name) => {
      const field = form.querySelector("#win-form-body [name='" + name + "']");
      if (field && field.value !== typed[name]) { field.value = typed[name]; putBack.push(field); }
    });
  }
  form.addEventListener("htmx:afterSettle", () => {
    // Its preview, as if typed here (htmx's own "changed" would not see it: the field was drawn with it).
    const fields = putBack;
    putBack = [];
    fields.forEach(askPreview);
    // A chip that asks for the losers' points first (their ruleset scores them) brings their card to the
    // top, under no save bar; the first field is focused (autofocus).
    const asked = form.querySelector("#win-form-body .losers-asked");
    if (asked) { asked.closest("section").scrollIntoView({block: "start"}); }
  });
  form.addEventListener("htmx:afterSwap", afterSwap);

  // A figure already in Other (kept from before, or typed before switching ways), or a loser's 0, is replaced
  // by what is typed next, not added to: 20 typed again is 20, never 2020. The tap's own mouseup would drop
  // the selection.
  let justSelected = null;
  form.addEventListener("focusin", (event) => {
    const field = event.target;
    if ((field.id === "figure" || /^loser-\d$/.test(field.id)) && field.value) { field.select(); justSelected = field; }
  });
  form.addEventListener("mouseup", (event) => {
    if (justSelected && event.target === justSelected) { event.preventDefault(); }
    justSelected = null;
  });
  window.addEventListener("online", () => { Draw.notePreview(); Taps.flush(); });
  window.addEventListener("offline", Draw.notePreview);

  function keyOf(target) {
    const button = target && target.closest && target.closest("#win-form button[name=action]");
    if (!button || !hasHtmx()) { return null; }
    const value = button.value || "";
    if (value === "save" || value === "refresh" || value.indexOf("mode:") === 0) { return null; }
    // 一炮多響: another winner's tiles swap in on the server; offline on the phone (static/js/other_tiles.js)
    if (value.indexOf("winner:") === 0 && !navigator.onLine) { return null; }
    return button;
  }

  function tapped(button) {
    if (button.disabled) { return; }
    const value = button.value;
    if (value.indexOf("suit:") === 0) { Draw.showSuit(value.slice(5)); }
    Taps.tap(value);
  }

  // A tap counts when the finger lifts, not on "click": an answer that redraws the keys while a
  // finger is down leaves the browser no element to click (the one pressed is gone), and the tap
  // would be lost. The key now under the lifted finger, if it is the one pressed, takes the tap; the
  // click that follows when nothing was redrawn is then ignored. Keyboard clicks count as before.
  let pressed = null;
  let clickAnswered = false;
  form.addEventListener("pointerdown", (event) => {
    const button = keyOf(event.target);
    clickAnswered = false;
    pressed = button && event.isPrimary
      ? {value: button.value, id: event.pointerId, x: event.clientX, y: event.clientY} : null;
  }, true);
  form.addEventListener("pointercancel", () => { pressed = null; }, true);
  // The lift is heard on the window: a finger pressed on a key may lift off the form.
  window.addEventListener("pointerup", (event) => {
    const start = pressed;
    pressed = null;
    // Hit-tested afresh: the browser aims a lift at the pressed key's parent when that key is gone.
    const button = keyOf(document.elementFromPoint(event.clientX, event.clientY));
    if (!start || !button || event.pointerId !== start.id || button.value !== start.value) { return; }
    if (Math.abs(event.clientX - start.x) > 16 || Math.abs(event.clientY - start.y) > 16) { return; }
    clickAnswered = true;
    tapped(button);
  }, true);

  // Cancel: the taps kept for this hand go with it (the header's Cancel, and the save bar's).
  document.querySelectorAll(".site-header a[data-offline-href]").forEach((link) => {
    link.addEventListener("click", Taps.drop, true);
  });

  form.addEventListener("click", (event) => {
    if (event.target.closest("a[data-offline-href]")) { Taps.drop(); }
    const mode = event.target.closest("#win-form .tabs button[value^='mode:']");
    if (mode && !navigator.onLine) {  // offline the other way is on the page already
      event.preventDefault();
      event.stopPropagation();
      Draw.switchMode(mode.value.slice(5));
      Draw.foldPeople();
      OtherWins.showSwaps(form);
      return;
    }
    const button = keyOf(event.target);
    if (!button) { return; }
    event.preventDefault();
    event.stopPropagation();
    if (clickAnswered && event.detail > 0) { clickAnswered = false; return; }
    tapped(button);
  }, true);

  form.addEventListener("change", (event) => {
    if (event.target.name === "winner") { Draw.hideOwnDiscard(event.target.value); }
    if (event.target.name === "winner" || event.target.name === "how") { Draw.foldPeople(); }
  }, true);

  // A figure chip shows as chosen at once (and stays chosen offline, where a table that confirms first
  // saves it with Save).
  form.addEventListener("click", (event) => {
    const chip = event.target.closest("#win-form button[name=figure_chip], #win-form button.chip-figure");
    if (!chip) { return; }
    if (chip.name === "figure_chip") {
      form.querySelectorAll("button[name=figure_chip]").forEach((other) => {
        other.setAttribute("aria-pressed", other.value === chip.value ? "true" : "false");
      });
      const chosen = form.querySelector(".figure-card input[name=figure]");
      const typed = form.querySelector("input[name=figure_typed]");
      if (chosen) { chosen.value = chip.value; }
      if (typed) { typed.value = ""; }
    }
    // 一炮多響: a chip saves once every winner has a figure; until then it only chooses (offline, here).
    if (!navigator.onLine && (form.hasAttribute("data-confirm") || chipAsksLosersFirst() ||
                              !OtherWins.allChosen(form, chip))) {
      event.preventDefault();
      if (chip.closest(".mode-part[data-mode='tiles']")) { Draw.switchMode("figure"); }
    }
  }, true);

  // A save (Save, a figure chip, "Yes, save it", "Save it as the limit") is sent as its own request, the
  // button's name and value kept with it: tapped while an answer is still redrawing the form (a chip right
  // after the discarder), a plain submit would be queued behind that answer and sent without its button,
  // which the redraw took away — and nothing would be saved. Taps not yet answered go with it, in order.
  // Offline, or on a page without htmx, the form is submitted as usual (static/js/offline.js keeps it on
  // the phone). Where the losers score too, a chip saves only once their points were shown (the server
  // says so with losers_seen): the first tap picks the figure and brings them up.
  function chipAsksLosersFirst() {
    return form.hasAttribute("data-losers-score") && !form.querySelector("input[name=losers_seen]");
  }

  function saves(button) {
    if (OtherWins.isChip(button)) {
      return !form.hasAttribute("data-confirm") && OtherWins.allChosen(form, button);
    }
    return button.value === "save" || button.name === "confirm_figure" || button.name === "save_at_limit" ||
      /^confirm_other_\d$/.test(button.name);
  }

  form.addEventListener("click", (event) => {
    const button = event.target.closest("#win-form button[type=submit]");
    if (!button || !saves(button) || !navigator.onLine || !hasHtmx() || button.disabled) { return; }
    if (Queue.mustWait(form)) { return; }  // behind the hands waiting
    event.preventDefault();
    event.stopPropagation();
    const values = {};
    values[button.name] = button.value;
    const taken = Taps.take();
    if (taken.actions.length) { values.actions = taken.actions; }
    postWinForm(form, values).catch(() => {  // no connection after all: kept on the phone, as a save made offline
      Queue.enqueue(form, button);
    });
  });

  // After htmx has read the page (its own start waits for DOMContentLoaded): the taps kept take up again.
  window.addEventListener("DOMContentLoaded", restore);
}

// 一炮多響 on the win form (templates/tables/_other_wins.html): the other winners on one discard. Both slots
// are on the page, those not open hidden and disabled; "Another player won on this tile too" opens the next
// at once, with no request (offline too). A slot's chip chooses that winner's figure; a chip saves the hand
// only once every winner has one (views/wins.py: _saves), so two winners by figure take six taps. By tiles,
// "Tap {name}'s tiles" switches the keypad to that winner: online the server does it, offline the phone
// (static/js/other_tiles.js).
import {split} from "./keypad_model.js";
import {restoreWinners, showSwaps, swapIn} from "./other_tiles.js";
import {fill} from "./words.js";

export {restoreWinners, showSwaps};

function slots(form) { return Array.from(form.querySelectorAll("fieldset.other-win")); }
function openSlots(form) { return slots(form).filter((slot) => !slot.disabled); }
function field(slot, name) { return slot.querySelector("input[name=" + name + "_" + slot.dataset.other + "]"); }

/** Whether a figure chip is one: the first winner's, or another winner's. */
export function isChip(button) { return !!button && /^(figure_chip|other_chip_\d)$/.test(button.name || ""); }

/** Every winner has a figure (the tapped chip counted): a chip may save. A hand with no other winner open:
 * true, as before (the first winner's chip chooses their figure). */
export function allChosen(form, submitter) {
  const others = openSlots(form);
  if (!others.length) { return true; }
  const tapped = (name) => (submitter && submitter.name === name ? submitter.value : "");
  const typedMain = form.querySelector("input[name=figure_typed]:not(:disabled)");
  const chosenMain = form.querySelector(".figure-card input[name=figure]:not(:disabled)");
  const main = tapped("figure_chip") || (typedMain && typedMain.value.trim()) || (chosenMain && chosenMain.value);
  return !!main && others.every((slot) => {
    const typed = field(slot, "other_figure_typed");
    return !!(tapped("other_chip_" + slot.dataset.other) || (typed && typed.value.trim())
              || field(slot, "other_figure").value);
  });
}

/** The other winners, in words, for the hand's row while it waits on the phone: " and Bob 3 fan". */
export function describeOthers(form, unit) {
  return openSlots(form).map((slot) => {
    const chosen = slot.querySelector("input[type=radio]:checked");
    const typed = field(slot, "other_figure_typed");
    const figure = (typed && typed.value.trim()) || field(slot, "other_figure").value;
    const tiles = figure ? "" : tilesTapped(slot);
    return chosen ? fill(gettext(" and %(winner)s %(figure)s"),
                         {winner: chosen.dataset.name, figure: figure ? figure + " " + unit : tiles || "?"}) : "";
  }).join("");
}

// A winner by tiles (their tiles tapped while they were the one entered): as the first winner's are counted.
function tilesTapped(slot) {
  if (field(slot, "other_mode").value !== "tiles") { return ""; }
  const count = split(field(slot, "other_concealed").value).length
    + (field(slot, "other_winning").value ? 1 : 0)
    + slot.querySelectorAll("input[name=other_meld_" + slot.dataset.other + "]").length * 3;
  return count ? fill(gettext("by tiles (%(count)s tapped)"), {count}) : "";
}

/** A winner is missing a seat or a figure, said before the hand is kept on the phone; "" if none. */
export function problem(form) {
  const missing = openSlots(form).some((slot) => !slot.querySelector("input[type=radio]:checked"));
  return missing ? gettext("Choose who else won on this tile.") : "";
}

function chooseChip(form, chip) {
  const slot = chip.closest("fieldset.other-win");
  if (!slot) { return; }
  slot.querySelectorAll("button.chip-figure").forEach((other) => {
    other.setAttribute("aria-pressed", other === chip ? "true" : "false");
  });
  field(slot, "other_figure").value = chip.value;
  field(slot, "other_mode").value = "figure";
  const tiles = slot.querySelector(".other-tiles");  // by figure now: the server draws no tiles
  if (tiles) { tiles.remove(); }
  const typed = field(slot, "other_figure_typed");
  if (typed) { typed.value = ""; }
}

function openNext(form) {
  const next = slots(form).find((slot) => slot.disabled);
  if (!next) { return; }
  next.disabled = false;
  next.hidden = false;
  const button = form.querySelector("button.another-winner");
  if (button && !slots(form).some((slot) => slot.disabled)) { button.hidden = true; }
  if (!navigator.onLine) { showSwaps(form); }
  const first = next.querySelector("input[type=radio]:not([hidden])");
  if (first) { next.scrollIntoView({block: "nearest"}); }
}

function closeSlot(form, slot) {
  slot.disabled = true;
  slot.hidden = true;
  slot.querySelectorAll("input[type=radio]").forEach((radio) => { radio.checked = false; });
  // What it held goes, as the server drops the slot: its tiles too (a slot opened again starts blank).
  ["other_figure", "other_figure_typed", "other_concealed", "other_winning", "other_bonus"].forEach((name) => {
    const f = field(slot, name);
    if (f) { f.value = ""; }
  });
  field(slot, "other_mode").value = "figure";
  slot.querySelectorAll("input[name=other_meld_" + slot.dataset.other + "], .other-tiles").forEach((node) => {
    node.remove();
  });
  const button = form.querySelector("button.another-winner");
  if (button) { button.hidden = false; }
}

/** The winner's and the discarder's seats are no one else's to win with: hidden in the slots, as the server draws
 * them, also when they change on a form kept offline. */
function hideTaken(form) {
  const taken = ["winner", "how"].map((name) => {
    const chosen = form.querySelector("input[name=" + name + "]:checked");
    return chosen ? chosen.value : "";
  });
  slots(form).forEach((slot) => {
    slot.querySelectorAll("input[type=radio]").forEach((radio) => {
      const label = radio.closest("label");
      label.hidden = taken.indexOf(radio.value) !== -1;
      if (label.hidden) { radio.checked = false; }
    });
  });
}

/** The slots' taps: opening one, and offline a slot's removal and its chips (online those ask the server). */
export function wire(form) {
  form.addEventListener("change", (event) => {
    if (event.target.name === "winner" || event.target.name === "how") { hideTaken(form); }
    if (!navigator.onLine) { showSwaps(form); }
  }, true);
  // The blank form kept for offline use opens on "<name> won" (its ?winner=, static/js/keypad_draw.js).
  window.addEventListener("DOMContentLoaded", () => {
    if (!navigator.onLine) { setTimeout(() => { hideTaken(form); showSwaps(form); }); }
  });
  form.addEventListener("click", (event) => {
    const another = event.target.closest("#win-form button.another-winner");
    if (another) {
      event.preventDefault();
      event.stopPropagation();
      openNext(form);
      return;
    }
    const chip = event.target.closest("#win-form fieldset.other-win button.chip-figure");
    if (chip) { chooseChip(form, chip); }
    // Another winner's tiles are tapped once they are the winner entered: online the server swaps them in.
    const swap = event.target.closest("#win-form fieldset.other-win button[value^='winner:']");
    if (swap && !navigator.onLine) {
      event.preventDefault();
      event.stopPropagation();
      swapIn(form, swap.closest("fieldset.other-win"));
      return;
    }
    const drop = event.target.closest("#win-form button[name=drop_other]");
    if (drop && !navigator.onLine) {
      event.preventDefault();
      event.stopPropagation();
      closeSlot(form, drop.closest("fieldset.other-win"));
    }
  }, true);
}

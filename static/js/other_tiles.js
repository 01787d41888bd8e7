// 一炮多響 without a connection: "Tap {name}'s tiles" switches the keypad to another winner on the phone, with no
// request. The form is left as the server leaves it after the tap `winner:<k>` (entry/win_fields.py:
// WinEntry.swap_in): the taps kept so far written into the keypad's own fields, then the winner being entered and
// the slot's winner trade seats, tiles and way (the one entered until now goes into the slot by tiles); the taps
// start afresh on the new winner's tiles. A save then sends the fields the online form would post after the same
// taps, and the server saves the same hand.
import * as Draw from "./keypad_draw.js";
import * as Model from "./keypad_model.js";
import * as Taps from "./taps.js";
import {fill} from "./words.js";

function inputs(root, name) { return Array.from(root.querySelectorAll("input[name='" + name + "']")); }
function valueOf(root, name) {
  const input = inputs(root, name).filter((i) => !i.disabled)[0];
  return input ? input.value : "";
}
function setAll(root, name, value) { inputs(root, name).forEach((input) => { input.value = value; }); }

// One hidden input a meld (`meld`, `other_meld_<k>`), written anew right after `anchor`.
function writeMelds(anchor, name, melds) {
  inputs(anchor.form, name).forEach((input) => { input.remove(); });
  melds.slice().reverse().forEach((meld) => {
    const input = document.createElement("input");
    input.type = "hidden"; input.name = name; input.value = meld;
    anchor.after(input);
  });
}

// The text the server would hold after the taps: as it was while the tiles are the same (a hand typed in
// "Type the tiles instead" keeps its order), else written as the server writes a tapped hand.
function tilesText(text, codes) {
  return Model.join(Model.split(text)) === Model.join(codes) ? text : Model.join(codes);
}

/** The winner being entered, by tiles, as the kept taps leave them. */
function mine(form) {
  const state = Draw.keptState(true);
  const checked = form.querySelector("input[name=winner]:checked");
  return {winner: checked ? checked.value : "", state,
          concealed: tilesText(valueOf(form, "concealed"), state.concealed), melds: state.melds,
          winning: state.winning, bonus: tilesText(valueOf(form, "bonus"), state.bonus)};
}

/** A slot's winner, as its fields hold them (entry/other_wins.py: others_from_post). */
function theirs(slot) {
  const k = slot.dataset.other;
  const checked = slot.querySelector("input[type=radio]:checked");
  return {winner: checked ? checked.value : "", concealed: valueOf(slot, "other_concealed_" + k),
          melds: inputs(slot, "other_meld_" + k).map((i) => i.value), winning: valueOf(slot, "other_winning_" + k),
          bonus: valueOf(slot, "other_bonus_" + k),
          figure: valueOf(slot, "other_figure_typed_" + k).trim() || valueOf(slot, "other_figure_" + k)};
}

function choose(root, name, value) {
  const radio = root.querySelector("input[name=" + name + "][value='" + value + "']");
  if (radio) { radio.checked = true; }
}

function nameOf(form, seat) {
  const radio = form.querySelector("input[name=winner][value='" + seat + "']");
  return radio ? radio.dataset.name : "";
}

/** A slot's "Tap {name}'s tiles", shown where the server draws it: a winner chosen, the form by tiles. */
export function showSwaps(form) {
  const byTiles = valueOf(form, "mode") === "tiles";
  form.querySelectorAll("fieldset.other-win").forEach((slot) => {
    const button = slot.querySelector("button.other-swap");
    const checked = slot.querySelector("input[type=radio]:checked");
    if (!button) { return; }
    button.hidden = !byTiles || !checked;
    if (checked) { button.textContent = fill(gettext("Tap %(name)s's tiles"), {name: checked.dataset.name}); }
  });
}

// The slot's tiles, drawn as the server draws them, with the words the kept taps have: no score offline.
function drawSlotTiles(slot, hand) {
  const old = slot.querySelector(".other-tiles");
  if (old) { old.remove(); }
  const codes = Model.split(hand.concealed);
  if (!codes.length && !hand.melds.length && !hand.winning) { return; }
  const line = document.createElement("p");
  line.className = "other-tiles";
  line.appendChild(document.createTextNode(gettext("Kept on this phone; scored when the connection returns:") + " "));
  hand.melds.forEach((meld) => {
    Model.meldTiles(meld).forEach((code) => { line.appendChild(Draw.tileFace(code)); });
  });
  codes.forEach((code) => { line.appendChild(Draw.tileFace(code)); });
  if (hand.winning) {
    line.appendChild(document.createTextNode(" + "));
    line.appendChild(Draw.tileFace(hand.winning, "tile-winning"));
  }
  slot.querySelector(".segmented").after(line);
}

/** `winner:<k>` on the phone: the slot's winner becomes the one whose tiles are tapped. */
export function swapIn(form, slot) {
  const me = mine(form), them = theirs(slot), k = slot.dataset.other;
  if (!them.winner) { return; }
  Taps.take();  // written into the fields below: the taps start afresh on the new winner's tiles (Taps.rebase)
  // The slot: the winner entered until now, by tiles.
  choose(slot, "other_winner_" + k, me.winner);
  setAll(slot, "other_concealed_" + k, me.concealed);
  writeMelds(inputs(slot, "other_concealed_" + k)[0], "other_meld_" + k, me.melds);
  setAll(slot, "other_winning_" + k, me.winning);
  setAll(slot, "other_bonus_" + k, me.bonus);
  setAll(slot, "other_mode_" + k, "tiles");
  setAll(slot, "other_figure_" + k, "");
  setAll(slot, "other_figure_typed_" + k, "");
  inputs(slot, "other_confirmed_" + k).forEach((input) => { input.remove(); });
  slot.querySelectorAll("button.chip-figure").forEach((chip) => { chip.setAttribute("aria-pressed", "false"); });
  const label = slot.querySelector(".other-chips-label");
  if (label) {
    label.textContent = fill(gettext("%(name)s's %(unit)s"), {name: nameOf(form, me.winner), unit: form.dataset.unit});
  }
  drawSlotTiles(slot, me);
  // The keypad: the slot's winner, their tiles, the suit kept if their hand takes it.
  const codes = Model.split(them.concealed);
  setAll(form, "concealed", them.concealed);
  writeMelds(inputs(form, "meld_kind")[0], "meld", them.melds);
  setAll(form, "winning_tile", them.winning);
  setAll(form, "bonus", them.bonus);
  setAll(form, "wild", me.state.wild);
  setAll(form, "figure", them.figure);
  setAll(form, "target", codes.length && !them.winning ? "winning" : "hand");
  const suits = me.state.profile.handSuits;
  setAll(form, "suit", suits.indexOf(me.state.suit) !== -1 ? me.state.suit : suits[0]);
  setAll(form, "meld_kind", me.state.meldKind);
  choose(form, "winner", them.winner);
  // Who won how, the slots' seats and their buttons follow the new winner (static/js/other_wins.js, keypad.js).
  form.querySelector("input[name=winner]:checked").dispatchEvent(new Event("change", {bubbles: true}));
  showSwaps(form);
  Taps.rebase();
  Draw.drawForm();
  document.getElementById("tiles-card").scrollIntoView({block: "nearest"});
}

/** The form's winners as the taps kept were made on (`pairs`: the fields kept with them, static/js/taps.js), put
 * back on a page opened again offline (the phone's copy opens blank): once another winner's tiles were switched
 * in, the taps are that winner's, and must not be saved as whoever the blank page names. */
export function restoreWinners(form, pairs) {
  const kept = {};
  pairs.forEach((pair) => { (kept[pair[0]] = kept[pair[0]] || []).push(pair[1]); });
  const one = (name) => (kept[name] || [""])[0];
  const slots = Array.from(form.querySelectorAll("fieldset.other-win"));
  if (!slots.some((slot) => kept["other_" + slot.dataset.other])) { return; }
  choose(form, "how", one("how"));
  slots.forEach((slot) => {
    const k = slot.dataset.other, open = !!kept["other_" + k];
    slot.disabled = !open;
    slot.hidden = !open;
    if (!open) { return; }
    ["mode", "figure", "figure_typed", "concealed", "winning", "bonus"].forEach((name) => {
      setAll(slot, "other_" + name + "_" + k, one("other_" + name + "_" + k));
    });
    const melds = kept["other_meld_" + k] || [];
    writeMelds(inputs(slot, "other_concealed_" + k)[0], "other_meld_" + k, melds);
    choose(slot, "other_winner_" + k, one("other_winner_" + k));
    slot.querySelectorAll("button.chip-figure").forEach((chip) => {
      const on = one("other_mode_" + k) !== "tiles" && chip.value === one("other_figure_" + k);
      chip.setAttribute("aria-pressed", on ? "true" : "false");
    });
    if (one("other_mode_" + k) === "tiles") {
      drawSlotTiles(slot, {concealed: one("other_concealed_" + k), melds, winning: one("other_winning_" + k)});
    }
  });
  const another = form.querySelector("button.another-winner");
  if (another) { another.hidden = slots.every((slot) => !slot.disabled); }
  // The keypad's own fields: the tiles of the winner switched in, as they were when switched
  ["concealed", "winning_tile", "bonus", "wild", "target", "suit", "meld_kind", "figure"].forEach((name) => {
    setAll(form, name, one(name));
  });
  writeMelds(inputs(form, "meld_kind")[0], "meld", kept.meld || []);
  Draw.switchMode(one("mode") || "tiles");
  choose(form, "winner", one("winner"));
  const winner = form.querySelector("input[name=winner]:checked");
  if (winner) { winner.dispatchEvent(new Event("change", {bubbles: true})); }
  showSwaps(form);
  Draw.drawForm();
}

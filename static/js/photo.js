// The keypad filled from a photo of the winner's tiles (issue 38). The phone scales the picture to what the
// reader needs (1280 px on the long side, as JPEG: a third of a megabyte where the camera's own is several),
// sends it once to the server (views/photo.py), which reads it in memory and never keeps it, and puts the
// reading in the hand's fields: the tiles left to right, the rightmost the winning tile, as a player lays a
// hand down. The form is then drawn again by the server (action "refresh"), so the keypad, the count and the
// live score are the usual ones; the tiles the reading was unsure of are marked.
// A tap on a marked tile opens a row of the photo's next guesses for it (the answer's `choices`): one tap
// puts one in the tile's place (the keypad's action swap:..., static/js/keypad_model.js), "None of these"
// takes the tile out as a tap on it does elsewhere. Tiles whose faces look alike in the photo (the answer's
// `alike`: a pung read as 9s is three 9s wrong the same way) are fixed together: the choice replaces every tile
// of the group that still shows the same kind, each in its place. The marks go when the hand is saved or By
// tiles left.
// Offline the button says it needs the connection; the keypad works as before.
import {labelOf, tileFace} from "./keypad_draw.js";
import * as Taps from "./taps.js";
import {csrfToken} from "./transport.js";
import {fill} from "./words.js";

const LONG_SIDE = 1280;
const QUALITY = 0.85;

const form = document.getElementById("win-form");
// The photo's reading as the hand now has it: the concealed tiles in their row's order and the winning tile,
// each {code, doubtful, choices, group} (group: the look-alike label, null for a tile tapped in); null without a
// photo (or once the hand is saved or By tiles left).
let reading = null;
let opened = null;  // the marked tile whose fixes are shown: {entry, where: "hand" or "winning"}
let status = "";

if (form) {
  form.addEventListener("change", (event) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || !input.classList.contains("photo-input")) { return; }
    event.stopPropagation();
    const file = input.files && input.files[0];
    input.value = "";
    if (file) { readPhoto(file); }
  });
  form.addEventListener("htmx:afterSettle", show);
  form.addEventListener("click", tappedFix);
  form.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && opened) { closeFixes(true); }
  });
  // The other way of entry ends the photo's fixes (a save leaves the page); a tap elsewhere closes the row.
  form.addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (button && button.value.indexOf("mode:") === 0) {
      reading = null;
      closeFixes(false);
    } else if (opened && !event.target.closest(".tile-fixes, .tile-fixable")) {
      closeFixes(false);
    }
  }, true);
  window.addEventListener("online", show);
  window.addEventListener("offline", show);
  show();
}

function line() { return form.querySelector(".photo-button"); }

// The button shows where the server reads photos (the line is in the page only then); offline it stays, saying
// why it cannot be used, so the table knows the feature is there.
function show() {
  const here = line();
  if (!here) { return; }
  here.hidden = false;
  const input = here.querySelector(".photo-input");
  input.disabled = !navigator.onLine;
  say(navigator.onLine ? status : gettext("The photo needs the connection: tap the tiles in."));
  markFixable();
}

// The status takes a line only when it has something to say: the keys stay where a thumb expects them.
function say(text) {
  const shown = form.querySelector(".photo-status");
  if (shown) {
    shown.textContent = text;
    shown.hidden = !text;
  }
}

function handButtons() { return Array.from(form.querySelectorAll('.hand-area button[value^="remove:hand:"]')); }
function winningButton() { return form.querySelector('.winning-slot button[value="clear:winning"]'); }
function winningCode() {
  const field = form.querySelector("input[name=winning_tile]:enabled");
  return field ? field.value : "";
}

// The hand as drawn (each answer draws the form anew) matched with the reading: a tile keeps its mark and its
// group at its place in the row, or on a copy of it if taps have sorted the row since (the marked ones placed
// first); a tile no longer there loses them.
function markFixable() {
  if (!reading) { return; }
  const buttons = handButtons();
  const codes = buttons.map((button) => button.value.slice("remove:hand:".length));
  const claimed = codes.map(() => null);
  const place = (entry, i) => {
    const at = codes[i] === entry.code && !claimed[i] ? i : codes.findIndex((c, j) => c === entry.code && !claimed[j]);
    if (at !== -1) { claimed[at] = entry; }
  };
  reading.hand.forEach((entry, i) => { if (entry.doubtful) { place(entry, i); } });
  reading.hand.forEach((entry, i) => { if (!entry.doubtful) { place(entry, i); } });
  reading.hand = codes.map((code, j) => claimed[j] || {code, doubtful: false, choices: [], group: null});
  reading.hand.forEach((entry, j) => { if (entry.doubtful) { fixable(buttons[j], entry, "hand", j); } });
  if (reading.winning && reading.winning.code !== winningCode()) { reading.winning = null; }
  if (reading.winning && reading.winning.doubtful && winningButton()) {
    fixable(winningButton(), reading.winning, "winning", 0);
  }
  const still = opened && (opened.where === "winning" ? reading.winning === opened.entry
    : reading.hand.indexOf(opened.entry) !== -1);
  if (still) { openFixes(opened.entry, opened.where, false); } else { opened = null; }
}

// A marked tile opens its fixes instead of going: the keypad's taps (static/js/keypad.js) are the buttons named
// "action", which this one is no longer.
function fixable(button, entry, where, index) {
  button.classList.add("tile-doubtful", "tile-fixable");
  button.type = "button";
  button.removeAttribute("name");
  button.removeAttribute("formaction");
  button.dataset.fixWhere = where;
  button.dataset.fixIndex = String(index);
  button.setAttribute("aria-expanded", "false");
  button.setAttribute("aria-controls", "tile-fixes");
  button.setAttribute("aria-label", fill(gettext("%(tile)s, marked: the photo's other guesses"),
                                         {tile: labelOf(entry.code)}));
}

function entryOf(button) {
  if (!reading) { return null; }
  return button.dataset.fixWhere === "winning" ? reading.winning : reading.hand[+button.dataset.fixIndex];
}

function tappedFix(event) {
  const tile = event.target.closest(".tile-fixable");
  const fix = event.target.closest(".tile-fixes button");
  if (tile) {
    const entry = entryOf(tile);
    if (!entry) { return; }
    if (opened && opened.entry === entry) { closeFixes(true); } else { openFixes(entry, tile.dataset.fixWhere, true); }
  } else if (fix && opened) {
    choose(fix.dataset.code || "");
  }
}

function openedButton() {
  if (!opened) { return null; }
  return opened.where === "winning" ? winningButton() : handButtons()[reading.hand.indexOf(opened.entry)];
}

// The row of fixes floats under the tile, over the lines below it: the keys never move.
function openFixes(entry, where, focus) {
  closeFixes(false);
  opened = {entry, where};
  const tile = openedButton();
  const card = form.querySelector("#tiles-card");
  if (!tile || !card) { opened = null; return; }
  const row = document.createElement("div");
  row.id = "tile-fixes";
  row.className = "tile-fixes";
  row.setAttribute("role", "group");
  row.setAttribute("aria-label", fill(gettext("The photo's other guesses for %(tile)s"), {tile: labelOf(entry.code)}));
  const many = alikeOf(entry, where).length;
  const used = form.querySelectorAll(".key[disabled]");
  const usedCodes = Array.from(used, (key) => key.value.slice(4));
  entry.choices.filter((code) => code !== entry.code && form.querySelector(`.key[value="add:${code}"]`))
    .forEach((code) => {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "tile-button";
      button.dataset.code = code;
      button.disabled = usedCodes.indexOf(code) !== -1;
      const words = {tile: labelOf(entry.code), choice: labelOf(code), count: many};
      button.setAttribute("aria-label", many > 1
        ? fill(ngettext("Replace %(tile)s with %(choice)s (%(count)s tile)",
                        "Replace %(tile)s with %(choice)s (%(count)s tiles)", many), words)
        : fill(gettext("Replace %(tile)s with %(choice)s"), words));
      button.appendChild(tileFace(code));
      row.appendChild(button);
    });
  const none = document.createElement("button");
  none.type = "button";
  none.className = "chip tile-fixes-none";
  none.textContent = gettext("None of these");
  none.setAttribute("aria-label", fill(gettext("None of these: take %(tile)s out"), {tile: labelOf(entry.code)}));
  row.appendChild(none);
  card.appendChild(row);
  const top = tile.getBoundingClientRect().bottom - card.getBoundingClientRect().top;
  row.style.top = `${Math.round(top)}px`;
  tile.setAttribute("aria-expanded", "true");
  if (focus) { (row.querySelector("button:enabled") || none).focus(); }
}

function closeFixes(focusTile) {
  const row = form.querySelector("#tile-fixes");
  const tile = openedButton();
  if (row) { row.remove(); }
  if (tile) {
    tile.setAttribute("aria-expanded", "false");
    if (focusTile) { tile.focus(); }
  }
  opened = null;
}

// The tiles one choice for this one replaces, in the row's order, the winning tile last: those of its look-alike
// group that still show its kind (itself alone when it has no group), each {entry, where, index}.
function alikeOf(entry, where) {
  const same = (other) => other === entry || (entry.group !== null && entry.group !== undefined
    && other.group === entry.group && other.code === entry.code);
  const found = [];
  reading.hand.forEach((other, index) => { if (same(other)) { found.push({entry: other, where: "hand", index}); } });
  if (reading.winning && same(reading.winning)) { found.push({entry: reading.winning, where: "winning", index: 0}); }
  return found.length ? found : [{entry, where, index: where === "winning" ? 0 : reading.hand.indexOf(entry)}];
}

// One tap: the tile and its look-alikes replaced in their places (or, "None of these", the tile alone taken out
// as any tile is), sent as the keypad's taps are; the answer draws the hand and the live score anew.
function choose(code) {
  const {entry, where} = opened;
  const index = where === "winning" ? 0 : reading.hand.indexOf(entry);
  closeFixes(false);
  if (!code) {
    if (where === "winning") { reading.winning = null; } else { reading.hand.splice(index, 1); }
    Taps.tap(where === "winning" ? "clear:winning" : `remove:hand:${entry.code}`);
  } else {
    const old = entry.code;
    const buttons = handButtons();
    alikeOf(entry, where).forEach((each) => {
      each.entry.code = code;
      each.entry.doubtful = false;
      const tile = each.where === "winning" ? winningButton() : buttons[each.index];
      if (tile) {  // drawn at once; the server's answer draws it again
        tile.classList.remove("tile-doubtful", "tile-fixable");
        if (tile.value === `remove:hand:${old}`) { tile.value = `remove:hand:${code}`; }
        tile.replaceChildren(tileFace(code, each.where === "winning" ? "tile-winning" : ""));
      }
      Taps.tap(`swap:${each.where}:${each.index}:${old}:${code}`);
    });
  }
  if (!reading.hand.concat(reading.winning || []).some((e) => e.doubtful)) {
    status = gettext("Every marked tile is checked.");
    say(status);
  }
}

async function scaled(file) {
  try {
    const bitmap = await createImageBitmap(file, {imageOrientation: "from-image"});
    const ratio = Math.min(1, LONG_SIDE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement("canvas");
    canvas.width = Math.round(bitmap.width * ratio);
    canvas.height = Math.round(bitmap.height * ratio);
    canvas.getContext("2d").drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise((resolve) => { canvas.toBlob(resolve, "image/jpeg", QUALITY); });
    return blob || file;
  } catch {
    return file;  // a picture this browser cannot draw is sent as it is: the server says if it cannot read it
  }
}

async function readPhoto(file) {
  if (!navigator.onLine) { show(); return; }
  status = gettext("Reading the photo…");
  say(status);
  const body = new FormData();
  body.append("photo", await scaled(file), "hand.jpg");
  const wild = form.querySelector("input[name=wild]:enabled");
  if (wild && wild.value) { body.append("wild", wild.value); }
  let answer;
  try {
    const response = await fetch(line().dataset.photoUrl, {
      method: "POST", body, credentials: "same-origin",
      headers: {"X-CSRFToken": csrfToken(), "Accept": "application/json"},
    });
    answer = await response.json().catch(() => ({error: gettext("The server could not read the photo.")}));
    if (!response.ok && !answer.error) { answer = {error: gettext("The server could not read the photo.")}; }
  } catch {
    answer = {error: gettext("The photo needs the connection: tap the tiles in.")};
  }
  if (answer.error) {
    status = answer.error;
    say(status);
    return;
  }
  fillHand(answer);
}

function fillHand(answer) {
  const tiles = answer.tiles || [];
  const complete = answer.missing === 0 && tiles.length > 1;
  // Short of tiles, the rightmost one read may not be the winning tile: the table taps that one in.
  const concealed = complete ? tiles.slice(0, -1) : tiles;
  const winning = complete ? tiles[tiles.length - 1] : "";
  const entries = tiles.map((code, i) => ({code, doubtful: !!answer.doubtful[i],
                                           choices: (answer.choices && answer.choices[i]) || [],
                                           group: answer.alike ? answer.alike[i] : null}));
  closeFixes(false);
  reading = {hand: complete ? entries.slice(0, -1) : entries, winning: complete ? entries[entries.length - 1] : null};
  status = summary(answer, tiles.length);
  const hand = form.querySelector("input[name=concealed]:enabled");
  const winningField = form.querySelector("input[name=winning_tile]:enabled");
  if (!hand || !winningField) { say(status); return; }
  hand.value = concealed.join("");
  winningField.value = winning;
  const refresh = form.querySelector("button[name=action][value=refresh]");
  form.requestSubmit(refresh);
}

function summary(answer, count) {
  if (answer.missing > 0) {
    return fill(ngettext("Read %(count)s tiles; %(missing)s is missing: tap it in.",
                         "Read %(count)s tiles; %(missing)s are missing: tap them in.", answer.missing),
                {count, missing: answer.missing});
  }
  if (!answer.accepted) {
    return fill(gettext("Read %(count)s tiles, but they are not a winning hand as read: check the marked tiles."),
                {count});
  }
  if (answer.doubtful.some(Boolean)) {
    return fill(gettext("Read %(count)s tiles. Check the marked ones: tap one for the photo's other guesses."),
                {count});
  }
  return fill(gettext("Read %(count)s tiles: a winning hand."), {count});
}

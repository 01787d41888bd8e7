// The keypad filled from a photo of the winner's tiles (issue 38). The phone scales the picture to what the
// reader needs (1280 px on the long side, as JPEG: a third of a megabyte where the camera's own is several),
// sends it once to the server (views/photo.py), which reads it in memory and never keeps it, and puts the
// reading in the hand's fields: the tiles left to right, the rightmost the winning tile, as a player lays a
// hand down. The form is then drawn again by the server (action "refresh"), so the keypad, the count and the
// live score are the usual ones; the tiles the reading was unsure of are marked until the next photo.
// Offline the button says it needs the connection; the keypad works as before.
import {csrfToken} from "./transport.js";
import {fill} from "./words.js";

const LONG_SIDE = 1280;
const QUALITY = 0.85;

const form = document.getElementById("win-form");
let doubtfulCodes = [];
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
  markDoubtful();
}

// The status takes a line only when it has something to say: the keys stay where a thumb expects them.
function say(text) {
  const shown = form.querySelector(".photo-status");
  if (shown) {
    shown.textContent = text;
    shown.hidden = !text;
  }
}

function markDoubtful() {
  doubtfulCodes.forEach((code) => {
    form.querySelectorAll(`.hand-area button[value="remove:hand:${code}"]`).forEach((button) => {
      button.classList.add("tile-doubtful");
    });
  });
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
  doubtfulCodes = tiles.filter((code, i) => answer.doubtful[i]);
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
    return fill(gettext("Read %(count)s tiles. Check the marked ones: tap one to take it out."), {count});
  }
  return fill(gettext("Read %(count)s tiles: a winning hand."), {count});
}

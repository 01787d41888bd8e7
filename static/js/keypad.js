// Quick taps on the win form's keypad are never lost, online or off. A tap only records its
// action; the actions recorded while a request is under way go, in order, in the next request
// ("actions"), which the server applies one after the other. Without a connection the taps stay
// on this phone (localStorage, with the form as it was before them) and go when it returns; a
// Save made meanwhile carries them (static/js/offline.js), so the hand saved is the hand tapped.
// A suit tab switches the keys at once: every suit's keys are on the page. Everything works
// without JavaScript too, each tap a page load.
(function () {
  "use strict";
  var pending = [];   // tapped, not yet sent
  var inflight = [];  // sent, the answer not yet on the page
  var base = null;    // the form's fields the kept taps apply to
  var busy = false;
  var restored = false;  // the taps were kept before this page was loaded

  function form() { return document.getElementById("win-form"); }
  function storageKey(f) { return "scorekeeper.taps:" + f.getAttribute("hx-post"); }

  function fields(f) {
    var pairs = [];
    new FormData(f).forEach(function (value, name) {
      if (name !== "action" && name !== "actions") { pairs.push([name, String(value)]); }
    });
    return pairs;
  }

  function keep() {
    var f = form();
    if (!f) { return; }
    var taps = inflight.concat(pending);
    if (taps.length) {
      localStorage.setItem(storageKey(f), JSON.stringify({fields: base, actions: taps}));
    } else {
      localStorage.removeItem(storageKey(f));
    }
    showKept();
  }

  // Offline the hand on screen cannot change (the server draws it): the taps kept are listed here.
  function showKept() {
    var box = document.querySelector("#win-form .kept-taps");
    if (!box) { return; }
    var taps = inflight.concat(pending).filter(function (a) { return a.indexOf("add:") === 0; });
    if (!taps.length || (busy && navigator.onLine)) { box.hidden = true; return; }
    box.textContent = box.dataset.label + " ";
    taps.forEach(function (action) {
      var key = document.querySelector("#win-form button[value='" + action + "']");
      var tile = document.createElement("span");
      tile.className = "kept-tile";
      if (key) { tile.innerHTML = key.innerHTML; } else { tile.textContent = action.slice(4); }
      box.appendChild(tile);
    });
    box.hidden = false;
  }

  /** The taps not yet on the page, and the fields they apply to; handed over to a Save. */
  function takeTaps() {
    var taken = {fields: base, actions: inflight.concat(pending)};
    pending = []; inflight = []; base = null;
    var f = form();
    if (f) { localStorage.removeItem(storageKey(f)); }
    return taken;
  }
  window.scorekeeperKeypad = {take: takeTaps};

  // The fields kept with the taps, as htmx values: they stand for the page's own only after a
  // reload from the phone's copy, when the page may be older than the taps.
  function asValues(pairs) {
    var values = {};
    pairs.forEach(function (pair) {
      if (!(pair[0] in values)) { values[pair[0]] = []; }
      values[pair[0]].push(pair[1]);
    });
    return values;
  }

  function flush() {
    var f = form();
    if (f && pending.length && !base && !busy) { base = fields(f); }
    if (busy || !pending.length || !f || !window.htmx || !navigator.onLine) { keep(); return; }
    busy = true;
    inflight = pending.splice(0, pending.length);
    keep();
    var values = restored ? asValues(base) : {};
    values.action = "batch";
    values.actions = inflight;
    window.htmx.ajax("POST", f.getAttribute("hx-post"), {
      source: f, target: "#win-form-body", swap: "outerHTML", values: values
    }).then(function () {
      inflight = []; base = null; restored = false; busy = false;
      flush();
    }, function () {
      // No connection: the taps go back first in line, kept on the phone.
      pending = inflight.concat(pending); inflight = []; busy = false;
      keep();
    });
  }

  // Without JavaScript each tap reloads the page at the keypad (formaction="...#tiles-card"). Here a
  // tap never navigates, and htmx, which sends a focused button's formaction, would scroll to that
  // anchor after every swap: the anchors are dropped, so the keys stay under the thumb.
  function dropAnchors() {
    document.querySelectorAll("#win-form [formaction*='#']").forEach(function (button) {
      button.setAttribute("formaction", button.getAttribute("formaction").split("#")[0]);
    });
  }

  function showSuit(suit) {
    document.querySelectorAll("#win-form .keys[data-suit]").forEach(function (keys) {
      keys.hidden = keys.dataset.suit !== suit;
    });
    document.querySelectorAll("#win-form .suit-tab[data-suit]").forEach(function (tab) {
      tab.setAttribute("aria-pressed", tab.dataset.suit === suit ? "true" : "false");
    });
  }

  // A page drawn before the latest taps were answered shows the suit last chosen.
  function afterSwap() {
    dropAnchors();
    var suits = inflight.concat(pending).filter(function (a) { return a.indexOf("suit:") === 0; });
    if (suits.length) { showSuit(suits[suits.length - 1].slice(5)); }
    showKept();
  }

  function restore() {
    dropAnchors();
    var f = form();
    if (!f) { return; }
    var kept = null;
    try { kept = JSON.parse(localStorage.getItem(storageKey(f))); } catch (e) { kept = null; }
    if (kept && kept.actions && kept.actions.length) {
      base = kept.fields; pending = kept.actions; restored = true;
      afterSwap();
      flush();
    }
  }

  document.addEventListener("DOMContentLoaded", restore);
  document.addEventListener("htmx:afterSwap", afterSwap);
  window.addEventListener("online", flush);

  function keyOf(target) {
    var button = target && target.closest && target.closest("#win-form button[name=action]");
    if (!button || !window.htmx) { return null; }
    var value = button.value || "";
    if (value === "save" || value === "refresh" || value.indexOf("mode:") === 0) { return null; }
    return button;
  }

  function tapped(button) {
    if (button.disabled) { return; }
    var value = button.value;
    if (!base) { base = fields(form()); }
    if (value.indexOf("suit:") === 0) { showSuit(value.slice(5)); }
    pending.push(value);
    flush();
  }

  // A tap counts when the finger lifts, not on "click": an answer that redraws the keys while a
  // finger is down leaves the browser no element to click (the one pressed is gone), and the tap
  // would be lost. The key now under the lifted finger, if it is the one pressed, takes the tap; the
  // click that follows when nothing was redrawn is then ignored. Keyboard clicks count as before.
  var pressed = null;
  var clickAnswered = false;
  document.addEventListener("pointerdown", function (event) {
    var button = keyOf(event.target);
    clickAnswered = false;
    pressed = button && event.isPrimary
      ? {value: button.value, id: event.pointerId, x: event.clientX, y: event.clientY} : null;
  }, true);
  document.addEventListener("pointercancel", function () { pressed = null; }, true);
  document.addEventListener("pointerup", function (event) {
    var start = pressed;
    pressed = null;
    // Hit-tested afresh: the browser aims a lift at the pressed key's parent when that key is gone.
    var button = keyOf(document.elementFromPoint(event.clientX, event.clientY));
    if (!start || !button || event.pointerId !== start.id || button.value !== start.value) { return; }
    if (Math.abs(event.clientX - start.x) > 16 || Math.abs(event.clientY - start.y) > 16) { return; }
    clickAnswered = true;
    tapped(button);
  }, true);

  document.addEventListener("click", function (event) {
    var button = keyOf(event.target);
    if (!button) { return; }
    event.preventDefault();
    event.stopPropagation();
    if (clickAnswered && event.detail > 0) { clickAnswered = false; return; }
    tapped(button);
  }, true);

  // An online Save tapped before the last taps were answered carries them, in order.
  document.addEventListener("submit", function (event) {
    var f = event.target;
    if (f.id !== "win-form" || !navigator.onLine || !(inflight.length || pending.length)) { return; }
    var taken = takeTaps();
    taken.actions.forEach(function (action) {
      var input = document.createElement("input");
      input.type = "hidden"; input.name = "actions"; input.value = action;
      f.appendChild(input);
    });
  }, true);
})();

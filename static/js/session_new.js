// New session: the first-dealer buttons say who deals, by the names typed above them; a number of hands
// typed chooses "A number of hands" (the form reads it so too).
// The listeners are on the new session form (the names' inputs are in it), not on the document.
import {countedSeat, rollDice, shuffled} from "./dice.js";

var firstName = document.querySelector("input[list='known-players']");
if (firstName) { wire(firstName.form); }

function wire(form) {
  form.addEventListener("input", function (event) {
    var input = event.target;
    if (input.name === "length_hands" && input.value.trim()) {
      var hands = document.querySelector("input[name='length'][value='hands']");
      if (hands) { hands.checked = true; }
      return;
    }
    if (!input.matches || !input.matches("input[list='known-players']")) { return; }
    document.querySelectorAll("[data-name-of='" + input.id + "']").forEach(function (label) {
      label.textContent = input.value.trim().replace(/\s+/g, " ");
    });
  });

  // The keyboard's Next (Enter) in a name goes on to the next seat's name instead of starting the session
  // half filled; North's Go starts it (the form's own Enter).
  form.addEventListener("keydown", function (event) {
    var input = event.target;
    if (event.key !== "Enter" || !input.matches || !input.matches("input[list='known-players']")) { return; }
    var names = Array.prototype.slice.call(document.querySelectorAll("input[list='known-players']"));
    var next = names[names.indexOf(input) + 1];
    if (next) {
      event.preventDefault();
      next.focus();
    }
  });
}

// The seat draw (templates/tables/_seat_draw.html, issue 39.3): the four names dealt the four winds at random,
// or three dice counted counter-clockwise from East for the first dealer, with the browser's cryptographic
// random (dice.js); the table sees the result, then accepts it (the form's names and first dealer are set, as
// if typed and tapped) or draws again. Without JavaScript the section stays hidden and the form is as it was.
// What the rules say: hk-old.md keeps the seat winds by list order all session, the first dealer "chosen by
// dice" (so the draw offers the dice first there, and a wind draw leaves the dealer to them); the other
// rulesets only say the dealer is East and the winds follow in turn order, and are silent on the start, so the
// app does as tables do: whoever draws the East tile sits East and deals first (抓位), or, seats kept, one roll
// of three dice counted from East (1 East, 2 South, 3 West, 4 North, 5 East …) names the first dealer.
var draw = document.getElementById("seat-draw");
if (draw && firstName) { wireDraw(draw, firstName.form); }

function typedNames(form) {
  return Array.prototype.map.call(form.querySelectorAll("input[list='known-players']"), function (input) {
    return input.value.trim().replace(/\s+/g, " ");
  });
}

function wireDraw(section, form) {
  var accepted = null;  // what Accept does: the last draw shown
  var fixed = section.dataset.fixed === "1";

  function show(which) {
    section.querySelectorAll("[data-draw-show]").forEach(function (part) {
      part.hidden = part.dataset.drawShow !== which;
    });
  }

  function drawWinds() {
    var names = typedNames(form);
    if (names.some(function (name) { return !name; })) { show("needs"); return; }
    var order = shuffled(names);
    section.querySelectorAll("[data-drawn-seat]").forEach(function (place) {
      place.textContent = order[Number(place.dataset.drawnSeat)];
    });
    accepted = function () {
      form.querySelectorAll("input[list='known-players']").forEach(function (input, seat) {
        input.value = order[seat];
        input.dispatchEvent(new Event("input", {bubbles: true}));  // the dealer buttons follow the names
      });
      if (!fixed) { chooseDealer(form, 0); }  // whoever drew East deals first
    };
    show("winds");
  }

  function rollForDealer() {
    var values = rollDice(3);
    var total = values.reduce(function (sum, value) { return sum + value; }, 0);
    var seat = countedSeat(total, 0);
    var dice = section.querySelector("[data-dice-values]");
    dice.replaceChildren.apply(dice, values.map(function (value) {
      var die = document.createElement("span");
      die.className = "die";
      die.textContent = String(value);
      return die;
    }));
    dice.setAttribute("aria-label", values.join(", "));
    section.querySelector("[data-dice-total]").textContent = String(total);
    var name = typedNames(form)[seat];
    section.querySelector("[data-drawn-dealer]").textContent = name ||
      form.querySelectorAll("input[list='known-players']")[seat].labels[0].textContent.trim();
    accepted = function () { chooseDealer(form, seat); };
    show("dice");
  }

  section.hidden = false;
  section.addEventListener("click", function (event) {
    var button = event.target.closest("button");
    if (!button) { return; }
    if (button.dataset.draw === "winds") { drawWinds(); }
    if (button.dataset.draw === "dice") { rollForDealer(); }
    if (button.hasAttribute("data-draw-accept") && accepted) {
      accepted();
      accepted = null;
      show("done");
    }
  });
}

function chooseDealer(form, seat) {
  var radio = form.querySelector("input[name='first_dealer'][value='" + seat + "']");
  if (radio) { radio.checked = true; }
}

// The table view's dice (issue 39.3): a tap on Roll rolls three dice here, with the browser's cryptographic
// random (dice.js), and draws them at once for the person who tapped; the server keeps the roll and answers
// with the table view anew, and every other live phone shows it through the live stream (live.js). The server
// only checks and relays the values (services/dice.py). Without htmx the form posts as it is and the server
// rolls.
import {rollDice} from "./dice.js";

function showDice(values) {
  var shown = document.querySelector("#standings [data-dice]");
  if (!shown) { return; }
  var dice = document.createElement("span");
  dice.className = "dice dice-rolling";
  dice.setAttribute("role", "img");
  dice.setAttribute("aria-label", values.join(", "));
  values.forEach(function (value) {
    var die = document.createElement("span");
    die.className = "die";
    die.textContent = String(value);
    dice.appendChild(die);
  });
  shown.replaceChildren(dice);
}

document.addEventListener("submit", function (event) {
  var form = event.target;
  if (!form.matches || !form.matches(".roll-form") || !window.htmx) { return; }
  event.preventDefault();
  var values = rollDice(3);
  showDice(values);
  window.htmx.ajax("POST", form.getAttribute("action"), {
    source: form, target: "#standings", swap: "outerHTML",
    values: {seat: form.elements.seat.value, d1: values[0], d2: values[1], d3: values[2]},
  });
});

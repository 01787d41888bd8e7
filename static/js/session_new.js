// New session: the first-dealer buttons say who deals, by the names typed above them; a number of hands
// typed chooses "A number of hands" (the form reads it so too).
// The listeners are on the new session form (the names' inputs are in it), not on the document.
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

// New session: the first-dealer buttons say who deals, by the names typed above them.
(function () {
  "use strict";
  document.addEventListener("input", function (event) {
    var input = event.target;
    if (!input.matches || !input.matches("input[list='known-players']")) { return; }
    document.querySelectorAll("[data-name-of='" + input.id + "']").forEach(function (label) {
      label.textContent = input.value.trim().replace(/\s+/g, " ");
    });
  });
})();

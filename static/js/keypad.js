// Quick taps on the win form's keypad are never lost. Each tap used to be its own HTMX
// request; a tap landing while the form body was being swapped could vanish with the old
// buttons. Here a tap only records its action; the actions recorded while a request is
// under way go, in order, in the next request ("actions"), which the server applies one
// after the other. Saving, and everything without JavaScript, work as before.
(function () {
  "use strict";
  var pending = [];
  var busy = false;

  function form() { return document.getElementById("win-form"); }

  function flush() {
    var f = form();
    if (busy || !pending.length || !f || !window.htmx) { return; }
    busy = true;
    var actions = pending.splice(0, pending.length);
    var values = {action: "batch", actions: actions};
    window.htmx.ajax("POST", f.getAttribute("hx-post"), {
      source: f, target: "#win-form-body", swap: "outerHTML", values: values
    }).then(function () { busy = false; flush(); }, function () { busy = false; flush(); });
  }

  // Without JavaScript each tap reloads the page at the keypad (formaction="...#tiles-card"). Here a
  // tap never navigates, and htmx, which sends a focused button's formaction, would scroll to that
  // anchor after every swap: the anchors are dropped, so the keys stay under the thumb.
  function dropAnchors() {
    document.querySelectorAll("#win-form [formaction*='#']").forEach(function (button) {
      button.setAttribute("formaction", button.getAttribute("formaction").split("#")[0]);
    });
  }
  document.addEventListener("DOMContentLoaded", dropAnchors);
  document.addEventListener("htmx:afterSwap", dropAnchors);

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("#win-form button[name=action]");
    if (!button || !window.htmx) { return; }
    var value = button.value || "";
    if (value === "save" || value === "refresh" || value.indexOf("mode:") === 0) { return; }
    event.preventDefault();
    event.stopPropagation();
    pending.push(value);
    flush();
  }, true);
})();

// The Share page's Copy buttons. Copy needs JavaScript and a secure page; without them the link is
// there to select by hand.
document.querySelectorAll(".copy-link").forEach(function (button) {
  if (!navigator.clipboard) { return; }
  button.hidden = false;
  button.addEventListener("click", function () {
    navigator.clipboard.writeText(button.dataset.url).then(function () {
      button.textContent = gettext("Copied");
    });
  });
});
document.querySelectorAll(".share-url").forEach(function (input) {
  input.addEventListener("focus", function () { input.select(); });
});

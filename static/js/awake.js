// The session screen stays awake while it is open (Screen Wake Lock): a phone lying on the table does not
// go dark between hands. Where the browser has no wake lock, nothing happens; the lock is asked for again
// when the page comes back into view (a browser lets it go when the page is hidden).
var lock = null;

function keepAwake() {
  if (!("wakeLock" in navigator) || document.visibilityState !== "visible" || lock) { return; }
  navigator.wakeLock.request("screen").then(function (held) {
    lock = held;
    held.addEventListener("release", function () { lock = null; });
  }).catch(function () { lock = null; });  // refused (battery saver, no user gesture yet): the screen may sleep
}

keepAwake();
document.addEventListener("visibilitychange", keepAwake);  // the document's own event
window.addEventListener("click", keepAwake);  // some browsers grant it only after a tap

// A live table: when another phone saves a hand (or rolls the dice), this session screen (or the table view)
// shows it without a reload. The live server tells this phone over one held stream (EventSource,
// scorekeeper/live/) and only then does the phone fetch the standings (#live's data-live, the app's answer as
// it always was: views/live.py). Where the stream cannot be had (no EventSource, no live server behind this
// address: runserver, gunicorn alone, the proxy's 502), the phone asks data-live every two seconds instead,
// a 204 while nothing changed, and tries the stream again later.
import {refreshStandings} from "./transport.js";

var POLL_MS = 2000;
// A stream refused now (the proxy's 502 while the live server restarts) may be had later: it is tried
// again after RETRY_MS, twice as long after each refusal up to RETRY_MAX_MS, the page polling meanwhile.
var RETRY_MS = 30000;
var RETRY_MAX_MS = 300000;
var source = null;
var polling = null;
var retryIn = RETRY_MS;

function live() { return document.getElementById("live"); }

// What the page shows, as the stream names it: the revision its live URL was made for, with the table's last
// roll of the dice when there is one (web/live_token.py's live mark).
function shownRevision() {
  var node = live();
  if (!node || !node.dataset.live) { return ""; }
  return new URL(node.dataset.live, window.location.href).searchParams.get("revision") || "";
}

// The standings anew (data-live names the revision shown: a 204 when it is still the latest).
function refresh() {
  var node = live();
  if (node) { refreshStandings(node); }
}

function poll() {
  if (!polling) { polling = setInterval(refresh, POLL_MS); }
}

function stopPolling() {
  if (polling) { clearInterval(polling); polling = null; }
}

function listen() {
  var node = live();
  if (!node || !node.dataset.events || !window.EventSource) { poll(); return; }
  source = new EventSource(node.dataset.events);
  source.addEventListener("open", function () { stopPolling(); retryIn = RETRY_MS; });
  source.addEventListener("revision", function (event) {
    if (event.data !== shownRevision()) { refresh(); }  // the phone that saved the hand shows it already
  });
  // Its access gone (a revoked link): the poll's 404 says so from here on, as it always did; no retry.
  source.addEventListener("gone", function () {
    source.close();
    source = null;
    poll();
  });
  source.addEventListener("error", function () {
    // A dropped connection is opened again by the browser itself; a refusal (a 204 from the app, a 404,
    // a 502) closes the stream: the page polls, and asks for the stream again later.
    if (source && source.readyState === EventSource.CLOSED) {
      source = null;
      poll();
      setTimeout(listen, retryIn);
      retryIn = Math.min(retryIn * 2, RETRY_MAX_MS);
    }
  });
}

// After htmx has read the page (its own start waits for DOMContentLoaded), as the first refresh needs.
window.addEventListener("DOMContentLoaded", function () {
  if (live()) { listen(); }
});

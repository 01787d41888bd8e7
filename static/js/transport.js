// The network: the queue's request to its endpoint, the question whether the server answers at all, and
// the win form's posts through htmx (the form's fragment swapped in). Nothing here keeps or draws anything.

export function csrfToken() {
  try { return JSON.parse(document.body.getAttribute("hx-headers"))["X-CSRFToken"]; } catch { /* below */ }
  const input = document.querySelector("input[name=csrfmiddlewaretoken]");
  return input ? input.value : "";
}

/** The session's queue endpoint (views/queue.py) given one request's body: the fetch's promise. */
export function postQueue(pk, body) {
  return fetch("/sessions/" + pk + "/queue/", {
    method: "POST", credentials: "same-origin", body: JSON.stringify(body),
    headers: {"Content-Type": "application/json", "X-CSRFToken": csrfToken(), "Accept": "application/json"},
  });
}

/** The server's answer to a HEAD of the offline page, or a rejection when none came within 4 s (a phone
 * "online" in a basement gets no answer). */
export function askServer() {
  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort(), 4000);
  return fetch("/offline/", {method: "HEAD", cache: "no-store", signal: stop.signal})
    .finally(() => clearTimeout(timer));
}

export function hasHtmx() { return !!window.htmx; }

/** The win form posted by htmx with `values`, its answer drawn over the form's body. */
export function postWinForm(form, values) {
  return window.htmx.ajax("POST", form.getAttribute("hx-post"), {
    source: form, target: "#win-form-body", swap: "outerHTML", values,
  });
}

/** A field's preview asked for again, as if typed (its own hx-post). */
export function askPreview(field) {
  const url = field.getAttribute("hx-post");
  if (url && window.htmx) { window.htmx.ajax("POST", url, {source: field, target: "#preview", swap: "outerHTML"}); }
}

/** The standings asked for anew (#live's data-live: a 204 when the revision shown is still the latest). */
export function refreshStandings(node) {
  if (window.htmx) { window.htmx.ajax("GET", node.dataset.live, {target: "#standings", swap: "outerHTML", source: node}); }
}

// A question asked on the page (a <dialog>), not the browser's own box: resolves true for `yes`.
function node(tag, className, text) {
  const element = document.createElement(tag);
  if (className) { element.className = className; }
  if (text !== undefined) { element.textContent = text; }
  return element;
}

export function ask(question, yes, no) {
  return new Promise((resolve) => {
    const dialog = node("dialog", "ask");
    dialog.appendChild(node("p", "", question));
    const row = node("div", "ask-buttons");
    const keep = node("button", "button-secondary", no);
    const go = node("button", "button-danger", yes);
    keep.type = go.type = "button";
    row.appendChild(keep); row.appendChild(go);
    dialog.appendChild(row);
    document.body.appendChild(dialog);
    const answer = (value) => { dialog.close(); dialog.remove(); resolve(value); };
    keep.addEventListener("click", () => answer(false));
    go.addEventListener("click", () => answer(true));
    dialog.addEventListener("cancel", (event) => { event.preventDefault(); answer(false); });
    dialog.showModal();
    keep.focus();
  });
}

// The keyboard focus across a redraw of the new-game form: the form is drawn anew on every
// change, so the control that had the focus is named by a key that survives (its name, or
// what its data says it is, within its seat) and the new control with that key gets it back.

/** A form control's identity across a redraw (its name, or what its data says it is). */
export function controlKey(el) {
  if (!el || el === document.body) return null;
  if (el.name) return `name:${el.name}`;
  const seat = el.closest("[data-seat]")?.dataset.seat ?? "";
  for (const field of ["count", "mode", "colour"]) {
    if (el.dataset?.[field] !== undefined) return `${field}:${el.dataset[field]}:${seat}`;
  }
  if (el.classList?.contains("start")) return "start";
  if (el.tagName === "SUMMARY") return "summary";
  return null;
}

/** The control under `root` with the key `key` (controlKey), or null. */
export function findControl(root, key) {
  if (!key) return null;
  if (key === "start") return root.querySelector("button.start");
  if (key === "summary") return root.querySelector("details.options summary");
  if (key.startsWith("name:")) return root.querySelector(`[name="${CSS.escape(key.slice(5))}"]`);
  const [field, value, seat] = key.split(":");
  const scope = seat ? root.querySelector(`[data-seat="${CSS.escape(seat)}"]`) ?? root : root;
  return scope.querySelector(`[data-${field}="${CSS.escape(value)}"]`);
}

// A row of buttons of which one is chosen: a radio group drawn as buttons (the new-game
// form's player count and mode). Each button carries its value as a data attribute
// (data-count="4"), by which the form finds it again after a redraw (form-focus.js).

import { h } from "../dom.js";

/**
 * @param label  the group's accessible name
 * @param field  the data attribute that holds a button's value ("count", "mode")
 * @param items  [value, text] pairs, in order
 * @param chosen the chosen value
 * @param onPick(value) called when a button is clicked
 */
export function segmented({ label, field, items, chosen, onPick }) {
  const group = h("div", { class: "segmented", role: "radiogroup", "aria-label": label });
  for (const [value, text] of items) {
    group.append(
      h("button", {
        type: "button",
        class: value === chosen ? "chosen" : "",
        role: "radio",
        "aria-checked": value === chosen ? "true" : "false",
        dataset: { [field]: value },
        text,
        onclick: () => onPick(value),
      }),
    );
  }
  return group;
}

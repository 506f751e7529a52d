// The new-game form's house rules: one control per option the game declares (a checkbox for
// a bool, a select for choices, a number within its range for an int), in a box folded by
// default (most games are played by the standard rules, and a long list of checkboxes
// stands between a family and the start button) whose summary says how many rules differ.

import { h } from "../dom.js";
import { pick, t } from "../i18n.js";

/** The control of `option` showing `value`; `onSet(value)` when the player changes it. */
export function optionControl(option, value, onSet) {
  const label = h("span", { text: pick(option.label) });
  if (option.choices) {
    const select = h(
      "select",
      { name: `option-${option.name}`, onchange: (e) => onSet(option.choices[Number(e.target.value)].value) },
      option.choices.map((choice, i) => {
        const item = h("option", { value: String(i), text: pick(choice.label) });
        item.selected = choice.value === value;
        return item;
      }),
    );
    return h("label", { class: "field choice-option" }, label, select);
  }
  if (option.type === "int") {
    const input = h("input", {
      type: "number",
      name: `option-${option.name}`,
      step: 1,
      min: option.min ?? null,
      max: option.max ?? null,
      onchange: (e) => {
        let number = Number.parseInt(e.target.value, 10);
        if (!Number.isFinite(number)) number = option.default;
        if (option.min !== undefined) number = Math.max(option.min, number);
        if (option.max !== undefined) number = Math.min(option.max, number);
        onSet(number);
      },
    });
    input.value = String(value);
    return h("label", { class: "field number-option" }, label, input);
  }
  const box = h("input", {
    type: "checkbox",
    name: `option-${option.name}`,
    onchange: (e) => onSet(e.target.checked),
  });
  box.checked = Boolean(value);
  return h("label", { class: "check" }, box, label);
}

/**
 * The folded box (`details.options`) around the option controls.
 * @param game     the game's /api/games entry (its options and their defaults)
 * @param chosen   the options set so far ({name: value}; a missing one is at its default)
 * @param open     whether the box is unfolded
 * @param onToggle(open) called when the player folds or unfolds it
 * @param controls the options' controls (optionControl)
 */
export function houseRules({ game, chosen, open, onToggle, controls }) {
  const changed = game.options.filter((option) => (chosen[option.name] ?? option.default) !== option.default).length;
  const key = changed === 0 ? "standard" : changed === 1 ? "changed_one" : "changed";
  const summary = t(`web.lobby.rules.${key}`, { n: changed });
  const box = h(
    "details",
    { class: "options", ontoggle: (e) => onToggle(e.target.open) },
    h("summary", {}, h("span", { class: "rules-title", text: t("web.lobby.rules") }), h("span", { class: "hint", text: summary })),
    controls,
  );
  box.open = Boolean(open);
  return box;
}

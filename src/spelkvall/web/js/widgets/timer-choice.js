// The new-game form's turn timer: how long a person may think before the computer plays the
// turn for them (off, seconds or minutes), with a hint saying so.

import { h } from "../dom.js";
import { t } from "../i18n.js";

// The choices (seconds; 0: none).
const TIMERS = [0, 30, 60, 120, 300];

/** The select (`turn-timer`) with `seconds` chosen; `onChange(seconds)` on a new choice. */
export function timerChoice(seconds, onChange) {
  const select = h(
    "select",
    { name: "turn-timer", onchange: (e) => onChange(Number(e.target.value)) },
    TIMERS.map((choice) => {
      const item = h("option", {
        value: String(choice),
        text: choice === 0 ? t("web.lobby.timer.off") : choice < 60 ? t("web.lobby.timer.seconds", { n: choice }) : t("web.lobby.timer.minutes", { n: choice / 60 }),
      });
      item.selected = choice === seconds;
      return item;
    }),
  );
  return h(
    "label",
    { class: "field timer-option" },
    h("span", { text: t("web.lobby.timer") }),
    select,
    h("span", { class: "hint", text: t("web.lobby.timer.hint") }),
  );
}

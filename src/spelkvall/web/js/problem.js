// A page that says what went wrong (no such page, no such game, an invite that leads nowhere),
// with the ways back: the start page and "Mina spel", and any other action the caller adds.

import { h, mount } from "./dom.js";
import { t } from "./i18n.js";

export function problemPage(root, title, text, ...actions) {
  mount(
    root,
    h(
      "section",
      { class: "card problem", role: "alert" },
      h("h1", { text: title }),
      text ? h("p", { text }) : null,
      h(
        "div",
        { class: "problem-actions" },
        ...actions,
        h("a", { class: `button${actions.length ? "" : " primary"}`, href: "/#/", text: t("web.problem.home") }),
        h("a", { class: "button", href: "/#/?mine", text: t("web.problem.my_games") }),
      ),
    ),
  );
}

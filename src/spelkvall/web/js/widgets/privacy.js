// The privacy screen of a shared device in a game with hidden cards: "Lämna över till Bo"
// covers the page until the person whose view it is says it is them, and shows what happened
// since that person last acted (the public log's last lines). When it is up is the match
// page's to say (MatchPage.concealed).

import { swatch } from "../colours.js";
import { h, mount } from "../dom.js";
import { lang, t } from "../i18n.js";

/** What happened since `seat` last acted (the last lines of `log` after its entry), or null. */
function sinceTurn(log, seat) {
  const code = lang();
  let from = 0;
  log.forEach((entry, i) => {
    if (entry.seat === seat) from = i + 1;
  });
  const lines = log.slice(from).flatMap((entry) => entry.text?.[code] ?? entry.text?.sv ?? []);
  if (!lines.length) return null;
  return h(
    "div",
    { class: "privacy-since" },
    h("h3", { text: t("web.privacy.since") }),
    h("ol", {}, lines.slice(-8).map((line) => h("li", { text: line }))),
  );
}

export class PrivacyScreen {
  constructor() {
    this.root = h("div", { class: "privacy-overlay", hidden: true });
  }

  hide() {
    this.root.hidden = true;
  }

  /** Cover the page for `seat` (`name`, `colour`); `onReady()` when that person says so. */
  show({ seat, name, colour, log, onReady }) {
    this.root.hidden = false;
    mount(
      this.root,
      h(
        "div",
        { class: "privacy card", role: "dialog", "aria-modal": "true", "aria-labelledby": "privacy-title", dataset: { seat } },
        colour ? swatch(colour, 40) : null,
        h("h2", { id: "privacy-title", text: t("web.privacy.pass_to", { name }) }),
        h("p", { class: "hint", text: t("web.privacy.hint", { name }) }),
        sinceTurn(log, seat),
        h("button", {
          type: "button",
          class: "primary privacy-ok",
          text: t("web.privacy.ready", { name }),
          onclick: () => onReady(),
        }),
      ),
    );
    this.root.querySelector("button")?.focus();
  }
}

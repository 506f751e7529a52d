// The turn banner at the top of the match page: whose turn it is and what is asked (a live
// region), in the colour of the seat it names, and a link-button to the part of the game's
// rules that covers the phase: "Regler: Auktion och inköp" (on a phone a round "?"; the name
// stays its accessible name). The button is kept, not redrawn, so focus can come back to it.
// What the banner says is the match page's (and the game page's bannerParts()); the parts
// every game's banner uses, a seat's label and who won, are here.

import { colourInfo, swatch } from "../colours.js";
import { h, mount } from "../dom.js";
import { possessive, t } from "../i18n.js";

/** A seat as the banner names it: its colour's shape and its name ("Annas" with
 * `withPossessive`). */
export function seatLabel(state, seat, withPossessive = false) {
  const info = state.seats[seat];
  const name = info?.name ?? t("web.open.free_seat");
  return h(
    "span",
    { class: "who", dataset: { colour: info?.colour ?? "" } },
    info?.colour ? swatch(info.colour, 20) : null,
    h("span", { class: "who-name", text: withPossessive ? possessive(name) : name }),
  );
}

/** Who won ("Anna och Bo vann", each by `label(seat)`), a draw, or just that it is over. */
export function winnerParts(result, label) {
  const winners = result?.winners ?? [];
  if (!winners.length) return [result ? t("web.game.draw") : t("web.game.over")];
  const parts = [];
  winners.forEach((seat, i) => {
    if (i) parts.push(` ${t("web.game.and")} `);
    parts.push(label(seat));
  });
  parts.push(" ", winners.length > 1 ? t("web.game.win_plural") : t("web.game.wins"));
  return parts;
}

export class TurnBanner {
  /** @param onRules(section, button) opens the rules panel at `section` */
  constructor({ onRules }) {
    this.text = h("div", { class: "banner-text", role: "status", "aria-live": "polite" });
    this.rules = h("button", {
      type: "button",
      class: "banner-rules",
      hidden: true,
      "aria-haspopup": "dialog",
      onclick: () => onRules(this.rules.dataset.section, this.rules),
    });
    this.root = h("div", { class: "turn-banner" }, this.text, this.rules);
  }

  /** Show `parts` (text and elements) for seat `seat` (or null) in its `colour` (or none). */
  render(parts, seat, colour) {
    const banner = this.root;
    banner.dataset.colour = colour ?? "";
    banner.classList.toggle("seat-coloured", Boolean(colour));
    if (colour) {
      banner.style.setProperty("--seat-fill", colourInfo(colour).fill);
      banner.style.setProperty("--seat-light", colourInfo(colour).light);
    }
    banner.dataset.seat = seat ?? "";
    mount(this.text, parts);
  }

  /** The link to the rules' section `section` headed `title`; hidden when `title` is null. */
  setRules(section, title) {
    const link = this.rules;
    link.hidden = !title;
    if (!title) {
      delete link.dataset.section;
      return;
    }
    const name = t("web.rules.section", { section: title });
    if (link.dataset.section === section && link.getAttribute("aria-label") === name) return;
    link.dataset.section = section;
    link.setAttribute("aria-label", name);
    link.title = name;
    mount(link, h("span", { class: "banner-rules-mark", "aria-hidden": "true", text: "?" }), h("span", { class: "banner-rules-name", text: name }));
  }
}

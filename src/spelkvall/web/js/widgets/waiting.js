// The card shown instead of the board while a match has not begun: a match called off (with
// the way home), a rematch waiting for each person's yes (who is still missing), or an online
// match waiting for players, with the invite links this browser made for the free seats.

import { loadInvites } from "../api.js";
import { h, mount } from "../dom.js";
import { t } from "../i18n.js";
import { inviteList, reachNote } from "./invites.js";

export class WaitingCard {
  constructor() {
    this.root = h("section", { class: "card waiting", hidden: true });
  }

  /** Show what `state` waits for (`server`: serverInfo, for the invites' address). Returns
   * whether the game's page may add to the card (not to a match called off). */
  render({ state, matchId, server }) {
    const st = state;
    this.root.hidden = false;
    if (st.status === "cancelled") {
      mount(
        this.root,
        h("h2", { text: t("web.host.cancelled") }),
        h("p", { class: "hint", text: t("web.host.cancelled_hint") }),
        h("a", { class: "button primary", href: "#/", text: t("web.problem.home") }),
      );
      return false;
    }
    if (st.rematch_of) {
      // A rematch waits for each person's yes; they say it on the old match's win screen.
      const missing = st.seats.filter((seat) => seat.ready === false).map((seat) => seat.name);
      mount(
        this.root,
        h("h2", { text: t("web.rematch.waiting") }),
        h("p", { class: "hint", text: t("web.rematch.waiting_for", { names: missing.join(", ") }) }),
      );
      return true;
    }
    const invites = loadInvites(matchId).filter((invite) => st.seats[invite.seat]?.name === null);
    mount(
      this.root,
      h("h2", { text: t("web.game.waiting_title") }),
      h("p", { class: "hint", text: invites.length ? t("web.invite.explain") : t("web.game.waiting_hint") }),
      invites.length ? reachNote(server ?? {}) : null,
      invites.length ? inviteList(invites, st.seats, server?.public_url) : null,
    );
    return true;
  }
}

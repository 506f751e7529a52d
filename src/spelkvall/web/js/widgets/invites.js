// Invite links: one per open seat, each with its Copy button and, once somebody took the
// seat, who did; the note that nobody can follow them while the server listens on this
// computer only; and the card the start page shows when an online match was just created.
// The match page's waiting card shows the same list.

import { absoluteUrl, onLoopback, serverInfo } from "../api.js";
import { h, mount } from "../dom.js";
import { t } from "../i18n.js";
import { copyRow } from "./copy-link.js";

/** One invite link per open seat, each with a copy button; `base` is the server's public
 * address (serverInfo), else the page's own. */
export function inviteList(invites, seats, base = null) {
  return h(
    "ul",
    { class: "invite-list" },
    invites.map((invite) => {
      const url = absoluteUrl(invite.url, base);
      const seat = seats?.[invite.seat];
      return h(
        "li",
        { dataset: { seat: invite.seat } },
        h("span", { class: "invite-seat", text: t("web.lobby.player_n", { n: invite.seat + 1 }) }),
        seat && seat.name ? h("span", { class: "joined", text: t("web.invite.joined", { name: seat.name }) }) : null,
        copyRow(url, { class: "invite-url", "aria-label": t("web.invite.link") }),
      );
    }),
  );
}

/** Whether an invite made here can reach anybody: a note when the server listens on this
 * computer only, saying how to change that. */
export function reachNote(server) {
  if (!server.loopback_only || !onLoopback()) return null;
  return h(
    "div",
    { class: "reach-note", role: "note" },
    h("strong", { text: t("web.invite.loopback") }),
    h("p", { text: t("web.invite.loopback_how") }),
    h("code", { text: "make run HOST=0.0.0.0" }),
  );
}

/** The invites of a match just created (`created`: the server's answer), in `section`, with
 * the way on to the match. */
export async function showInvites(section, created) {
  const server = await serverInfo();
  section.hidden = false;
  mount(
    section,
    h("h2", { text: t("web.invite.title") }),
    h("p", { class: "hint", text: t("web.invite.explain") }),
    reachNote(server),
    inviteList(created.invites, null, server.public_url),
    h("a", {
      class: "button primary",
      href: `#/match/${encodeURIComponent(created.match_id)}`,
      text: t("web.invite.go_to_game"),
    }),
  );
}

// The player list of the game page: per seat its palette shape, name, "computer" and "you"
// tags, the team tag ("Lag 1") when the game plays in teams, and a line the game's page adds
// (pieces home, cards in hand); the seats to act now are marked (bold border, a ▶ and
// aria-current), so who is to act is seen without colour. Online, each person's seat says
// whether they are here (a filled dot and "online", or a hollow ring and "borta": a word and a
// shape, not a colour alone), a computer standing in for them, and the host's buttons.

import { colourName, swatch } from "../colours.js";
import { h, mount } from "../dom.js";
import { t } from "../i18n.js";

/** The team number (1, 2, …) of `seat` in `teams` (lists of seats), or null. */
export function teamOf(teams, seat) {
  const i = (teams ?? []).findIndex((members) => members.includes(seat));
  return i < 0 ? null : i + 1;
}

export class PlayerList {
  constructor() {
    this.root = h("ul", { class: "players" });
  }

  /**
   * @param seats   the state object's seat summaries
   * @param current the seats to act now
   * @param you     seats to tag "du" (an online device's own seat)
   * @param teams   lists of seats that play together, or null
   * @param info(seat) → text|null: the game's line for the seat
   * @param online  seats with somebody connected now, or null (presence not shown: one device)
   * @param actions(seat) → element|null: buttons for the seat (the host's)
   */
  render({ seats, current = [], you = [], teams = null, info = () => null, online = null, actions = () => null }) {
    mount(
      this.root,
      seats.map((seat) => {
        const now = current.includes(seat.seat);
        const team = teamOf(teams, seat.seat);
        const line = info(seat.seat);
        const person = !seat.bot && seat.name !== null;
        const here = online?.includes(seat.seat);
        const presence =
          online && person
            ? h(
                "span",
                { class: `presence ${here ? "online" : "offline"}`, title: t(here ? "web.presence.online" : "web.presence.offline") },
                h("span", { class: "presence-dot", "aria-hidden": "true" }),
                h("span", { class: "presence-text", text: t(here ? "web.presence.online" : "web.presence.offline") }),
              )
            : null;
        return h(
          "li",
          {
            class: `player${now ? " current" : ""}`,
            dataset: {
              seat: seat.seat,
              colour: seat.colour ?? "",
              team: team ?? "",
              presence: presence ? (here ? "online" : "offline") : "",
            },
            "aria-current": now ? "true" : null,
            title: seat.colour ? colourName(seat.colour) : null,
          },
          h("span", { class: "turn-mark", "aria-hidden": "true", text: now ? "▶" : "" }),
          seat.colour ? swatch(seat.colour, 18) : null,
          h("span", { class: "player-name", text: seat.name ?? t("web.open.free_seat") }),
          team ? h("span", { class: "tag team", text: t("web.game.team", { n: team }) }) : null,
          seat.bot ? h("span", { class: "tag", text: t("seat.bot") }) : null,
          seat.stand_in ? h("span", { class: "tag stand-in", text: t("web.host.computer_plays") }) : null,
          seat.ready === false ? h("span", { class: "tag not-ready", text: t("web.rematch.not_yet") }) : null,
          you.includes(seat.seat) ? h("span", { class: "tag you", text: t("web.game.you") }) : null,
          presence,
          line ? h("span", { class: "home", text: line }) : null,
          actions(seat.seat),
        );
      }),
    );
  }
}

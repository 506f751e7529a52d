// The start page's list of open online games: per match its game, how many seats are free,
// who sits where, this browser's invite links for the free seats (it made the match) or a
// hint to ask for one, and the way in (open a seat this browser holds, else watch).

import { api, errorText, loadInvites, loadToken, serverInfo } from "../api.js";
import { swatch } from "../colours.js";
import { h, mount } from "../dom.js";
import { pick, t } from "../i18n.js";
import { inviteList } from "./invites.js";

/** "1 ledig plats", "2 lediga platser". */
export function freeSeats(n) {
  return n === 1 ? t("web.open.free_one") : t("web.open.free", { n });
}

function openGame(match, titles, server) {
  const mine = loadToken(match.match_id);
  const invites = mine ? loadInvites(match.match_id).filter((inv) => match.open_seats?.includes(inv.seat)) : [];
  return h(
    "li",
    { class: "open-game", dataset: { match: match.match_id } },
    h("div", { class: "open-head" },
      h("strong", { text: pick(titles[match.game]) || match.game }),
      h("span", { class: "hint", text: freeSeats(match.open_seats?.length ?? 0) }),
    ),
    h(
      "ul",
      { class: "open-seats" },
      match.seats.map((seat) =>
        h(
          "li",
          {},
          seat.colour ? swatch(seat.colour, 14) : null,
          h("span", { text: seat.name ?? t("web.open.free_seat") }),
        ),
      ),
    ),
    invites.length ? inviteList(invites, null, server.public_url) : h("p", { class: "hint", text: t("web.open.ask_for_link") }),
    h("a", {
      class: "button",
      href: `#/match/${encodeURIComponent(match.match_id)}`,
      text: mine ? t("web.open.open") : t("web.open.watch"),
    }),
  );
}

/** Ask the server for the open games and draw them into `section` (`games`: /api/games). */
export async function refreshOpen(section, games) {
  let matches;
  let server;
  try {
    [matches, server] = await Promise.all([api("GET", "/api/matches/open"), serverInfo()]);
  } catch (error) {
    mount(section, h("h2", { text: t("web.open.title") }), h("p", { class: "error", text: errorText(error) }));
    return;
  }
  const titles = Object.fromEntries(games.map((g) => [g.id, g.title]));
  const items = matches.map((match) => openGame(match, titles, server));
  mount(
    section,
    h("h2", { text: t("web.open.title") }),
    items.length ? h("ul", { class: "open-list" }, items) : h("p", { class: "hint", text: t("web.open.none") }),
  );
}

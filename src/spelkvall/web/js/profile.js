// A player's profile (#/profile/<name>): per game the matches played, wins, how often each
// place and the rating with the matches it rests on; the latest finished matches, each with
// everybody's place and a link to its replay (#/replay/<match id>); and the opponents met most
// (people and computer levels; a partner in a team game is no opponent), with how often the
// player finished ahead and behind. A match a computer finished for the player (the host's
// stand-in) is listed too, marked: it counts nowhere else on the page.

import { api, errorText } from "./api.js";
import { h, mount } from "./dom.js";
import { lang, pick, t } from "./i18n.js";
import { loadGames } from "./games.js";
import { gamesText, highscoreLink, profileLink } from "./highscore.js";

export function showProfile({ app, where }) {
  const name = where.name || "";
  const body = h("div", { class: "profile" });
  mount(app, h("h1", { class: "profile-name", text: name }), body);
  Promise.all([api("GET", `/api/profiles/${encodeURIComponent(name)}`), loadGames().catch(() => [])])
    .then(([profile, games]) => draw(app, body, profile, games))
    .catch((error) => mount(body, h("p", { class: "error", text: errorText(error) })));
  return null;
}

function draw(app, body, profile, games) {
  const title = (id) => {
    const game = games.find((g) => g.id === id);
    return game ? pick(game.title) : id;
  };
  const levelName = (gameId, id) => {
    const game = games.find((g) => g.id === gameId) ?? games[0];
    const level = [...(game?.levels ?? []), ...(game?.bots ?? [])].find((l) => l.id === id);
    return level ? pick(level.label) : id;
  };
  const playerName = (gameId, p) =>
    p.name ?? (p.bot ? `${t("web.profile.computer")}: ${levelName(gameId, p.bot)}` : t("web.profile.stand_in"));
  app.querySelector(".profile-name").textContent = profile.name;
  const when = new Intl.DateTimeFormat(lang() === "sv" ? "sv-SE" : "en-GB", { dateStyle: "medium", timeStyle: "short" });
  const placeList = (places) =>
    Object.entries(places)
      .map(([place, n]) => t("web.profile.place_times", { place, n }))
      .join(", ");
  const gamesTable = h(
    "table",
    { class: "scores profile-games" },
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        h("th", { scope: "col", text: t("web.profile.game") }),
        h("th", { scope: "col", class: "num", text: t("web.highscore.rating") }),
        h("th", { scope: "col", class: "num", text: t("web.highscore.played") }),
        h("th", { scope: "col", class: "num", text: t("web.highscore.wins") }),
        h("th", { scope: "col", class: "places", text: t("web.profile.places") }),
      ),
    ),
    h(
      "tbody",
      {},
      profile.games.map((g) =>
        h(
          "tr",
          { dataset: { game: g.game } },
          h(
            "td",
            { class: "name" },
            h("a", { href: highscoreLink({ game: g.game, sort: "rating" }), text: title(g.game) }),
            // A phone has no room for the places column: they go under the name.
            h("span", { class: "places-inline hint", text: placeList(g.places) }),
          ),
          h(
            "td",
            { class: "num rating" },
            g.rating
              ? [
                  h("span", { class: "rating-value", text: String(g.rating.shown) }),
                  " ",
                  h("span", { class: "rating-games", text: gamesText(g.rating.games) }),
                ]
              : "–",
          ),
          h("td", { class: "num played", text: String(g.played) }),
          h("td", { class: "num wins", text: String(g.wins) }),
          h("td", { class: "places", text: placeList(g.places) }),
        ),
      ),
    ),
  );
  const recent = h(
    "ol",
    { class: "recent-matches" },
    profile.recent.map((m) =>
      h(
        "li",
        {
          class: m.not_counted ? "stood-in" : null,
          dataset: m.not_counted ? { match: m.match_id, notCounted: m.not_counted } : { match: m.match_id },
        },
        h("strong", { text: title(m.game) }),
        " · ",
        m.finished_at ? when.format(new Date(m.finished_at)) : "",
        " · ",
        h("span", {
          class: m.won ? "outcome won" : "outcome",
          text: m.won ? t("web.profile.won") : t("web.profile.place", { place: m.place ?? "–" }),
        }),
        m.not_counted
          ? h(
              "div",
              { class: "computer-finished" },
              h("span", { class: "tag stand-in", text: t("web.profile.computer_finished") }),
              " ",
              h("span", { class: "hint", text: t("web.profile.computer_finished_note") }),
            )
          : null,
        h(
          "div",
          { class: "hint match-players" },
          // The person's own seat a computer finished: their name, and that it finished.
          m.players
            .map((p, seat) => (m.not_counted && seat === m.seat ? { ...p, name: `${profile.name} ${t("web.profile.stand_in")}` } : p))
            .sort((a, b) => (a.place ?? 99) - (b.place ?? 99))
            .map((p) => `${p.place ?? "–"}. ${playerName(m.game, p)}`)
            .join(", "),
        ),
        h("a", { class: "replay-link", href: `#/replay/${encodeURIComponent(m.match_id)}`, text: t("web.profile.replay") }),
      ),
    ),
  );
  const opponents = h(
    "table",
    { class: "scores head-to-head" },
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        h("th", { scope: "col", text: t("web.profile.opponent") }),
        h("th", { scope: "col", class: "num", text: t("web.profile.met") }),
        h("th", { scope: "col", class: "num", text: t("web.profile.ahead") }),
        h("th", { scope: "col", class: "num", text: t("web.profile.behind") }),
      ),
    ),
    h(
      "tbody",
      {},
      profile.opponents.map((o) =>
        h(
          "tr",
          {},
          h(
            "td",
            { class: "name" },
            o.bot ? `${t("web.profile.computer")}: ${levelName(null, o.bot)}` : h("a", { href: profileLink(o.name), text: o.name }),
          ),
          h("td", { class: "num", text: String(o.met) }),
          h("td", { class: "num", text: String(o.ahead) }),
          h("td", { class: "num", text: String(o.behind) }),
        ),
      ),
    ),
  );
  mount(
    body,
    h("section", { class: "card" }, h("h2", { text: t("web.profile.games") }), h("div", { class: "table-scroll" }, gamesTable),
      h("p", { class: "hint", text: t("web.highscore.rating_note") })),
    h("section", { class: "card" }, h("h2", { text: t("web.profile.opponents") }),
      profile.opponents.length ? h("div", { class: "table-scroll" }, opponents) : h("p", { class: "hint", text: t("web.profile.nobody") })),
    h("section", { class: "card" }, h("h2", { text: t("web.profile.recent") }), recent),
  );
}

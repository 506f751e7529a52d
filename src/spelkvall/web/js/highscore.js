// The highscore list (#/highscore?game=<id>&sort=wins|rating&period=all|30d|7d): people by
// wins or by rating, overall or for one game, of all time or the last days, with the rating
// (a game's only: there is none across games) beside wins and the matches it rests on. The
// computer levels have a list of their own below, so a person can see how they compare with
// "Svår". A name leads to its profile (#/profile/<name>). A place number goes to those who
// have won (by wins) or have a rating (by rating). "Spelade" and the rating's "(n spel)" count
// the same matches (finished, counted, once each); a line under the list says so.

import { api, errorText } from "./api.js";
import { h, mount } from "./dom.js";
import { lang, pick, t } from "./i18n.js";
import { loadGames } from "./games.js";

const PERIODS = ["all", "30d", "7d"];

export function highscoreLink({ game = "", sort = "wins", period = "all" } = {}) {
  const params = new URLSearchParams();
  if (game) params.set("game", game);
  if (sort !== "wins") params.set("sort", sort);
  if (period !== "all") params.set("period", period);
  const query = params.toString();
  return query ? `#/highscore?${query}` : "#/highscore";
}

/** "(3 spel)" / "(3 games)", "(1 game)": the matches a rating rests on. */
export function gamesText(n) {
  return t(n === 1 ? "web.highscore.rating_one_game" : "web.highscore.rating_games", { n });
}

export function profileLink(name) {
  return `#/profile/${encodeURIComponent(name)}`;
}

function segmented(label, className, choices, chosen) {
  return h(
    "div",
    { class: "control-group" },
    h("span", { class: "control-label", "aria-hidden": "true", text: label }),
    h(
      "nav",
      { class: `segmented tabs ${className}`, "aria-label": label },
      choices.map(([value, text, href]) =>
        h("a", {
          href,
          class: value === chosen ? "chosen" : "",
          "aria-current": value === chosen ? "page" : null,
          dataset: { value },
          text,
        }),
      ),
    ),
  );
}

export function showHighscore({ app, where }) {
  const game = where.game || "";
  const period = PERIODS.includes(where.period) ? where.period : "all";
  // There is no rating across games: the list of all games is by wins.
  const sort = game && where.sort === "rating" ? "rating" : "wins";
  const here = { game, sort, period };
  const tabs = h("nav", { class: "segmented tabs games-tabs", "aria-label": t("web.highscore.choose") });
  const controls = h(
    "div",
    { class: "highscore-controls" },
    game
      ? segmented(t("web.highscore.sort_by"), "sort-tabs", [
          ["wins", t("web.highscore.by_wins"), highscoreLink({ ...here, sort: "wins" })],
          ["rating", t("web.highscore.by_rating"), highscoreLink({ ...here, sort: "rating" })],
        ], sort)
      : null,
    segmented(
      t("web.highscore.period"),
      "period-tabs",
      PERIODS.map((p) => [p, t(`web.highscore.period.${p}`), highscoreLink({ ...here, period: p })]),
      period,
    ),
  );
  // Busy until the people's list has come: a reader (and a test) can tell "loading" from "empty".
  const body = h("section", { class: "card highscore", "aria-busy": "true" });
  const bots = h("section", { class: "card highscore-computers", "aria-labelledby": "computers-title", hidden: true });
  mount(app, h("h1", { text: t("web.highscore.title") }), tabs, controls, body, bots);
  let games = [];
  const gamesLoaded = loadGames()
    .then((list) => {
      games = list;
      const choices = [["", t("web.highscore.overall")], ...list.map((g) => [g.id, pick(g.title)])];
      mount(
        tabs,
        choices.map(([id, label]) =>
          h("a", {
            href: highscoreLink({ ...here, game: id, sort: id ? sort : "wins" }),
            class: id === game ? "chosen" : "",
            "aria-current": id === game ? "page" : null,
            dataset: { game: id },
            text: label,
          }),
        ),
      );
    })
    .catch(() => {}); // the list shows without the tabs; level names are then their ids
  const query = new URLSearchParams({ sort, period });
  if (game) query.set("game", game);
  const levelName = (id) => {
    const info = games.find((g) => g.id === game) ?? games[0];
    const level = [...(info?.levels ?? []), ...(info?.bots ?? [])].find((l) => l.id === id);
    return level ? pick(level.label) : id;
  };
  const computers = new URLSearchParams(query);
  computers.set("computers", "true");
  // The people's list first: the computers' table never stands alone on the page, so the
  // first table is always the people's.
  api("GET", `/api/highscore?${query}`)
    .then((rows) => draw(body, rows, here, false))
    .catch((error) => mount(body, h("p", { class: "error", text: errorText(error) })))
    .finally(() => body.removeAttribute("aria-busy"))
    .then(() => Promise.all([api("GET", `/api/highscore?${computers}`), gamesLoaded]))
    .then(([rows]) => {
      bots.hidden = false;
      mount(bots, h("h2", { id: "computers-title", text: t("web.highscore.computers_title") }));
      if (!rows.length) bots.append(h("p", { class: "hint", text: t("web.highscore.computers_empty") }));
      else draw(bots, rows.map((r) => ({ ...r, name: levelName(r.bot) })), here, true);
    })
    .catch(() => mount(bots));
  return null;
}

function rankBy(rows, sort) {
  // Places in the server's order; equal on what it sorted by, equal place.
  const key = (row) => (sort === "rating" ? `${row.rating}` : `${row.wins}/${row.played}`);
  const places = [];
  rows.forEach((row, i) => {
    places.push(i > 0 && key(row) === key(rows[i - 1]) ? places[i - 1] : i + 1);
  });
  const placed = (row) => (sort === "rating" ? row.rating !== null : row.wins > 0);
  return rows.map((row, i) => (placed(row) ? String(places[i]) : "–"));
}

function draw(body, rows, { game, sort, period }, computers) {
  const notes = [];
  // What "Spelade" counts, and that the rating's "(n spel)" counts the same matches.
  if (!computers) {
    const played = game ? "web.highscore.played_rating_note" : "web.highscore.played_note";
    notes.push(h("p", { class: "hint played-note", text: t(played) }));
  }
  if (!computers) notes.push(h("p", { class: "hint highscore-note", text: t("web.highscore.computers") }));
  if (game && !computers) notes.push(h("p", { class: "hint rating-note", text: t("web.highscore.rating_note") }));
  if (game && period !== "all") notes.push(h("p", { class: "hint", text: t("web.highscore.rating_now") }));
  if (!rows.length) {
    body.append(h("p", { class: "hint", text: t("web.highscore.empty") }), ...notes);
    return;
  }
  const places = rankBy(rows, sort);
  const number = lang() === "sv" ? "sv-SE" : "en-GB";
  const percent = new Intl.NumberFormat(number, { style: "percent", maximumFractionDigits: 0 });
  const ratingCell = (row) =>
    row.rating === null
      ? h("td", { class: "num rating", text: "–" })
      : h(
          "td",
          { class: "num rating" },
          h("span", { class: "rating-value", text: String(row.rating) }),
          " ",
          h("span", { class: "rating-games", text: gamesText(row.rating_games) }),
        );
  body.append(
    h(
      "div",
      { class: "table-scroll" },
      h(
      "table",
      { class: `scores ${computers ? "computers" : "people"}` },
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          h("th", { scope: "col", text: "#" }),
          h("th", { scope: "col", text: t(computers ? "web.highscore.level" : "web.highscore.name") }),
          game ? h("th", { scope: "col", class: "num", text: t("web.highscore.rating") }) : null,
          h("th", { scope: "col", class: "num", text: t("web.highscore.wins") }),
          h("th", { scope: "col", class: "num", text: t("web.highscore.played") }),
          h("th", { scope: "col", class: "num rate", text: t("web.highscore.win_rate") }),
        ),
      ),
      h(
        "tbody",
        {},
        rows.map((row, i) =>
          h(
            "tr",
            {},
            h("td", { class: "place", text: places[i] }),
            computers
              ? h("td", { class: "name", text: row.name })
              : h("td", { class: "name" }, h("a", { href: profileLink(row.name), text: row.name })),
            game ? ratingCell(row) : null,
            h("td", { class: "num wins", text: String(row.wins) }),
            h("td", { class: "num played", text: String(row.played) }),
            h("td", { class: "num rate", text: percent.format(row.win_rate) }),
          ),
        ),
      ),
      ),
    ),
    ...notes,
  );
}

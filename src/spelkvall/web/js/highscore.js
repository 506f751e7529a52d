// The highscore list (#/highscore?game=<id>): people by wins, games played and win rate,
// overall or for one game. Only people with a finished game are listed; a place number goes
// to those who have won (nobody is "1." with no win), and the page says that computers are
// not listed, even when one won.

import { api, errorText } from "./api.js";
import { h, mount } from "./dom.js";
import { lang, pick, t } from "./i18n.js";
import { loadGames } from "./games.js";

export function showHighscore({ app, where }) {
  const game = where.game || "";
  const tabs = h("nav", { class: "segmented tabs", "aria-label": t("web.highscore.choose") });
  const body = h("section", { class: "card highscore" });
  mount(app, h("h1", { text: t("web.highscore.title") }), tabs, body);
  loadGames()
    .then((games) => {
      const choices = [["", t("web.highscore.overall")], ...games.map((g) => [g.id, pick(g.title)])];
      mount(
        tabs,
        choices.map(([id, label]) =>
          h("a", {
            href: id ? `#/highscore?game=${encodeURIComponent(id)}` : "#/highscore",
            class: id === game ? "chosen" : "",
            "aria-current": id === game ? "page" : null,
            dataset: { game: id },
            text: label,
          }),
        ),
      );
    })
    .catch(() => {});
  const query = game ? `?game=${encodeURIComponent(game)}` : "";
  api("GET", `/api/highscore${query}`)
    .then((rows) => draw(body, rows))
    .catch((error) => mount(body, h("p", { class: "error", text: errorText(error) })));
  return null;
}

function draw(body, rows) {
  const note = h("p", { class: "hint highscore-note", text: t("web.highscore.computers") });
  if (!rows.length) {
    mount(body, h("p", { class: "hint", text: t("web.highscore.empty") }), note);
    return;
  }
  // Places in the server's order (wins, then fewer games); equal on both, equal place; no
  // place without a win.
  const places = [];
  rows.forEach((row, i) => {
    const same = i > 0 && row.wins === rows[i - 1].wins && row.played === rows[i - 1].played;
    places.push(same ? places[i - 1] : i + 1);
  });
  const percent = new Intl.NumberFormat(lang() === "sv" ? "sv-SE" : "en-GB", { style: "percent", maximumFractionDigits: 0 });
  mount(
    body,
    h(
      "table",
      { class: "scores" },
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          h("th", { scope: "col", text: "#" }),
          h("th", { scope: "col", text: t("web.highscore.name") }),
          h("th", { scope: "col", class: "num", text: t("web.highscore.wins") }),
          h("th", { scope: "col", class: "num", text: t("web.highscore.played") }),
          h("th", { scope: "col", class: "num", text: t("web.highscore.win_rate") }),
        ),
      ),
      h(
        "tbody",
        {},
        rows.map((row, i) =>
          h(
            "tr",
            {},
            h("td", { class: "place", text: row.wins > 0 ? String(places[i]) : "–" }),
            h("td", { class: "name", text: row.name }),
            h("td", { class: "num wins", text: String(row.wins) }),
            h("td", { class: "num played", text: String(row.played) }),
            h("td", { class: "num rate", text: percent.format(row.win_rate) }),
          ),
        ),
      ),
    ),
    note,
  );
}

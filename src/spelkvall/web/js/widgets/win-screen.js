// The win screen over the board once a match is over: a star with the winner's piece, who
// won (or a draw), the game's line of recap, the places (shared ones said; a game that ranks
// only its winner says so) with each score as the server writes it, why the result does not
// count in the highscore list, "Spela igen" (the same players and seats; online each person
// says yes, and the screen shows who has), a small chance-to-win graph with the turning point
// (chance-graph.js; computed by the server once the match is over), and the ways on: the
// highscores, a new game, the replay, or the board itself (the screen closes for good).

import { shape, swatch } from "../colours.js";
import { h, mount, s } from "../dom.js";
import { lang, pick, t } from "../i18n.js";
import { ChanceGraph, loadChances } from "./chance-graph.js";
import { formatScore } from "./scores.js";

/** A gold star with the winner's piece in it (drawn, so no emoji font is needed). */
function trophy(colour) {
  const points = [];
  for (let i = 0; i < 10; i++) {
    const r = i % 2 ? 19 : 40;
    const a = (Math.PI / 5) * i - Math.PI / 2;
    points.push(`${(r * Math.cos(a)).toFixed(1)},${(r * Math.sin(a)).toFixed(1)}`);
  }
  return s(
    "svg",
    { class: "trophy", viewBox: "-44 -44 88 88", width: 88, height: 88, "aria-hidden": "true" },
    s("polygon", { points: points.join(" "), fill: "#f4b400", stroke: "#8a5a00", "stroke-width": 3 }),
    colour ? shape(colour, 11) : null,
  );
}

/** The places, best first, each with its score (and "delad" where a place is shared). */
function ranking(st, names, onlyWinner) {
  const places = st.result?.places ?? [];
  const scores = st.result?.scores ?? null;
  // Each score with its unit as the server writes it ("£1 200", "12 poäng").
  const scoreTexts = st.result?.score_texts?.[lang()] ?? st.result?.score_texts?.sv ?? null;
  const scoreText = (seat) => scoreTexts?.[seat] ?? formatScore(scores[seat]);
  const shared = new Set((st.result?.ranking ?? []).filter((group) => group.length > 1).flat());
  const order = st.seats.map((seat) => seat.seat).sort((a, b) => (places[a] ?? 9) - (places[b] ?? 9));
  return h(
    "ol",
    { class: "ranking" },
    order.map((seat) =>
      h(
        "li",
        { dataset: { seat, place: places[seat] ?? "" } },
        swatch(st.seats[seat].colour, 14),
        h("span", { class: "ranking-place", text: `${places[seat] ?? "–"}.` }),
        h("span", { class: "ranking-name", text: names[seat] }),
        shared.has(seat) && !onlyWinner ? h("span", { class: "hint shared", text: t("web.win.shared") }) : null,
        scores ? h("span", { class: "ranking-score", text: scoreText(seat) }) : null,
      ),
    ),
  );
}

/** "Spela igen": the same players and seats. Online each person says yes; the win screen
 * shows who has. `onPlayAgain(button)` asks the server for the rematch. */
function rematchPart(st, names, onPlayAgain) {
  const rematch = st.rematch;
  const people = st.you.filter((seat) => !st.seats[seat]?.bot);
  const link = (text) => h("a", { class: "button primary rematch-link", href: `#/match/${encodeURIComponent(rematch.match_id)}`, text });
  if (!people.length) {
    return rematch ? h("div", { class: "rematch-box" }, link(t("web.rematch.watch"))) : null;
  }
  const ready = rematch?.ready ?? [];
  const yes = people.every((seat) => ready.includes(seat));
  const others = st.seats.filter((seat) => !seat.bot && !people.includes(seat.seat));
  const said = others.filter((seat) => ready.includes(seat.seat)).map((seat) => names[seat.seat]);
  const waiting = others.filter((seat) => !ready.includes(seat.seat)).map((seat) => names[seat.seat]);
  const lines = [];
  if (rematch && yes) {
    lines.push(h("p", { class: "rematch-state", text: waiting.length ? t("web.rematch.you_said_yes", { names: waiting.join(", ") }) : t("web.rematch.all_yes") }));
    lines.push(link(t("web.rematch.go")));
  } else {
    if (said.length) lines.push(h("p", { class: "rematch-state", text: t("web.rematch.they_want", { names: said.join(", ") }) }));
    lines.push(
      h("button", {
        type: "button",
        class: "button primary rematch",
        text: t(rematch ? "web.rematch.accept" : "web.rematch.again"),
        onclick: (e) => onPlayAgain(e.target),
      }),
    );
    if (!rematch && others.length) lines.push(h("p", { class: "hint", text: t("web.rematch.each_says_yes") }));
  }
  return h("div", { class: "rematch-box" }, lines);
}

export class WinScreen {
  /** @param onPlayAgain(button) asks for a rematch ("Spela igen") */
  constructor({ onPlayAgain }) {
    this.onPlayAgain = onPlayAgain;
    this.root = h("div", { class: "win-overlay", hidden: true });
    this.closed = false; // the player chose to see the board
  }

  /** The small chance graph of the match, asked for once (the server computes it once). */
  chances(st, names, matchId) {
    if (!matchId || !st.result?.winners?.length) return null;
    if (this.graphFor !== matchId) {
      this.graphFor = matchId;
      const graph = (this.graph = new ChanceGraph({ small: true }));
      const seats = st.seats.map((seat, i) => ({ ...seat, name: names[i] ?? seat.name }));
      loadChances(matchId, null, (progress) => graph.setComputing(progress), () => this.graph === graph && this.root.isConnected)
        .then((series) => series && graph.setSeries(series, seats))
        .catch(() => (graph.root.hidden = true)); // no graph (a game that cannot): no word of it
    }
    return this.graph.root;
  }

  /** The ways on from the win screen: highscores, a new game, the replay, the board. */
  actions(st, matchId) {
    return h(
      "div",
      { class: "win-actions" },
      h("a", { class: "button", href: `#/highscore?game=${encodeURIComponent(st.game)}`, text: t("web.win.highscore") }),
      h("a", { class: "button", href: "#/", text: t("web.win.new_game") }),
      h("a", { class: "button replay-open", href: `#/replay/${encodeURIComponent(matchId)}`, text: t("web.win.replay") }),
      h("button", {
        type: "button",
        class: "button show-board",
        text: t("web.win.show_board"),
        onclick: () => {
          this.closed = true;
          this.root.hidden = true;
        },
      }),
    );
  }

  /**
   * Show the screen while `state` is over (unless the player closed it), else hide it.
   * @param names   every seat's name
   * @param title() → the heading's parts: who won, or a draw
   */
  render({ state, names, title, matchId }) {
    const st = state;
    if (st.status !== "over" || this.closed) {
      this.root.hidden = true;
      return;
    }
    const winner = st.result?.winners?.[0];
    const recap = pick(st.result?.recap);
    const notCounted = st.not_counted ?? [];
    const ranks = st.result?.ranking ?? [];
    // A game that ranks only its winner says so, rather than calling everybody else second.
    const onlyWinner = winner !== undefined && ranks.length === 2 && ranks[1].length > 1;
    const appearing = this.root.hidden;
    this.root.hidden = false;
    mount(
      this.root,
      h(
        "div",
        {
          class: "win card",
          role: "dialog",
          "aria-modal": "true",
          "aria-labelledby": "win-title",
          "aria-describedby": recap ? "win-recap" : null,
        },
        winner !== undefined ? trophy(st.seats[winner].colour) : null,
        h("h2", { id: "win-title", class: `win-title${winner === undefined ? " draw" : ""}` }, title()),
        recap ? h("p", { class: "win-recap", id: "win-recap", text: recap }) : null,
        ranking(st, names, onlyWinner),
        onlyWinner ? h("p", { class: "hint ranking-note", text: t("web.win.only_winner", { place: 2 }) }) : null,
        // Why the result does not count in the highscore list, for nobody or for one person.
        notCounted.length
          ? h(
              "ul",
              { class: "not-counted" },
              notCounted.map((reason) =>
                h("li", { dataset: { reason: reason.reason, seat: reason.seat ?? "" }, text: pick(reason.text) }),
              ),
            )
          : null,
        this.chances(st, names, matchId),
        rematchPart(st, names, this.onPlayAgain),
        this.actions(st, matchId),
      ),
    );
    if (appearing) this.root.querySelector("button.rematch, a.button")?.focus({ preventScroll: true });
  }
}

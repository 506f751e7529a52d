// The chance-to-win graph of a finished match (GET /api/matches/ID/chances: the server computes
// it in the background once, from playouts after every step; 202 while it does). A line per
// player (or team) in its colour, with its shape on the line and in the key, so players are
// told apart without colour; the current step is marked; a click picks the nearest step. Under
// it: how the chances were found, and the text alternative (the turning point and each side's
// chance at the start, the middle and the end), which a screen reader also gets as the
// picture's description. SVG, no library.

import { api, errorText } from "../api.js";
import { colourInfo, shape, swatch } from "../colours.js";
import { h, mount, s } from "../dom.js";
import { lang, possessive, t } from "../i18n.js";

const ORDER = ["red", "blue", "yellow", "green", "purple", "black"]; // seats without a colour
const POLL_MS = 1500;

/** Fetch the series, asking again while the server computes it; `onProgress(body)` hears the
 * 202 answers. Resolves with the series; stops (resolving null) once `alive()` is false. */
export async function loadChances(matchId, token, onProgress, alive = () => true) {
  const params = new URLSearchParams({ lang: lang() });
  if (token) params.set("token", token);
  const path = `/api/matches/${encodeURIComponent(matchId)}/chances?${params}`;
  while (alive()) {
    const body = await api("GET", path);
    if (body?.status === "ready") return body;
    onProgress?.(body);
    await new Promise((done) => setTimeout(done, POLL_MS));
  }
  return null;
}

/** "52 %" (sv) / "52%" (en). */
export function percent(value) {
  const n = Math.round(100 * value);
  return lang() === "sv" ? `${n} %` : `${n}%`;
}

function sideLooks(series, seats) {
  return series.sides.map((side) => {
    const first = side[0];
    const colour = seats[first]?.colour ?? ORDER[first % ORDER.length];
    return { colour, name: side.map((seat) => seats[seat]?.name ?? "?").join(" & ") };
  });
}

/** The value of side `i` at the point nearest the middle step. */
function atStep(series, i, version) {
  let best = 0;
  series.versions.forEach((v, k) => {
    if (Math.abs(v - version) < Math.abs(series.versions[best] - version)) best = k;
  });
  return series.chances[best][i];
}

/** The turning point as a sentence, or "" without one. */
export function turningText(series, seats) {
  const turn = series.turning_point;
  if (!turn) return "";
  const look = sideLooks(series, seats)[turn.side];
  return t("web.chances.turning_point", { step: turn.version, name: possessive(look.name), before: percent(turn.before), after: percent(turn.after) });
}

/** The text alternative: the turning point, then each side at the start, middle and end. */
export function textAlternative(series, seats) {
  const looks = sideLooks(series, seats);
  const middle = Math.round(series.steps / 2);
  const lines = looks.map((look, i) =>
    t("web.chances.summary", {
      name: look.name,
      start: percent(series.chances[0][i]),
      middle: percent(atStep(series, i, middle)),
      end: percent(series.chances[series.chances.length - 1][i]),
    }),
  );
  const turning = turningText(series, seats);
  return turning ? [turning, ...lines] : lines;
}

/** How the chances were found: playouts a step and, with hidden information, whose view. */
export function howText(series) {
  const parts = [];
  if (series.method === "exact") parts.push(t("web.chances.how_exact"));
  else {
    parts.push(
      t("web.chances.how", {
        playouts: series.playouts,
        method: t(`web.chances.method.${series.method}`),
        points: series.versions.length,
        steps: series.steps,
      }),
    );
  }
  if (series.sampled) parts.push(t("web.chances.sampled"));
  return parts.join(" ");
}

/** The replay page's graph (replay.js) of a finished stored match, under the board; a click
 * goes to the nearest step at or before the one picked. `null` for anything else. */
export function replayChances(page) {
  if (!page.matchId || page.data.status !== "over") return null;
  const graph = new ChanceGraph({
    onPick: (version) => {
      page.pause();
      page.go(page.nearest(version));
    },
  });
  page.root.querySelector(".game-grid").after(h("section", { class: "card replay-chances" }, graph.root));
  loadChances(page.matchId, page.token, (progress) => graph.setComputing(progress), () => page.alive)
    .then((series) => {
      if (!series || !page.alive) return;
      graph.setSeries(series, page.data.seats);
      graph.mark(page.state?.version ?? 0);
    })
    .catch((error) => graph.setError(errorText(error)));
  return graph;
}

export class ChanceGraph {
  /** @param small  the win screen's version (no key, no text under it but the turning point)
   *  @param onPick(version) a click on the graph picked this step's version */
  constructor({ small = false, onPick = null } = {}) {
    this.small = small;
    this.onPick = onPick;
    this.series = null;
    this.version = null;
    this.root = h("figure", { class: `chance-graph${small ? " small" : ""}`, style: { margin: "0.5rem 0" } });
    this.setComputing(null);
  }

  /** While the server computes: how far it is. */
  setComputing(progress) {
    this.root.dataset.state = "computing";
    const text = progress?.total ? t("web.chances.computing_steps", { done: progress.done, total: progress.total }) : t("web.chances.computing");
    mount(this.root, h("p", { class: "hint chance-wait", "aria-live": "polite", text }));
  }

  /** The graph cannot be had (a match that did not end with a result, a game that cannot). */
  setError(text) {
    this.root.dataset.state = "error";
    mount(this.root, h("p", { class: "hint chance-none", text: text || t("web.chances.none") }));
  }

  setSeries(series, seats) {
    this.series = series;
    this.seats = seats;
    this.root.dataset.state = "ready";
    this.draw();
  }

  /** Mark the step at `version` (the replay's current step). */
  mark(version) {
    this.version = version;
    if (this.marker && this.series) this.placeMarker();
  }

  draw() {
    const series = this.series;
    const looks = sideLooks(series, this.seats);
    // As wide as the room it has (up to 640), so its text keeps its size on a phone.
    const room = this.root.clientWidth || 640;
    const width = this.small ? 320 : Math.max(300, Math.min(640, Math.floor(room)));
    const height = this.small ? 120 : 220;
    const pad = { left: 40, right: 10, top: 10, bottom: this.small ? 18 : 26 };
    this.geometry = { width, height, pad };
    const x = (v) => pad.left + ((width - pad.left - pad.right) * v) / Math.max(1, series.steps);
    const y = (c) => pad.top + (height - pad.top - pad.bottom) * (1 - c);
    this.x = x;
    const grid = [0, 0.5, 1].map((c) =>
      s(
        "g",
        {},
        s("line", { x1: pad.left, x2: width - pad.right, y1: y(c), y2: y(c), stroke: "#bbbbbb", "stroke-width": 1, "stroke-dasharray": c === 0.5 ? "4 4" : null }),
        s("text", { x: pad.left - 4, y: y(c) + 4, "text-anchor": "end", "font-size": 11, fill: "#555555" }, `${Math.round(c * 100)}%`),
      ),
    );
    const lines = looks.map((look, i) => {
      const points = series.versions.map((v, k) => `${x(v).toFixed(1)},${y(series.chances[k][i]).toFixed(1)}`).join(" ");
      const info = colourInfo(look.colour);
      // The side's shape along its line (about eight a line), so lines differ without colour.
      const every = Math.max(1, Math.floor(series.versions.length / 8));
      const offset = Math.floor((every * i) / looks.length);
      const marks = series.versions
        .map((v, k) => [v, k])
        .filter(([, k]) => (k - offset) % every === 0 || k === series.versions.length - 1)
        .map(([v, k]) => s("g", { transform: `translate(${x(v).toFixed(1)},${y(series.chances[k][i]).toFixed(1)})` }, shape(look.colour, this.small ? 3.5 : 5)));
      return s("g", { class: "chance-line", "data-side": i }, s("polyline", { points, fill: "none", stroke: info.fill, "stroke-width": 2.5, "stroke-linejoin": "round" }), marks);
    });
    const turn = series.turning_point;
    const turnMark = turn
      ? s(
          "g",
          { class: "chance-turn" },
          s("line", { x1: x(turn.version), x2: x(turn.version), y1: pad.top, y2: height - pad.bottom, stroke: "#333333", "stroke-width": 1.5, "stroke-dasharray": "2 3" }),
          // On the line's left in the right half, so the label never runs off the picture.
          s(
            "text",
            { x: x(turn.version) + (x(turn.version) > width / 2 ? -4 : 4), y: pad.top + 10, "text-anchor": x(turn.version) > width / 2 ? "end" : "start", "font-size": 11, fill: "#333333" },
            t("web.chances.turning_short"),
          ),
        )
      : null;
    this.marker = s("line", { class: "chance-now", y1: pad.top, y2: height - pad.bottom, stroke: "#000000", "stroke-width": 2 });
    const axis = this.small ? null : s("text", { x: width - pad.right, y: height - 6, "text-anchor": "end", "font-size": 11, fill: "#555555" }, t("web.chances.axis", { steps: series.steps }));
    const alt = textAlternative(series, this.seats);
    const descId = `chance-desc-${Math.random().toString(36).slice(2, 8)}`;
    const svg = s(
      "svg",
      {
        class: "chance-svg",
        viewBox: `0 0 ${width} ${height}`,
        width: "100%",
        role: "img",
        "aria-label": t("web.chances.title"),
        "aria-describedby": descId,
        style: { maxWidth: `${width}px`, cursor: this.onPick ? "pointer" : "default", display: "block", background: "#ffffff", border: "1px solid #dddddd", borderRadius: "6px" },
        onclick: (event) => this.pick(event, svg),
      },
      grid,
      turnMark,
      lines,
      this.marker,
      axis,
    );
    const key = this.small
      ? null
      : h(
          "ul",
          { class: "chance-key", style: { listStyle: "none", padding: 0, margin: "0.3rem 0", display: "flex", flexWrap: "wrap", gap: "0.3rem 1rem" } },
          looks.map((look, i) => h("li", { dataset: { side: i } }, swatch(look.colour, 14), " ", look.name, " ", h("span", { class: "chance-end", text: percent(series.chances[series.chances.length - 1][i]) }))),
        );
    const turning = turningText(series, this.seats);
    mount(
      this.root,
      this.small ? null : h("figcaption", { class: "chance-title", text: t("web.chances.title"), style: { fontWeight: "bold" } }),
      svg,
      key,
      turning ? h("p", { class: "chance-turning", text: turning }) : null,
      this.small ? null : h("p", { class: "hint chance-how", text: howText(series) }),
      // The text alternative: read as the picture's description; sighted readers may open it.
      h("details", { class: "chance-text" }, h("summary", { text: t("web.chances.as_text") }), h("ul", { id: descId }, alt.map((line) => h("li", { text: line })))),
    );
    this.placeMarker();
  }

  placeMarker() {
    const hidden = this.version === null || this.version === undefined;
    this.marker.setAttribute("visibility", hidden ? "hidden" : "visible");
    if (hidden) return;
    const at = this.x(Math.min(this.version, this.series.steps)).toFixed(1);
    this.marker.setAttribute("x1", at);
    this.marker.setAttribute("x2", at);
  }

  /** A click: the version under the pointer, to the nearest step of the series. */
  pick(event, svg) {
    if (!this.onPick) return;
    // Through the SVG's own transform: right however the picture is scaled or letterboxed.
    const point = svg.createSVGPoint();
    point.x = event.clientX;
    point.y = event.clientY;
    const inside = point.matrixTransform(svg.getScreenCTM().inverse()).x;
    const { width, pad } = this.geometry;
    const share = (inside - pad.left) / (width - pad.left - pad.right);
    const wanted = Math.max(0, Math.min(1, share)) * this.series.steps;
    let best = this.series.versions[0];
    for (const v of this.series.versions) if (Math.abs(v - wanted) < Math.abs(best - wanted)) best = v;
    this.onPick(best);
  }
}

// Afrikas stjärna's pictures for the rules panel (the shared web/js/rules.js draws a block
// "[[name]] caption" of afrika.rules with `pictures[name](lang)`). Both are drawn by the map's
// own code (board.js: AfrikaMap's routes, dots, places, hazards and tokens), so they look
// exactly like the board:
//   travel: the real map around Tangier (from the game's layout): land routes, sea lanes, air
//           routes, the bedouins' danger dot and the cities' face-down tokens;
//   tokens: a face-down token and the seven kinds it can turn out to be, with their numbers.
// Each is a small SVG of its own with a viewBox and an aria-label in the reader's language.

import { s } from "/static/js/dom.js";
import { loadGames } from "/static/js/games.js";
import { t } from "/static/js/i18n.js";
import { AfrikaMap } from "./board.js";

/** The places of the travel picture: Tangier and its neighbours (the junctions and the
 * danger dot between them); every route with both ends among them is drawn. */
const AROUND_TANGIER = ["tangier", "jl_tangier_morocco", "morocco", "canary_islands", "sahara", "hz_bedouins", "tunis", "tripoli"];

/** The token kinds as the bag holds them (spelkvall.games.afrika.tokens), in the order the
 * rules list them. */
const KINDS = [
  ["blank", 12],
  ["horseshoe", 5],
  ["robber", 3],
  ["topaz", 4],
  ["emerald", 3],
  ["ruby", 2],
  ["star", 1],
];

/** A picture's root: the map's own class (its style sheet), a viewBox, a label. */
function frame(map, box, label, name) {
  const svg = map.svg;
  svg.setAttribute("class", "afrika-map afrika-rules-picture");
  svg.setAttribute("viewBox", box.join(" "));
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label);
  svg.dataset.picture = name;
  // Wider than the panel's default picture, so that the names stay readable.
  svg.style.width = "min(100%, 30rem)";
  svg.prepend(s("title", { text: label }));
  const bg = svg.querySelector(".sea-bg");
  if (bg) {
    const [x, y, width, height] = box;
    Object.entries({ x, y, width, height }).forEach(([key, value]) => bg.setAttribute(key, value));
  }
  return svg;
}

/** A label in the style of the map's place names. */
function label(x, y, text, extra = {}) {
  return s("text", { class: "place-name", x, y, text, ...extra });
}

/** The map around Tangier. The layout comes from /api/games (already read by the match page),
 * so the picture is filled in as soon as it is there. */
function travel() {
  const svg = s("svg", { class: "afrika-map afrika-rules-picture", viewBox: "0 0 470 230", role: "img", "aria-label": t("afrika.rules.picture.travel") });
  loadGames()
    .then((games) => {
      const layout = games.find((game) => game.id === "afrika")?.layout;
      if (!layout) return;
      const ends = new Set(AROUND_TANGIER);
      const segments = layout.segments.filter((seg) => ends.has(seg.nodes[0]) && ends.has(seg.nodes[seg.nodes.length - 1]));
      const shown = new Set(segments.flatMap((seg) => seg.nodes));
      const part = {
        nodes: layout.nodes.filter((node) => shown.has(node.id)),
        segments,
        air: layout.air.filter(([a, b]) => ends.has(a) && ends.has(b)),
        coast: layout.coast,
      };
      const map = new AfrikaMap(part, { onTarget: () => {} });
      const xs = part.nodes.map((node) => node.x);
      const ys = part.nodes.map((node) => node.y);
      const box = [Math.min(...xs) - 96, Math.min(...ys) - 58, 0, 0];
      box[2] = Math.max(...xs) + 60 - box[0];
      box[3] = Math.max(...ys) + 40 - box[1];
      map.drawTokens({
        cities: part.nodes.filter((node) => node.kind === "city").map((node) => ({ place: node.id, token: "closed" })),
      });
      frame(map, box, t("afrika.rules.picture.travel"), "travel");
      // Bigger names than on the board (the picture is small on a phone); a start point's
      // name above it, clear of its neighbour's token.
      for (const name of map.svg.querySelectorAll(".place-name")) {
        const node = map.nodes.get(name.dataset.node);
        const start = node.kind === "start";
        name.setAttribute("y", node.y + (start ? -27 : 35));
        name.setAttribute("style", `font-size: ${start ? 24 : 21}px; stroke-width: 5px`);
      }
      svg.replaceWith(map.svg);
    })
    .catch(() => {
      // no layout: the caption stands alone
    });
  return svg;
}

/** A face-down token and the seven kinds under it, drawn by the map's token code, each with
 * its name and number: two columns of four, the face-down one first. */
function tokens() {
  const scale = 1.7; // the tokens bigger than on the map
  const column = 200; // map units
  const row = 46;
  const spots = [["closed", 30], ...KINDS].map(([kind, count], i) => ({
    kind,
    count,
    x: Math.floor(i / 4) * column + 26,
    y: (i % 4) * row + 27,
  }));
  const layout = {
    nodes: spots.map((spot) => ({ id: `token-${spot.kind}`, kind: "slot", x: spot.x / scale, y: spot.y / scale })),
    segments: [],
    air: [],
    coast: [],
  };
  const map = new AfrikaMap(layout, { onTarget: () => {} });
  map.drawTokens({ cities: spots.map((spot) => ({ place: `token-${spot.kind}`, token: spot.kind })) });
  map.tokenLayer.setAttribute("transform", `scale(${scale})`);
  // "1000" in a smaller type than the map's, to stay inside the token.
  map.tokenLayer.querySelector(".token-ruby .token-sign")?.setAttribute("style", "font-size: 7.5px");
  const svg = frame(map, [0, 0, 2 * column + 24, 4 * row + 8], t("afrika.rules.picture.tokens"), "tokens");
  svg.querySelector(".sea-bg")?.setAttribute("style", "fill: #efe2c6");
  // The face-down token apart from what it can turn out to be.
  svg.append(s("line", { x1: 8, y1: row + 4, x2: column - 16, y2: row + 4, stroke: "#9c8050", "stroke-width": 2, "stroke-dasharray": "5 4" }));
  for (const spot of spots) {
    const name = spot.kind === "closed" ? t("afrika.rules.picture.face_down") : t(`afrika.token.${spot.kind}`).replace(/^the /, "");
    svg.append(label(spot.x + 28, spot.y + 5, `${name} ×${spot.count}`, { style: "text-anchor: start" }));
  }
  return svg;
}

export const pictures = { travel, tokens };

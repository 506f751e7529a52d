// Player colours: the one palette of the server (spelkvall.core.palette), learnt from
// /api/games (each game's entry carries the palette entries of its colours; games.js passes
// them on). Each colour has its own shape, so pieces are told apart without colour.

import { s } from "./dom.js";
import { t } from "./i18n.js";

const PALETTE = new Map(); // colour id → {id, fill, ink, light, shape, mark}

const FALLBACK = { id: "none", fill: "#777777", ink: "#ffffff", light: "#dddddd", shape: "circle", mark: "○" };

/** Learn palette entries ({id, fill, ink, light, shape, mark}, as /api/games sends them). */
export function addPalette(entries) {
  for (const entry of entries ?? []) PALETTE.set(entry.id, entry);
}

/** A colour's palette entry (a grey circle for an unknown one). */
export function colourInfo(colour) {
  return PALETTE.get(colour) ?? FALLBACK;
}

export function colourName(colour) {
  return t(`colour.${colour}`);
}

/** Points of a regular polygon or star around (0, 0): radii alternate when two are given. */
function points(corners, radii, turn = -Math.PI / 2) {
  const out = [];
  for (let i = 0; i < corners; i++) {
    const r = radii[i % radii.length];
    const a = turn + (2 * Math.PI * i) / corners;
    out.push(`${(r * Math.cos(a)).toFixed(2)},${(r * Math.sin(a)).toFixed(2)}`);
  }
  return out.join(" ");
}

/** The shape of a colour as an SVG element centred on (0, 0) with radius r. */
export function shape(colour, r, attrs = {}) {
  const info = colourInfo(colour);
  const base = { fill: info.fill, stroke: "#1b1b1b", "stroke-width": r * 0.14, ...attrs };
  switch (info.shape) {
    case "square":
      return s("rect", { x: -r * 0.88, y: -r * 0.88, width: r * 1.76, height: r * 1.76, rx: r * 0.2, ...base });
    case "triangle":
      return s("polygon", { points: `0,${-r * 1.1} ${r * 1.05},${r * 0.8} ${-r * 1.05},${r * 0.8}`, ...base });
    case "diamond":
      return s("polygon", { points: `0,${-r * 1.1} ${r * 1.1},0 0,${r * 1.1} ${-r * 1.1},0`, ...base });
    case "star":
      return s("polygon", { points: points(10, [r * 1.2, r * 0.55]), ...base });
    case "hexagon":
      return s("polygon", { points: points(6, [r * 1.02], 0), ...base });
    default:
      return s("circle", { r, ...base });
  }
}

/** A small inline swatch (shape in colour) to stand next to a name. */
export function swatch(colour, size = 18) {
  const svg = s(
    "svg",
    { class: "swatch", width: size, height: size, viewBox: "-12 -12 24 24", "aria-hidden": "true" },
    shape(colour, 9),
  );
  return svg;
}

// Player colours. Each colour also has its own shape, so pieces are told apart without colour.

import { s } from "./dom.js";
import { t } from "./i18n.js";

export const COLOURS = {
  red: { fill: "#d62839", ink: "#ffffff", light: "#f7c5ca", shape: "circle" },
  blue: { fill: "#1f5fd1", ink: "#ffffff", light: "#c4d6f7", shape: "square" },
  yellow: { fill: "#f2c200", ink: "#1b1b1b", light: "#fbeaa6", shape: "triangle" },
  green: { fill: "#1f9a4b", ink: "#ffffff", light: "#bfe6cb", shape: "diamond" },
};

const FALLBACK = { fill: "#777", ink: "#fff", light: "#ddd", shape: "circle" };

export function colourInfo(colour) {
  return COLOURS[colour] || FALLBACK;
}

export function colourName(colour) {
  return t(`colour.${colour}`);
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

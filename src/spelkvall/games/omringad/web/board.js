// The Omringad board as SVG: the countries as 5×5 grids. Two players: the two countries side by
// side, each edge labelled (N1–N5, E1–E5 …) like the edge it is glued to on the sphere. Four
// players: the 10×10 torus, its wrap noted on the outer edges. A square shows its terrain (a
// sign and a tint), its controller's palette shape in the corner (a conquered square also gets
// a frame in the conqueror's colour), and each party's stack as the owner's shape with the top
// unit's short name, the height and a damage mark; settlements under siege carry their limit.
// Squares the player may click are framed and reachable with Tab (Enter or Space clicks).

import { colourInfo, shape } from "/static/js/colours.js";
import { s } from "/static/js/dom.js";
import { t } from "/static/js/i18n.js";

const C = 64; // one square in SVG units
const GAP = 84; // between the two countries of the sphere
const M = 34; // margin for the edge labels
const TINT = {
  bare: "#efe8cf",
  mountain: "#b9ad9b",
  castle: "#e6c46a",
  village: "#efd3a0",
  lake: "#9ccbe9",
  forest: "#98c48e",
};

export function squareName(sq) {
  const k = Math.floor(sq / 25);
  const r = Math.floor((sq % 25) / 5);
  const c = sq % 5;
  return `${"ABCD"[k]}${r + 1}:${c + 1}`;
}

/** The top-left corner of a square in SVG units (two countries side by side, or one above
 * the other on a narrow screen). */
function origin(players, sq, vertical = false) {
  const k = Math.floor(sq / 25);
  const r = Math.floor((sq % 25) / 5);
  const c = sq % 5;
  if (players === 2 && vertical) return [M + c * C, M + k * (5 * C + GAP) + r * C];
  if (players === 2) return [M + k * (5 * C + GAP) + c * C, M + r * C];
  return [M + (k % 2) * 5 * C + c * C, M + Math.floor(k / 2) * 5 * C + r * C];
}

function glyph(terrain) {
  // Small signs in the square's top-right corner (readable without colour).
  const g = s("g", { class: `glyph ${terrain}`, transform: `translate(${C - 15},13)` });
  switch (terrain) {
    case "mountain":
      g.append(s("polygon", { points: "-9,6 -2,-6 2,0 5,-4 10,6", class: "glyph-line" }));
      break;
    case "castle":
      g.append(s("path", { d: "M-9,7 V-3 H-6 V-7 H-3 V-3 H3 V-7 H6 V-3 H9 V7 Z", class: "glyph-line" }));
      break;
    case "village":
      g.append(s("path", { d: "M-8,7 V-1 L0,-8 L8,-1 V7 Z M-2,7 V2 H2 V7", class: "glyph-line" }));
      break;
    case "lake":
      g.append(s("path", { d: "M-9,-2 q3,-4 6,0 t6,0 t6,0 M-9,5 q3,-4 6,0 t6,0 t6,0", class: "glyph-wave" }));
      break;
    case "forest":
      g.append(s("polygon", { points: "0,-9 7,3 -7,3", class: "glyph-line" }), s("rect", { x: -1.5, y: 3, width: 3, height: 5, class: "glyph-line" }));
      break;
    default:
      break;
  }
  return g;
}

export class OmringadBoard {
  /** @param handlers {onSquare(square), onLook(square)} */
  constructor(handlers) {
    this.handlers = handlers;
    this.players = 0;
    this.vertical = false;
    this.svg = s("svg", { class: "board omr-board", role: "group" });
    this.cells = [];
  }

  /** Narrow screens (a phone) get the sphere's two countries one above the other. */
  narrow() {
    return window.innerWidth < 700;
  }

  build(players) {
    this.players = players;
    this.vertical = players === 2 && this.narrow();
    const wide = players === 2 && !this.vertical;
    const width = wide ? 2 * M + 10 * C + GAP : players === 2 ? 2 * M + 5 * C : 2 * M + 10 * C;
    const height = players === 2 ? (this.vertical ? 2 * M + 10 * C + GAP : 2 * M + 5 * C) : 2 * M + 10 * C;
    this.svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
    this.svg.replaceChildren();
    this.cells = [];
    const frame = s("g", { class: "frames" });
    const labels = s("g", { class: "edge-labels" });
    for (let k = 0; k < players; k++) {
      const [x0, y0] = origin(players, 25 * k, this.vertical);
      frame.append(s("rect", { class: "country-frame", x: x0, y: y0, width: 5 * C, height: 5 * C, dataset: { country: k } }));
      if (players === 2) labels.append(...this.edgeLabels(x0, y0));
      const letter = s("text", { class: "country-letter", x: x0 + 5 * C - 6, y: y0 + 5 * C - 6 });
      letter.textContent = "ABCD"[k];
      labels.append(letter);
    }
    if (players === 4) labels.append(...this.wrapLabels(width, height));
    const cells = s("g", { class: "cells" });
    for (let sq = 0; sq < 25 * players; sq++) {
      const [x, y] = origin(players, sq, this.vertical);
      const cell = s("g", { class: "cell", dataset: { square: sq }, transform: `translate(${x},${y})`, role: "button", tabindex: "-1" });
      cell.addEventListener("click", () => this.handlers.onSquare(sq));
      cell.addEventListener("keydown", (event) => {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          this.handlers.onSquare(sq);
        }
      });
      cell.addEventListener("focus", () => this.handlers.onLook?.(sq));
      cell.addEventListener("mouseenter", () => this.handlers.onLook?.(sq));
      cells.append(cell);
      this.cells.push(cell);
    }
    this.svg.append(cells, frame, labels);
  }

  edgeLabels(x0, y0) {
    const out = [];
    const sides = [
      ["N", (i) => [x0 + i * C + C / 2, y0 - 10]],
      ["S", (i) => [x0 + i * C + C / 2, y0 + 5 * C + 22]],
      ["W", (i) => [x0 - 17, y0 + i * C + C / 2 + 5]],
      ["E", (i) => [x0 + 5 * C + 17, y0 + i * C + C / 2 + 5]],
    ];
    for (const [side, at] of sides) {
      for (let i = 0; i < 5; i++) {
        const [x, y] = at(i);
        const label = s("text", { class: "edge-label", x, y, dataset: { edge: `${side}${i + 1}` } });
        label.textContent = `${t(`omringad.web.side.${side}`)}${i + 1}`;
        out.push(label);
      }
    }
    return out;
  }

  wrapLabels(width, height) {
    const top = s("text", { class: "wrap-label", x: width / 2, y: 20 });
    top.textContent = t("omringad.web.wrap_top");
    const bottom = s("text", { class: "wrap-label", x: width / 2, y: height - 8 });
    bottom.textContent = t("omringad.web.wrap_bottom");
    const left = s("text", { class: "wrap-label", x: 14, y: height / 2, transform: `rotate(-90 14 ${height / 2})` });
    left.textContent = t("omringad.web.wrap_left");
    const right = s("text", { class: "wrap-label", x: width - 10, y: height / 2, transform: `rotate(90 ${width - 10} ${height / 2})` });
    right.textContent = t("omringad.web.wrap_right");
    return [top, bottom, left, right];
  }

  /**
   * Draw a position.
   * @param view    the seat's view
   * @param opts    {seats (state.seats), clickable: Set, src, path: [], battle, look}
   */
  update(view, { seats, clickable = new Set(), src = null, path = [], battle = null, chosen = null }) {
    if (view.players !== this.players || (view.players === 2 && this.narrow() !== this.vertical)) this.build(view.players);
    const siege = new Map((view.settlements ?? []).map((x) => [x.square, x]));
    const colourOf = (seat) => seats[seat]?.colour ?? null;
    for (let sq = 0; sq < this.cells.length; sq++) {
      const cell = this.cells[sq];
      const terrain = view.terrain[sq];
      const owner = view.control[sq];
      const country = Math.floor(sq / 25);
      const parts = [];
      parts.push(s("rect", { class: `tile ${terrain ?? "unknown"}`, width: C, height: C, fill: terrain ? TINT[terrain] : "#d6d6d6" }));
      if (terrain) parts.push(glyph(terrain));
      else parts.push(s("text", { class: "unknown-mark", x: C / 2, y: C / 2 + 6 }, "?"));
      const ownerColour = colourOf(owner);
      if (ownerColour) {
        if (owner !== country) {
          parts.push(s("rect", { class: "conquered", x: 3, y: 3, width: C - 6, height: C - 6, stroke: colourInfo(ownerColour).fill }));
        }
        parts.push(s("g", { class: "controller", transform: "translate(10,10)" }, shape(ownerColour, 5)));
      }
      const stacks = view.stacks[sq] ?? [];
      stacks.forEach((stack, i) => parts.push(this.token(stack, i, stacks.length, colourOf)));
      const besieged = siege.get(sq);
      if (besieged && besieged.besiegers > 0) {
        const limit = besieged.limit === 0 ? "0" : "≤2";
        parts.push(
          s("g", { class: "siege", transform: `translate(${C - 14},${C - 12})` }, s("rect", { x: -13, y: -9, width: 26, height: 16, rx: 4 }), s("text", { x: 0, y: 3 }, limit)),
        );
      }
      const step = path.indexOf(sq);
      if (step >= 0) parts.push(s("text", { class: "path-step", x: 8, y: C - 6 }, String(step + 1)));
      cell.replaceChildren(...parts);
      cell.classList.toggle("clickable", clickable.has(sq));
      cell.classList.toggle("src", sq === src);
      cell.classList.toggle("on-path", step >= 0);
      cell.classList.toggle("battle", sq === battle);
      cell.classList.toggle("chosen", sq === chosen);
      cell.setAttribute("tabindex", clickable.has(sq) ? "0" : "-1");
      cell.setAttribute("aria-label", this.describe(view, sq, seats));
      cell.setAttribute("aria-disabled", clickable.has(sq) ? "false" : "true");
    }
  }

  token(stack, index, count, colourOf) {
    const cx = count === 1 ? C / 2 : C / 2 + (index === 0 ? -13 : 13);
    const cy = C / 2 + 5;
    const top = stack.units[stack.units.length - 1];
    const g = s("g", { class: "stack", transform: `translate(${cx},${cy})`, dataset: { seat: stack.seat, height: stack.height, top: top[0] ?? "" } });
    const colour = stack.seat >= 0 ? colourOf(stack.seat) : null;
    if (colour) g.append(shape(colour, count === 1 ? 16 : 12));
    else g.append(s("polygon", { class: "dragon", points: "0,-17 15,-6 10,13 -10,13 -15,-6" }));
    const label = s("text", { class: "unit-label", y: 4, fill: colour ? colourInfo(colour).ink : "#fff" });
    label.textContent = t(`omringad.short.${top[0]}`) + (top[1] ? "'" : "");
    g.append(label);
    if (top[1]) g.append(s("line", { class: "damage", x1: -10, y1: 12, x2: 10, y2: -12 }));
    const badge = s("g", { class: "height", transform: `translate(${count === 1 ? 15 : 10},${count === 1 ? -14 : -12})` });
    badge.append(s("circle", { r: 8 }), s("text", { y: 3.5 }, String(stack.height)));
    g.append(badge);
    return g;
  }

  describe(view, sq, seats) {
    const terrain = view.terrain[sq] ? t(`omringad.terrain.${view.terrain[sq]}`) : t("omringad.web.secret");
    const owner = seats[view.control[sq]]?.name ?? "";
    const parts = [`${squareName(sq)}: ${terrain}, ${t("omringad.web.held_by", { name: owner })}`];
    for (const stack of view.stacks[sq] ?? []) {
      const top = stack.units[stack.units.length - 1];
      const who = stack.seat >= 0 ? seats[stack.seat]?.name ?? "" : t("omringad.unit.dragon");
      parts.push(t("omringad.web.stack_label", { name: who, n: stack.height, unit: t(`omringad.unit.${top[0]}`) }));
    }
    return parts.join("; ");
  }

  focusSquare(sq) {
    this.cells[sq]?.focus({ preventScroll: true });
  }
}

// The Fia med knuff board as SVG, drawn from the game's layout (GET /api/games → layout).
// Pieces are <g> elements that keep their identity between states, so a change of position is
// a CSS transition (or a step-by-step walk along the track for moves).

import { colourInfo, shape } from "/static/js/colours.js";
import { s } from "/static/js/dom.js";

const C = 40; // one grid cell in SVG units
const NEST = 0;
const FIRST_LANE = 41;
const GOAL = 45;

const centre = ([x, y]) => [x * C + C / 2, y * C + C / 2];

export class FiaBoard {
  /**
   * @param layout the game's layout: {size, track, lanes, nests, goal, start_squares, colours}
   * @param handlers {onPiece(seat, piece), onTarget(cell)} click callbacks
   */
  constructor(layout, handlers) {
    this.layout = layout;
    this.handlers = handlers;
    this.pieces = new Map(); // "seat:piece" → <g>
    this.reduceMotion = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
    const size = layout.size * C;
    this.svg = s("svg", {
      class: "board fia-board",
      viewBox: `-4 -4 ${size + 8} ${size + 8}`,
      role: "img",
    });
    this.svg.append(this.drawBoard());
    this.targets = s("g", { class: "targets" });
    this.pieceLayer = s("g", { class: "pieces" });
    this.svg.append(this.targets, this.pieceLayer);
  }

  colourIndex(colour) {
    return this.layout.colours.indexOf(colour);
  }

  /** The grid cell of a colour's local position (1..40 track, 41..44 lane, 45 goal). */
  cellOf(colour, local, piece = 1) {
    const i = this.colourIndex(colour);
    if (local === NEST) return this.layout.nests[i][piece - 1];
    if (local === GOAL) return this.layout.goal;
    if (local >= FIRST_LANE) return this.layout.lanes[i][local - FIRST_LANE];
    const square = (this.layout.start_squares[i] + local - 1) % this.layout.track.length;
    return this.layout.track[square];
  }

  drawBoard() {
    const L = this.layout;
    const g = s("g", { class: "static" });
    const size = L.size * C;
    g.append(s("rect", { class: "board-bg", x: 0, y: 0, width: size, height: size, rx: 18 }));
    // The track as a ring of connected squares.
    const points = L.track.map((cell) => centre(cell).join(",")).join(" ");
    g.append(s("polygon", { class: "track-line", points }));
    L.colours.forEach((colour, i) => {
      const info = colourInfo(colour);
      const nest = L.nests[i];
      const xs = nest.map((c) => c[0]);
      const ys = nest.map((c) => c[1]);
      const x0 = Math.min(...xs) * C;
      const y0 = Math.min(...ys) * C;
      const w = (Math.max(...xs) + 1) * C - x0;
      const hgt = (Math.max(...ys) + 1) * C - y0;
      g.append(
        s("rect", {
          class: "nest",
          x: x0 + 2,
          y: y0 + 2,
          width: w - 4,
          height: hgt - 4,
          rx: 14,
          fill: info.light,
          stroke: info.fill,
          dataset: { colour },
        }),
      );
      for (const cell of nest) {
        const [cx, cy] = centre(cell);
        g.append(s("circle", { class: "slot", cx, cy, r: 14, stroke: info.fill }));
      }
      // The colour's shape between the nest's slots and in its lane, so that an empty nest
      // or lane is known without colour too (red and green look alike to many).
      g.append(s("g", { class: "owner-mark", transform: `translate(${x0 + w / 2} ${y0 + hgt / 2})` }, shape(colour, 7, { "stroke-width": 1 })));
      for (const cell of L.lanes[i]) {
        const [cx, cy] = centre(cell);
        g.append(
          s("circle", { class: "lane", cx, cy, r: 15, fill: info.light, stroke: info.fill, dataset: { colour } }),
        );
        g.append(s("g", { class: "owner-mark", transform: `translate(${cx} ${cy})` }, shape(colour, 6, { opacity: 0.55, "stroke-width": 1 })));
      }
    });
    L.track.forEach((cell, square) => {
      const [cx, cy] = centre(cell);
      const owner = L.start_squares.indexOf(square);
      if (owner >= 0) {
        const colour = L.colours[owner];
        const info = colourInfo(colour);
        g.append(
          s("circle", { class: "start", cx, cy, r: 16, fill: info.light, stroke: info.fill, "stroke-width": 5, dataset: { colour, square } }),
        );
        // The colour's shape, faint, so a start square is recognisable without colour.
        g.append(s("g", { class: "start-mark", transform: `translate(${cx} ${cy})` }, shape(colour, 7, { opacity: 0.55, "stroke-width": 1 })));
      } else {
        g.append(s("circle", { class: "square", cx, cy, r: 15, dataset: { square } }));
      }
    });
    // The goal: one triangle per colour, pointing at that colour's lane.
    const [gx, gy] = centre(L.goal);
    const half = C * 0.62;
    L.colours.forEach((colour, i) => {
      const last = L.lanes[i][L.lanes[i].length - 1];
      const dx = Math.sign(last[0] - L.goal[0]);
      const dy = Math.sign(last[1] - L.goal[1]);
      const px = -dy;
      const py = dx;
      const a = [gx + dx * half + px * half, gy + dy * half + py * half];
      const b = [gx + dx * half - px * half, gy + dy * half - py * half];
      g.append(
        s("polygon", {
          class: "goal",
          points: `${gx},${gy} ${a.join(",")} ${b.join(",")}`,
          fill: colourInfo(colour).fill,
          dataset: { colour },
        }),
      );
    });
    return g;
  }

  /** Where a piece is drawn: cell centre, plus a small offset when it shares its cell. */
  placements(view) {
    const byCell = new Map();
    const out = [];
    for (const seat of view.seats) {
      for (const piece of seat.pieces) {
        const key = piece.cell.join(",");
        if (!byCell.has(key)) byCell.set(key, []);
        const entry = { seat, piece, key };
        byCell.get(key).push(entry);
        out.push(entry);
      }
    }
    const goalKey = this.layout.goal.join(",");
    for (const [key, group] of byCell) {
      group.forEach((entry, k) => {
        let [x, y] = centre(entry.piece.cell);
        let scale = 1;
        if (key === goalKey) {
          // Finished pieces sit in their colour's triangle of the goal.
          const i = this.colourIndex(entry.seat.colour);
          const last = this.layout.lanes[i][this.layout.lanes[i].length - 1];
          const dx = Math.sign(last[0] - this.layout.goal[0]);
          const dy = Math.sign(last[1] - this.layout.goal[1]);
          // Two rows of two inside the triangle: it narrows towards the middle.
          const k = entry.piece.piece - 1;
          const along = k < 2 ? 9 : 18;
          const across = ((k % 2) - 0.5) * (k < 2 ? 13 : 8);
          x += dx * along - dy * across;
          y += dy * along + dx * across;
          scale = 0.4;
        } else if (group.length > 1) {
          const offset = (k - (group.length - 1) / 2) * 9;
          x += offset;
          y += offset;
          scale = 0.8;
        }
        entry.x = x;
        entry.y = y;
        entry.scale = scale;
      });
    }
    return out;
  }

  pieceElement(seat, piece) {
    const key = `${seat.seat}:${piece.piece}`;
    let el = this.pieces.get(key);
    if (el) return el;
    const info = colourInfo(seat.colour);
    el = s(
      "g",
      {
        class: "piece",
        dataset: { seat: seat.seat, piece: piece.piece, colour: seat.colour },
        tabindex: -1,
        onclick: () => this.handlers.onPiece?.(seat.seat, piece.piece),
        onkeydown: (e) => {
          if (e.key === "Enter" || e.key === " ") this.handlers.onPiece?.(seat.seat, piece.piece);
        },
      },
      s("circle", { class: "ring", r: 19 }),
      s("g", { class: "body" }, shape(seat.colour, 13)),
      s("text", { class: "piece-number", y: info.shape === "triangle" ? 4.5 : 1, fill: info.ink, text: piece.piece }),
    );
    this.pieces.set(key, el);
    this.pieceLayer.append(el);
    return el;
  }

  /**
   * Draw a view. `events` (when given) are the events that led here: moves walk along the
   * track, knocked-out pieces fly home after the move lands.
   */
  update(view, { events = [], movable = new Set(), targets = [], names = [] } = {}) {
    const walks = new Map();
    let knockDelay = 0;
    for (const event of events) {
      if (event.type === "moved" || event.type === "entered") {
        const seat = view.seats[event.seat];
        const from = event.type === "moved" ? event.from : 0;
        const path = [];
        if (from === NEST) path.push(null); // start from where the piece was drawn
        for (let p = Math.max(from, 1); p <= event.to; p++) {
          if (p === from) continue;
          path.push(this.cellOf(seat.colour, p));
        }
        walks.set(`${event.seat}:${event.piece}`, path.filter(Boolean));
        knockDelay = Math.max(knockDelay, Math.min(path.length * 110, 1300));
      }
    }
    const knocked = new Set(
      events.filter((e) => e.type === "knocked_out").map((e) => `${e.seat}:${e.piece}`),
    );
    for (const entry of this.placements(view)) {
      const key = `${entry.seat.seat}:${entry.piece.piece}`;
      const el = this.pieceElement(entry.seat, entry.piece);
      const transform = `translate(${entry.x}px, ${entry.y}px) scale(${entry.scale})`;
      el.classList.toggle("movable", movable.has(key));
      el.setAttribute("tabindex", movable.has(key) ? 0 : -1);
      el.setAttribute("role", movable.has(key) ? "button" : "img");
      const name = names[entry.seat.seat] ?? "";
      el.setAttribute("aria-label", `${name} ${entry.piece.piece}`);
      el.dataset.cell = entry.key; // where it stands, whatever the offset among others there
      const path = walks.get(key);
      if (!el.style.transform) {
        // First drawing: no transition from nowhere.
        el.style.transition = "none";
        el.style.transform = transform;
        void el.getBoundingClientRect();
        el.style.transition = "";
      } else if (!this.reduceMotion && path && path.length > 1 && el.style.transform !== transform) {
        const start = el.style.transform;
        el.style.transition = "none";
        el.style.transform = transform;
        const frames = [{ transform: start }, ...path.slice(0, -1).map((cell) => {
          const [x, y] = centre(cell);
          return { transform: `translate(${x}px, ${y}px) scale(1)` };
        }), { transform }];
        const animation = el.animate(frames, { duration: Math.min(path.length * 110, 1300), easing: "linear" });
        animation.finished.then(() => (el.style.transition = ""), () => (el.style.transition = ""));
      } else {
        el.style.transitionDelay = knocked.has(key) ? `${knockDelay}ms` : "0ms";
        el.style.transform = transform;
      }
      if (knocked.has(key)) {
        el.style.setProperty("--knock-delay", `${knockDelay}ms`);
        el.classList.remove("knocked");
        void el.getBoundingClientRect();
        el.classList.add("knocked");
      }
    }
    // Raise movable pieces so they can be clicked on top of a shared square.
    for (const el of this.pieceLayer.querySelectorAll(".piece.movable")) this.pieceLayer.append(el);
    this.targets.replaceChildren(
      ...targets.map((target) => {
        const [cx, cy] = centre(target.cell);
        return s(
          "g",
          {
            class: `target${target.knock ? " knock" : ""}`,
            dataset: { cell: target.cell.join(",") },
            onclick: () => this.handlers.onTarget?.(target.cell),
          },
          s("circle", { cx, cy, r: 18 }),
        );
      }),
    );
  }
}

// The Front board as SVG: the hexagon of three regions, each 8 × D squares placed by bilinear
// interpolation of its quadrilaterals' corners (the server's layout, GET /api/games → layout).
// Base camps are tinted in their owner's colour and carry the owner's shape; pieces are the
// palette shapes. A piece keeps its element while it moves, so a move is a CSS transition.
//
// The page says what to highlight: the pieces that may move (or be removed), the squares a
// chosen piece may go to with the squares it passes, the empty camp squares for a return, and
// the lines along which the player's pieces converge on a removable piece.
//
// A square is about 22 CSS px wide on a phone, too small for a finger: under every piece or
// square that may be chosen lies an invisible hit circle at least TAP_PX across (a layer of
// their own, below what is drawn, so a tap on a piece or a ring is still theirs); as the
// circles of neighbours overlap, a tap goes to the choosable centre nearest to where it landed.

import { colourInfo, shape } from "/static/js/colours.js";
import { s } from "/static/js/dom.js";

const LETTERS = "abcdefgh";
const key = (sq) => sq.join(",");
const TAP_PX = 46; // a hit circle's least diameter in CSS px: 44 (WCAG 2.5.5) and a margin

export class FrontBoard {
  /**
   * @param layout   the game's layout: {radius, hexagon, regions, bases, depths}
   * @param handlers {onSquare([p, r, c])} the click (or Enter/Space) on a square or a piece
   */
  constructor(layout, handlers) {
    this.layout = layout;
    this.handlers = handlers;
    this.depth = null;
    this.turn = 0; // thirds of a turn the board is turned, so a viewer's region is at the bottom
    this.pieces = new Map(); // "p,r,c" → <g>
    const pad = 24;
    const r = layout.radius;
    const half = (r * Math.sqrt(3)) / 2; // a hexagon turned by thirds keeps its flat top
    this.svg = s("svg", {
      class: "board front-board",
      viewBox: `${-r - pad} ${-half - pad} ${2 * (r + pad)} ${2 * (half + pad)}`,
      role: "group",
    });
    this.staticLayer = s("g", { class: "static" });
    this.hitLayer = s("g", { class: "hits" });
    this.targetLayer = s("g", { class: "targets" });
    this.lineLayer = s("g", { class: "threat-lines" });
    this.pieceLayer = s("g", { class: "pieces" });
    this.svg.append(this.staticLayer, this.hitLayer, this.targetLayer, this.lineLayer, this.pieceLayer);
    this.tappable = []; // [{sq, x, y, least}]: what may be chosen now: centre, drawn radius
    this.hitR = 0; // the hit circles' least radius in the viewBox's units (0: not laid out)
    this.resizing = typeof ResizeObserver === "function" ? new ResizeObserver(() => this.fitHits()) : null;
    this.resizing?.observe(this.svg);
  }

  stop() {
    this.resizing?.disconnect();
  }

  /** Size the hit circles for the board's width now (they are the same size on the screen
   * however wide the board is drawn). */
  fitHits() {
    const width = this.svg.getBoundingClientRect().width;
    const units = this.svg.viewBox.baseVal?.width || 0;
    this.hitR = width > 0 && units > 0 ? (TAP_PX / 2) * (units / width) : 0;
    this.drawHits();
  }

  drawHits() {
    this.hitLayer.replaceChildren(
      ...this.tappable.map(({ sq, x, y, least }) =>
        s("circle", {
          class: "hit",
          cx: x.toFixed(1),
          cy: y.toFixed(1),
          r: Math.max(least, this.hitR).toFixed(1),
          dataset: { sq: key(sq) },
          onclick: (e) => this.handlers.onSquare?.(this.tapped(e, sq)),
        }),
      ),
    );
  }

  /** The square a click on `own` chose: when `own` may be chosen, a pointer's click goes to
   * the choosable centre nearest to it (hit circles overlap); else, and for a click without a
   * point (dispatched: detail 0), `own`. */
  tapped(event, own) {
    const ctm = this.svg.getScreenCTM?.();
    if (!event?.detail || !ctm || !this.tappable.some((item) => key(item.sq) === key(own))) return own;
    const pt = new DOMPoint(event.clientX, event.clientY).matrixTransform(ctm.inverse());
    let best = null;
    let bestD = Infinity;
    for (const item of this.tappable) {
      const d = Math.hypot(item.x - pt.x, item.y - pt.y);
      if (d < bestD) [best, bestD] = [item, d];
    }
    return best ? best.sq : own;
  }

  /** A point of the layout turned by this.turn thirds of a turn (clockwise on screen). */
  at([x, y]) {
    const a = (-2 * Math.PI * this.turn) / 3;
    return [x * Math.cos(a) - y * Math.sin(a), x * Math.sin(a) + y * Math.cos(a)];
  }

  square(sq) {
    return this.squares.get(key(sq));
  }

  /** Draw the squares of `depth` (once, and again when the depth or the turn changes). */
  build(depth, seats, turn) {
    const signature = `${depth}:${turn}:${seats.map((seat) => seat.colour).join(",")}`;
    if (this.signature === signature) return;
    this.signature = signature;
    this.depth = depth;
    this.turn = turn;
    this.squares = new Map();
    for (const info of this.layout.depths[String(depth)].squares) {
      this.squares.set(key([info.p, info.r, info.c]), info);
    }
    const g = this.staticLayer;
    g.replaceChildren();
    const pts = (list) => list.map((pt) => this.at(pt).map((v) => v.toFixed(1)).join(",")).join(" ");
    g.append(s("polygon", { class: "hexagon", points: pts(this.layout.hexagon) }));
    for (const info of this.squares.values()) {
      const colour = seats[info.p]?.colour;
      const camp = info.r === 0;
      const fill = camp ? colourInfo(colour).light : (info.r + info.c) % 2 ? "#efe6d2" : "#f8f2e4";
      const poly = s("polygon", {
        class: `sq${camp ? " camp" : ""}`,
        points: pts(info.points),
        fill,
        dataset: { sq: key([info.p, info.r, info.c]) },
        onclick: () => this.handlers.onSquare?.([info.p, info.r, info.c]),
      });
      if (camp) poly.setAttribute("stroke", colourInfo(colour).fill);
      g.append(poly);
      if (camp) {
        // The owner's shape, faint: a camp is recognisable without colour.
        const [cx, cy] = this.at(info.centre);
        g.append(
          s("g", { class: "camp-mark", transform: `translate(${cx.toFixed(1)} ${cy.toFixed(1)})` },
            shape(colour, info.size * 0.42, { opacity: 0.45, "stroke-width": 1 })),
        );
      }
    }
    this.layout.regions.forEach((outline, p) => {
      g.append(s("polygon", { class: "region", points: pts(outline), dataset: { seat: p } }));
    });
    // Column letters outside each base, as its owner reads them (a on the owner's left).
    this.layout.bases.forEach(([left, right], p) => {
      const [lx, ly] = this.at(left);
      const [rx, ry] = this.at(right);
      const len = Math.hypot(rx - lx, ry - ly);
      const nx = (ry - ly) / len; // outwards: the base side's normal away from the centre
      const ny = -(rx - lx) / len;
      const out = lx * nx + ly * ny > 0 ? 1 : -1;
      for (let c = 0; c < 8; c++) {
        const t = (c + 0.5) / 8;
        const x = lx + (rx - lx) * t + out * nx * 13;
        const y = ly + (ry - ly) * t + out * ny * 13;
        g.append(s("text", { class: "col-letter", x: x.toFixed(1), y: y.toFixed(1), text: LETTERS[c], dataset: { seat: p } }));
      }
    });
    for (const el of this.pieces.values()) el.remove();
    this.pieces.clear();
  }

  pieceElement(sq, seat) {
    const info = this.square(sq);
    const el = s(
      "g",
      {
        class: "piece",
        dataset: { sq: key(sq), seat: seat.seat, colour: seat.colour ?? "" },
        tabindex: -1,
        onclick: (e) => this.handlers.onSquare?.(this.tapped(e, el.dataset.sq.split(",").map(Number))),
        onkeydown: (e) => {
          if (e.key === "Enter" || e.key === " ") {
            e.preventDefault();
            this.handlers.onSquare?.(el.dataset.sq.split(",").map(Number));
          }
        },
      },
      s("circle", { class: "ring", r: info.size * 0.95 }),
      s("g", { class: "body" }, shape(seat.colour, 14)),
    );
    return el;
  }

  place(el, sq) {
    const info = this.square(sq);
    const [x, y] = this.at(info.centre);
    el.dataset.sq = key(sq);
    el.style.transform = `translate(${x.toFixed(1)}px, ${y.toFixed(1)}px)`;
    const scale = info.size / 22;
    el.querySelector(".ring").setAttribute("r", (info.size * 0.95).toFixed(1));
    el.querySelector(".body").setAttribute("transform", `scale(${scale.toFixed(3)})`);
  }

  /**
   * Draw a view.
   * @param view     the game's view
   * @param seats    the seats (colours) of the state object
   * @param turn     thirds of a turn to turn the board by (the viewer's region at the bottom)
   * @param events   the events that led here (moved pieces slide along)
   * @param movable  "p,r,c" keys of the pieces that may be chosen now
   * @param selected "p,r,c" of the chosen piece, or null
   * @param targets  [{sq, kind}] squares to mark: "to" (a destination), "path", "return", "remove"
   * @param lines    [[sq…]…] threat lines to draw (attacker first)
   * @param names    the seats' names, for the pieces' labels
   */
  update(view, { seats, turn = 0, events = [], movable = new Set(), selected = null, targets = [], lines = [], names = [] }) {
    this.build(view.depth, seats, turn);
    // Slide the moved pieces first, so their elements are found at their new squares.
    for (const event of events) {
      if (event.type !== "moved") continue;
      const el = this.pieces.get(key(event.from));
      if (!el) continue;
      this.pieces.delete(key(event.from));
      this.pieces.set(key(event.to), el);
      this.place(el, event.to);
    }
    const wanted = new Map();
    for (const seat of view.seats) {
      for (const sq of seat.pieces) wanted.set(key(sq), { seat: seats[seat.seat] ?? seat, sq });
    }
    for (const [k, el] of this.pieces) {
      const want = wanted.get(k);
      if (!want || Number(el.dataset.seat) !== want.seat.seat) {
        el.remove();
        this.pieces.delete(k);
      }
    }
    for (const [k, { seat, sq }] of wanted) {
      let el = this.pieces.get(k);
      if (!el) {
        el = this.pieceElement(sq, seat);
        el.style.transition = "none";
        this.place(el, sq);
        this.pieceLayer.append(el);
        void el.getBoundingClientRect();
        el.style.transition = "";
        this.pieces.set(k, el);
      }
      const [p, r, c] = sq;
      const owner = names[seat.seat] ?? "";
      const region = names[p] ?? "";
      el.setAttribute("aria-label", `${owner}: ${region} ${LETTERS[c]}${r + 1}`);
      const can = movable.has(k);
      el.classList.toggle("movable", can);
      el.classList.toggle("selected", selected === k);
      el.setAttribute("tabindex", can ? 0 : -1);
      el.setAttribute("role", can ? "button" : "img");
    }
    this.targetLayer.replaceChildren(
      ...targets.map(({ sq, kind }) => {
        const info = this.square(sq);
        const [x, y] = this.at(info.centre);
        const clickable = kind !== "path";
        const r = info.size * (kind === "path" ? 0.3 : 0.8);
        return s(
          "g",
          {
            class: `target ${kind}`,
            dataset: { sq: key(sq) },
            tabindex: clickable ? 0 : -1,
            role: clickable ? "button" : "img",
            "aria-label": `${names[sq[0]] ?? ""} ${LETTERS[sq[2]]}${sq[1] + 1}`,
            onclick: (e) => this.handlers.onSquare?.(this.tapped(e, sq)),
            onkeydown: (e) => {
              if (clickable && (e.key === "Enter" || e.key === " ")) {
                e.preventDefault();
                this.handlers.onSquare?.(sq);
              }
            },
          },
          s("circle", { class: "mark", cx: x.toFixed(1), cy: y.toFixed(1), r: r.toFixed(1) }),
        );
      }),
    );
    this.lineLayer.replaceChildren(
      ...lines.map((line) =>
        s("polyline", {
          class: "threat",
          points: line.map((sq) => this.at(this.square(sq).centre).map((v) => v.toFixed(1)).join(",")).join(" "),
        }),
      ),
    );
    // Movable pieces on top, so they are the ones clicked.
    for (const el of this.pieceLayer.querySelectorAll(".piece.movable")) this.pieceLayer.append(el);
    const tappable = (sq, share) => {
      const info = this.square(sq);
      const [x, y] = this.at(info.centre);
      return { sq, x, y, least: info.size * share };
    };
    this.tappable = [
      ...[...movable].filter((k) => this.pieces.has(k)).map((k) => tappable(k.split(",").map(Number), 0.95)),
      ...targets.filter(({ kind }) => kind !== "path").map(({ sq }) => tappable(sq, 0.8)),
    ];
    if (!this.hitR) this.fitHits();
    else this.drawHits();
  }
}

// The DogRoyal board as SVG: the 64-field ring (clockwise), each colour's start field, kennel
// and goal, the four special fields, and the pieces. Everything of a player is marked with the
// player's palette shape as well as the colour (red ●, yellow ▲, green ◆, blue ■), so owners
// are told apart without colour: a piece is drawn in its owner's shape with the letter of its
// type on it (sv K kung, R riddare, B borgare, N narr; en K King, N Knight, C Citizen, F Fool),
// and the start field, the kennel and the goal lane carry the shape too; each kennel says whose
// it is and its team ("du", "din partner" for the viewer). Fields are numbered from 1 as the
// labels and the log count; a move hovered or focused is previewed (its way and destination).
// Positions follow the game's README: pos -1 kennel, 0..63 ring, 64+j goal field j.

import { colourInfo, shape } from "/static/js/colours.js";
import { s } from "/static/js/dom.js";
import { possessive, t } from "/static/js/i18n.js";

const R = 318; // ring radius
const FIELD = 13; // field radius
const TYPES = ["king", "knight", "citizen", "fool"];

function polar(angle, radius) {
  return [radius * Math.cos(angle), radius * Math.sin(angle)];
}

/** A star (the special fields' mark), centred on (0, 0), radius r. */
export function pieceShape(type, r, attrs = {}) {
  const pts = (list) => list.map(([x, y]) => `${(x * r).toFixed(1)},${(y * r).toFixed(1)}`).join(" ");
  switch (type) {
    case "king": {
      const star = [];
      for (let i = 0; i < 10; i++) {
        const rad = i % 2 ? 0.68 : 1.18;
        const a = (Math.PI / 5) * i - Math.PI / 2;
        star.push([rad * Math.cos(a), rad * Math.sin(a)]);
      }
      return s("polygon", { points: pts(star), ...attrs });
    }
    case "knight":
      return s("polygon", { points: pts([[0, -1.2], [1.2, 0], [0, 1.2], [-1.2, 0]]), ...attrs });
    case "citizen":
      return s("rect", { x: -r * 0.9, y: -r * 0.9, width: r * 1.8, height: r * 1.8, rx: r * 0.15, ...attrs });
    default:
      return s("polygon", { points: pts([[0, -1.2], [1.1, 0.85], [-1.1, 0.85]]), ...attrs });
  }
}

export class DogRoyalBoard {
  /** @param handlers {onPiece(id)} */
  constructor(handlers) {
    this.handlers = handlers;
    this.ring = 64;
    this.pieces = new Map(); // id → <g>
    this.drawnFor = null;
    this.svg = s("svg", { class: "board dogroyal-board", viewBox: "-452 -452 904 904", role: "img" });
    this.staticLayer = s("g", { class: "static" });
    this.teamLayer = s("g", { class: "teams" });
    this.pieceLayer = s("g", { class: "pieces" });
    this.previewLayer = s("g", { class: "preview", "aria-hidden": "true" });
    this.svg.append(this.staticLayer, this.teamLayer, this.pieceLayer, this.previewLayer);
    this.names = [];
    this.viewer = null;
  }

  angle(field) {
    return Math.PI / 2 + (field * 2 * Math.PI) / this.ring;
  }

  fieldXY(field) {
    return polar(this.angle(field), R);
  }

  goalXY(start, j) {
    return polar(this.angle(start), R - 46 - 40 * j);
  }

  kennelXY(start, k) {
    // Outside the ring, just before the start field (counter-clockwise of it), a 2×2 block.
    const a = this.angle(start - 2.6);
    const [cx, cy] = polar(a, R + 72);
    const ox = Math.cos(a);
    const oy = Math.sin(a);
    const px = -oy;
    const py = ox;
    const dr = k < 2 ? -19 : 19;
    const dp = k % 2 ? 19 : -19;
    return [cx + ox * dr + px * dp, cy + oy * dr + py * dp];
  }

  /** Where a piece is drawn. */
  place(piece, seats) {
    const start = seats.get(piece.seat).start;
    if (piece.pos < 0) return this.kennelXY(start, TYPES.indexOf(piece.type));
    if (piece.pos >= this.ring) return this.goalXY(start, piece.pos - this.ring);
    return this.fieldXY(piece.pos);
  }

  drawStatic(view) {
    this.ring = view.board.ring;
    const g = this.staticLayer;
    g.replaceChildren();
    g.append(s("circle", { class: "board-bg", r: 446 }));
    g.append(s("circle", { class: "track-line", r: R, fill: "none" }));
    const startOf = new Map(view.seats.map((seat) => [seat.start, seat]));
    const special = new Set(view.board.special);
    for (let f = 0; f < this.ring; f++) {
      const [cx, cy] = this.fieldXY(f);
      const owner = startOf.get(f);
      if (owner) {
        const info = colourInfo(owner.colour);
        g.append(s("circle", { class: "start", cx, cy, r: FIELD + 4, fill: info.light, stroke: info.fill, "stroke-width": 5, dataset: { field: f, colour: owner.colour } }));
        g.append(s("g", { class: "owner-mark", transform: `translate(${cx} ${cy})` }, shape(owner.colour, 7, { opacity: 0.6, "stroke-width": 1 })));
      } else if (special.has(f)) {
        g.append(s("circle", { class: "special", cx, cy, r: FIELD + 2, dataset: { field: f } }));
        const star = pieceShape("king", 7, { class: "special-mark" });
        star.setAttribute("transform", `translate(${cx} ${cy})`);
        g.append(star);
      } else {
        g.append(s("circle", { class: "square", cx, cy, r: FIELD, dataset: { field: f } }));
      }
      if ((f + 1) % 4 === 0) {
        // Fields count from 1, as the move labels and the log say ("fält 12").
        const [tx, ty] = polar(this.angle(f), R - 30);
        g.append(s("text", { class: "field-number", x: tx, y: ty + 6, text: f + 1 }));
      }
    }
    for (const seat of view.seats) {
      const info = colourInfo(seat.colour);
      for (let j = 0; j < 4; j++) {
        const [cx, cy] = this.goalXY(seat.start, j);
        g.append(s("circle", { class: "goal-field", cx, cy, r: FIELD, fill: info.light, stroke: info.fill, "stroke-width": 3, dataset: { colour: seat.colour, goal: j } }));
        g.append(s("g", { class: "owner-mark", transform: `translate(${cx} ${cy})` }, shape(seat.colour, 6, { opacity: 0.5, "stroke-width": 1 })));
      }
      // The end of the goal lane: the owner's shape, large.
      const [ex, ey] = this.goalXY(seat.start, 4);
      g.append(s("g", { class: "owner-mark lane-end", transform: `translate(${ex} ${ey + 2})`, dataset: { colour: seat.colour } }, shape(seat.colour, 12, { "stroke-width": 2 })));
      const [kx, ky] = polar(this.angle(seat.start - 2.6), R + 72);
      g.append(s("circle", { class: "kennel", cx: kx, cy: ky, r: 44, fill: info.light, stroke: info.fill, "stroke-width": 3, dataset: { colour: seat.colour } }));
      g.append(s("g", { class: "owner-mark kennel-mark", transform: `translate(${kx} ${ky})`, dataset: { colour: seat.colour } }, shape(seat.colour, 8, { "stroke-width": 1.5 })));
      for (let k = 0; k < 4; k++) {
        const [cx, cy] = this.kennelXY(seat.start, k);
        g.append(s("circle", { class: "slot", cx, cy, r: 12, stroke: info.fill }));
      }
    }
    this.drawTeams(view);
    this.drawnFor = this.keyOf(view);
  }

  keyOf(view, names = this.names, viewer = this.viewer) {
    const teams = JSON.stringify(view.teams ?? null);
    const who = JSON.stringify([names, viewer]);
    return `${view.board.ring}:${view.board.special.join(",")}:${view.seats.map((x) => x.colour).join(",")}:${teams}:${who}:${t("dogroyal.web.team", { n: 1 })}`;
  }

  /** Beside each kennel its owner's name and, in a team game, the team ("Anna · Lag 1"); the
   * viewer's own kennel says "du" and the partner's "din partner", so partners are seen on
   * the board by name. */
  drawTeams(view) {
    this.teamLayer.replaceChildren();
    const names = this.names ?? [];
    const me = this.viewer;
    const partner = me === null || me === undefined ? null : view.teams?.find((m) => m.includes(me))?.find((x) => x !== me);
    for (const seat of view.seats) {
      const n = view.teams ? view.teams.findIndex((members) => members.includes(seat.seat)) : -1;
      const name = names[seat.seat] ?? "";
      let role = n >= 0 ? t("dogroyal.web.team", { n: n + 1 }) : "";
      if (seat.seat === me) role = t("dogroyal.web.you");
      else if (seat.seat === partner) role = t("dogroyal.web.your_partner");
      const lines = [name, role].filter(Boolean);
      if (!lines.length) continue;
      const width = 14 + Math.max(...lines.map((line) => line.length)) * 9;
      const height = 8 + lines.length * 19;
      // Beside the kennel (radius 44), on the side away from the start field, clear of it.
      const a = this.angle(seat.start - 2.6);
      const [x, y] = polar(a, R + 72);
      const [dx, dy] = [Math.cos(a - Math.PI / 2), Math.sin(a - Math.PI / 2)];
      const away = 50 + Math.abs(dx) * width / 2 + Math.abs(dy) * height / 2;
      const [tx, ty] = [x + away * dx, y + away * dy];
      const info = colourInfo(seat.colour);
      this.teamLayer.append(
        s(
          "g",
          {
            class: `team-mark${seat.seat === partner ? " partner" : ""}${seat.seat === me ? " me" : ""}`,
            transform: `translate(${tx.toFixed(1)} ${ty.toFixed(1)})`,
            dataset: { seat: seat.seat, team: n + 1 },
          },
          s("rect", { x: -width / 2, y: -height / 2, width, height, rx: 7, stroke: info.fill }),
          lines.map((line, i) => s("text", { class: i ? "team-role" : "team-name", y: -height / 2 + 20 + i * 19, text: line })),
        ),
      );
    }
  }

  /** Show where a move would take its piece (null: clear): the fields on the way, the
   * destination ringed with its number, and for a swap the other piece's way back. */
  preview(plan) {
    this.previewLayer.replaceChildren();
    this.svg.classList.toggle("previewing", Boolean(plan));
    if (!plan) return;
    const ways = [[plan.from, plan.to, plan.start]];
    plan.kennelSlot = TYPES.indexOf(plan.type);
    if (plan.other) ways.push([plan.other.from, plan.other.to, plan.other.start]);
    for (const [i, [from, to, start]] of ways.entries()) {
      const begin = from < 0 ? this.kennelXY(start, plan.kennelSlot ?? 0) : from >= this.ring ? this.goalXY(start, from - this.ring) : this.fieldXY(from);
      const end = to >= this.ring ? this.goalXY(start, to - this.ring) : this.fieldXY(to);
      const points = [begin, ...(from < 0 || plan.swap ? [] : this.path(from, to, start))];
      if (from < 0 || plan.swap) points.push(end);
      const line = points.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(" ");
      this.previewLayer.append(s("polyline", { class: `preview-path${i ? " other" : ""}`, points: line }));
      this.previewLayer.append(s("circle", { class: "preview-dest", cx: end[0], cy: end[1], r: 24 }));
      const label = to >= this.ring ? `M${to - this.ring + 1}` : String(to + 1);
      const [lx, ly] = polar(Math.atan2(end[1], end[0]), Math.hypot(end[0], end[1]) + (to >= this.ring ? 0 : 44));
      const offset = to >= this.ring ? [34, 0] : [0, 0];
      this.previewLayer.append(
        s(
          "g",
          { class: "preview-label", transform: `translate(${(lx + offset[0]).toFixed(1)} ${(ly + offset[1]).toFixed(1)})` },
          s("rect", { x: -22, y: -15, width: 44, height: 30, rx: 8 }),
          s("text", { y: 8, text: label }),
        ),
      );
    }
  }

  /** Mark `id` as the piece whose moves are shown (null: none). */
  select(id) {
    for (const [key, el] of this.pieces) el.classList.toggle("selected", key === id);
  }

  pieceElement(piece, seat) {
    let el = this.pieces.get(piece.id);
    if (el) return el;
    const info = colourInfo(seat.colour);
    // The owner's palette shape in the owner's colour, with the type's letter on it.
    const letterY = info.shape === "triangle" ? 7 : 5.5;
    el = s(
      "g",
      {
        class: "piece",
        dataset: { id: piece.id, seat: piece.seat, type: piece.type, colour: seat.colour, shape: info.shape },
        tabindex: -1,
        onclick: () => this.handlers.onPiece?.(piece.id),
        onkeydown: (e) => {
          if (e.key === "Enter" || e.key === " ") this.handlers.onPiece?.(piece.id);
        },
      },
      s("circle", { class: "ring", r: 21 }),
      shape(seat.colour, 15, { class: "body", "stroke-width": 2 }),
      piece.type === "king" ? s("circle", { class: "king-ring", r: 11.5, stroke: info.ink }) : null,
      s("text", { class: "piece-letter", y: letterY, fill: info.ink, text: t(`dogroyal.web.letter.${piece.type}`) }),
    );
    this.pieces.set(piece.id, el);
    this.pieceLayer.append(el);
    return el;
  }

  /** The points a piece passes on a move from `from` to `to` (positions), ring then goal. */
  path(from, to, start) {
    const ring = this.ring;
    if (from < 0 || to < 0) return [];
    const points = [];
    if (from < ring) {
      const end = to < ring ? to : start;
      const ahead = (end - from + ring) % ring;
      const back = (from - end + ring) % ring;
      if (to < ring && back > 0 && back <= 4) {
        for (let i = 1; i <= back; i++) points.push(this.fieldXY(from - i));
      } else {
        for (let i = 1; i <= ahead; i++) points.push(this.fieldXY(from + i));
      }
      if (to >= ring) for (let j = 0; j <= to - ring; j++) points.push(this.goalXY(start, j));
    } else {
      for (let j = from - ring + 1; j <= to - ring; j++) points.push(this.goalXY(start, j));
    }
    return points;
  }

  /** Draw a view; `movable` holds the ids of the pieces the chosen card can move; `events`
   * (the ones that led here) make moved pieces walk along the ring. */
  update(view, { movable = new Set(), selected = null, names = [], events = [], viewer = null } = {}) {
    if (this.keyOf(view, names, viewer) !== this.drawnFor) {
      this.names = names;
      this.viewer = viewer;
      this.drawStatic(view);
    }
    const bySeat = new Map(view.seats.map((seat) => [seat.seat, seat]));
    const walks = new Map();
    for (const event of events) {
      if (event.type === "moved") {
        const owner = view.pieces.find((p) => p.id === event.piece);
        const start = owner ? bySeat.get(owner.seat).start : 0;
        walks.set(event.piece, this.path(event.from, event.to, start));
      }
    }
    const reduceMotion = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
    for (const piece of view.pieces) {
      const seat = bySeat.get(piece.seat);
      const el = this.pieceElement(piece, seat);
      const [x, y] = this.place(piece, bySeat);
      const transform = `translate(${x.toFixed(1)}px, ${y.toFixed(1)}px)`;
      const walk = walks.get(piece.id);
      if (!el.style.transform) {
        el.style.transition = "none";
        el.style.transform = transform;
        void el.getBoundingClientRect();
        el.style.transition = "";
      } else if (!reduceMotion && walk && walk.length > 1 && el.style.transform !== transform) {
        // Along the ring, field by field (a straight line would cut across the board).
        const begin = el.style.transform;
        el.style.transition = "none";
        el.style.transform = transform;
        const frames = [{ transform: begin }, ...walk.map(([wx, wy]) => ({ transform: `translate(${wx.toFixed(1)}px, ${wy.toFixed(1)}px)` }))];
        const duration = Math.min(walk.length * 90, 1400);
        el.animate(frames, { duration, easing: "linear" }).finished.then(
          () => (el.style.transition = ""),
          () => (el.style.transition = ""),
        );
      } else el.style.transform = transform;
      const can = movable.has(piece.id);
      el.classList.toggle("movable", can);
      el.classList.toggle("selected", selected === piece.id);
      el.classList.toggle("blocked", piece.blocked);
      el.dataset.pos = piece.pos;
      el.setAttribute("tabindex", can ? 0 : -1);
      el.setAttribute("role", can ? "button" : "img");
      el.setAttribute("aria-label", t(`dogroyal.piece_of.${piece.type}`, { owner: possessive(names[piece.seat] ?? "") }));
    }
    for (const el of this.pieceLayer.querySelectorAll(".piece.movable")) this.pieceLayer.append(el);
  }
}

// The map of Africa as SVG, drawn from the game's layout (GET /api/games → layout): the coast
// (an outline made for this board), the land routes with their black dots, the sea lanes in
// blue, the air routes as red arcs, the start points, the cities with their tokens (face down,
// or what was found), the hazards, and the pawns in each player's colour and shape. The
// places a player may go to now are rings to click (or focus and press Enter); a ring shows
// the route it stands for when pointed at.

import { colourInfo, shape } from "/static/js/colours.js";
import { s } from "/static/js/dom.js";
import { t } from "/static/js/i18n.js";

/** A token's look: fill, ink and its sign (a value for gems), readable without colour. */
export const TOKEN_LOOK = {
  closed: { fill: "#7a4a21", ink: "#fff", sign: "?" },
  blank: { fill: "#fffdf8", ink: "#6a645b", sign: "–" },
  horseshoe: { fill: "#b8bec4", ink: "#111", sign: "∩" },
  robber: { fill: "#1b1b1b", ink: "#fff", sign: "✖" },
  topaz: { fill: "#f2c200", ink: "#111", sign: "300" },
  emerald: { fill: "#1f9a4b", ink: "#fff", sign: "500" },
  ruby: { fill: "#d62839", ink: "#fff", sign: "1000" },
  star: { fill: "#f4b400", ink: "#111", sign: "★" },
};

const STEP_MS = 110; // a pawn's walk, per dot

/** A place, junction or dot in words (as spelkvall.games.afrika.where.where). */
export function whereText(layout, id) {
  if (!id) return "–";
  if (!id.includes(":")) return t(`afrika.place.${id}`);
  const [medium, a, b, i] = id.split(":");
  const steps = layout.steps?.[`${medium}:${a}:${b}`] ?? 0;
  let k = Number(i);
  let from = a;
  let to = b;
  if (steps && k > steps - k) {
    [from, to, k] = [b, a, steps - k];
  }
  return t(medium === "sea" ? "afrika.dot.sea" : "afrika.dot.land", {
    n: k,
    a: t(`afrika.place.${from}`),
    b: t(`afrika.place.${to}`),
  });
}

export class AfrikaMap {
  /**
   * @param layout the game's layout: {nodes, segments, air, coast}
   * @param handlers {onTarget(nodeId)}: a ring was chosen
   */
  constructor(layout, handlers) {
    this.layout = layout;
    this.handlers = handlers;
    this.nodes = new Map(layout.nodes.map((n) => [n.id, n]));
    layout.steps = {};
    for (const seg of layout.segments) {
      const [a, b] = [seg.nodes[0], seg.nodes[seg.nodes.length - 1]];
      layout.steps[`${seg.medium}:${a}:${b}`] = seg.nodes.length - 1;
    }
    this.reduceMotion = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
    this.pawns = new Map(); // seat → <g>
    this.pawnAt = new Map(); // seat → node id shown
    this.walking = new Map(); // seat → timer of a walk being shown
    const xs = layout.nodes.map((n) => n.x);
    const ys = layout.nodes.map((n) => n.y);
    const pad = 30;
    this.box = [Math.min(...xs) - pad - 20, Math.min(...ys) - pad, Math.max(...xs) - Math.min(...xs) + 2 * pad + 40, Math.max(...ys) - Math.min(...ys) + 2 * pad];
    this.svg = s("svg", {
      class: "board afrika-map",
      viewBox: this.box.join(" "),
      role: "group",
    });
    this.svg.append(this.drawStatic());
    this.tokenLayer = s("g", { class: "tokens" });
    this.badgeLayer = s("g", { class: "badges" });
    this.pathLayer = s("g", { class: "route-preview" });
    this.targetLayer = s("g", { class: "targets" });
    this.pawnLayer = s("g", { class: "pawns" });
    this.svg.append(this.tokenLayer, this.badgeLayer, this.pathLayer, this.targetLayer, this.pawnLayer);
  }

  xy(id) {
    const n = this.nodes.get(id);
    return n ? [n.x, n.y] : [0, 0];
  }

  drawStatic() {
    const L = this.layout;
    const g = s("g", { class: "static" });
    const [x0, y0, w, hgt] = this.box;
    g.append(s("rect", { class: "sea-bg", x: x0, y: y0, width: w, height: hgt }));
    for (const outline of L.coast ?? []) {
      g.append(s("polygon", { class: "coast", points: outline.map((p) => p.join(",")).join(" ") }));
    }
    // Air routes first (under everything): red arcs with a plane at the middle.
    for (const [a, b] of L.air) {
      const [x1, y1] = this.xy(a);
      const [x2, y2] = this.xy(b);
      const [mx, my] = [(x1 + x2) / 2, (y1 + y2) / 2];
      const [dx, dy] = [x2 - x1, y2 - y1];
      const bend = 0.18;
      const [cx, cy] = [mx - dy * bend, my + dx * bend];
      g.append(s("path", { class: "air-route", d: `M${x1} ${y1} Q${cx} ${cy} ${x2} ${y2}`, dataset: { a, b } }));
      const [px, py] = [(x1 + 2 * cx + x2) / 4, (y1 + 2 * cy + y2) / 4];
      g.append(s("text", { class: "air-plane", x: px, y: py, text: "✈" }));
    }
    for (const seg of L.segments) {
      const points = seg.nodes.map((id) => this.xy(id).join(",")).join(" ");
      g.append(s("polyline", { class: `route ${seg.medium}-route`, points }));
    }
    for (const node of L.nodes) {
      if (node.kind === "dot" || node.kind === "junction_land" || node.kind === "junction_sea") {
        const cls = node.medium === "sea" ? "sea-dot" : "land-dot";
        g.append(s("circle", { class: cls, cx: node.x, cy: node.y, r: node.kind === "dot" ? 3.6 : 4.6, dataset: { node: node.id } }));
      }
    }
    for (const node of L.nodes) {
      if (node.kind !== "hazard") continue;
      const { x, y } = node;
      g.append(
        s(
          "g",
          { class: "hazard", transform: `translate(${x} ${y})`, dataset: { node: node.id } },
          s("title", { text: t(`afrika.place.${node.id}`) }),
          s("polygon", { points: "0,-13 12,9 -12,9" }),
          s("text", { class: "hazard-sign", y: 5, text: "!" }),
        ),
      );
    }
    for (const node of L.nodes) {
      if (node.kind !== "city" && node.kind !== "start") continue;
      const start = node.kind === "start";
      // A start point is a big red ring with a white one inside: unlike any pawn or token.
      const place = s(
        "g",
        { class: `place ${node.kind}`, transform: `translate(${node.x} ${node.y})`, dataset: { node: node.id } },
        s("title", { text: t(`afrika.place.${node.id}`) }),
        s("circle", { class: "place-disc", r: start ? 18 : 12 }),
        start ? s("circle", { class: "start-inner", r: 10 }) : null,
      );
      g.append(place);
      const below = node.y > 900 || node.id === "cape_st_marie" ? -22 : 27;
      g.append(
        s("text", {
          class: `place-name${start ? " start-name" : ""}`,
          x: node.x,
          y: node.y + below,
          dataset: { node: node.id },
          text: t(`afrika.place.${node.id}`),
        }),
      );
    }
    return g;
  }

  /** Redraw what changes: tokens, badges, pawns, targets. */
  update(view, { seats, targets = [], current = null, events = [], preview = new Map() }) {
    this.view = view;
    this.preview = preview;
    this.drawTokens(view);
    this.drawBadges(view);
    this.drawPawns(view, seats, current, events);
    this.drawTargets(targets);
    this.lastZoom = [targets, view.players[current]?.at ?? null];
    this.zoom(...this.lastZoom);
    if (!this.onResize) {
      this.onResize = () => this.lastZoom && this.zoom(...this.lastZoom);
      window.addEventListener("resize", this.onResize);
    }
  }

  stop() {
    if (this.onResize) window.removeEventListener("resize", this.onResize);
  }

  /** On a narrow screen the rings of a land move are small: show the part of the map around
   * the pawn and its rings; the whole map otherwise. */
  zoom(targets, at) {
    const narrow = (this.svg.clientWidth || this.svg.getBoundingClientRect().width) < 560;
    const walk = targets.filter((target) => target.kind === "go");
    if (!narrow || !walk.length || !at) {
      this.svg.setAttribute("viewBox", this.box.join(" "));
      this.svg.dataset.zoom = "no";
      return;
    }
    const points = [at, ...walk.map((target) => target.node)].map((id) => this.xy(id));
    const xs = points.map((p) => p[0]);
    const ys = points.map((p) => p[1]);
    const size = Math.max(360, Math.max(...xs) - Math.min(...xs) + 120, Math.max(...ys) - Math.min(...ys) + 120);
    const cx = (Math.max(...xs) + Math.min(...xs)) / 2;
    const cy = (Math.max(...ys) + Math.min(...ys)) / 2;
    const [bx, by, bw, bh] = this.box;
    const x = Math.min(Math.max(cx - size / 2, bx), bx + bw - size);
    const y = Math.min(Math.max(cy - size / 2, by), by + bh - size);
    this.svg.setAttribute("viewBox", `${x} ${y} ${size} ${size}`);
    this.svg.dataset.zoom = "yes";
  }

  drawTokens(view) {
    const items = [];
    for (const city of view.cities) {
      if (city.token === null) continue;
      const [x, y] = this.xy(city.place);
      const look = TOKEN_LOOK[city.token] ?? TOKEN_LOOK.closed;
      let sign = look.sign;
      if (view.gem_values && view.gem_values[city.token]) sign = String(view.gem_values[city.token]);
      const long = sign.length > 2;
      items.push(
        s(
          "g",
          {
            class: `token token-${city.token}`,
            transform: `translate(${x} ${y})`,
            dataset: { place: city.place, token: city.token },
          },
          s("circle", { r: 10.5, fill: look.fill, stroke: "#1b1b1b", "stroke-width": 1.6 }),
          s("text", { class: `token-sign${long ? " long" : ""}`, y: long ? 3 : 5, fill: look.ink, text: sign }),
        ),
      );
    }
    this.tokenLayer.replaceChildren(...items);
  }

  drawBadges(view) {
    const badges = [];
    const badge = (place, text, cls, dx = 0, dy = -22) => {
      const [x, y] = this.xy(place);
      const width = 10 + text.length * 8.2;
      badges.push(
        s(
          "g",
          { class: `badge ${cls}`, transform: `translate(${x + dx} ${y + dy})`, dataset: { place } },
          s("rect", { x: -width / 2, y: -11, width, height: 20, rx: 6 }),
          s("text", { y: 4, text }),
        ),
      );
    };
    if (view.capetown_bonus === "waiting") badge("capetown", "+£500", "bonus", 46, 0);
    // Above the two neighbouring coasts, so that their names below stay readable.
    badge("gold_coast", "×2", "double", -20, -20);
    badge("slave_coast", t("afrika.web.slave_badge"), "slave", 40, -20);
    this.badgeLayer.replaceChildren(...badges);
  }

  /** The spot of seat's pawn at a node: several pawns on one node stand around it. */
  spot(id, index, count) {
    const [x, y] = this.xy(id);
    if (count <= 1) return [x, y];
    const a = (2 * Math.PI * index) / count - Math.PI / 2;
    return [x + 13 * Math.cos(a), y + 13 * Math.sin(a)];
  }

  drawPawns(view, seats, current, events) {
    const byNode = new Map();
    for (const player of view.players) {
      if (!player.at) continue;
      if (!byNode.has(player.at)) byNode.set(player.at, []);
      byNode.get(player.at).push(player.seat);
    }
    const walked = new Map();
    for (const event of events) {
      if (event.type === "walked") walked.set(event.seat, event.path);
    }
    for (const player of view.players) {
      let pawn = this.pawns.get(player.seat);
      const colour = seats[player.seat]?.colour;
      if (!pawn) {
        pawn = s(
          "g",
          { class: "pawn", dataset: { seat: player.seat, colour: colour ?? "" } },
          s("circle", { class: "ring", r: 19 }),
          s("g", { class: "body" }, shape(colour, 13.5, { stroke: "#fff", "stroke-width": 2.6 })),
        );
        this.pawns.set(player.seat, pawn);
        this.pawnLayer.append(pawn);
      }
      pawn.classList.toggle("current", player.seat === current);
      pawn.classList.toggle("stranded", Boolean(player.stranded));
      pawn.classList.toggle("captured", Boolean(player.captured));
      pawn.classList.toggle("hidden", !player.at);
      pawn.dataset.at = player.at ?? "";
      if (!player.at) continue;
      const here = byNode.get(player.at);
      const [x, y] = this.spot(player.at, here.indexOf(player.seat), here.length);
      const path = walked.get(player.seat);
      if (path && path.length > 1 && !this.reduceMotion && this.pawnAt.get(player.seat)) {
        this.walk(pawn, player.seat, path, [x, y]);
      } else {
        clearTimeout(this.walking.get(player.seat));
        pawn.style.transform = `translate(${x}px, ${y}px)`;
      }
      this.pawnAt.set(player.seat, player.at);
    }
    // The player to act on top.
    const top = this.pawns.get(current);
    if (top) this.pawnLayer.append(top);
  }

  /** Show a walk dot by dot along its path, then stand at the end spot. */
  walk(pawn, seat, path, end) {
    clearTimeout(this.walking.get(seat));
    pawn.classList.add("walking");
    let i = 0;
    const next = () => {
      if (i >= path.length) {
        pawn.classList.remove("walking");
        pawn.style.transform = `translate(${end[0]}px, ${end[1]}px)`;
        return;
      }
      const [x, y] = this.xy(path[i]);
      pawn.style.transform = `translate(${x}px, ${y}px)`;
      i += 1;
      this.walking.set(seat, setTimeout(next, STEP_MS));
    };
    next();
  }

  /** Rings to click: targets = [{node, kind, label}] (several entries may share a node). */
  drawTargets(targets) {
    const seen = new Map();
    for (const target of targets) if (!seen.has(target.node)) seen.set(target.node, target);
    const rings = [];
    for (const [node, target] of seen) {
      const [x, y] = this.xy(node);
      const ring = s(
        "g",
        {
          class: `target ${target.kind}`,
          transform: `translate(${x} ${y})`,
          tabindex: 0,
          role: "button",
          "aria-label": target.label,
          dataset: { node, kind: target.kind },
          onclick: () => this.handlers.onTarget(node),
          onkeydown: (event) => {
            if (event.key === "Enter" || event.key === " ") {
              event.preventDefault();
              this.handlers.onTarget(node);
            }
          },
          onmouseenter: () => this.showRoute(node),
          onfocus: () => this.showRoute(node),
          onmouseleave: () => this.showRoute(null),
          onblur: () => this.showRoute(null),
        },
        s("title", { text: target.label }),
        s("circle", { class: "hit", r: 22 }),
        s("circle", { class: "ring-mark", r: 17 }),
      );
      rings.push(ring);
    }
    this.targetLayer.replaceChildren(...rings);
    this.showRoute(null);
  }

  /** Draw the route a ring stands for (preview: node id → list of node ids from the pawn). */
  showRoute(node) {
    if (!node || !this.preview?.has(node)) {
      this.pathLayer.replaceChildren();
      return;
    }
    const points = this.preview.get(node).map((id) => this.xy(id).join(",")).join(" ");
    this.pathLayer.replaceChildren(s("polyline", { class: "preview-line", points }));
  }
}

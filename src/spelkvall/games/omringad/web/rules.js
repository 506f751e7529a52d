// Omringad's pictures for the rules panel (the shared web/js/rules.js): the units table, a battle
// and a siege. Squares and tokens are drawn by the board itself (board.js) on made-up positions,
// so a terrain tile, a stack, a damage mark or a siege badge looks exactly as it does in play;
// only the table's words and the dice are drawn here. Players are the game's first two colours,
// a red circle and a yellow triangle, told apart by shape without colour.

import { shape } from "/static/js/colours.js";
import { s } from "/static/js/dom.js";
import { t } from "/static/js/i18n.js";
import { OmringadBoard } from "./board.js";

const C = 64; // one square in the board's SVG units
const SEATS = [{ colour: "red" }, { colour: "yellow" }];
const INK = "#1d1b18";

/** The regular units of the game's layout (board.py, through /api/games): [unit, cost, F, S,
 * damaged F, damaged S, count]. S 0: the unit does not roll; damaged null: the first hit
 * eliminates it. The specials are won at auction and explained in words. */
function regularUnits(info) {
  return (info?.layout?.units ?? [])
    .filter((unit) => !unit.special)
    .map((unit) => [unit.id, unit.cost, unit.move[0], unit.strength[0], unit.move[1], unit.strength[1], unit.pool]);
}

/** A stack as the view sends it: `height` units of one player, `unit` on top. */
function stack(seat, unit, height = 1, damaged = false) {
  return { seat, height, besieges: false, units: [[unit, damaged, false, null, 0]] };
}

/** Cells drawn by the board: `squares` maps a square of the sphere (0–49) to {terrain,
 * control, stacks, limit}; each drawn cell comes back moved out of the board, without its
 * role as a button (a picture is one image). */
function boardCells(squares) {
  const board = new OmringadBoard({ onSquare() {} });
  board.narrow = () => false; // the same layout on a phone: only single cells are used
  const view = {
    players: 2,
    terrain: Array(50).fill("bare"),
    control: Array.from({ length: 50 }, (_, sq) => Math.floor(sq / 25)),
    stacks: Array.from({ length: 50 }, () => []),
    settlements: [],
  };
  for (const [sq, spec] of Object.entries(squares)) {
    if (spec.terrain) view.terrain[sq] = spec.terrain;
    if (spec.control !== undefined) view.control[sq] = spec.control;
    if (spec.stacks) view.stacks[sq] = spec.stacks;
    if (spec.limit !== undefined) view.settlements.push({ square: Number(sq), seat: view.control[sq], besiegers: spec.limit === 0 ? 2 : 1, limit: spec.limit });
  }
  board.update(view, { seats: SEATS });
  const out = {};
  for (const sq of Object.keys(squares)) {
    const cell = board.cells[sq];
    for (const name of ["role", "tabindex", "aria-label", "aria-disabled"]) cell.removeAttribute(name);
    out[sq] = cell;
  }
  return out;
}

/** A token as the board draws it (the owner's shape, the top unit's short name, a damage
 * mark), at (x, y); without the height badge unless `badge`. */
function token(seat, unit, x, y, { damaged = false, height = 1, badge = false } = {}) {
  const board = new OmringadBoard({ onSquare() {} });
  const g = board.token(stack(seat, unit, height, damaged), 0, 1, (p) => SEATS[p]?.colour ?? null);
  if (!badge) g.querySelector(".height")?.remove();
  g.setAttribute("transform", `translate(${x},${y})`);
  return g;
}

function text(x, y, content, attrs = {}) {
  return s("text", { x, y, "font-size": 14, fill: INK, ...attrs }, content);
}

/** The picture's svg: the board's class (its styles for tiles and tokens), one image with a
 * title in the reader's language. */
function picture(label, width, height, ...children) {
  // A wide picture may grow past the panel's usual picture width (never past the panel).
  const style = width > 380 ? { width: `min(100%, ${(width / 15).toFixed(1)}rem)` } : null;
  return s(
    "svg",
    { class: "omr-board omr-rules", viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": label, style },
    s("title", {}, label),
    ...children,
  );
}

/** A die face with its value, a hit drawn heavier and ticked, a miss pale and crossed. */
function die(x, y, value, hit) {
  return s(
    "g",
    { class: `rules-die ${hit ? "hit" : "miss"}`, transform: `translate(${x},${y})` },
    s("rect", { width: 26, height: 26, rx: 5, fill: hit ? "#ffe1dc" : "#f1f1f1", stroke: hit ? INK : "#8a8a8a", "stroke-width": hit ? 2.5 : 1.5 }),
    text(13, 18, String(value), { "font-size": 15, "font-weight": 800, "text-anchor": "middle", fill: hit ? INK : "#666" }),
    text(13, 40, hit ? "✓" : "✗", { "font-size": 13, "font-weight": 800, "text-anchor": "middle", fill: hit ? INK : "#777" }),
  );
}

function unitsPicture(_lang, info) {
  const units = regularUnits(info);
  const cols = { name: 46, gold: 196, f: 236, s: 272, hurt: 334, count: 406 };
  const rowH = 38;
  const top = 28;
  const width = 432;
  const head = s(
    "g",
    { "font-weight": 800 },
    text(cols.name, 18, t("omringad.rules.col.unit"), { "font-weight": 800 }),
    text(cols.gold, 18, t("omringad.rules.col.gold"), { "font-weight": 800, "text-anchor": "middle" }),
    text(cols.f, 18, "F", { "font-weight": 800, "text-anchor": "middle" }),
    text(cols.s, 18, "S", { "font-weight": 800, "text-anchor": "middle" }),
    text(cols.hurt, 18, t("omringad.rules.col.damaged"), { "font-weight": 800, "text-anchor": "middle" }),
    text(cols.count, 18, t("omringad.rules.col.count"), { "font-weight": 800, "text-anchor": "middle" }),
    s("line", { x1: 4, y1: top - 3, x2: width - 4, y2: top - 3, stroke: INK, "stroke-width": 1.2 }),
  );
  const rows = units.map(([unit, cost, f, strength, hurtF, hurtS, count], i) => {
    const y = top + i * rowH;
    const mid = y + rowH / 2;
    const hurt =
      hurtF === null
        ? text(cols.hurt, mid + 5, t("omringad.rules.out"), { "text-anchor": "middle", "font-style": "italic" })
        : text(
            cols.hurt,
            mid + 5,
            [s("tspan", { "font-weight": hurtF !== f ? 800 : 400 }, `F${hurtF}`), " ", s("tspan", { "font-weight": hurtS !== strength ? 800 : 400 }, `S${hurtS}`)],
            { "text-anchor": "middle" },
          );
    return s(
      "g",
      { class: "unit-row", dataset: { unit, values: [cost, f, strength, hurtF ?? -1, hurtS ?? -1, count].join(" ") } },
      i % 2 ? s("rect", { x: 2, y, width: width - 4, height: rowH, fill: "#f4efe2" }) : null,
      token(0, unit, 22, mid - 2),
      text(cols.name, mid + 5, t(`omringad.unit.${unit}`), { "font-weight": 700 }),
      text(cols.gold, mid + 5, String(cost), { "text-anchor": "middle" }),
      text(cols.f, mid + 5, String(f), { "text-anchor": "middle" }),
      text(cols.s, mid + 5, strength ? String(strength) : "+1", { "text-anchor": "middle" }),
      hurt,
      text(cols.count, mid + 5, `×${count}`, { "text-anchor": "middle" }),
    );
  });
  // How the board marks a damaged unit and a stack's height.
  const legendY = top + units.length * rowH + 30;
  const legend = s(
    "g",
    { class: "legend" },
    s("line", { x1: 4, y1: legendY - 28, x2: width - 4, y2: legendY - 28, stroke: INK, "stroke-width": 1.2 }),
    token(0, "rider", 24, legendY, { damaged: true }),
    text(48, legendY + 5, t("omringad.rules.damaged_token")),
    token(0, "rider", 172, legendY, { height: 3, badge: true }),
    text(198, legendY + 5, t("omringad.rules.height_token")),
  );
  return picture(t("omringad.rules.picture.units"), width, legendY + 26, head, ...rows, legend);
}

function battlePicture() {
  const cells = boardCells({ 27: { terrain: "castle", stacks: [stack(1, "elite", 2), stack(0, "rider", 3)] } });
  // The defender (a triangle) was there first: its stack stands left, the attacker's right.
  cells[27].setAttribute("transform", "translate(4,24) scale(1.6)");
  const x = 122;
  const side = (y, seat, title, note, dice, hits) =>
    s(
      "g",
      { class: "battle-side", dataset: { seat } },
      s("g", { transform: `translate(${x + 7},${y - 5})` }, shape(SEATS[seat].colour, 7)),
      text(x + 20, y, title, { "font-weight": 800 }),
      note ? text(x + 20, y + 17, note, { "font-size": 13 }) : null,
      ...dice.map(([value, hit], i) => die(x + i * 34, y + (note ? 25 : 10), value, hit)),
      text(x + dice.length * 34 + 6, y + (note ? 43 : 28), `→ ${hits}`, { "font-weight": 800 }),
    );
  return picture(
    t("omringad.rules.picture.battle"),
    372,
    160,
    cells[27],
    side(18, 0, t("omringad.rules.battle.attacker"), null, [[5, true], [2, false], [4, true]], t("omringad.rules.battle.hits", { n: 2 })),
    side(92, 1, t("omringad.rules.battle.defender"), t("omringad.rules.battle.castle"), [[4, true], [1, false]], t("omringad.rules.battle.hit_one")),
  );
}

/** Three by three squares around a village of the yellow player (square 37, row 3, column 3
 * of country B), with red units on `enemies`; `limit` the siege badge the board draws. */
function siegeGrid(enemies, limit, ox, caption) {
  const around = [31, 32, 33, 36, 37, 38, 41, 42, 43];
  const squares = {};
  for (const sq of around) squares[sq] = {};
  squares[37] = { terrain: "village", stacks: [stack(1, "mercenary", 2)], limit };
  squares[43] = { terrain: "forest" };
  for (const [sq, unit, height] of enemies) squares[sq] = { ...squares[sq], control: 0, stacks: [stack(0, unit, height)] };
  const cells = boardCells(squares);
  const g = s("g", { class: "siege-grid", transform: `translate(${ox},6)` });
  for (const sq of around) {
    const r = Math.floor((sq % 25) / 5) - 1;
    const c = (sq % 5) - 1;
    cells[sq].setAttribute("transform", `translate(${c * C},${r * C})`);
    g.append(cells[sq]);
  }
  g.append(
    s("rect", { x: C, y: C, width: C, height: C, fill: "none", stroke: INK, "stroke-width": 3.5 }),
    text((3 * C) / 2, 3 * C + 22, caption, { "font-weight": 800, "text-anchor": "middle" }),
  );
  return g;
}

function siegePicture() {
  const gap = 20;
  return picture(
    t("omringad.rules.picture.siege"),
    6 * C + gap + 12,
    3 * C + 40,
    siegeGrid(
      [
        [32, "rider", 2],
        [33, "mercenary", 1],
      ],
      2,
      6,
      t("omringad.rules.siege.one"),
    ),
    siegeGrid(
      [
        [32, "rider", 2],
        [36, "elite", 1],
      ],
      0,
      6 + 3 * C + gap,
      t("omringad.rules.siege.two"),
    ),
  );
}

export const pictures = {
  units: unitsPicture,
  battle: battlePicture,
  siege: siegePicture,
};

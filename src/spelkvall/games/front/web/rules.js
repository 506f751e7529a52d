// Front's pictures for the rules panel (the shared web/js/rules.js shows "[[name]] caption"
// blocks of "front.rules" with them): small positions drawn by the game's own board code
// (FrontBoard, the server's layout from /api/games), each a self-contained SVG that reads
// without colour: red pieces are circles, blue squares, yellow triangles (the palette's
// shapes), threat lines are dashed, a protecting line is solid.
//
// - board:     the start position; the dots follow red's column d up, across the middle and
//              down towards blue's base camp.
// - lines:     two of red's lines converge on a blue piece: red may remove it.
// - protected: a blue piece protected by a blue neighbour in its row needs three red lines.

import { s } from "/static/js/dom.js";
import { loadGames } from "/static/js/games.js";
import { t } from "/static/js/i18n.js";
import { FrontBoard } from "./board.js";

const DEPTH = 4;
// Red (circles) is "you", at the bottom; blue (squares) is next in turn, yellow (triangles).
const SEATS = ["red", "blue", "yellow"].map((colour, seat) => ({ seat, colour }));
const camp = (p) => Array.from({ length: 8 }, (_, c) => [p, 0, c]);

const games = await loadGames();
const LAYOUT = games.find((game) => game.id === "front")?.layout;

/** A picture: the board with `pieces` ([[seat, [p, r, c]]…]) and the page's highlights,
 * cropped to `crop` (a viewBox) or the whole hexagon, with `label` as its title. */
function picture(label, pieces, { targets = [], lines = [], guards = [], crop = null } = {}) {
  const board = new FrontBoard(LAYOUT, {});
  const view = {
    depth: DEPTH,
    seats: SEATS.map(({ seat }) => ({ seat, pieces: pieces.filter(([owner]) => owner === seat).map(([, sq]) => sq) })),
  };
  board.update(view, { seats: SEATS, targets, lines });
  // A protecting line: solid and dark, unlike the dashed threat lines.
  for (const line of guards) {
    board.lineLayer.append(
      s("polyline", {
        class: "guard",
        points: line.map((sq) => board.at(board.square(sq).centre).map((v) => v.toFixed(1)).join(",")).join(" "),
        fill: "none",
        stroke: "#1b1b1b",
        "stroke-width": 4,
        "stroke-linecap": "round",
      }),
    );
  }
  const svg = board.svg;
  if (crop) svg.setAttribute("viewBox", crop);
  // A picture, not a control: nothing in it is focused, clicked or animated.
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label);
  svg.style.pointerEvents = "none";
  svg.classList.add("front-rules-picture");
  for (const el of svg.querySelectorAll("[tabindex], [role], [aria-label]")) {
    el.removeAttribute("tabindex");
    el.removeAttribute("role");
    el.removeAttribute("aria-label");
  }
  for (const el of svg.querySelectorAll(".target circle")) el.style.animation = "none";
  for (const el of svg.querySelectorAll(".target.path circle")) el.style.opacity = "0.75";
  // The column letters the captions name, big enough to read at the picture's size.
  for (const el of svg.querySelectorAll(".col-letter")) el.style.fontSize = crop ? "16px" : "19px";
  svg.prepend(s("title", { text: label }));
  return svg;
}

// Red's own region (the bottom third, its column letters) and the squares across the middle.
const REGION = "-236 -30 472 322";

/** Red's two lines on blue's piece at d3 (squares from red's pieces to it), in both the
 * "lines" and the "protected" picture. */
const TWO_LINES = [
  [
    [0, 0, 3],
    [0, 1, 3],
    [0, 2, 3],
  ],
  [
    [0, 2, 6],
    [0, 2, 5],
    [0, 2, 4],
    [0, 2, 3],
  ],
];

export const pictures = {
  board: () =>
    picture(
      t("front.rules.picture.board"),
      SEATS.flatMap(({ seat }) => camp(seat).map((sq) => [seat, sq])),
      {
        targets: [
          [0, 1, 3],
          [0, 2, 3],
          [0, 3, 3],
          [1, 3, 4],
          [1, 2, 4],
          [1, 1, 4],
        ].map((sq) => ({ sq, kind: "path" })),
      },
    ),
  lines: () =>
    picture(
      t("front.rules.picture.lines"),
      [
        [1, [0, 2, 3]],
        [0, [0, 0, 3]],
        [0, [0, 2, 6]],
      ],
      {
        targets: [{ sq: [0, 2, 3], kind: "remove" }],
        lines: TWO_LINES,
        crop: REGION,
      },
    ),
  protected: () =>
    picture(
      t("front.rules.picture.protected"),
      [
        [1, [0, 2, 3]],
        [1, [0, 2, 1]],
        [0, [0, 0, 3]],
        [0, [0, 2, 6]],
        [0, [1, 3, 4]],
      ],
      {
        targets: [{ sq: [0, 2, 3], kind: "remove" }],
        lines: [
          ...TWO_LINES,
          [
            [1, 3, 4],
            [0, 3, 3],
            [0, 2, 3],
          ],
        ],
        guards: [
          [
            [0, 2, 1],
            [0, 2, 2],
            [0, 2, 3],
          ],
        ],
        crop: REGION,
      },
    ),
};

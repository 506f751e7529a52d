// A score line: one entry per player with the palette shape, the name and a value (points,
// money, distance covered), e.g. under a board or on the win screen. The shapes say who is
// who without colour.

import { swatch } from "../colours.js";
import { h } from "../dom.js";

/** A number as the page's language writes it (1 234,5 in Swedish). */
export function formatScore(value, lang = document.documentElement.lang || "sv") {
  if (typeof value !== "number") return value === null || value === undefined ? "–" : String(value);
  return new Intl.NumberFormat(lang === "en" ? "en-GB" : "sv-SE", { maximumFractionDigits: 2 }).format(value);
}

/**
 * A score line.
 * @param seats   the state object's seat summaries ({seat, name, colour})
 * @param values  one value per seat (a number or a text); a seat with undefined is left out
 * @param label   what the values are ("Sträcka"), or ""
 * @param current seats to mark as the ones to act now
 * @param format  value → text
 */
export function scoreLine(seats, values, { label = "", current = [], format = formatScore } = {}) {
  return h(
    "div",
    { class: "score-line" },
    label ? h("span", { class: "score-label", text: label }) : null,
    h(
      "ul",
      { class: "scores-list" },
      seats
        .filter((seat) => values[seat.seat] !== undefined)
        .map((seat) =>
          h(
            "li",
            { class: `score${current.includes(seat.seat) ? " current" : ""}`, dataset: { seat: seat.seat, colour: seat.colour ?? "" } },
            seat.colour ? swatch(seat.colour, 16) : null,
            h("span", { class: "score-name", text: seat.name ?? "" }),
            h("span", { class: "score-value", text: format(values[seat.seat]) }),
          ),
        ),
    ),
  );
}

// The die: a button showing a die's face (pips for 1–6, else the number) that rolls on a
// click, tumbles while the roll is on its way and for a moment after any roll (also another
// player's), so every roll is seen. And the plain Roll button of a page that draws no die.
// A page gives the click handler and says when the die may be rolled; it never rolls itself.
// A die this device may roll now is blank: the number of an earlier roll would read as this
// player's ("Tärningen visar 4" before anyone rolled); a roll that just came in is held a
// moment first, so another player's roll is still seen.

import { h, mount } from "../dom.js";
import { t } from "../i18n.js";

const PIPS = {
  1: [5],
  2: [3, 7],
  3: [3, 5, 7],
  4: [1, 3, 7, 9],
  5: [1, 3, 5, 7, 9],
  6: [1, 3, 4, 6, 7, 9],
};

const TUMBLE_MS = 450; // the shortest a roll is seen tumbling
const HOLD_MS = 1500; // a roll just made stays on the die this long when the next roll is ours
const FLICKER_MS = 70; // a new random face this often while it tumbles

/** A die's face as elements: a 3×3 grid of pips for 1–6, the number for any other value,
 * blank for null. */
export function dieFace(value) {
  if (value !== null && value !== undefined && !PIPS[value]) {
    return h("span", { class: "pips number", dataset: { value }, text: String(value) });
  }
  const face = h("span", { class: "pips", dataset: { value: value ?? "" } });
  for (let i = 1; i <= 9; i++) face.append(h("span", { class: value && PIPS[value].includes(i) ? "pip on" : "pip" }));
  return face;
}

export class Die {
  /** @param onRoll called when the player clicks the die (or presses Enter or Space on it) */
  constructor({ onRoll }) {
    this.value = null;
    this.ready = false;
    this.rollingSince = 0;
    this.button = h("button", { type: "button", class: "die", onclick: () => onRoll() });
    this.face(null);
  }

  /** Show `value` (null: blank) at once. */
  face(value) {
    mount(this.button, dieFace(value));
    this.button.dataset.value = value ?? "";
    this.button.setAttribute("aria-label", value ? t("web.game.die_shows", { value }) : t("web.game.roll"));
  }

  /** The die may be rolled now (by this device): enabled and glowing. */
  setReady(ready) {
    this.ready = ready;
    this.button.disabled = !ready;
    this.button.classList.toggle("ready", ready);
  }

  /** The last value rolled: shown whenever the die is not tumbling and not ours to roll. */
  rest(value) {
    this.value = value;
    if (!this.rollingSince && !this.holding) this.face(this.ready ? null : value);
  }

  /** The roll was sent: tumble, and let a double click send no second roll. */
  sent() {
    this.button.disabled = true;
    this.start();
  }

  /** Start tumbling. */
  start() {
    this.holding = false;
    this.rollingSince = performance.now();
    this.button.classList.add("rolling");
    clearInterval(this.spin);
    this.spin = setInterval(() => this.face(1 + Math.floor(Math.random() * 6)), FLICKER_MS);
  }

  /** A roll came in: tumble a little longer if it came fast, then show `value`. */
  show(value) {
    this.value = value;
    if (!this.rollingSince) this.start();
    const wait = Math.max(0, TUMBLE_MS - (performance.now() - this.rollingSince));
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.settle(), wait);
  }

  /** Stop tumbling and show the last value (a refused roll, or the tumble is over). */
  settle() {
    clearInterval(this.spin);
    clearTimeout(this.timer);
    this.rollingSince = 0;
    this.button.classList.remove("rolling");
    this.face(this.value);
    if (!this.ready) return;
    this.holding = true;
    this.timer = setTimeout(() => {
      this.holding = false;
      if (this.ready && !this.rollingSince) this.face(null);
    }, HOLD_MS);
  }

  stop() {
    clearInterval(this.spin);
    clearTimeout(this.timer);
  }
}

/** The plain Roll button (a page that draws no die of its own): enabled when the die may be
 * rolled, disabled after a click until the next state. */
export class RollButton {
  constructor({ onRoll }) {
    this.button = h("button", {
      type: "button",
      class: "roll primary",
      text: t("web.game.roll"),
      hidden: true,
      onclick: () => onRoll(),
    });
  }

  setReady(ready) {
    this.button.hidden = !ready;
    this.button.disabled = !ready;
  }

  sent() {
    this.button.disabled = true;
  }
}

// The turn timer's line above the board: "0:42 kvar" for the person to act (their name, or
// that it is this device's turn), counted down here every second between the server's
// states, and marked low in the last ten seconds.

import { h } from "../dom.js";
import { t } from "../i18n.js";

/** "1:05" for 65 seconds. */
function clock(seconds) {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

export class TurnTimer {
  constructor() {
    this.root = h("p", { class: "turn-timer", hidden: true, "aria-live": "off" });
  }

  /** Count down to `endsAt` (a performance.now() time) for `name`, or for this device
   * (`mine`); hidden when `turn` is null (no timer running). */
  render(turn) {
    clearInterval(this.ticker);
    this.root.hidden = !turn;
    if (!turn) return;
    const { endsAt, mine, name } = turn;
    const tick = () => {
      const left = (endsAt - performance.now()) / 1000;
      this.root.textContent = mine ? t("web.timer.yours", { time: clock(left) }) : t("web.timer.theirs", { name, time: clock(left) });
      this.root.classList.toggle("low", left <= 10);
    };
    tick();
    this.ticker = setInterval(tick, 1000);
  }

  stop() {
    clearInterval(this.ticker);
  }
}

// The host's hands over a match: per seat of an absent person a button in the player list
// that lets a computer play it ("Låt datorn spela") or takes it back; and the host's box: the
// level such a computer plays at, and ending the match (while waiting: calling it off),
// asked twice to be sure.

import { h, mount } from "../dom.js";
import { lang, pick, t } from "../i18n.js";

/** The host's button for a person's seat in the player list (a computer plays it, or it is
 * taken back), or null; `onStandIn(seat, on)` does it. */
export function seatAction(state, seat, onStandIn) {
  const st = state;
  const info = st.seats[seat];
  if (!st.host || st.status !== "playing" || info.bot || info.name === null) return null;
  if (st.tutorial) return null; // the learner is the one person: the guide ends it, not a computer
  if (st.mode === "online" && st.you.includes(seat)) return null; // the host's own seat
  const name = info.name;
  if (info.stand_in) {
    return h("button", {
      type: "button",
      class: "seat-action take-back",
      text: t("web.host.take_back"),
      "aria-label": t("web.host.take_back_for", { name }),
      onclick: () => onStandIn(seat, false),
    });
  }
  return h("button", {
    type: "button",
    class: "seat-action hand-over",
    text: t("web.host.hand_over"),
    "aria-label": t("web.host.hand_over_for", { name }),
    onclick: () => onStandIn(seat, true),
  });
}

export class HostBox {
  /** @param onEnd() ends the match (or calls it off) */
  constructor({ onEnd }) {
    this.onEnd = onEnd;
    this.root = h("div", { class: "host-box", hidden: true });
    this.level = null; // the level a computer taking a seat over plays at
    this.confirmEnd = false; // "end the match" was pressed once: asks to be sure
    this.parts = null;
  }

  /** The choice of the computer that takes a seat over: Lätt, Medel, Svår, Medel (the
   * lobby's default) unless the host picks another. Built once, so a state arriving while
   * the host chooses does not close the list. */
  levelChoice(levels) {
    if (!levels.some((level) => level.id === this.level)) {
      this.level = (levels.find((level) => level.id === "medium") ?? levels[0])?.id ?? null;
    }
    const select = h(
      "select",
      { name: "stand-in-level", onchange: (event) => (this.level = event.target.value) },
      levels.map((level) => h("option", { value: level.id, text: pick(level.label), selected: level.id === this.level })),
    );
    return h("label", { class: "stand-in-level" }, h("span", { text: t("web.host.level") }), select);
  }

  /** "Avsluta" (waiting: "Ställ in"), or, once pressed, are you sure: yes or no. */
  endPart(waiting) {
    const again = (focus) => {
      this.render(this.last);
      this.root.querySelector(focus)?.focus();
    };
    if (!this.confirmEnd) {
      return h("button", {
        type: "button",
        class: "end-match",
        text: t(waiting ? "web.host.cancel" : "web.host.end"),
        onclick: () => {
          this.confirmEnd = true;
          again("button.end-yes");
        },
      });
    }
    const yes = async () => {
      await this.onEnd();
      this.confirmEnd = false;
    };
    return [
      h("p", { class: "hint", text: t(waiting ? "web.host.cancel_sure" : "web.host.end_sure") }),
      h("button", { type: "button", class: "end-yes danger", text: t("web.host.yes"), onclick: yes }),
      h("button", {
        type: "button",
        class: "end-no",
        text: t("web.host.no"),
        onclick: () => {
          this.confirmEnd = false;
          again("button.end-match");
        },
      }),
    ];
  }

  /** The box for `state` (shown to the host while the match plays or waits); `levels`: the
   * levels a computer standing in may play at. */
  render({ state, levels }) {
    this.last = { state, levels };
    const st = state;
    // A guided game has its own way out ("Avsluta guiden") and nobody to stand in for.
    const show = st.host && !st.tutorial && (st.status === "playing" || st.status === "waiting");
    this.root.hidden = !show;
    if (!show) {
      mount(this.root);
      this.parts = null;
      return;
    }
    if (this.parts?.lang !== lang()) {
      this.parts = {
        lang: lang(),
        hint: h("p", { class: "hint", text: t("web.host.hint") }),
        level: this.levelChoice(levels),
        end: h("div", { class: "host-end" }),
      };
      mount(this.root, h("h2", { class: "box-title", text: t("web.host.title") }), this.parts.hint, this.parts.level, this.parts.end);
    }
    const playing = st.status === "playing";
    this.parts.hint.hidden = !playing;
    this.parts.level.hidden = !playing || !levels.length;
    mount(this.parts.end, this.endPart(st.status === "waiting"));
  }
}

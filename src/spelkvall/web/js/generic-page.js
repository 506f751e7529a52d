// The generic game page: any registered game without a page of its own is playable with it, in
// hot seat and online, on the day its rules land. It shows the view (the game's JSON for this
// reader) as nested lists with the keys in words, the legal moves as buttons labelled by the
// server (`legal[].label`), and a Roll button when this device must roll. The banner, the
// players, the log and the win screen are the shared match page's (match-page.js, whose
// header describes this interface).

import { h, mount } from "./dom.js";
import { lang, pick, t } from "./i18n.js";

/** "discard_top" → "Discard top", "rolloffPending" → "Rolloff pending". */
export function humanise(key) {
  const words = String(key)
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .trim()
    .toLowerCase();
  return words ? words[0].toUpperCase() + words.slice(1) : String(key);
}

function isScalar(value) {
  return value === null || value === undefined || ["string", "number", "boolean"].includes(typeof value);
}

function scalarText(value) {
  if (value === null || value === undefined) return "–";
  if (typeof value === "boolean") return value ? t("web.generic.yes") : t("web.generic.no");
  return String(value);
}

/** A JSON value as elements: scalars as text, lists of scalars on one line, other lists as
 * numbered lists, objects as definition lists. Always text nodes, never HTML. */
export function jsonView(value) {
  if (isScalar(value)) return h("span", { class: "value", text: scalarText(value) });
  if (Array.isArray(value)) {
    if (!value.length) return h("span", { class: "value empty", text: "–" });
    if (value.every(isScalar)) return h("span", { class: "value list", text: value.map(scalarText).join(", ") });
    return h(
      "ol",
      { class: "view-list", start: 0 },
      value.map((item) => h("li", {}, jsonView(item))),
    );
  }
  const entries = Object.entries(value);
  if (!entries.length) return h("span", { class: "value empty", text: "–" });
  return h(
    "dl",
    { class: "view-map" },
    entries.map(([key, item]) => [h("dt", { dataset: { key }, text: humanise(key) }), h("dd", {}, jsonView(item))]),
  );
}

function sameAction(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

export class GenericPage {
  constructor(page, gameInfo) {
    this.page = page;
    this.gameInfo = gameInfo;
    this.view = h("section", { class: "generic-view card", "aria-label": t("web.generic.view") });
    this.rollButton = h("button", {
      type: "button",
      class: "roll primary",
      text: t("web.game.roll"),
      hidden: true,
      onclick: () => this.roll(),
    });
    this.hint = h("p", { class: "generic-hint" });
    this.moves = h("div", { class: "moves" });
  }

  get state() {
    return this.page.state;
  }

  mount({ board, controls, error }) {
    board.append(this.view);
    controls.append(h("div", { class: "generic-controls" }, this.rollButton, this.hint, this.moves, error));
  }

  onError() {
    if (this.state?.view) this.renderControls();
  }

  renderWaiting() {
    this.rollButton.hidden = true;
    mount(this.moves);
  }

  canRoll() {
    const st = this.state;
    return st.status === "playing" && st.roll_seat !== null && st.roll_seat !== undefined && st.you.includes(st.roll_seat);
  }

  bannerParts() {
    const st = this.state;
    const seat = st.to_act?.[0] ?? st.roll_seat ?? st.view?.current;
    if (seat === null || seat === undefined) return { parts: [], who: null };
    const sub = st.to_act?.length ? t("web.game.choose_move") : st.roll_seat !== null ? t("web.game.roll_die") : "";
    return { parts: this.page.turnParts(seat, sub), who: seat };
  }

  /** The label of the legal move whose action is `action` (for the Tips panel), or null. */
  actionLabel(action) {
    const entry = (this.page.myTurn()?.legal ?? []).find((e) => sameAction(e.action, action));
    return entry ? pick(entry.label) : null;
  }

  render({ concealed = false } = {}) {
    const view = concealed ? null : this.state.view;
    mount(this.view, h("h2", { class: "view-title", text: t("web.generic.view") }), view ? jsonView(view) : null);
    this.renderControls();
  }

  renderControls() {
    const canRoll = this.canRoll();
    this.rollButton.hidden = !canRoll;
    this.rollButton.disabled = !canRoll;
    const turn = this.page.myTurn();
    const legal = turn?.legal ?? [];
    this.hint.textContent = legal.length ? t("web.game.choose_move") : "";
    mount(
      this.moves,
      legal.map((entry, i) =>
        h("button", {
          type: "button",
          class: "move",
          dataset: { index: i, action: entry.action?.type ?? "" },
          text: entry.label?.[lang()] ?? pick(entry.label),
          onclick: () => this.page.act(turn.seat, entry.action),
        }),
      ),
    );
  }

  roll() {
    if (!this.canRoll()) return;
    // One click, one roll: a double click must not send a second (stale) roll.
    if (this.page.send({ type: "roll", version: this.state.version })) this.rollButton.disabled = true;
  }
}

export default GenericPage;

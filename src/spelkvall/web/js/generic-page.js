// The generic game page: any registered game without a page of its own is playable with it, in
// hot seat and online, on the day its rules land. It shows the view (the game's JSON for this
// reader) as nested lists with the keys in words, the legal moves as buttons labelled by the
// server (`legal[].label`, grouped by an action field when there are many: widgets/moves.js),
// a Roll button when this device must roll (widgets/die.js), team tags from a view's `teams`
// (lists of seats) and, once the game is over, the result's scores (widgets/scores.js). The
// banner, the players, the log and the win screen are the shared match page's (match-page.js,
// whose header describes this interface).

import { h, mount } from "./dom.js";
import { lang, pick, t } from "./i18n.js";
import { RollButton } from "./widgets/die.js";
import { groupField, MoveList } from "./widgets/moves.js";
import { scoreLine } from "./widgets/scores.js";

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

/** A view's `teams` when it is lists of seats ([[0, 2], [1, 3]]), else null. */
function teamsOf(view) {
  const teams = view?.teams;
  const seats = (list) => Array.isArray(list) && list.every((seat) => Number.isInteger(seat));
  return Array.isArray(teams) && teams.length && teams.every(seats) ? teams : null;
}

export class GenericPage {
  constructor(page, gameInfo) {
    this.page = page;
    this.gameInfo = gameInfo;
    this.view = h("section", { class: "generic-view card", "aria-label": t("web.generic.view") });
    this.roller = new RollButton({ onRoll: () => this.roll() });
    this.rollButton = this.roller.button;
    this.hint = h("p", { class: "generic-hint" });
    this.moveList = new MoveList({
      onChoose: (entry) => this.page.act(this.page.myTurn().seat, entry.action),
      groupLabel: (key, entries) =>
        t("web.moves.group", { label: `${humanise(this.field)}: ${scalarText(JSON.parse(key))}`, n: entries.length }),
    });
    this.moves = this.moveList.root;
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
    this.roller.setReady(false);
    this.moveList.clear();
  }

  canRoll() {
    return this.page.mayRoll(); // this device's die, unless a computer stands in for the seat
  }

  teams() {
    return teamsOf(this.state.view);
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
    const st = this.state;
    const view = concealed ? null : st.view;
    const scores = st.status === "over" ? st.result?.scores : null;
    mount(
      this.view,
      h("h2", { class: "view-title", text: t("web.generic.view") }),
      scores ? scoreLine(st.seats, scores) : null,
      view ? jsonView(view) : null,
    );
    this.renderControls();
  }

  renderControls() {
    const canRoll = this.canRoll();
    this.roller.setReady(canRoll);
    const turn = this.page.myTurn();
    const legal = (turn?.legal ?? []).map((entry) => ({
      action: entry.action,
      label: entry.label?.[lang()] ?? pick(entry.label),
    }));
    this.hint.textContent = legal.length ? t("web.game.choose_move") : "";
    this.field = groupField(legal);
    this.moveList.render(legal, { groupBy: this.field });
    if (legal.length) this.page.keepFocus(this.moveList.target());
    else if (canRoll) this.page.keepFocus(this.rollButton);
  }

  roll() {
    if (!this.canRoll()) return;
    // One click, one roll: a double click must not send a second (stale) roll.
    if (this.page.send({ type: "roll", version: this.state.version })) this.roller.sent();
  }
}

export default GenericPage;

// A list of legal moves as buttons, grouped when there are many: the moves that share a value
// of an action field (a card that moves one piece 1 to 7 steps: "piece") are one group
// button ("your King (7 moves)"); choosing it shows that group's moves and a Back button to
// the groups. A group of one move is that move's button. Moves without the field stay single
// buttons, first.
//
// Keyboard: after a group is opened the focus is on its first move; after Back on the group
// it came from. A page calls focus() when a new position wants the player's attention here.
//
// An entry is {action, label, kind?, data?}: `action` is sent back unchanged, `label` the
// button text, `kind` extra CSS classes (e.g. "knock"), `data` extra data- attributes.

import { h, mount } from "../dom.js";
import { t } from "../i18n.js";

/** The key of an action for a field: its value as JSON text, or null when it has none. */
function keyOf(entry, field) {
  const value = entry.action?.[field];
  return value === undefined || value === null ? null : JSON.stringify(value);
}

/** The field to group `entries` by when there are more than `max` of them and no field was
 * given: the action field (not `type`) whose values split the moves into the fewest groups
 * of at least two, each group smaller than the whole; null when none does. */
export function groupField(entries, max = 8) {
  if (entries.length <= max) return null;
  const fields = new Set(entries.flatMap((entry) => Object.keys(entry.action ?? {})));
  fields.delete("type");
  let best = null;
  let bestGroups = Infinity;
  for (const field of fields) {
    const keys = entries.map((entry) => keyOf(entry, field)).filter((key) => key !== null);
    const groups = new Set(keys).size;
    if (groups >= 2 && groups < keys.length && keys.length > entries.length / 2 && groups < bestGroups) {
      best = field;
      bestGroups = groups;
    }
  }
  return best;
}

export class MoveList {
  /**
   * @param onChoose(entry)      a move was chosen
   * @param groupBy              the action field to group by, or null: no groups
   * @param groupLabel(key, entries) the text of a group's button (key: the field's value)
   * @param minToGroup           group only when there are more moves than this
   * @param onOpen(key)          a group was opened (key: the field's value as JSON) or closed (null)
   */
  constructor({ onChoose, groupBy = null, groupLabel = null, minToGroup = 4, onOpen = () => {} }) {
    this.onChoose = onChoose;
    this.onOpen = onOpen;
    this.groupBy = groupBy;
    this.groupLabel = groupLabel ?? ((key, entries) => t("web.moves.group", { label: JSON.parse(key), n: entries.length }));
    this.minToGroup = minToGroup;
    this.root = h("div", { class: "moves" });
    this.entries = [];
    this.title = "";
    this.openKey = null; // the group whose moves are shown
    this.returnTo = null; // the group to focus after Back
  }

  /** Show `entries` (a new position forgets an open group unless `open` names it again). */
  render(entries, { title = "", groupBy = this.groupBy, open = null } = {}) {
    this.entries = entries;
    this.title = title;
    this.field = groupBy;
    this.openKey = open;
    this.draw();
  }

  /** Open the group with this field value (e.g. a piece clicked on the board); false when
   * there is no such group of several moves. */
  open(value) {
    const key = JSON.stringify(value);
    const group = this.groups().find((g) => g.key === key);
    if (!group || group.entries.length < 2) return false;
    this.show(key);
    return true;
  }

  /** Open a group (null: back to the groups) and put the keyboard focus there. */
  show(key) {
    this.openKey = key;
    this.draw();
    this.onOpen(key);
    this.focus();
  }

  /** The groups of the keyed moves, in the order of their first move; [] when not grouped. */
  groups() {
    if (!this.field || this.entries.length <= this.minToGroup) return [];
    const groups = new Map();
    for (const entry of this.entries) {
      const key = keyOf(entry, this.field);
      if (key === null) continue;
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push(entry);
    }
    if (groups.size < 2) return [];
    return [...groups].map(([key, list]) => ({ key, entries: list }));
  }

  moveButton(entry) {
    const index = this.entries.indexOf(entry);
    return h("button", {
      type: "button",
      class: `move${entry.kind ? ` ${entry.kind}` : ""}`,
      dataset: { index, action: entry.action?.type ?? "", ...(entry.data ?? {}) },
      text: entry.label,
      onclick: () => this.onChoose(entry),
    });
  }

  draw() {
    const groups = this.groups();
    const grouped = new Set(groups.flatMap((g) => g.entries));
    const open = groups.find((g) => g.key === this.openKey && g.entries.length > 1);
    if (!open) this.openKey = null;
    const title = this.title ? h("p", { class: "moves-title", text: this.title }) : null;
    if (open) {
      mount(
        this.root,
        title,
        h("p", { class: "moves-group-title", text: this.groupLabel(open.key, open.entries) }),
        open.entries.map((entry) => this.moveButton(entry)),
        h("button", {
          type: "button",
          class: "back",
          dataset: { group: open.key },
          text: t("web.moves.back"),
          onclick: () => {
            this.returnTo = open.key;
            this.show(null);
          },
        }),
      );
      return;
    }
    mount(
      this.root,
      title,
      this.entries.filter((entry) => !grouped.has(entry)).map((entry) => this.moveButton(entry)),
      groups.map((group) =>
        group.entries.length === 1
          ? this.moveButton(group.entries[0])
          : h("button", {
              type: "button",
              class: "choice",
              dataset: { group: group.key, [this.field]: JSON.parse(group.key) },
              "aria-haspopup": "true",
              text: this.groupLabel(group.key, group.entries),
              onclick: () => this.show(group.key),
            }),
      ),
    );
  }

  /** The button the keyboard focus belongs on: after Back the group it left, else the first
   * move or group. */
  target() {
    if (this.returnTo !== null) {
      const back = [...this.root.querySelectorAll("button.choice")].find((b) => b.dataset.group === this.returnTo);
      this.returnTo = null;
      if (back) return back;
    }
    return this.root.querySelector("button.move:not([disabled]), button.choice:not([disabled])");
  }

  focus() {
    this.target()?.focus();
  }

  clear() {
    this.entries = [];
    this.openKey = null;
    mount(this.root);
  }
}

// A hand of cards: each card a button (a plain face when it cannot be chosen), the chosen one
// raised, and a marker on cards that just came in ("ny", or "från Bo" for a card a partner
// gave). Others' hands and a hand behind the privacy screen are shown as backs.
//
// A card is {id, label, tone?, cue?, title?}: `id` the game's card value (cards with the same
// id are alike), `label` the text on its face, `tone` a CSS class of the game (its colour),
// `cue` an element beside the label that says the same as the colour (an icon, a word), so
// a card is read without colour.

import { h, mount } from "../dom.js";
import { t } from "../i18n.js";

/** One card's face: a button with `attrs.onclick`, else a div. */
export function cardFace(card, attrs = {}) {
  const button = Boolean(attrs.onclick);
  const { class: extra, ...rest } = attrs;
  return h(
    button ? "button" : "div",
    {
      type: button ? "button" : null,
      class: `card-face${card.tone ? ` ${card.tone}` : ""}${extra ? ` ${extra}` : ""}`,
      dataset: { card: card.id },
      title: card.title ?? null,
      ...rest,
    },
    h("span", { class: `card-value${String(card.label).length > 5 ? " long" : ""}`, text: card.label }),
    card.cue ?? null,
  );
}

/** A card's back (a hidden card). */
export function cardBack() {
  return h("div", { class: "card-face back", "aria-hidden": "true" });
}

/** The cards of `next` that are not in `prev` (as a multiset of ids). */
function added(prev, next) {
  const left = new Map();
  for (const id of prev) left.set(id, (left.get(id) ?? 0) + 1);
  const out = [];
  for (const id of next) {
    if (left.get(id)) left.set(id, left.get(id) - 1);
    else out.push(id);
  }
  return out;
}

export class Hand {
  /**
   * @param title     the text above the cards ("Dina kort")
   * @param onPick(i, card) a card was clicked (i: its place in the hand)
   */
  constructor({ title = "", onPick }) {
    this.title = title;
    this.onPick = onPick;
    this.root = h("div", { class: "hand", role: "group", "aria-label": title || null });
    this.known = new Map(); // owner → the ids last shown
    this.marks = new Map(); // owner → [{id, text}] cards marked as new
    this.expected = new Map(); // owner → the marker for the cards that come in next
  }

  /** The next cards that come into `owner`'s hand get the marker `text` ("från Bo"); without
   * one, cards that come in are not marked (a new deal). */
  expect(owner, text = t("web.hand.new")) {
    this.expected.set(owner, text);
  }

  /** Forget every marker (a new round). */
  forget() {
    this.marks.clear();
    this.expected.clear();
  }

  /** Work out the markers of `owner`'s hand now holding `ids`. */
  track(owner, ids) {
    const prev = this.known.get(owner);
    this.known.set(owner, ids);
    let marks = this.marks.get(owner) ?? [];
    if (prev) {
      const fresh = added(prev, ids);
      if (fresh.length) {
        const text = this.expected.get(owner);
        this.expected.delete(owner);
        marks = text && prev.length ? [...marks, ...fresh.map((id) => ({ id, text }))] : [];
      }
    }
    // A marked card that was played is gone; the marker goes with it.
    const left = [...ids];
    marks = marks.filter((mark) => {
      const i = left.indexOf(mark.id);
      if (i < 0) return false;
      left.splice(i, 1);
      return true;
    });
    this.marks.set(owner, marks);
    return marks;
  }

  /**
   * Show `cards` of `owner` (a seat); `selected`: the index of the chosen card or null;
   * `playable(card, i)`: whether it may be chosen now; `extra`: elements after the cards.
   */
  render(cards, { owner = null, selected = null, playable = () => true, extra = null } = {}) {
    const marks = [...this.track(owner, cards.map((card) => card.id))];
    const marked = cards.map((card) => {
      const i = marks.findIndex((mark) => mark.id === card.id);
      return i < 0 ? null : marks.splice(i, 1)[0].text;
    });
    // A redraw that would show the same (another seat's move, a presence mark) keeps the
    // buttons: a card being clicked or focused must not be swapped for a copy under the pointer.
    const drawn = JSON.stringify([
      owner,
      selected,
      marked,
      extra?.textContent ?? null,
      cards.map((card, i) => [card.id, card.label, card.tone, card.title, card.cue?.textContent, playable(card, i)]),
    ]);
    if (drawn === this.drawn && this.root.querySelector("button.card-face")) return;
    this.drawn = drawn;
    mount(
      this.root,
      this.title ? h("span", { class: "hand-title", text: this.title }) : null,
      cards.map((card, i) => {
        const face = cardFace(card, {
          class: `${i === selected ? "selected" : ""}${marked[i] ? " fresh" : ""}`.trim() || null,
          dataset: { card: card.id, index: i },
          disabled: !playable(card, i),
          "aria-pressed": i === selected ? "true" : "false",
          "aria-label": marked[i] ? `${card.title ?? card.label} (${marked[i]})` : null,
          onclick: () => this.onPick(i, card),
        });
        if (marked[i]) face.append(h("span", { class: "card-mark", text: marked[i] }));
        return face;
      }),
      extra,
    );
  }

  /** `n` card backs (a hand this device may not see). */
  backs(n) {
    this.drawn = null;
    mount(this.root, Array.from({ length: n }, () => cardBack()));
  }

  /** The keyboard focus on the chosen card, else the first card that may be chosen. */
  focus() {
    (this.root.querySelector("button.card-face.selected") ?? this.root.querySelector("button.card-face:not([disabled])"))?.focus();
  }
}

// DogRoyal on the match page: the ring board, the own hand as cards, the partner exchange, the
// discard pile, and choosing a move: a card, then one of the pieces it can move (highlighted),
// then, where the card leaves a choice, the option (1 or 11, forward or back, 1..7, swap
// target, goal or track) as buttons labelled by the server, grouped by piece when there are
// many. View and action JSON: the game's README (src/spelkvall/games/dogroyal/README.md). The
// game's page module (/api/games → page; the interface: the shared match-page.js); the hand
// and the move buttons are the shared widgets (/static/js/widgets/).

import { shape } from "/static/js/colours.js";
import { h, mount, s } from "/static/js/dom.js";
import { possessive, t } from "/static/js/i18n.js";
import { cardFace, Hand } from "/static/js/widgets/hand.js";
import { MoveList } from "/static/js/widgets/moves.js";
import { DogRoyalBoard } from "./board.js";

// The card's colour on the printed deck (spec §2): blue numbers, green 10, ±4 green-red, red rest.
const CARD_COLOUR = { 2: "blue", 3: "blue", 5: "blue", 6: "blue", 8: "blue", 9: "blue", 12: "blue", 10: "green", 4: "greenred" };
// Each card colour also has a shape, the palette's shape of that colour (■ blue, ◆ green,
// ● red), and a word: a card is read without colour.
const CUE_SHAPES = { blue: ["blue"], green: ["green"], red: ["red"], greenred: ["green", "red"] };

function cardName(card) {
  return t(`dogroyal.card.${card}`);
}

function toneOf(card) {
  return CARD_COLOUR[card] ?? "red";
}

/** The second cue of a card's colour: its shape(s) and the colour in words. */
function cardCue(card) {
  const tone = toneOf(card);
  return h(
    "span",
    { class: "card-cue", "aria-hidden": "true" },
    CUE_SHAPES[tone].map((colour) =>
      s("svg", { class: "cue-shape", width: 11, height: 11, viewBox: "-12 -12 24 24" }, shape(colour, 9, { fill: "#fff", stroke: "#1b1b1b", "stroke-width": 2.5 })),
    ),
    h("span", { class: "cue-word", text: t(`dogroyal.web.tone.${tone}`) }),
  );
}

/** What a move's label says when it hits a piece ("slår ut {victim}"), as a pattern. */
function hitPattern() {
  const [before, after] = t("dogroyal.play.hits", { victim: "\u0000" }).split("\u0000");
  const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`${escape(before)}.+${escape(after ?? "")}`);
}

/** A card for the hand widget. */
function card(value) {
  return {
    id: value,
    label: cardName(value),
    tone: toneOf(value),
    cue: cardCue(value),
    title: `${cardName(value)} (${t(`dogroyal.web.tone.${toneOf(value)}`)})`,
  };
}

export default class DogRoyalPage {
  constructor(page) {
    this.page = page;
    this.selectedCard = null; // index in the hand
    this.selectedPiece = null; // the piece whose moves are shown (its group is open)
    this.board = new DogRoyalBoard({ onPiece: (id) => this.clickPiece(id) });
    this.hint = h("p", { class: "dog-hint", role: "status" });
    this.hand = new Hand({ title: t("dogroyal.web.hand"), onPick: (i, c) => this.pickCard(i, c.id) });
    this.moveList = new MoveList({
      onChoose: (entry) => this.page.act(this.page.state.viewer, entry.action),
      groupBy: "piece",
      groupLabel: (key, entries) => t("dogroyal.web.piece_choice", { piece: this.pieceName(JSON.parse(key)), n: entries.length }),
      onOpen: (key) => {
        this.selectedPiece = key === null ? null : JSON.parse(key);
        this.board.select(this.selectedPiece);
      },
    });
    this.moves = this.moveList.root;
    this.pile = h("div", { class: "pile" });
    this.key = h("p", { class: "piece-key hint", text: t("dogroyal.web.key") });
  }

  get state() {
    return this.page.state;
  }

  mount({ board, controls, extra, error }) {
    board.append(this.board.svg, this.key);
    controls.append(h("div", { class: "dog-controls" }, this.hint, this.hand.root, this.moves, error));
    extra.append(this.pile);
  }

  onError() {
    this.selectedPiece = null;
    if (this.state?.view) this.render({});
  }

  pieceName(id) {
    const piece = this.state.view.pieces.find((p) => p.id === id);
    const names = this.page.names();
    return piece ? t(`dogroyal.piece_of.${piece.type}`, { owner: possessive(names[piece.seat] ?? "") }) : String(id);
  }

  /** A hit's line in the log is shown in bold red. */
  logClass(event, line) {
    return event.type === "hit" && /!$/.test(line) ? "knock" : null;
  }

  teams() {
    return this.state.view?.teams ?? null;
  }

  playerInfo(seat) {
    const view = this.state.view;
    const info = view.seats[seat];
    if (!info) return null;
    const home = view.pieces.filter((p) => p.seat === seat && p.where === "goal").length;
    const parts = [t("dogroyal.web.cards_n", { n: info.cards }), t("dogroyal.web.home", { n: home })];
    if (view.phase === "exchange" && info.chosen) parts.push(t("dogroyal.web.has_chosen"));
    return parts.join(" · ");
  }

  partnerOf(seat) {
    const team = this.state.view.teams?.find((members) => members.includes(seat));
    return team ? team.find((s) => s !== seat) : null;
  }

  bannerParts() {
    const st = this.state;
    const view = st.view;
    if (!view) return null;
    if (view.phase === "exchange") {
      return { parts: [h("span", { class: "who-name", text: t("dogroyal.web.exchange_banner") })], who: st.viewer ?? null };
    }
    const seat = view.current ?? st.to_act?.[0];
    if (seat === null || seat === undefined) return { parts: [t("dogroyal.web.dealing")], who: null };
    const sub = view.phase === "place" ? t("dogroyal.web.place_banner") : t("dogroyal.web.play_banner");
    return { parts: this.page.turnParts(seat, sub), who: seat };
  }

  /** Legal actions of this device's seat, or [] (the server sends them to the seat to act). */
  legal() {
    return this.page.myTurn()?.legal ?? [];
  }

  /** Cards that come into a hand get a marker: from the partner, or drawn on a special field. */
  expectCards(events) {
    const names = this.page.names();
    for (const event of events) {
      if (event.type === "round") this.hand.forget();
      else if (event.type === "exchanged") {
        this.hand.expect(event.seat, t("web.hand.from", { name: names[event.partner] }));
        this.hand.expect(event.partner, t("web.hand.from", { name: names[event.seat] }));
      } else if (event.type === "drew") this.hand.expect(event.seat);
    }
  }

  render({ concealed = false, events = [] } = {}) {
    const st = this.state;
    const view = st.view;
    const names = this.page.names();
    const legal = concealed ? [] : this.legal();
    const hand = concealed ? null : view.hand;
    const fresh = this.version !== st.version;
    if (fresh) {
      // A new position: a half-made choice belongs to the old one.
      this.selectedCard = null;
      this.selectedPiece = null;
      this.version = st.version;
    }
    this.expectCards(events ?? []);
    if (hand && this.selectedCard !== null && this.selectedCard >= hand.length) this.selectedCard = null;
    const chosen = hand && this.selectedCard !== null ? hand[this.selectedCard] : null;
    const forCard = legal.filter((entry) => entry.action.type === "play" && entry.action.card === chosen);
    const movable = new Set();
    if (view.phase === "place") for (const e of legal) movable.add(e.action.piece);
    for (const e of forCard) movable.add(e.action.piece);
    this.board.update(view, {
      movable,
      selected: this.selectedPiece,
      names,
      events: events ?? [],
    });
    this.board.svg.setAttribute("aria-label", t("web.game.board"));
    this.renderHand(view, hand, legal);
    this.renderMoves(legal, forCard);
    this.renderHint(view, legal, chosen, concealed);
    this.renderPile(view);
    if (fresh && legal.length) this.page.keepFocus(this.moveList.target() ?? this.firstCard());
  }

  firstCard() {
    return this.hand.root.querySelector("button.card-face:not([disabled])");
  }

  renderHand(view, hand, legal) {
    if (!hand) {
      // A spectator, or the privacy screen is up: only the backs of the cards.
      const seat = this.page.state.viewer;
      this.hand.backs(seat !== null && seat !== undefined ? view.seats[seat]?.cards ?? 0 : 0);
      return;
    }
    const playable = new Set(legal.filter((e) => e.action.type === "play" || e.action.type === "give").map((e) => e.action.card));
    this.hand.render(hand.map(card), {
      owner: this.page.state.viewer,
      selected: this.selectedCard,
      playable: (c) => playable.has(c.id),
      extra: view.giving ? h("span", { class: "giving", text: t("dogroyal.web.giving", { card: cardName(view.giving) }) }) : null,
    });
  }

  pickCard(i, value) {
    const legal = this.legal();
    if (this.state.view.phase === "exchange") {
      const give = legal.find((e) => e.action.type === "give" && e.action.card === value);
      if (give) this.page.act(this.page.state.viewer, give.action);
      return;
    }
    this.selectedCard = this.selectedCard === i ? null : i;
    this.selectedPiece = null;
    this.render({});
    // The keyboard follows the choice: to the card's moves, or back to the card put down.
    if (this.selectedCard !== null) this.page.keepFocus(this.moveList.target(), { again: true });
    else this.page.keepFocus(this.hand.root.querySelector(`button.card-face[data-index='${i}']`), { again: true });
  }

  /** Buttons for the choices left: the card's moves (grouped by piece when there are many),
   * or the non-card actions. */
  renderMoves(legal, forCard) {
    const hits = hitPattern();
    const other = legal.filter((e) => !["play", "give"].includes(e.action.type));
    const entries = [...other, ...forCard].map((entry) => ({
      action: entry.action,
      label: entry.label[this.lang()] ?? entry.label.sv,
      kind: entry.action.type === "play" && hits.test(entry.label[this.lang()] ?? "") ? "knock" : "",
      data: { piece: entry.action.piece ?? "", card: entry.action.card ?? "" },
    }));
    this.moveList.render(entries, { open: this.selectedPiece });
  }

  lang() {
    return document.documentElement.lang === "en" ? "en" : "sv";
  }

  renderHint(view, legal, chosen, concealed) {
    const st = this.page.state;
    const names = this.page.names();
    let text = "";
    if (concealed) text = "";
    else if (view.phase === "exchange") {
      const me = st.viewer;
      const partner = me !== null && me !== undefined ? this.partnerOf(me) : null;
      const waiting = view.seats.filter((seat) => !seat.chosen).map((seat) => names[seat.seat]);
      if (legal.length && partner !== null) text = t("dogroyal.web.choose_give", { name: names[partner] });
      else if (waiting.length) text = t("dogroyal.web.waiting_for", { names: waiting.join(", ") });
    } else if (legal.length && view.phase === "place") text = t("dogroyal.web.choose_place");
    else if (legal.length && view.phase === "play") {
      if (chosen === null) text = t("dogroyal.web.choose_card");
      else text = t("dogroyal.web.choose_piece", { card: cardName(chosen) });
    } else if (legal.length) text = t("web.game.choose_move");
    this.hint.textContent = text;
  }

  renderPile(view) {
    mount(
      this.pile,
      h("h2", { class: "pile-title", text: t("dogroyal.web.discard", { n: view.discard_size }) }),
      h(
        "div",
        { class: "pile-row" },
        view.discard_top ? cardFace(card(view.discard_top), { class: "top" }) : h("div", { class: "card-face empty", text: t("dogroyal.web.empty") }),
        h(
          "div",
          { class: "pile-facts" },
          h("span", { text: t("dogroyal.web.deck", { n: view.deck_size }) }),
          view.copy_of ? h("span", { text: t("dogroyal.web.copy_of", { card: cardName(view.copy_of) }) }) : null,
          h("span", { text: t("dogroyal.web.round", { n: view.round }) }),
        ),
      ),
    );
  }

  clickPiece(id) {
    const legal = this.legal();
    if (!legal.length) {
      if (this.state.status === "playing") this.page.say(t("web.game.not_your_turn_piece"));
      return;
    }
    const seat = this.page.state.viewer;
    const view = this.state.view;
    if (view.phase === "place") {
      const entry = legal.find((e) => e.action.piece === id);
      if (entry) this.page.act(seat, entry.action);
      else this.page.say(t("dogroyal.web.not_in_kennel"));
      return;
    }
    const chosen = this.selectedCard !== null ? view.hand[this.selectedCard] : null;
    if (chosen === null) {
      this.page.say(t("dogroyal.web.card_first"));
      return;
    }
    const options = legal.filter((e) => e.action.type === "play" && e.action.card === chosen && e.action.piece === id);
    if (!options.length) {
      this.page.say(t("dogroyal.web.cannot_move", { card: cardName(chosen) }));
      return;
    }
    if (options.length === 1) {
      this.page.act(seat, options[0].action);
      return;
    }
    this.page.say(t("web.game.choose_one"));
    if (!this.moveList.open(id)) {
      // Few moves in all: they are all shown already; mark the piece.
      this.selectedPiece = id;
      this.board.select(id);
    }
  }
}

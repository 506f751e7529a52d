// DogRoyal on the match page: the ring board, the own hand as cards, the partner exchange, the
// discard pile, and choosing a move: a card, then one of the pieces it can move (highlighted),
// then, where the card leaves a choice, the option (1 or 11, forward or back, 1..7, swap
// target, goal or track) as buttons labelled by the server. View and action JSON: the game's
// README (src/spelkvall/games/dogroyal/README.md). The game's page module (/api/games → page;
// the interface: the shared match-page.js).

import { h, mount } from "/static/js/dom.js";
import { possessive, t } from "/static/js/i18n.js";
import { DogRoyalBoard } from "./board.js";

// The card's colour on the printed deck (spec §2): blue numbers, green 10, ±4 green-red, red rest.
const CARD_COLOUR = { 2: "blue", 3: "blue", 5: "blue", 6: "blue", 8: "blue", 9: "blue", 12: "blue", 10: "green", 4: "greenred" };

function cardName(card) {
  return t(`dogroyal.card.${card}`);
}

/** A card as a button (or a plain face when no handler is given). */
function cardFace(card, attrs = {}) {
  return h(
    attrs.onclick ? "button" : "div",
    { type: attrs.onclick ? "button" : null, class: `card-face ${CARD_COLOUR[card] ?? "red"}`, dataset: { card }, ...attrs },
    h("span", { class: `card-value${cardName(card).length > 5 ? " long" : ""}`, text: cardName(card) }),
  );
}

export default class DogRoyalPage {
  constructor(page) {
    this.page = page;
    this.selectedCard = null; // index in the hand
    this.selectedPiece = null;
    this.board = new DogRoyalBoard({ onPiece: (id) => this.clickPiece(id) });
    this.hint = h("p", { class: "dog-hint", role: "status" });
    this.hand = h("div", { class: "hand", role: "group" });
    this.moves = h("div", { class: "moves" });
    this.pile = h("div", { class: "pile" });
  }

  get state() {
    return this.page.state;
  }

  mount({ board, controls, extra, error }) {
    board.append(this.board.svg);
    controls.append(h("div", { class: "dog-controls" }, this.hint, this.hand, this.moves, error));
    extra.append(this.pile);
  }

  onError() {
    this.selectedPiece = null;
    if (this.state?.view) this.render({});
  }

  me() {
    const view = this.state.view;
    return view?.you ?? null;
  }

  playerInfo(seat) {
    const view = this.state.view;
    const info = view.seats[seat];
    if (!info) return null;
    const home = view.pieces.filter((p) => p.seat === seat && p.where === "goal").length;
    const team = view.teams ? view.teams.findIndex((members) => members.includes(seat)) : -1;
    const parts = [t("dogroyal.web.cards_n", { n: info.cards }), t("dogroyal.web.home", { n: home })];
    if (team >= 0) parts.unshift(t("dogroyal.web.team", { n: team + 1 }));
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

  render({ concealed = false, events = [] } = {}) {
    const st = this.state;
    const view = st.view;
    const names = this.page.names();
    const legal = concealed ? [] : this.legal();
    const hand = concealed ? null : view.hand;
    if (this.version !== st.version) {
      // A new position: a half-made choice belongs to the old one.
      this.selectedCard = null;
      this.selectedPiece = null;
      this.version = st.version;
      this.phase = view.phase;
    }
    if (hand && this.selectedCard !== null && this.selectedCard >= hand.length) this.selectedCard = null;
    const card = hand && this.selectedCard !== null ? hand[this.selectedCard] : null;
    const forCard = legal.filter((entry) => entry.action.type === "play" && entry.action.card === card);
    const movable = new Set();
    if (view.phase === "place") for (const e of legal) movable.add(e.action.piece);
    for (const e of forCard) movable.add(e.action.piece);
    this.board.update(view, { movable, selected: this.selectedPiece, names, events: events ?? [] });
    this.board.svg.setAttribute("aria-label", t("web.game.board"));
    this.renderHand(view, hand, legal);
    this.renderMoves(view, legal, forCard);
    this.renderHint(view, legal, card, concealed);
    this.renderPile(view);
  }

  renderHand(view, hand, legal) {
    if (!hand) {
      // A spectator, or the privacy screen is up: only the backs of the cards.
      const seat = this.page.state.viewer;
      const n = seat !== null && seat !== undefined ? view.seats[seat]?.cards ?? 0 : 0;
      mount(this.hand, Array.from({ length: n }, () => h("div", { class: "card-face back", "aria-hidden": "true" })));
      return;
    }
    const playable = new Set(legal.filter((e) => e.action.type === "play" || e.action.type === "give").map((e) => e.action.card));
    const giving = view.phase === "exchange";
    mount(
      this.hand,
      h("span", { class: "hand-title", text: t("dogroyal.web.hand") }),
      hand.map((card, i) =>
        cardFace(card, {
          class: `card-face ${CARD_COLOUR[card] ?? "red"}${i === this.selectedCard ? " selected" : ""}`,
          dataset: { card, index: i },
          disabled: !playable.has(card),
          "aria-pressed": i === this.selectedCard ? "true" : "false",
          title: cardName(card),
          onclick: () => {
            if (giving) {
              const give = legal.find((e) => e.action.type === "give" && e.action.card === card);
              if (give) this.page.act(this.page.state.viewer, give.action);
              return;
            }
            this.selectedCard = this.selectedCard === i ? null : i;
            this.selectedPiece = null;
            this.render({});
          },
        }),
      ),
      view.giving ? h("span", { class: "giving", text: t("dogroyal.web.giving", { card: cardName(view.giving) }) }) : null,
    );
  }

  /** Buttons for the choices left: after a card (and maybe a piece), or the non-card actions. */
  renderMoves(view, legal, forCard) {
    const seat = this.page.state.viewer;
    let entries = [];
    let pieces = [];
    if (forCard.length) {
      const ids = [...new Set(forCard.map((e) => e.action.piece))];
      if (this.selectedPiece !== null) entries = forCard.filter((e) => e.action.piece === this.selectedPiece);
      else if (ids.length === 1 || forCard.length <= 4) entries = forCard;
      // Several pieces with many options: first the piece (or a click on the board).
      else pieces = ids;
    }
    const other = legal.filter((e) => !["play", "give"].includes(e.action.type));
    entries = [...other, ...entries];
    if (!entries.length && !pieces.length) {
      mount(this.moves);
      return;
    }
    const names = this.page.names();
    mount(
      this.moves,
      pieces.map((id) => {
        const piece = view.pieces.find((p) => p.id === id);
        const count = forCard.filter((e) => e.action.piece === id).length;
        return h("button", {
          type: "button",
          class: "choice",
          dataset: { piece: id },
          text: t("dogroyal.web.piece_choice", {
            piece: t(`dogroyal.piece_of.${piece.type}`, { owner: possessive(names[piece.seat]) }),
            n: count,
          }),
          onclick: () => this.clickPiece(id),
        });
      }),
      entries.map((entry) =>
        h("button", {
          type: "button",
          class: `move${/\(/.test(entry.label.sv) && entry.action.type === "play" ? " knock" : ""}`,
          dataset: { action: entry.action.type, piece: entry.action.piece ?? "", card: entry.action.card ?? "" },
          text: entry.label[this.lang()] ?? entry.label.sv,
          onclick: () => this.page.act(seat, entry.action),
        }),
      ),
    );
  }

  lang() {
    return document.documentElement.lang === "en" ? "en" : "sv";
  }

  renderHint(view, legal, card, concealed) {
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
      if (card === null) text = t("dogroyal.web.choose_card");
      else text = t("dogroyal.web.choose_piece", { card: cardName(card) });
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
        view.discard_top ? cardFace(view.discard_top, { class: `card-face ${CARD_COLOUR[view.discard_top] ?? "red"} top` }) : h("div", { class: "card-face empty", text: t("dogroyal.web.empty") }),
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
    const card = this.selectedCard !== null ? view.hand[this.selectedCard] : null;
    if (card === null) {
      this.page.say(t("dogroyal.web.card_first"));
      return;
    }
    const options = legal.filter((e) => e.action.type === "play" && e.action.card === card && e.action.piece === id);
    if (!options.length) {
      this.page.say(t("dogroyal.web.cannot_move", { card: cardName(card) }));
      return;
    }
    if (options.length === 1) {
      this.page.act(seat, options[0].action);
      return;
    }
    this.selectedPiece = id;
    this.page.say(t("web.game.choose_one"));
    this.render({});
  }
}

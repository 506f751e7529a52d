// DogRoyal on the match page: the ring board, the own hand as cards, the partner exchange, the
// discard pile, and choosing a move: a card, then one of the pieces it can move (highlighted;
// click it or pick it in the list), then, where the card leaves a choice, the option (1 or 11,
// forward or back, 1..7, swap target, goal or track) as buttons labelled by the server. A move
// hovered or focused is previewed on the board (its way and destination). The exchange is a
// card chosen, then a confirm button ("Ge 13 till Cecilia"). A card that cannot be played is
// dimmed, says why in its tooltip and, when focused, tapped or long-pressed, in a line under
// the hand (the view's why_not). A hand laid down unplayed is announced in the banner. On a
// phone the board can be enlarged (scrolled). View and action JSON: the game's README
// (src/spelkvall/games/dogroyal/README.md). The game's page module (/api/games → page; the
// interface: the shared match-page.js); the hand and the move buttons are the shared widgets
// (/static/js/widgets/).

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

const ZOOM_KEY = "dogroyal.zoom";

export default class DogRoyalPage {
  constructor(page) {
    this.page = page;
    this.selectedCard = null; // index in the hand
    this.selectedPiece = null; // the piece whose moves are shown (its group is open)
    this.notice = null; // a line for the banner: a hand laid down unplayed
    this.hadLegal = false; // this device had a choice in the position drawn last
    this.board = new DogRoyalBoard({ onPiece: (id) => this.clickPiece(id) });
    this.hint = h("p", { class: "dog-hint", role: "status" });
    this.why = h("p", { class: "why-line", role: "status", "aria-live": "polite" });
    this.hand = new Hand({ title: t("dogroyal.web.hand"), onPick: (i, c) => this.pickCard(i, c.id) });
    this.hand.root.addEventListener("focusin", (e) => this.explain(e.target));
    this.hand.root.addEventListener("contextmenu", (e) => {
      // A long press on a phone: say why instead of opening a menu.
      if (this.explain(e.target)) e.preventDefault();
    });
    this.hand.root.addEventListener("focusout", () => (this.why.textContent = ""));
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
    // Hovering or focusing a move shows where it goes; a piece's group shows the piece.
    for (const type of ["mouseover", "focusin"]) this.moves.addEventListener(type, (e) => this.previewFrom(e.target));
    for (const type of ["mouseout", "focusout"]) this.moves.addEventListener(type, () => this.previewFrom(null));
    this.pile = h("div", { class: "pile" });
    this.key = h("p", { class: "piece-key hint", text: t("dogroyal.web.key") });
    this.scroller = h("div", { class: "dog-board-scroll" }, this.board.svg);
    this.zoomButton = h("button", {
      type: "button",
      class: "dog-zoom",
      "aria-pressed": "false",
      onclick: () => this.setZoom(!this.zoomed, true),
    });
    this.setZoom(localStorage.getItem(ZOOM_KEY) === "1", false);
  }

  get state() {
    return this.page.state;
  }

  mount({ board, controls, extra, error }) {
    board.append(this.zoomButton, this.scroller, this.key);
    controls.append(h("div", { class: "dog-controls" }, this.hint, this.hand.root, this.why, this.moves, error));
    extra.append(this.pile);
  }

  /** The board enlarged (a phone: pieces and numbers big enough to tap and read, scrolled). */
  setZoom(on, remember) {
    this.zoomed = on;
    this.scroller.classList.toggle("zoomed", on);
    this.zoomButton.setAttribute("aria-pressed", on ? "true" : "false");
    this.zoomButton.textContent = on ? t("dogroyal.web.zoom_out") : t("dogroyal.web.zoom_in");
    if (remember) {
      localStorage.setItem(ZOOM_KEY, on ? "1" : "0");
      if (on) this.scrollToAction();
    }
  }

  /** With the board enlarged, bring the pieces that matter now into sight. */
  scrollToAction() {
    if (!this.zoomed) return;
    const target =
      this.board.svg.querySelector(".piece.selected") ??
      this.board.svg.querySelector(".piece.movable") ??
      this.board.svg.querySelector(`.piece[data-seat='${this.page.state?.viewer ?? 0}']`);
    if (!target) return;
    const box = target.getBoundingClientRect();
    const outer = this.scroller.getBoundingClientRect();
    this.scroller.scrollLeft += box.left + box.width / 2 - (outer.left + outer.width / 2);
    this.scroller.scrollTop += box.top + box.height / 2 - (outer.top + outer.height / 2);
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
    if (info.controls !== seat) parts.push(t("dogroyal.web.helps", { name: possessive(this.page.names()[info.controls] ?? "") }));
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
    const note = this.notice ? h("span", { class: "banner-sub banner-note", text: this.notice }) : null;
    if (view.phase === "exchange") {
      return { parts: [h("span", { class: "who-name", text: t("dogroyal.web.exchange_banner") }), note], who: st.viewer ?? null, rules: "exchange" };
    }
    const seat = view.current ?? st.to_act?.[0];
    if (seat === null || seat === undefined) return { parts: [t("dogroyal.web.dealing"), note], who: null };
    const sub = view.phase === "place" ? t("dogroyal.web.place_banner") : t("dogroyal.web.play_banner");
    return { parts: [...this.page.turnParts(seat, sub), note], who: seat, rules: view.phase === "place" ? "round" : "cards" };
  }

  /** Placing a piece shows nothing secret: a shared device needs no hand-over for it
   * (match-page.js), and the hand stays hidden unless its owner confirmed last. */
  publicStep() {
    return this.state?.view?.phase === "place";
  }

  /** Legal actions of this device's seat, or [] (the server sends them to the seat to act). */
  legal() {
    return this.page.myTurn()?.legal ?? [];
  }

  /** Cards that come into a hand get a marker: from the partner, or drawn on a special field;
   * a hand laid down (no card playable, out of play) becomes the banner's notice. */
  readEvents(events) {
    const names = this.page.names();
    for (const event of events) {
      if (event.type === "round") this.hand.forget();
      else if (event.type === "exchanged") {
        this.hand.expect(event.seat, t("web.hand.from", { name: names[event.partner] }));
        this.hand.expect(event.partner, t("web.hand.from", { name: names[event.seat] }));
      } else if (event.type === "drew") this.hand.expect(event.seat);
      else if (event.type === "no_move" || event.type === "laid_down") {
        const cards = event.cards.map(cardName).join(", ");
        this.notice = t(`dogroyal.event.${event.type}`, { name: names[event.seat] ?? "", cards });
      }
    }
  }

  render({ concealed = false, events = [] } = {}) {
    const st = this.state;
    const view = st.view;
    const names = this.page.names();
    const legal = concealed ? [] : this.legal();
    const unconfirmed = this.page.sharedSecrets() && st.viewer !== this.page.confirmedViewer;
    const hand = concealed || (this.publicStep() && unconfirmed) ? null : view.hand;
    const fresh = this.version !== st.version;
    if (fresh) {
      // A new position: a half-made choice belongs to the old one; a notice the player has
      // seen while choosing has had its time.
      this.selectedCard = null;
      this.selectedPiece = null;
      if (this.hadLegal) this.notice = null;
      this.version = st.version;
    }
    if (fresh && st.tutorial && view.phase === "play" && hand) this.chooseFirstCard(hand, legal);
    const noticed = this.notice;
    this.readEvents(events ?? []);
    if (this.notice !== noticed) this.page.renderBanner();
    this.hadLegal = legal.length > 0;
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
      viewer: st.viewer ?? null,
    });
    this.board.preview(null);
    this.board.svg.setAttribute("aria-label", t("web.game.board"));
    this.renderHand(view, hand, legal);
    this.renderMoves(view, legal, forCard, chosen);
    this.renderHint(view, legal, chosen, concealed);
    this.renderPile(view);
    // Every redraw, not only a new position's: a redraw at the same version (a presence
    // mark, a timer) replaces the hand, and the focus must come back to it.
    if (legal.length) this.page.keepFocus(this.moveList.target() ?? this.firstCard());
    if (fresh && legal.length) this.scrollToAction();
  }

  /** A guided game: the first card that can be played is chosen and its first piece's moves
   * shown, so that the focus is on a move and Enter plays it (the learner's keyboard goes
   * Enter, Enter, …; another card is a Shift+Tab away, and the bubble explains the choice). */
  chooseFirstCard(hand, legal) {
    const plays = legal.filter((entry) => entry.action.type === "play");
    const index = hand.findIndex((value) => plays.some((entry) => entry.action.card === value));
    if (index < 0) return;
    this.selectedCard = index;
    this.selectedPiece = plays.find((entry) => entry.action.card === hand[index]).action.piece;
  }

  firstCard() {
    return this.hand.root.querySelector("button.card-face:not([disabled]):not(.dimmed)");
  }

  renderHand(view, hand, legal) {
    this.why.textContent = "";
    if (!hand) {
      // A spectator, or the privacy screen is up: only the backs of the cards.
      const seat = this.page.state.viewer;
      this.hand.backs(seat !== null && seat !== undefined ? view.seats[seat]?.cards ?? 0 : 0);
      return;
    }
    const playable = new Set(legal.filter((e) => e.action.type === "play" || e.action.type === "give").map((e) => e.action.card));
    const reasons = view.why_not ?? {};
    const myTurn = legal.length > 0;
    const cards = hand.map((value) => {
      const c = card(value);
      if (playable.has(value)) return c;
      const why = reasons[value] ? this.reason(value, reasons[value]) : myTurn ? null : t("dogroyal.web.why.wait");
      return why ? { ...c, title: `${c.title}: ${why}`, why } : c;
    });
    this.hand.render(cards, {
      owner: this.page.state.viewer,
      selected: this.selectedCard,
      playable: (c) => playable.has(c.id),
      extra: view.giving ? h("span", { class: "giving", text: t("dogroyal.web.giving", { card: cardName(view.giving) }) }) : null,
    });
    // A card that cannot be played but says why stays focusable (dimmed, not disabled), so
    // the keyboard and a tap can ask it why.
    const buttons = this.hand.root.querySelectorAll("button.card-face");
    cards.forEach((c, i) => {
      const button = buttons[i];
      if (!button || playable.has(c.id) || !c.why || !myTurn) return;
      button.disabled = false;
      button.classList.add("dimmed");
      button.setAttribute("aria-disabled", "true");
      button.dataset.why = c.why;
    });
  }

  reason(value, code) {
    // An = that copies a card fails for that card's reasons: name the card copied.
    const copied = value === "copy" ? this.state.view.copy_of : null;
    return t(`dogroyal.why.${code}`, { card: cardName(copied ?? value) });
  }

  /** Say why a dimmed card cannot be played (focus, tap, long press); false: not one. */
  explain(target) {
    const button = target?.closest?.("button.card-face.dimmed");
    if (!button) {
      this.why.textContent = "";
      return false;
    }
    const value = button.dataset.card;
    const copied = value === "copy" ? this.state.view.copy_of : null;
    const name = copied ? t("dogroyal.web.copy_as", { card: cardName(copied) }) : cardName(value);
    this.why.textContent = `${name}: ${button.dataset.why}`;
    return true;
  }

  pickCard(i, value) {
    const button = this.hand.root.querySelector(`button.card-face[data-index='${i}']`);
    if (button?.classList.contains("dimmed")) {
      this.explain(button);
      return;
    }
    this.selectedCard = this.selectedCard === i ? null : i;
    this.selectedPiece = null;
    this.render({});
    // The keyboard follows the choice: to the card's moves (the exchange: its confirm
    // button), or back to the card put down.
    if (this.selectedCard !== null) this.page.keepFocus(this.moveList.target(), { again: true });
    else this.page.keepFocus(this.hand.root.querySelector(`button.card-face[data-index='${i}']`), { again: true });
  }

  /** Buttons for the choices left: the card's moves (grouped by piece when there are many),
   * the exchange's confirm button once a card is chosen, or the non-card actions. */
  renderMoves(view, legal, forCard, chosen) {
    const hits = hitPattern();
    const lang = this.lang();
    if (view.phase === "exchange") {
      const give = legal.find((e) => e.action.type === "give" && e.action.card === chosen);
      const partner = this.partnerOf(this.page.state.viewer);
      const name = partner !== null ? this.page.names()[partner] : "";
      const entries = give
        ? [{ action: give.action, label: t("dogroyal.web.give_confirm", { card: cardName(chosen), name }), kind: "give-confirm", data: { card: chosen } }]
        : [];
      this.moveList.render(entries);
      return;
    }
    const other = legal.filter((e) => !["play", "give"].includes(e.action.type));
    const entries = [...other, ...forCard].map((entry) => ({
      action: entry.action,
      label: entry.label[lang] ?? entry.label.sv,
      kind: entry.action.type === "play" && hits.test(entry.label[lang] ?? "") ? "knock" : "",
      data: { piece: entry.action.piece ?? "", card: entry.action.card ?? "" },
    }));
    this.moveList.render(entries, { open: this.selectedPiece });
  }

  /** Preview the move (or the piece of a group) whose button `target` is in; null: clear. */
  previewFrom(target) {
    const button = target?.closest?.("button");
    if (!button || !this.moves.contains(button)) {
      this.board.preview(null);
      this.board.select(this.selectedPiece);
      return;
    }
    if (button.classList.contains("choice")) {
      this.board.preview(null);
      this.board.select(JSON.parse(button.dataset.group));
      return;
    }
    const entry = this.moveList.entries[Number(button.dataset.index)];
    this.board.preview(entry ? this.planOf(entry.action) : null);
  }

  /** Where a play takes its piece, worked out from the action and the view: {from, to,
   * start, type, swap?, other?} (positions as in the view), or null. */
  planOf(action) {
    const view = this.state.view;
    if (action?.type === "jump" && action.jump && view.jump) {
      // The Citizen's jump: straight to the next free special field.
      const citizen = view.pieces.find((p) => p.id === view.jump.piece);
      const start = citizen ? view.seats[citizen.seat].start : 0;
      return { from: view.jump.from, to: view.jump.to, start, type: "citizen", swap: true };
    }
    if (action?.type !== "play" && action?.type !== "place") return null;
    const piece = view.pieces.find((p) => p.id === action.piece);
    if (!piece) return null;
    const ring = view.board.ring;
    const start = view.seats[piece.seat].start;
    const from = piece.pos;
    const base = { from, start, type: piece.type };
    if (action.type === "place" || action.move === "start") return { ...base, to: start };
    if (action.move === "back") return { ...base, to: (from - 4 + ring) % ring };
    if (action.move === "swap") {
      const other = view.pieces.find((p) => p.id === action.target);
      if (!other) return null;
      const otherStart = view.seats[other.seat].start;
      return { ...base, to: other.pos, swap: true, other: { from: other.pos, to: from, start: otherStart } };
    }
    if (from >= ring) return { ...base, to: from + action.steps };
    if (action.goal) {
      const toStart = (start - from + ring) % ring;
      return { ...base, to: ring + action.steps - toStart - 1 };
    }
    return { ...base, to: (from + action.steps) % ring };
  }

  lang() {
    return document.documentElement.lang === "en" ? "en" : "sv";
  }

  renderHint(view, legal, chosen, concealed) {
    const st = this.page.state;
    const names = this.page.names();
    const me = st.viewer;
    const partner = me !== null && me !== undefined ? this.partnerOf(me) : null;
    let text = "";
    if (concealed) text = "";
    else if (view.phase === "exchange") {
      const waiting = view.seats.filter((seat) => !seat.chosen).map((seat) => names[seat.seat]);
      if (legal.length && partner !== null) {
        text = chosen === null ? t("dogroyal.web.choose_give", { name: names[partner] }) : t("dogroyal.web.confirm_give", { card: cardName(chosen), name: names[partner] });
      } else if (waiting.length) text = t("dogroyal.web.waiting_for", { names: waiting.join(", ") });
    } else if (legal.length && view.phase === "place") text = t("dogroyal.web.choose_place");
    else if (legal.length && view.phase === "play") {
      if (chosen === null) text = t("dogroyal.web.choose_card");
      else text = t("dogroyal.web.choose_piece", { card: cardName(chosen) });
      const controls = view.seats[me]?.controls;
      if (controls !== undefined && controls !== me) text += ` ${t("dogroyal.web.helping", { name: possessive(names[controls] ?? "") })}`;
      else if (partner !== null) text += ` ${t("dogroyal.web.partner_is", { name: names[partner] })}`;
    } else if (legal.length) text = t("web.game.choose_move");
    this.hint.textContent = text;
  }

  renderPile(view) {
    let copy = null;
    if (view.copy_of) copy = t("dogroyal.web.copy_of", { card: cardName(view.copy_of) });
    else if ((view.hand ?? []).includes("copy")) copy = t("dogroyal.web.copy_none");
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
          copy ? h("span", { class: "copy-of", text: copy }) : null,
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

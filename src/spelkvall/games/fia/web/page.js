// Fia med knuff on the match page: the board, the die, the legal moves and the roll-off.
// The game's page module (/api/games → page; the interface: the shared match-page.js). The
// die and the move buttons are the shared widgets (/static/js/widgets/).

import { swatch } from "/static/js/colours.js";
import { h, mount } from "/static/js/dom.js";
import { t } from "/static/js/i18n.js";
import { Die } from "/static/js/widgets/die.js";
import { MoveList } from "/static/js/widgets/moves.js";
import { FiaBoard } from "./board.js";

/** Where a local position is, in words (as spelkvall.games.fia.where). */
function where(local) {
  if (local === 0) return t("fia.where.nest");
  if (local === 45) return t("fia.where.goal");
  if (local >= 41) return t("fia.where.lane", { n: local - 40 });
  return t("fia.where.square", { n: local });
}

export default class FiaPage {
  constructor(page, gameInfo) {
    this.page = page;
    this.lastRoll = null;
    this.board = new FiaBoard(gameInfo.layout, {
      onPiece: (seat, piece) => this.clickPiece(seat, piece),
      onTarget: (cell) => this.clickTarget(cell),
    });
    this.dieWidget = new Die({ onRoll: () => this.roll() });
    this.die = this.dieWidget.button;
    this.dieHint = h("p", { class: "die-hint" });
    this.moveList = new MoveList({ onChoose: (entry) => this.page.act(this.myMove().seat, entry.action) });
    this.moves = this.moveList.root;
    this.rolloff = h("section", { class: "rolloff" });
  }

  get state() {
    return this.page.state;
  }

  mount({ board, controls, extra, error }) {
    board.append(this.board.svg);
    controls.append(this.die, h("div", { class: "control-text" }, this.dieHint, this.moves, error));
    extra.append(this.rolloff);
  }

  stop() {
    this.dieWidget.stop();
  }

  onError() {
    this.dieWidget.settle();
    if (this.state?.view) this.renderControls([]);
  }

  renderWaiting() {
    this.dieWidget.setReady(false);
    this.moveList.clear();
    this.dieHint.textContent = "";
  }

  /** A knock-out's line in the log is shown in bold red. */
  logClass(event, line) {
    return event.type === "knocked_out" && /!$/.test(line) ? "knock" : null;
  }

  playerInfo(seat) {
    const pieces = this.state.view?.seats?.[seat]?.pieces ?? [];
    return t("fia.web.home", { n: pieces.filter((p) => p.local === 45).length });
  }

  bannerParts() {
    const st = this.state;
    const view = st.view;
    if (view?.phase === "rolloff") {
      const parts = [t("fia.web.rolloff_banner"), " "];
      if (st.roll_seat !== null && st.roll_seat !== undefined) {
        parts.push(this.page.seatLabel(st.roll_seat), " ", t("fia.web.rolls"));
      }
      return { parts, who: st.roll_seat, rules: "start" };
    }
    const seat = st.to_act?.[0] ?? st.roll_seat ?? view?.current;
    if (seat === null || seat === undefined) return { parts: [], who: null };
    const sub = st.to_act?.length ? t("web.game.choose_move") : t("web.game.roll_die");
    return { parts: this.page.turnParts(seat, sub), who: seat, rules: "turn" };
  }

  render({ events, whole }) {
    const st = this.state;
    for (const entry of this.page.log) {
      for (const event of entry.events ?? []) {
        if (event.type === "rolled" || event.type === "rolloff") this.lastRoll = event;
      }
    }
    const mine = this.myMove();
    const movable = new Set();
    const targets = [];
    if (mine) {
      const colour = st.view.seats[mine.seat].colour;
      for (const move of st.view.legal) {
        for (const p of move.pieces) movable.add(`${mine.seat}:${p}`);
        const cell = this.board.cellOf(colour, move.to);
        targets.push({ cell, knock: move.knocks_out.length > 0 });
      }
      if (st.view.legal.some((move) => move.from.includes(0))) {
        // Any piece in the nest can be the one to come out.
        for (const piece of st.view.seats[mine.seat].pieces) {
          if (piece.local === 0) movable.add(`${mine.seat}:${piece.piece}`);
        }
      }
    }
    this.board.update(st.view, { events: whole ? [] : events, movable, targets, names: this.page.names() });
    this.board.svg.setAttribute("aria-label", t("web.game.board"));
    this.renderControls(events);
    this.renderRolloff();
  }

  /** The seat this device must move for now, with the legal moves, or null. */
  myMove() {
    const st = this.state;
    if (st.status !== "playing" || !st.view || !st.view.legal?.length) return null;
    const seat = st.to_act?.find((s) => st.you.includes(s));
    if (seat === undefined) return null;
    return { seat, legal: st.view.legal };
  }

  canRoll() {
    return this.page.mayRoll(); // this device's die, unless a computer stands in for the seat
  }

  /** The label of the legal move whose action is ``action`` (for the Tips panel), or null. */
  actionLabel(action) {
    const same = (a, b) => Object.keys(a).length === Object.keys(b).length && Object.keys(a).every((k) => a[k] === b[k]);
    const move = this.state.view?.legal?.find((m) => same(m.action, action));
    return move ? this.moveLabel(move) : null;
  }

  moveLabel(move) {
    const names = this.page.names();
    let text;
    const type = move.action.type;
    if (type === "enter_two") text = t("fia.action.enter_two");
    else if (type === "enter_six" && move.to === 6) text = t("fia.action.enter_six");
    else if (type === "enter" || type === "enter_six") text = t("fia.web.enter_to", { to: move.to });
    else text = t("fia.move_to", { piece: move.pieces[0], src: where(move.from[0]), dst: where(move.to) });
    if (move.knocks_out.length) {
      text += ` – ${t("fia.knocks_out", { victim: move.knocks_out.map((s) => names[s]).join(", ") })}`;
    }
    return text;
  }

  renderControls(events) {
    const st = this.state;
    const canRoll = this.canRoll();
    this.dieWidget.setReady(canRoll);
    const rolledNow = events.filter((e) => e.type === "rolled" || e.type === "rolloff");
    if (rolledNow.length) this.dieWidget.show(rolledNow[rolledNow.length - 1].value);
    else this.dieWidget.rest(this.lastRoll?.value ?? null);
    const names = this.page.names();
    if (canRoll) {
      const seat = st.roll_seat;
      this.dieHint.textContent =
        st.mode === "online" ? t("web.game.click_die_you") : t("web.game.click_die", { name: names[seat] });
    } else if (this.lastRoll) {
      this.dieHint.textContent = t("web.game.last_roll", { name: names[this.lastRoll.seat], value: this.lastRoll.value });
    } else this.dieHint.textContent = "";
    const mine = this.myMove();
    this.moveList.render(
      (mine?.legal ?? []).map((move) => ({
        action: move.action,
        label: this.moveLabel(move),
        kind: move.knocks_out.length ? "knock" : "",
        data: { pieces: move.pieces.join(","), to: move.to },
      })),
      { title: mine ? t("fia.web.choose_move_hint") : "" },
    );
    // The keyboard goes where the player is: to the moves after a roll, back to the die.
    if (mine) this.page.keepFocus(this.moveList.target());
    else if (canRoll) this.page.keepFocus(this.die);
  }

  renderRolloff() {
    const view = this.state.view;
    const rounds = view.rolloff ?? [];
    if (!rounds.length || (rounds.length === 1 && !rounds[0].length && view.phase !== "rolloff")) {
      mount(this.rolloff);
      return;
    }
    const names = this.page.names();
    const done = view.phase !== "rolloff";
    const rows = rounds.map((round, i) =>
      h(
        "li",
        {},
        rounds.length > 1 ? h("span", { class: "round", text: t("fia.web.rolloff_round", { n: i + 1 }) }) : null,
        round.map((roll) =>
          h(
            "span",
            { class: "rolloff-roll", dataset: { seat: roll.seat } },
            swatch(this.state.seats[roll.seat].colour, 14),
            h("span", { text: `${names[roll.seat]}: ${roll.value}` }),
          ),
        ),
      ),
    );
    const starter = done ? this.page.log.flatMap((e) => e.events ?? []).find((e) => e.type === "starts") : null;
    const details = h(
      "details",
      { class: "rolloff-box", open: !done },
      h("summary", {
        text: starter ? t("fia.web.rolloff_done", { name: names[starter.seat] }) : t("fia.web.rolloff_title"),
      }),
      h("ol", { class: "rolloff-rounds" }, rows),
      !done && view.rolloff_pending?.length
        ? h("p", { class: "hint", text: t("fia.web.rolloff_waiting", { names: view.rolloff_pending.map((s) => names[s]).join(", ") }) })
        : null,
    );
    mount(this.rolloff, details);
  }

  roll() {
    if (!this.canRoll()) return;
    // One click, one roll: a double click must not send a second (stale) roll.
    if (this.page.send({ type: "roll", version: this.state.version })) this.dieWidget.sent();
  }

  // --- choosing a move by clicking the board ---------------------------------------------
  clickPiece(seat, piece) {
    const mine = this.myMove();
    if (!mine) {
      if (this.state?.status === "playing") this.page.say(this.canRoll() ? t("web.game.roll_first") : t("web.game.not_your_turn_piece"));
      return;
    }
    if (seat !== mine.seat) {
      // An opponent's piece on a target square: the click means "go there and knock it out".
      const cell = this.state.view.seats[seat].pieces.find((p) => p.piece === piece)?.cell;
      if (cell && this.clickTarget(cell)) return;
      this.page.say(t("web.game.not_your_piece"));
      return;
    }
    const info = this.state.view.seats[seat].pieces.find((p) => p.piece === piece);
    const inNest = info?.local === 0;
    const candidates = mine.legal.filter((move) =>
      inNest ? move.from.includes(0) : move.pieces.includes(piece) && !move.from.includes(0),
    );
    if (candidates.length === 1) this.page.act(seat, candidates[0].action);
    else if (candidates.length > 1) this.offer(candidates);
    else if (inNest) this.page.say(t("fia.web.nest_needs", { value: this.state.view.die }));
    // Let the server say why: its reason is the one the rules give.
    else this.page.act(seat, { type: "move", piece });
  }

  clickTarget(cell) {
    const mine = this.myMove();
    if (!mine) return false;
    const colour = this.state.view.seats[mine.seat].colour;
    const key = cell.join(",");
    const candidates = mine.legal.filter((move) => this.board.cellOf(colour, move.to).join(",") === key);
    if (candidates.length === 1) this.page.act(mine.seat, candidates[0].action);
    else if (candidates.length > 1) this.offer(candidates);
    return candidates.length > 0;
  }

  /** Several moves fit the click (a 6 with pieces in the nest): point at the buttons. */
  offer(candidates) {
    this.page.say(t("web.game.choose_one"));
    const types = new Set(candidates.map((move) => JSON.stringify(move.action)));
    for (const button of this.moves.querySelectorAll("button.move")) {
      const move = this.state.view.legal[Number(button.dataset.index)];
      button.classList.toggle("offered", types.has(JSON.stringify(move.action)));
    }
  }
}

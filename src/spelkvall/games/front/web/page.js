// Front on the match page: the hexagon board, the die, the score to the target per player,
// the legal moves, the removals with their converging lines, the return to the camp and the
// start roll-off. The game's page module (/api/games → page; the interface: the shared
// match-page.js). The die, the move buttons and the score line are the shared widgets.
//
// Choosing a move: click one of the highlighted pieces (or its button: the moves are grouped
// by piece), and its destinations light up with the squares on the way; click a destination.
// A removal: the pieces that may be removed are ringed and the lines of the player's pieces
// that converge on them are drawn; click one, or roll the die instead (one click: the throw
// is sent and the die rolled).

import { swatch } from "/static/js/colours.js";
import { h, mount } from "/static/js/dom.js";
import { lang, possessive, t } from "/static/js/i18n.js";
import { Die } from "/static/js/widgets/die.js";
import { MoveList } from "/static/js/widgets/moves.js";
import { scoreLine } from "/static/js/widgets/scores.js";
import { FrontBoard } from "./board.js";

const LETTERS = "abcdefgh";
const key = (sq) => sq.join(",");
const same = (a, b) => Object.keys(a).length === Object.keys(b).length && Object.keys(a).every((k) => a[k] === b[k]);

export default class FrontPage {
  constructor(page, gameInfo) {
    this.page = page;
    this.lastRoll = null;
    this.selected = null; // "p,r,c" of the piece whose moves are shown
    this.selectedAt = -1; // the version it was chosen at
    this.autoRoll = null; // {seat, version}: the die was clicked for a throw; roll once it is in
    this.autoOpenedAt = -1; // the version whose first piece's moves were opened by themselves
    this.board = new FrontBoard(gameInfo.layout, { onSquare: (sq) => this.clickSquare(sq) });
    this.dieWidget = new Die({ onRoll: () => this.roll() });
    this.die = this.dieWidget.button;
    this.dieHint = h("p", { class: "die-hint" });
    this.moveList = new MoveList({
      onChoose: (entry) => this.choose(entry),
      groupBy: "piece",
      groupLabel: (k, entries) => t("web.moves.group", { label: this.squareName(JSON.parse(k).split(",").map(Number)), n: entries.length }),
      onOpen: (k) => {
        this.select(k === null ? null : JSON.parse(k));
      },
    });
    this.moves = this.moveList.root;
    this.scores = h("div", { class: "front-scores" });
    this.quiet = h("p", { class: "front-quiet hint" });
    this.rolloff = h("section", { class: "rolloff" });
  }

  get state() {
    return this.page.state;
  }

  mount({ board, controls, extra, error }) {
    board.append(this.board.svg, this.scores, this.quiet);
    controls.append(this.die, h("div", { class: "control-text" }, this.dieHint, this.moves, error));
    extra.append(this.rolloff);
  }

  stop() {
    this.dieWidget.stop();
    this.board.stop();
  }

  onError() {
    this.dieWidget.settle();
    this.autoRoll = null;
    if (this.state?.view) this.renderControls([]);
  }

  renderWaiting() {
    this.dieWidget.setReady(false);
    this.moveList.clear();
    this.dieHint.textContent = "";
  }

  /** A removal's line in the log is shown in bold red. */
  logClass(event) {
    return event.type === "removed" ? "knock" : null;
  }

  playerInfo(seat) {
    const view = this.state.view;
    const info = view?.seats?.[seat];
    if (!info) return null;
    return `${t("front.web.score", { score: info.score, target: view.target })} · ${t("front.web.pieces", { n: info.pieces.length })}`;
  }

  bannerParts() {
    const st = this.state;
    const view = st.view;
    if (view?.phase === "rolloff") {
      const parts = [t("front.web.rolloff_banner"), " "];
      if (st.roll_seat !== null && st.roll_seat !== undefined) {
        parts.push(this.page.seatLabel(st.roll_seat), " ", t("front.web.rolls"));
      }
      return { parts, who: st.roll_seat, rules: "start" };
    }
    const seat = st.to_act?.[0] ?? st.roll_seat ?? view?.current;
    if (seat === null || seat === undefined) return { parts: [], who: null };
    let sub = t("web.game.roll_die");
    let rules = "turn";
    if (view?.phase === "decide") [sub, rules] = [t("front.web.decide"), "remove"];
    else if (view?.phase === "return") [sub, rules] = [t("front.web.return"), "points"];
    else if (st.to_act?.length) sub = t("web.game.choose_move");
    return { parts: this.page.turnParts(seat, sub), who: seat, rules };
  }

  /** A square in words: ``Annas b3``. */
  squareName(sq) {
    const names = this.page.names();
    return t("front.web.square", { owner_pos: possessive(names[sq[0]] ?? ""), square: `${LETTERS[sq[2]]}${sq[1] + 1}` });
  }

  /** The seat this device must act for now, with the legal actions, or null. */
  myTurn() {
    const st = this.state;
    if (st.status !== "playing" || !st.view || !st.legal?.length) return null;
    const seat = st.to_act?.find((s) => st.you.includes(s));
    if (seat === undefined) return null;
    return { seat, legal: st.legal };
  }

  canRoll() {
    const st = this.state;
    return st.status === "playing" && st.roll_seat !== null && st.roll_seat !== undefined && st.you.includes(st.roll_seat);
  }

  /** The server's label of a legal action in the page's language. */
  label(action) {
    const entry = this.state.legal?.find((e) => same(e.action, action));
    return entry ? entry.label[lang()] ?? entry.label.sv : null;
  }

  actionLabel(action) {
    return this.label(action);
  }

  select(k) {
    this.selected = k;
    this.selectedAt = this.state.version;
    this.renderBoard([]);
  }

  render({ events, whole }) {
    for (const entry of this.page.log) {
      for (const event of entry.events ?? []) {
        if (event.type === "rolled" || event.type === "rolloff") this.lastRoll = event;
      }
    }
    if (this.selectedAt !== this.state.version) this.selected = null;
    this.openFirstGroup();
    this.renderBoard(whole ? [] : events);
    this.renderScores();
    this.renderControls(events);
    this.renderRolloff();
    // The die was clicked to throw instead of removing: roll it as soon as it is ours.
    const st = this.state;
    if (this.autoRoll && st.version > this.autoRoll.version) {
      const wanted = this.autoRoll;
      this.autoRoll = null;
      if (st.version === wanted.version + 1 && st.roll_seat === wanted.seat && this.canRoll()) this.roll();
    }
  }

  /** Which way the board is turned: an online player's own region at the bottom. */
  turn() {
    const st = this.state;
    return st.mode === "online" && st.you.length === 1 ? st.you[0] : 0;
  }

  renderBoard(events) {
    const st = this.state;
    const view = st.view;
    const mine = this.myTurn();
    const movable = new Set();
    const targets = [];
    let lines = [];
    if (view.phase === "decide") {
      // Everybody sees what the player to act may remove, and why.
      for (const item of view.removable) {
        targets.push({ sq: item.square, kind: "remove" });
        if (mine) movable.add(key(item.square));
        lines = lines.concat(item.lines);
      }
    } else if (mine && view.phase === "move") {
      for (const move of view.legal) movable.add(key(move.from));
      if (this.selected) {
        for (const move of view.legal) {
          if (key(move.from) !== this.selected) continue;
          for (const sq of move.path.slice(0, -1)) targets.push({ sq, kind: "path" });
          targets.push({ sq: move.to, kind: move.scores ? "to score" : "to" });
        }
      }
    } else if (mine && view.phase === "return") {
      for (const sq of view.returns) targets.push({ sq, kind: "return" });
    }
    this.board.update(view, {
      seats: st.seats,
      turn: this.turn(),
      events,
      movable,
      selected: this.selected,
      targets,
      lines,
      names: this.page.names(),
    });
    this.board.svg.setAttribute("aria-label", t("front.web.board"));
  }

  renderScores() {
    const st = this.state;
    const view = st.view;
    const values = {};
    for (const seat of view.seats) values[seat.seat] = `${seat.score}/${view.target}`;
    const current = st.to_act?.length ? st.to_act : st.roll_seat !== null && st.roll_seat !== undefined ? [st.roll_seat] : [];
    mount(this.scores, scoreLine(st.seats, values, { label: t("front.score"), current }));
    this.quiet.textContent = view.quiet_turns ? t("front.web.quiet", { quiet: view.quiet_turns, limit: view.draw_turns }) : "";
  }

  entries(mine) {
    const view = this.state.view;
    if (!mine) return [];
    return mine.legal.map((entry) => {
      const label = entry.label[lang()] ?? entry.label.sv;
      if (entry.action.type === "move") {
        const move = view.legal.find((m) => same(m.action, entry.action));
        const from = move ? key(move.from) : "";
        return {
          action: { type: "move", piece: from },
          real: entry.action,
          label,
          kind: move?.scores ? "score" : "",
          data: { from, to: move ? key(move.to) : "" },
        };
      }
      if (entry.action.type === "remove") {
        const sq = [entry.action.p, entry.action.r, entry.action.c];
        return { action: entry.action, real: entry.action, label, kind: "knock", data: { sq: key(sq) } };
      }
      if (entry.action.type === "return") {
        return { action: entry.action, real: entry.action, label, data: { sq: key([mine.seat, 0, entry.action.c]) } };
      }
      return { action: entry.action, real: entry.action, label };
    });
  }

  renderControls(events) {
    const st = this.state;
    const view = st.view;
    const mine = this.myTurn();
    const decide = mine && view.phase === "decide";
    const canRoll = this.canRoll() || Boolean(decide);
    this.dieWidget.setReady(canRoll);
    const rolledNow = events.filter((e) => e.type === "rolled" || e.type === "rolloff");
    if (rolledNow.length) this.dieWidget.show(rolledNow[rolledNow.length - 1].value);
    else this.dieWidget.rest(this.lastRoll?.value ?? null);
    const names = this.page.names();
    if (decide) this.dieHint.textContent = t("front.web.decide");
    else if (mine && view.phase === "return") this.dieHint.textContent = t("front.web.return");
    else if (canRoll) {
      this.dieHint.textContent =
        st.mode === "online" ? t("web.game.click_die_you") : t("web.game.click_die", { name: names[st.roll_seat] });
    } else if (this.lastRoll) {
      this.dieHint.textContent = t("web.game.last_roll", { name: names[this.lastRoll.seat], value: this.lastRoll.value });
    } else this.dieHint.textContent = "";
    const title = mine && view.phase === "move" ? t("front.web.choose_piece") : "";
    this.moveList.render(this.entries(mine), {
      title,
      open: this.selected ? JSON.stringify(this.selected) : null,
    });
    // The keyboard goes where the player is: to the moves (or removals), else to the die. A
    // button that plays on Enter comes before a piece's group (unless Back just left one).
    const single = this.moves.querySelector("button.move:not([disabled])");
    if (mine) this.page.keepFocus(single && this.moveList.returnTo === null ? single : this.moveList.target());
    else if (canRoll) this.page.keepFocus(this.die);
  }

  /** Select the first piece by itself when every piece has several moves (once per
   * position): Enter on a piece's group button would only open it and play nothing, so the
   * keyboard gets the first piece's moves at once (Back leads to the others). */
  openFirstGroup() {
    const st = this.state;
    const mine = this.myTurn();
    if (this.selected || this.autoOpenedAt === st.version || !mine || st.view?.phase !== "move") return;
    const pieces = new Map();
    for (const move of st.view.legal) pieces.set(key(move.from), (pieces.get(key(move.from)) ?? 0) + 1);
    if (st.view.legal.length <= this.moveList.minToGroup || pieces.size < 2) return;
    if ([...pieces.values()].some((n) => n === 1)) return; // a single move's button plays at once
    this.autoOpenedAt = st.version;
    this.selected = key(st.view.legal[0].from);
    this.selectedAt = st.version;
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
    const rows = rounds.map((round) =>
      h(
        "li",
        {},
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
    mount(
      this.rolloff,
      h(
        "details",
        { class: "rolloff-box", open: !done },
        h("summary", {
          text: starter ? t("front.web.rolloff_done", { name: names[starter.seat] }) : t("front.web.rolloff_title"),
        }),
        h("ol", { class: "rolloff-rounds" }, rows),
      ),
    );
  }

  choose(entry) {
    const mine = this.myTurn();
    if (mine) this.page.act(mine.seat, entry.real ?? entry.action);
  }

  roll() {
    const st = this.state;
    const mine = this.myTurn();
    if (mine && st.view.phase === "decide") {
      // The die instead of a removal: throw, and roll as soon as the throw is in.
      if (this.page.act(mine.seat, { type: "throw" })) {
        this.autoRoll = { seat: mine.seat, version: st.version };
        this.dieWidget.sent();
      }
      return;
    }
    if (!this.canRoll()) return;
    // One click, one roll: a double click must not send a second (stale) roll.
    if (this.page.send({ type: "roll", version: st.version })) this.dieWidget.sent();
  }

  // --- choosing by clicking the board -----------------------------------------------------
  clickSquare(sq) {
    const st = this.state;
    const mine = this.myTurn();
    if (!mine) {
      if (st?.status === "playing") this.page.say(this.canRoll() ? t("web.game.roll_first") : t("web.game.not_your_turn_piece"));
      return;
    }
    const view = st.view;
    const k = key(sq);
    if (view.phase === "decide") {
      const item = view.removable.find((r) => key(r.square) === k);
      if (item) this.page.act(mine.seat, item.action);
      else this.page.say(t("front.web.decide"));
      return;
    }
    if (view.phase === "return") {
      if (view.returns.some((r) => key(r) === k)) this.page.act(mine.seat, { type: "return", c: sq[2] });
      else this.page.say(t("front.web.return"));
      return;
    }
    if (this.selected) {
      const move = view.legal.find((m) => key(m.from) === this.selected && key(m.to) === k);
      if (move) {
        this.page.act(mine.seat, move.action);
        return;
      }
    }
    if (view.legal.some((m) => key(m.from) === k)) {
      this.page.say("");
      this.moveList.open(k); // a piece with several moves: its buttons, with the focus there
      this.select(k);
      return;
    }
    this.page.say(t("front.web.choose_piece"));
  }
}

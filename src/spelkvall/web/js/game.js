// The game page (#/match/ID): board, die, legal moves, roll-off, log, win screen.
// Live over the WebSocket /ws/matches/{id}; every change arrives as a `state` message.

import { api, errorText, loadInvites, loadToken, saveToken } from "./api.js";
import { colourName, shape, swatch } from "./colours.js";
import { h, mount, s } from "./dom.js";
import { lang, pick, possessive, t } from "./i18n.js";
import { loadGames, inviteList } from "./lobby.js";
import { FiaBoard } from "./fia-board.js";

const PIPS = {
  1: [5],
  2: [3, 7],
  3: [3, 5, 7],
  4: [1, 3, 7, 9],
  5: [1, 3, 5, 7, 9],
  6: [1, 3, 4, 6, 7, 9],
};

/** Where a local position is, in words (as spelkvall.games.fia.where). */
function where(local) {
  if (local === 0) return t("fia.where.nest");
  if (local === 45) return t("fia.where.goal");
  if (local >= 41) return t("fia.where.lane", { n: local - 40 });
  return t("fia.where.square", { n: local });
}

export function showGame({ app, where: route }) {
  const matchId = route.id;
  if (route.token) {
    saveToken(matchId, route.token);
  }
  const token = loadToken(matchId);
  const page = new GamePage(app, matchId, token);
  page.start();
  return () => page.stop();
}

/** A gold star with the winner's piece in it (drawn, so no emoji font is needed). */
function trophy(colour) {
  const points = [];
  for (let i = 0; i < 10; i++) {
    const r = i % 2 ? 19 : 40;
    const a = (Math.PI / 5) * i - Math.PI / 2;
    points.push(`${(r * Math.cos(a)).toFixed(1)},${(r * Math.sin(a)).toFixed(1)}`);
  }
  return s(
    "svg",
    { class: "trophy", viewBox: "-44 -44 88 88", width: 88, height: 88, "aria-hidden": "true" },
    s("polygon", { points: points.join(" "), fill: "#f4b400", stroke: "#8a5a00", "stroke-width": 3 }),
    colour ? shape(colour, 11) : null,
  );
}

class GamePage {
  constructor(app, matchId, token) {
    this.app = app;
    this.matchId = matchId;
    this.token = token;
    this.state = null;
    this.log = [];
    this.ws = null;
    this.alive = true;
    this.fresh = true; // the next state message is the whole log (just connected)
    this.rollingSince = 0;
    this.lastRoll = null;
    this.winClosed = false;
    this.build();
  }

  build() {
    this.banner = h("div", { class: "turn-banner", role: "status", "aria-live": "polite" });
    this.boardWrap = h("div", { class: "board-wrap" });
    this.die = h("button", { type: "button", class: "die", "aria-label": t("web.game.roll"), onclick: () => this.roll() });
    this.dieFace(null);
    this.dieHint = h("p", { class: "die-hint" });
    this.moves = h("div", { class: "moves" });
    this.error = h("p", { class: "error", role: "alert" });
    this.players = h("ul", { class: "players" });
    this.rolloff = h("section", { class: "rolloff" });
    this.logList = h("ol", { class: "log" });
    this.waiting = h("section", { class: "card waiting", hidden: true });
    this.overlay = h("div", { class: "win-overlay", hidden: true });
    this.root = h(
      "section",
      { class: "game", dataset: { match: this.matchId, version: "-1", status: "loading" } },
      this.banner,
      this.waiting,
      h(
        "div",
        { class: "game-grid" },
        this.boardWrap,
        h(
          "div",
          { class: "side" },
          h("div", { class: "controls" }, this.die, h("div", { class: "control-text" }, this.dieHint, this.moves, this.error)),
          h("h2", { class: "sr-only", text: t("web.game.players") }),
          this.players,
          this.rolloff,
          h("h2", { class: "log-title", text: t("web.game.log") }),
          this.logList,
        ),
      ),
      this.overlay,
    );
    mount(this.app, this.root);
  }

  async start() {
    try {
      const games = await loadGames();
      const initial = await api(
        "GET",
        `/api/matches/${encodeURIComponent(this.matchId)}?${this.query()}`,
      );
      if (!this.alive) return;
      this.gameInfo = games.find((g) => g.id === initial.game);
      this.board = new FiaBoard(this.gameInfo.layout, {
        onPiece: (seat, piece) => this.clickPiece(seat, piece),
        onTarget: (cell) => this.clickTarget(cell),
      });
      this.boardWrap.append(this.board.svg);
      this.receive({ type: "state", ...initial }, true);
      this.connect();
    } catch (error) {
      mount(this.app, h("p", { class: "error card", role: "alert", text: errorText(error) }));
    }
  }

  stop() {
    this.alive = false;
    if (this.ws) this.ws.close();
    clearTimeout(this.reconnectTimer);
  }

  query() {
    const params = new URLSearchParams({ lang: lang() });
    if (this.token) params.set("token", this.token);
    return params.toString();
  }

  connect() {
    const scheme = window.location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(
      `${scheme}://${window.location.host}/ws/matches/${encodeURIComponent(this.matchId)}?${this.query()}`,
    );
    this.ws = ws;
    this.fresh = true;
    ws.addEventListener("message", (message) => {
      let data;
      try {
        data = JSON.parse(message.data);
      } catch {
        return;
      }
      if (data.type === "state") {
        this.receive(data, this.fresh);
        this.fresh = false;
      } else if (data.type === "error") {
        // Refused: show why, and let the player try again from the current state.
        this.pending = null;
        this.stopRolling();
        if (this.state?.view) this.renderControls([]);
        this.showError(data);
      }
    });
    ws.addEventListener("close", () => {
      if (this.ws === ws) this.ws = null;
      if (this.alive) this.reconnectTimer = setTimeout(() => this.connect(), 1000);
    });
  }

  send(message) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) {
      this.showError({ error: "web.error.offline" });
      return false;
    }
    this.error.textContent = "";
    this.ws.send(JSON.stringify(message));
    return true;
  }

  showError(error) {
    this.error.textContent = errorText(error);
  }

  names() {
    return (this.state?.seats ?? []).map((seat) => seat.name ?? t("web.open.free_seat"));
  }

  // --- incoming -------------------------------------------------------------------------
  receive(state, whole) {
    if (this.state && !whole && state.version < this.state.version) return;
    const newEntries = state.log ?? [];
    if (whole) this.log = [...newEntries];
    else {
      const known = new Set(this.log.map((entry) => entry.version));
      for (const entry of newEntries) if (!known.has(entry.version)) this.log.push(entry);
    }
    const events = whole ? [] : newEntries.flatMap((entry) => entry.events ?? []);
    this.state = state;
    for (const entry of this.log) {
      for (const event of entry.events ?? []) {
        if (event.type === "rolled" || event.type === "rolloff") this.lastRoll = event;
      }
    }
    this.root.dataset.version = String(state.version);
    this.root.dataset.status = state.status;
    this.render(events, whole ? [] : newEntries);
  }

  render(events, newEntries) {
    const st = this.state;
    const names = this.names();
    this.renderBanner();
    this.renderPlayers();
    if (st.status === "waiting" || !st.view) {
      this.renderWaiting();
      this.renderLog(newEntries);
      return;
    }
    this.waiting.hidden = true;
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
    this.board.update(st.view, { events, movable, targets, names });
    this.board.svg.setAttribute("aria-label", t("web.game.board"));
    this.renderControls(events);
    this.renderRolloff();
    this.renderLog(newEntries);
    this.renderWin();
  }

  seatLabel(seat, withPossessive = false) {
    const info = this.state.seats[seat];
    const name = info?.name ?? t("web.open.free_seat");
    return h(
      "span",
      { class: "who", dataset: { colour: info?.colour ?? "" } },
      info?.colour ? swatch(info.colour, 20) : null,
      h("span", { class: "who-name", text: withPossessive ? possessive(name) : name }),
    );
  }

  renderBanner() {
    const st = this.state;
    const view = st.view;
    const parts = [];
    let who = null;
    if (st.status === "waiting") parts.push(t("web.game.waiting"));
    else if (st.status === "over") {
      const winner = st.result?.winners?.[0];
      if (winner !== undefined) {
        who = winner;
        parts.push(this.seatLabel(winner), " ", t("web.game.wins"));
      } else parts.push(t("web.game.over"));
    } else if (view?.phase === "rolloff") {
      who = st.roll_seat;
      parts.push(t("web.game.rolloff_banner"), " ");
      if (st.roll_seat !== null && st.roll_seat !== undefined) {
        parts.push(this.seatLabel(st.roll_seat), " ", t("web.game.rolls"));
      }
    } else {
      const seat = st.to_act?.[0] ?? st.roll_seat ?? view?.current;
      who = seat;
      if (seat !== null && seat !== undefined) {
        const you = st.mode === "online" && st.you.includes(seat);
        if (you) parts.push(h("span", { class: "who-name", text: t("web.game.your_turn") }));
        else parts.push(this.seatLabel(seat, true), " ", t("web.game.turn"));
        parts.push(
          h("span", {
            class: "banner-sub",
            text: st.seats[seat]?.bot
              ? t("web.game.bot_thinking")
              : st.to_act?.length
                ? t("web.game.choose_move")
                : t("web.game.roll_die"),
          }),
        );
      }
    }
    const colour = who !== null && who !== undefined ? st.seats[who]?.colour : null;
    this.banner.dataset.colour = colour ?? "";
    this.banner.dataset.seat = who ?? "";
    mount(this.banner, parts);
  }

  renderPlayers() {
    const st = this.state;
    const current = st.to_act?.[0] ?? st.roll_seat;
    mount(
      this.players,
      st.seats.map((seat) => {
        const pieces = st.view?.seats?.[seat.seat]?.pieces ?? [];
        const home = pieces.filter((p) => p.local === 45).length;
        const item = h(
          "li",
          { class: `player${seat.seat === current ? " current" : ""}`, dataset: { seat: seat.seat, colour: seat.colour ?? "" } },
          seat.colour ? swatch(seat.colour, 18) : null,
          h("span", { class: "player-name", text: seat.name ?? t("web.open.free_seat") }),
          seat.bot ? h("span", { class: "tag", text: t("seat.bot") }) : null,
          st.mode === "online" && st.you.includes(seat.seat) ? h("span", { class: "tag you", text: t("web.game.you") }) : null,
          st.view ? h("span", { class: "home", text: t("web.game.home", { n: home }) }) : null,
        );
        if (seat.colour) item.title = colourName(seat.colour);
        return item;
      }),
    );
  }

  renderWaiting() {
    const st = this.state;
    this.waiting.hidden = false;
    const invites = loadInvites(this.matchId).filter((invite) => st.seats[invite.seat]?.name === null);
    mount(
      this.waiting,
      h("h2", { text: t("web.game.waiting_title") }),
      h("p", { class: "hint", text: invites.length ? t("web.invite.explain") : t("web.game.waiting_hint") }),
      invites.length ? inviteList(invites, st.seats) : null,
    );
    this.die.disabled = true;
    mount(this.moves);
    this.dieHint.textContent = "";
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
    const st = this.state;
    return st.status === "playing" && st.roll_seat !== null && st.roll_seat !== undefined && st.you.includes(st.roll_seat);
  }

  moveLabel(move, seat) {
    const names = this.names();
    let text;
    const type = move.action.type;
    if (type === "enter_two") text = t("fia.action.enter_two");
    else if (type === "enter_six" && move.to === 6) text = t("fia.action.enter_six");
    else if (type === "enter" || type === "enter_six") text = t("web.move.enter_to", { to: move.to });
    else text = t("fia.move_to", { piece: move.pieces[0], src: where(move.from[0]), dst: where(move.to) });
    if (move.knocks_out.length) {
      text += ` – ${t("fia.knocks_out", { victim: move.knocks_out.map((s) => names[s]).join(", ") })}`;
    }
    return text;
  }

  renderControls(events) {
    const st = this.state;
    const canRoll = this.canRoll();
    this.die.disabled = !canRoll;
    this.die.classList.toggle("ready", canRoll);
    const rolledNow = events.filter((e) => e.type === "rolled" || e.type === "rolloff");
    if (rolledNow.length) this.showRoll(rolledNow[rolledNow.length - 1].value);
    else if (!this.rollingSince) this.dieFace(this.lastRoll?.value ?? null);
    const names = this.names();
    if (canRoll) {
      const seat = st.roll_seat;
      this.dieHint.textContent =
        st.mode === "online" ? t("web.game.click_die_you") : t("web.game.click_die", { name: names[seat] });
    } else if (this.lastRoll) {
      this.dieHint.textContent = t("web.game.last_roll", { name: names[this.lastRoll.seat], value: this.lastRoll.value });
    } else this.dieHint.textContent = "";
    const mine = this.myMove();
    if (!mine) {
      mount(this.moves);
      return;
    }
    mount(
      this.moves,
      h("p", { class: "moves-title", text: t("web.game.choose_move_hint") }),
      mine.legal.map((move, i) =>
        h("button", {
          type: "button",
          class: `move${move.knocks_out.length ? " knock" : ""}`,
          dataset: { action: move.action.type, index: i, pieces: move.pieces.join(","), to: move.to },
          text: this.moveLabel(move, mine.seat),
          onclick: () => this.act(mine.seat, move.action),
        }),
      ),
    );
  }

  renderRolloff() {
    const view = this.state.view;
    const rounds = view.rolloff ?? [];
    if (!rounds.length || (rounds.length === 1 && !rounds[0].length && view.phase !== "rolloff")) {
      mount(this.rolloff);
      return;
    }
    const names = this.names();
    const done = view.phase !== "rolloff";
    const rows = rounds.map((round, i) =>
      h(
        "li",
        {},
        rounds.length > 1 ? h("span", { class: "round", text: t("web.game.rolloff_round", { n: i + 1 }) }) : null,
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
    const starter = done ? this.log.flatMap((e) => e.events ?? []).find((e) => e.type === "starts") : null;
    const details = h(
      "details",
      { class: "rolloff-box", open: !done },
      h("summary", {
        text: starter ? t("web.game.rolloff_done", { name: names[starter.seat] }) : t("web.game.rolloff_title"),
      }),
      h("ol", { class: "rolloff-rounds" }, rows),
      !done && view.rolloff_pending?.length
        ? h("p", { class: "hint", text: t("web.game.rolloff_waiting", { names: view.rolloff_pending.map((s) => names[s]).join(", ") }) })
        : null,
    );
    mount(this.rolloff, details);
  }

  renderLog(newEntries) {
    const code = lang();
    const fresh = new Set(newEntries.map((entry) => entry.version));
    const items = [];
    for (const entry of this.log) {
      const lines = entry.text?.[code] ?? entry.text?.sv ?? [];
      const knock = (entry.events ?? []).some((e) => e.type === "knocked_out");
      for (const line of lines) {
        const important = knock && /!$/.test(line);
        items.push(h("li", { class: `${fresh.has(entry.version) ? "new" : ""}${important ? " knock" : ""}`, text: line }));
      }
    }
    mount(this.logList, items);
    this.logList.scrollTop = this.logList.scrollHeight;
  }

  renderWin() {
    const st = this.state;
    if (st.status !== "over" || this.winClosed) {
      this.overlay.hidden = true;
      return;
    }
    const names = this.names();
    const winner = st.result?.winners?.[0];
    const places = st.result?.places ?? [];
    const order = st.seats.map((seat) => seat.seat).sort((a, b) => (places[a] ?? 9) - (places[b] ?? 9));
    this.overlay.hidden = false;
    mount(
      this.overlay,
      h(
        "div",
        { class: "win card", role: "dialog", "aria-modal": "true", "aria-labelledby": "win-title" },
        trophy(winner !== undefined ? st.seats[winner].colour : null),
        h("h2", { id: "win-title", class: "win-title" }, winner !== undefined ? [this.seatLabel(winner), " ", t("web.game.wins")] : t("web.game.over")),
        h(
          "ol",
          { class: "ranking" },
          order.map((seat) =>
            h("li", {}, swatch(st.seats[seat].colour, 14), h("span", { text: `${places[seat] ?? "–"}. ${names[seat]}` })),
          ),
        ),
        h(
          "div",
          { class: "win-actions" },
          h("a", { class: "button primary", href: `#/highscore?game=${encodeURIComponent(st.game)}`, text: t("web.win.highscore") }),
          h("a", { class: "button", href: "#/", text: t("web.win.new_game") }),
          h("button", {
            type: "button",
            class: "button",
            text: t("web.win.show_board"),
            onclick: () => {
              this.winClosed = true;
              this.overlay.hidden = true;
            },
          }),
        ),
      ),
    );
  }

  // --- the die --------------------------------------------------------------------------
  dieFace(value) {
    const face = h("span", { class: "pips", dataset: { value: value ?? "" } });
    for (let i = 1; i <= 9; i++) {
      face.append(h("span", { class: value && PIPS[value].includes(i) ? "pip on" : "pip" }));
    }
    mount(this.die, face);
    this.die.dataset.value = value ?? "";
    this.die.setAttribute("aria-label", value ? t("web.game.die_shows", { value }) : t("web.game.roll"));
  }

  roll() {
    if (!this.canRoll()) return;
    if (this.send({ type: "roll", version: this.state.version })) {
      // One click, one roll: a double click must not send a second (stale) roll.
      this.die.disabled = true;
      this.startRolling();
    }
  }

  startRolling() {
    this.rollingSince = performance.now();
    this.die.classList.add("rolling");
    clearInterval(this.spin);
    this.spin = setInterval(() => this.dieFace(1 + Math.floor(Math.random() * 6)), 70);
  }

  stopRolling() {
    clearInterval(this.spin);
    this.rollingSince = 0;
    this.die.classList.remove("rolling");
    this.dieFace(this.lastRoll?.value ?? null);
  }

  /** Show a rolled value: after a short tumble so the roll is seen, also for others' rolls. */
  showRoll(value) {
    if (!this.rollingSince) this.startRolling();
    const elapsed = performance.now() - this.rollingSince;
    const wait = Math.max(0, 450 - elapsed);
    clearTimeout(this.rollTimer);
    this.rollTimer = setTimeout(() => {
      clearInterval(this.spin);
      this.rollingSince = 0;
      this.die.classList.remove("rolling");
      this.dieFace(value);
    }, wait);
  }

  // --- choosing a move ------------------------------------------------------------------
  act(seat, action) {
    if (this.pending === this.state.version) return; // already chose at this version
    if (this.send({ type: "act", version: this.state.version, seat, action })) {
      this.pending = this.state.version;
      for (const button of this.moves.querySelectorAll("button.move")) button.disabled = true;
    }
  }

  clickPiece(seat, piece) {
    const mine = this.myMove();
    if (!mine) {
      if (this.state?.status === "playing") this.error.textContent = this.canRoll() ? t("web.game.roll_first") : t("web.game.not_your_turn_piece");
      return;
    }
    if (seat !== mine.seat) {
      // An opponent's piece on a target square: the click means "go there and knock it out".
      const cell = this.state.view.seats[seat].pieces.find((p) => p.piece === piece)?.cell;
      if (cell && this.clickTarget(cell)) return;
      this.error.textContent = t("web.game.not_your_piece");
      return;
    }
    const info = this.state.view.seats[seat].pieces.find((p) => p.piece === piece);
    const inNest = info?.local === 0;
    const candidates = mine.legal.filter((move) =>
      inNest ? move.from.includes(0) : move.pieces.includes(piece) && !move.from.includes(0),
    );
    if (candidates.length === 1) this.act(seat, candidates[0].action);
    else if (candidates.length > 1) this.offer(candidates);
    else if (inNest) this.error.textContent = t("web.game.nest_needs", { value: this.state.view.die });
    // Let the server say why: its reason is the one the rules give.
    else this.act(seat, { type: "move", piece });
  }

  clickTarget(cell) {
    const mine = this.myMove();
    if (!mine) return false;
    const colour = this.state.view.seats[mine.seat].colour;
    const key = cell.join(",");
    const candidates = mine.legal.filter((move) => this.board.cellOf(colour, move.to).join(",") === key);
    if (candidates.length === 1) this.act(mine.seat, candidates[0].action);
    else if (candidates.length > 1) this.offer(candidates);
    return candidates.length > 0;
  }

  /** Several moves fit the click (a 6 with pieces in the nest): point at the buttons. */
  offer(candidates) {
    this.error.textContent = t("web.game.choose_one");
    const types = new Set(candidates.map((move) => JSON.stringify(move.action)));
    for (const button of this.moves.querySelectorAll("button.move")) {
      const move = this.state.view.legal[Number(button.dataset.index)];
      button.classList.toggle("offered", types.has(JSON.stringify(move.action)));
    }
  }
}

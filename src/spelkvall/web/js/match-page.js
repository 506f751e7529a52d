// The match page (#/match/ID), the part every game shares: the connection, the turn banner,
// the players, the log, the win screen and, on a shared device in a game with hidden cards,
// the privacy screen. The board and the controls belong to the game's own page module
// (its own module named by /api/games → page, else generic-page.js; games.js loads it); it
// gets this page and draws into the slots it is given.
//
// A game page module's default export is a class with:
//   constructor(page, gameInfo)   page = this MatchPage; gameInfo = the game's /api/games entry
//   mount({board, controls, extra, error}) put its elements into the slots (and the error
//                                  line where it fits; else it goes under the controls)
//   render({events, newEntries, whole, concealed}) draw page.state (concealed: privacy screen up)
//   optional: bannerParts() → {parts, who}|null  the turn banner's parts and whose colour
//             playerInfo(seat) → string|null       a line for the seat in the player list
//             teams() → [[seat…]…]|null             who plays together (team tags)
//             logClass(event, line) → string|null  a CSS class for a log line of an entry
//                                                   with this event ("knock": shown in bold red)
//             actionLabel(action) → string|null    the Tips panel's name for a legal move
//             publicStep() → bool                 the choice now shows nothing secret
//                                                   (placing a piece): no hand-over
//             onError(), renderWaiting(), stop()
//
// The shared widgets a page builds on are in widgets/: die.js (the die and the Roll button),
// moves.js (legal moves as buttons, grouped by an action field), hand.js (a hand of cards),
// scores.js (a score line per player), players.js (the player list this page draws).
// Keyboard: a page calls page.keepFocus(element) after drawing a new position, with the
// control the player needs now (the first move after a roll, the die after a move).

import { api, errorText, loadInvites, loadToken, saveToken } from "./api.js";
import { colourInfo, shape, swatch } from "./colours.js";
import { h, mount, s } from "./dom.js";
import { lang, possessive, t } from "./i18n.js";
import { inviteList } from "./lobby.js";
import { gamePage, loadGames } from "./games.js";
import { rulesButton } from "./rules.js";
import { Tips } from "./tips.js";
import { PlayerList } from "./widgets/players.js";
import { formatScore } from "./widgets/scores.js";

export function showGame({ app, where: route }) {
  const matchId = route.id;
  if (route.token) {
    saveToken(matchId, route.token);
  }
  const token = loadToken(matchId);
  const page = new MatchPage(app, matchId, token);
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

export class MatchPage {
  constructor(app, matchId, token) {
    this.app = app;
    this.matchId = matchId;
    this.token = token;
    this.state = null;
    this.log = [];
    this.ws = null;
    this.alive = true;
    this.fresh = true; // the next state message is the whole log (just connected)
    this.winClosed = false;
    this.pending = null;
    this.confirmedViewer = null; // privacy screen: the person who said "this is me"
    this.build();
  }

  build() {
    this.banner = h("div", { class: "turn-banner", role: "status", "aria-live": "polite" });
    this.tools = h("div", { class: "match-tools" }); // the rules button
    this.boardWrap = h("div", { class: "board-wrap" });
    this.controls = h("div", { class: "controls" });
    this.error = h("p", { class: "error", role: "alert" });
    this.playerList = new PlayerList();
    this.players = this.playerList.root;
    this.extra = h("div", { class: "game-extra" });
    this.logList = h("ol", { class: "log" });
    this.waiting = h("section", { class: "card waiting", hidden: true });
    this.overlay = h("div", { class: "win-overlay", hidden: true });
    this.privacy = h("div", { class: "privacy-overlay", hidden: true });
    this.tips = new Tips(this);
    this.root = h(
      "section",
      { class: "game", dataset: { match: this.matchId, version: "-1", status: "loading" } },
      this.banner,
      this.tools,
      this.waiting,
      h(
        "div",
        { class: "game-grid" },
        this.boardWrap,
        h(
          "div",
          { class: "side" },
          this.controls,
          this.tips.root,
          h("h2", { class: "sr-only", text: t("web.game.players") }),
          this.players,
          this.extra,
          h("h2", { class: "log-title", text: t("web.game.log") }),
          this.logList,
        ),
      ),
      this.overlay,
      this.privacy,
    );
    mount(this.app, this.root);
  }

  async start() {
    try {
      const games = await loadGames();
      const initial = await api("GET", `/api/matches/${encodeURIComponent(this.matchId)}?${this.query()}`);
      if (!this.alive) return;
      this.gameInfo = games.find((g) => g.id === initial.game);
      this.root.dataset.game = initial.game;
      mount(this.tools, rulesButton(initial.game, this.gameInfo?.title));
      const Page = await gamePage(this.gameInfo);
      if (!this.alive) return;
      this.ui = new Page(this, this.gameInfo);
      this.ui.mount({ board: this.boardWrap, controls: this.controls, extra: this.extra, error: this.error });
      if (!this.error.isConnected) this.controls.append(this.error);
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
    this.ui?.stop?.();
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
        this.ui?.onError?.();
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

  say(text) {
    this.error.textContent = text;
  }

  names() {
    return (this.state?.seats ?? []).map((seat) => seat.name ?? t("web.open.free_seat"));
  }

  /** Send an action for a seat; one choice per version (a double click sends nothing more). */
  act(seat, action) {
    if (this.pending === this.state.version) return false;
    if (this.send({ type: "act", version: this.state.version, seat, action })) {
      this.pending = this.state.version;
      for (const button of this.controls.querySelectorAll("button.move, button.choice, button.back")) button.disabled = true;
      return true;
    }
    return false;
  }

  /** The seat this device must act for now, with its legal actions, or null. */
  myTurn() {
    const st = this.state;
    if (st.status !== "playing" || !st.view || this.concealed()) return null;
    const seat = st.viewer;
    if (seat === null || seat === undefined || !st.to_act?.includes(seat) || !st.you.includes(seat)) return null;
    return { seat, legal: st.legal ?? [] };
  }

  /** Put the keyboard focus on `element` (the control the player needs now), once per
   * position (`again`: also after a choice within one, e.g. a card chosen), and only when the
   * player's focus is on nothing in particular: on the page, on a control that is gone or
   * disabled, or on the game's own controls or board (never away from the log or a link). */
  keepFocus(element, { again = false } = {}) {
    if (!element || element.disabled || element.hidden || !element.isConnected) return;
    const key = `${this.state?.version}:${this.state?.viewer}`;
    if (this.focusedAt === key && !again) return;
    this.focusedAt = key;
    const active = document.activeElement;
    const idle =
      !active ||
      active === document.body ||
      !active.isConnected ||
      active.disabled ||
      this.controls.contains(active) ||
      this.boardWrap.contains(active) ||
      this.extra.contains(active);
    if (idle && active !== element) element.focus({ preventScroll: true });
  }

  // --- the privacy screen (a shared device, hidden cards) ------------------------------
  /** Several people share this device and the game hides things from each of them. */
  sharedSecrets() {
    const st = this.state;
    const people = st.seats.filter((seat) => !seat.bot && st.you.includes(seat.seat)).length;
    return st.mode === "hotseat" && people > 1 && this.gameInfo?.perfect_information === false;
  }

  /** The privacy screen is up: the view belongs to a person who has not said "this is me". */
  concealed() {
    const st = this.state;
    if (!st || !this.sharedSecrets() || st.status !== "playing") return false;
    if (this.ui?.publicStep?.()) {
      // Nothing secret is shown: no hand-over. Whoever holds the device now may not be
      // the person who confirmed last: the next secret step asks again.
      if (st.viewer !== this.confirmedViewer) this.confirmedViewer = null;
      return false;
    }
    const viewer = st.viewer;
    return viewer !== null && viewer !== undefined && viewer !== this.confirmedViewer;
  }

  /** What happened since `seat` last acted, for the privacy screen (the public log's
   * last lines), or null. */
  sinceTurn(seat) {
    const code = lang();
    let from = 0;
    this.log.forEach((entry, i) => {
      if (entry.seat === seat) from = i + 1;
    });
    const lines = this.log.slice(from).flatMap((entry) => entry.text?.[code] ?? entry.text?.sv ?? []);
    if (!lines.length) return null;
    return h(
      "div",
      { class: "privacy-since" },
      h("h3", { text: t("web.privacy.since") }),
      h("ol", {}, lines.slice(-8).map((line) => h("li", { text: line }))),
    );
  }

  renderPrivacy() {
    if (!this.concealed()) {
      this.privacy.hidden = true;
      return;
    }
    const seat = this.state.viewer;
    const name = this.names()[seat];
    const colour = this.state.seats[seat]?.colour;
    this.privacy.hidden = false;
    mount(
      this.privacy,
      h(
        "div",
        { class: "privacy card", role: "dialog", "aria-modal": "true", "aria-labelledby": "privacy-title", dataset: { seat } },
        colour ? swatch(colour, 40) : null,
        h("h2", { id: "privacy-title", text: t("web.privacy.pass_to", { name }) }),
        h("p", { class: "hint", text: t("web.privacy.hint", { name }) }),
        this.sinceTurn(seat),
        h("button", {
          type: "button",
          class: "primary privacy-ok",
          text: t("web.privacy.ready", { name }),
          onclick: () => {
            this.confirmedViewer = seat;
            this.render([], []);
          },
        }),
      ),
    );
    this.privacy.querySelector("button")?.focus();
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
    if (this.pending !== null && this.pending !== state.version) this.pending = null;
    this.root.dataset.version = String(state.version);
    this.root.dataset.status = state.status;
    this.root.dataset.viewer = state.viewer ?? "";
    this.render(events, whole ? [] : newEntries, whole);
  }

  render(events, newEntries, whole = false) {
    const st = this.state;
    this.renderBanner();
    this.renderPlayers();
    this.renderLog(newEntries);
    if (st.status === "waiting" || !st.view) {
      this.renderWaiting();
      this.tips.render();
      return;
    }
    this.waiting.hidden = true;
    this.renderPrivacy();
    this.root.dataset.concealed = this.concealed() ? "yes" : "no";
    this.ui.render({ events, newEntries, whole, concealed: this.concealed() });
    this.tips.render();
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

  /** Whose turn it is as banner parts (the game page may add its own sub-line). */
  turnParts(seat, sub) {
    const st = this.state;
    const parts = [];
    const you = st.mode === "online" && st.you.includes(seat);
    if (you) parts.push(h("span", { class: "who-name", text: t("web.game.your_turn") }));
    else parts.push(this.seatLabel(seat, true), " ", t("web.game.turn"));
    if (st.seats[seat]?.bot) sub = t("web.game.bot_thinking");
    if (sub) parts.push(h("span", { class: "banner-sub", text: sub }));
    return parts;
  }

  winnerParts() {
    const result = this.state.result;
    const winners = result?.winners ?? [];
    if (!winners.length) return [result ? t("web.game.draw") : t("web.game.over")];
    const parts = [];
    winners.forEach((seat, i) => {
      if (i) parts.push(` ${t("web.game.and")} `);
      parts.push(this.seatLabel(seat));
    });
    parts.push(" ", winners.length > 1 ? t("web.game.win_plural") : t("web.game.wins"));
    return parts;
  }

  renderBanner() {
    const st = this.state;
    let parts = null;
    let who = null;
    if (st.status === "waiting") parts = [t("web.game.waiting")];
    else if (st.status === "over") {
      who = st.result?.winners?.[0] ?? null;
      parts = this.winnerParts();
    } else {
      const custom = this.ui?.bannerParts?.();
      if (custom) ({ parts, who } = custom);
      else {
        who = st.to_act?.[0] ?? st.roll_seat ?? st.view?.current ?? null;
        parts = who !== null && who !== undefined ? this.turnParts(who, st.to_act?.length ? t("web.game.choose_move") : "") : [];
      }
    }
    const colour = who !== null && who !== undefined ? st.seats[who]?.colour : null;
    this.banner.dataset.colour = colour ?? "";
    this.banner.classList.toggle("seat-coloured", Boolean(colour));
    if (colour) {
      this.banner.style.setProperty("--seat-fill", colourInfo(colour).fill);
      this.banner.style.setProperty("--seat-light", colourInfo(colour).light);
    }
    this.banner.dataset.seat = who ?? "";
    mount(this.banner, parts);
  }

  renderPlayers() {
    const st = this.state;
    const view = Boolean(st.view);
    this.playerList.render({
      seats: st.seats,
      current: st.to_act?.length ? st.to_act : [st.roll_seat],
      you: st.mode === "online" ? st.you : [],
      teams: view ? this.ui?.teams?.() ?? null : null,
      info: (seat) => (view ? this.ui?.playerInfo?.(seat) ?? null : null),
    });
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
    this.ui?.renderWaiting?.();
  }

  renderLog(newEntries) {
    const code = lang();
    const fresh = new Set(newEntries.map((entry) => entry.version));
    const items = [];
    for (const entry of this.log) {
      const lines = entry.text?.[code] ?? entry.text?.sv ?? [];
      const events = entry.events ?? [];
      for (const line of lines) {
        const classes = new Set(fresh.has(entry.version) ? ["new"] : []);
        for (const event of events) {
          const extra = this.ui?.logClass?.(event, line);
          if (extra) classes.add(extra);
        }
        items.push(h("li", { class: [...classes].join(" "), text: line }));
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
    const scores = st.result?.scores ?? null;
    const order = st.seats.map((seat) => seat.seat).sort((a, b) => (places[a] ?? 9) - (places[b] ?? 9));
    this.overlay.hidden = false;
    mount(
      this.overlay,
      h(
        "div",
        { class: "win card", role: "dialog", "aria-modal": "true", "aria-labelledby": "win-title" },
        winner !== undefined ? trophy(st.seats[winner].colour) : null,
        h("h2", { id: "win-title", class: `win-title${winner === undefined ? " draw" : ""}` }, this.winnerParts()),
        h(
          "ol",
          { class: "ranking" },
          order.map((seat) =>
            h(
              "li",
              { dataset: { seat } },
              swatch(st.seats[seat].colour, 14),
              h("span", { text: `${places[seat] ?? "–"}. ${names[seat]}` }),
              scores ? h("span", { class: "ranking-score", text: formatScore(scores[seat]) }) : null,
            ),
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
}

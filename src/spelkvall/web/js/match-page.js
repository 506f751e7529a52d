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
//   optional: bannerParts() → {parts, who, rules}|null  the turn banner's parts (they name
//                                  the phase and what is asked), whose colour, and, when a
//                                  part of the game's rules covers the phase, `rules`: its
//                                  section id (a "## Heading {#id}" of <id>.rules, rules.js);
//                                  the banner then has a link-button "Regler: Heading" that
//                                  opens the rules panel at that section
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
// page.mayRoll() says whether this device rolls the die now and page.myTurn() which seat of
// it must choose a move (neither while the host has a computer standing in for the seat).

import {
  absoluteUrl,
  api,
  errorText,
  loadInvites,
  loadToken,
  onConnection,
  saveToken,
  serverInfo,
  setConnected,
} from "./api.js";
import {
  notificationsOn,
  notificationsPossible,
  setNotifications,
  setSound,
  soundOn,
  turnAlert,
} from "./alerts.js";
import { colourInfo, shape, swatch } from "./colours.js";
import { h, mount, s } from "./dom.js";
import { lang, pick, possessive, t } from "./i18n.js";
import { inviteList, reachNote } from "./lobby.js";
import { gamePage, loadGames } from "./games.js";
import { problemPage } from "./problem.js";
import { openRules, rulesButton, rulesSection } from "./rules.js";
import { Guide } from "./tutorial.js";
import { Tips } from "./tips.js";
import { PlayerList } from "./widgets/players.js";
import { formatScore } from "./widgets/scores.js";

const PING_MS = 15000; // a quiet socket is asked now and then, so a dead line is noticed
const COMPUTERS_MS = 2000; // how often to ask whether the computers are ready (server.warm)

export function showGame({ app, where: route }) {
  const matchId = route.id;
  if (route.token) {
    // A "continue on another device" link: keep the seat, and take the secret out of the
    // address bar so it is not shared by accident.
    saveToken(matchId, route.token);
    history.replaceState(null, "", `#/match/${encodeURIComponent(matchId)}`);
  }
  const token = loadToken(matchId);
  const page = new MatchPage(app, matchId, token);
  page.start();
  return () => page.stop();
}

/** "1:05" for 65 seconds. */
function clock(seconds) {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

/** The CSS classes of line `n` of a log entry a computer made for a person (`entry.by`:
 * "timer" or "stand_in"): every line is marked, and the first one (the server's "Datorn
 * spelade åt Anna – tiden tog slut") is the mark itself, in words, so no colour is needed. */
export function logMarks(entry, n) {
  if (!entry.by) return [];
  return n === 0 ? ["by-computer", "played-for"] : ["by-computer"];
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
    this.online = null; // the seats with somebody connected (presence)
    this.confirmEnd = false; // the host pressed "end the match" once: asks to be sure
    this.build();
  }

  build() {
    // The banner: whose turn and what is asked (a live region), and a link-button to the
    // rules of the phase. The button is kept (not redrawn) so focus can come back to it.
    this.bannerText = h("div", { class: "banner-text", role: "status", "aria-live": "polite" });
    this.bannerRules = h("button", {
      type: "button",
      class: "banner-rules",
      hidden: true,
      "aria-haspopup": "dialog",
      onclick: () => openRules(this.rulesPanel, this.bannerRules.dataset.section, this.bannerRules),
    });
    this.banner = h("div", { class: "turn-banner" }, this.bannerText, this.bannerRules);
    this.tools = h("div", { class: "match-tools" }); // the rules button
    this.notice = h("div", { class: "match-notice", hidden: true });
    this.timer = h("p", { class: "turn-timer", hidden: true, "aria-live": "off" });
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
      this.timer,
      this.notice,
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
          (this.hostBox = h("div", { class: "host-box", hidden: true })),
          (this.deviceBox = h("details", { class: "more-box" })),
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
      this.server = await serverInfo();
      this.root.dataset.game = initial.game;
      mount(
        this.tools,
        h("a", { class: "button replay-open", href: `#/replay/${encodeURIComponent(this.matchId)}`, text: t("web.replay.title") }),
        (this.rulesPanel = rulesButton(initial.game, this.gameInfo?.title)),
      );
      const Page = await gamePage(this.gameInfo);
      if (!this.alive) return;
      this.ui = new Page(this, this.gameInfo);
      this.ui.mount({ board: this.boardWrap, controls: this.controls, extra: this.extra, error: this.error });
      this.guide = Guide.for(this, initial); // a guided game: the guide's bubbles (tutorial.js)
      if (!this.error.isConnected) this.controls.append(this.error);
      this.receive({ type: "state", ...initial }, true);
      this.connect();
      // The server answers again (the health check saw it first): reconnect now rather than
      // when the next retry comes round.
      this.unwatch = onConnection((connected) => {
        if (connected && this.alive && !this.ws) {
          clearTimeout(this.reconnectTimer);
          this.connect();
        }
      });
    } catch (error) {
      if (!this.alive) return;
      if (error.key === "error.match_not_found") {
        problemPage(this.app, t("web.problem.no_match"), t("web.problem.no_match_hint"));
      } else problemPage(this.app, t("web.problem.trouble"), errorText(error));
    }
  }

  stop() {
    this.alive = false;
    if (this.ws) this.ws.close();
    clearTimeout(this.reconnectTimer);
    clearInterval(this.pinger);
    clearInterval(this.ticker);
    clearTimeout(this.computersTimer);
    this.unwatch?.();
    turnAlert(false);
    this.ui?.stop?.();
    this.guide?.stop();
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
    ws.addEventListener("open", () => {
      setConnected(true);
      // "No contact" under the controls is stale once the socket is back.
      if (this.error.dataset.offline) {
        this.error.textContent = "";
        delete this.error.dataset.offline;
      }
      clearInterval(this.pinger);
      this.pinger = setInterval(() => {
        if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: "ping" }));
      }, PING_MS);
    });
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
      } else if (data.type === "presence") {
        this.online = data.online ?? [];
        if (this.state) this.renderPlayers();
      } else if (data.type === "error") {
        // Refused: show why, and let the player try again from the current state.
        this.pending = null;
        this.ui?.onError?.();
        this.showError(data);
      }
    });
    ws.addEventListener("close", () => {
      if (this.ws === ws) this.ws = null;
      clearInterval(this.pinger);
      if (!this.alive) return;
      // The banner says so at once; a reconnect brings the whole state back.
      setConnected(false);
      this.reconnectTimer = setTimeout(() => this.connect(), 1000);
    });
  }

  send(message) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) {
      this.showError({ error: "web.error.offline" });
      this.error.dataset.offline = "yes";
      return false;
    }
    this.error.textContent = "";
    delete this.error.dataset.offline;
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
    if (st.seats[seat]?.stand_in) return null; // a computer plays it for now
    return { seat, legal: st.legal ?? [] };
  }

  /** Whether this device rolls the die now (its seat's die; not while a computer stands in). */
  mayRoll() {
    const st = this.state;
    const seat = st?.roll_seat;
    if (st?.status !== "playing" || seat === null || seat === undefined) return false;
    return st.you.includes(seat) && !st.seats[seat]?.stand_in;
  }

  /** Whether somebody at this device must act now (a move to choose or a die to roll). */
  myAction() {
    const st = this.state;
    if (!st || st.status !== "playing") return false;
    if (this.mayRoll()) return true;
    return st.to_act.some((seat) => st.you.includes(seat) && !st.seats[seat]?.stand_in);
  }

  /** Put the keyboard focus on `element` (the control the player needs now), once per
   * position (`again`: also after a choice within one, e.g. a card chosen), and only when the
   * player's focus is on nothing in particular: on the page, on a control that is gone or
   * disabled, or on the game's own controls or board (never away from the log or a link). */
  keepFocus(element, { again = false } = {}) {
    if (!element || element.disabled || element.hidden || !element.isConnected) return;
    const key = `${this.state?.version}:${this.state?.viewer}`;
    // A redraw at the same version (a presence mark, a timer) replaces the controls: the
    // focus then goes back to the new one instead of staying on the page.
    if (this.focusedAt === key && !again && this.focusedElement?.isConnected) return;
    this.focusedAt = key;
    this.focusedElement = element;
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
    if (state.online) this.online = state.online;
    this.turnLeftAt = state.turn_left === null || state.turn_left === undefined ? null : performance.now() + 1000 * state.turn_left;
    this.state = state;
    if (this.pending !== null && this.pending !== state.version) this.pending = null;
    this.root.dataset.version = String(state.version);
    this.root.dataset.status = state.status;
    this.root.dataset.viewer = state.viewer ?? "";
    this.render(events, whole ? [] : newEntries, whole);
  }

  render(events, newEntries, whole = false) {
    const st = this.state;
    this.watchComputers();
    this.renderBanner();
    this.renderNotice();
    this.renderTimer();
    this.renderPlayers();
    this.renderHost();
    this.renderDevice();
    this.renderLog(newEntries);
    this.renderAlert();
    if (st.status === "waiting" || st.status === "cancelled" || !st.view) {
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
    this.guide?.render();
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
    let rules = null;
    if (st.status === "waiting") parts = [t(st.rematch_of ? "web.rematch.waiting" : "web.game.waiting")];
    else if (st.status === "cancelled") parts = [t("web.host.cancelled")];
    else if (st.status === "ended") parts = [t("web.host.ended")];
    else if (st.status === "over") {
      who = st.result?.winners?.[0] ?? null;
      parts = this.winnerParts();
    } else {
      const custom = this.ui?.bannerParts?.();
      if (custom) ({ parts, who, rules = null } = custom);
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
    mount(this.bannerText, parts);
    this.renderBannerRules(rules);
  }

  /** The banner's link to the rules of the phase: "Regler: Auktion och inköp" (on a phone a
   * round "?"; the name stays its accessible name), or hidden when no section applies. */
  renderBannerRules(section) {
    const game = this.state?.game ?? this.root.dataset.game;
    const title = this.rulesPanel && section ? rulesSection(game, section) : null;
    const link = this.bannerRules;
    link.hidden = !title;
    if (!title) {
      delete link.dataset.section;
      return;
    }
    const name = t("web.rules.section", { section: title });
    if (link.dataset.section === section && link.getAttribute("aria-label") === name) return;
    link.dataset.section = section;
    link.setAttribute("aria-label", name);
    link.title = name;
    mount(link, h("span", { class: "banner-rules-mark", "aria-hidden": "true", text: "?" }), h("span", { class: "banner-rules-name", text: name }));
  }

  renderPlayers() {
    const st = this.state;
    const view = Boolean(st.view);
    this.playerList.render({
      seats: st.seats,
      current: st.status === "playing" ? (st.to_act?.length ? st.to_act : [st.roll_seat]) : [],
      you: st.mode === "online" ? st.you : [],
      teams: view ? this.ui?.teams?.() ?? null : null,
      info: (seat) => (view ? this.ui?.playerInfo?.(seat) ?? null : null),
      // Online everybody sees who is here; on one device everybody is.
      online: st.mode === "online" ? this.online ?? [] : null,
      actions: (seat) => this.seatActions(seat),
    });
  }

  // --- absent players: the host's hands, the turn timer, spectators ---------------------
  /** The host's button for a person's seat: a computer plays it, or it is taken back. */
  seatActions(seat) {
    const st = this.state;
    const info = st.seats[seat];
    if (!st.host || st.status !== "playing" || info.bot || info.name === null) return null;
    if (st.mode === "online" && st.you.includes(seat)) return null; // the host's own seat
    const name = info.name;
    if (info.stand_in) {
      return h("button", {
        type: "button",
        class: "seat-action take-back",
        text: t("web.host.take_back"),
        "aria-label": t("web.host.take_back_for", { name }),
        onclick: () => this.standIn(seat, false),
      });
    }
    return h("button", {
      type: "button",
      class: "seat-action hand-over",
      text: t("web.host.hand_over"),
      "aria-label": t("web.host.hand_over_for", { name }),
      onclick: () => this.standIn(seat, true),
    });
  }

  async standIn(seat, on) {
    const path = `/api/matches/${encodeURIComponent(this.matchId)}/seats/${seat}/stand-in?${this.query()}`;
    try {
      await api(on ? "POST" : "DELETE", path, on ? { bot: this.standInLevel ?? undefined } : undefined);
    } catch (error) {
      this.showError(error);
    }
  }

  async endMatch() {
    try {
      await api("POST", `/api/matches/${encodeURIComponent(this.matchId)}/end?${this.query()}`);
    } catch (error) {
      this.showError(error);
    }
    this.confirmEnd = false;
  }

  /** The levels a computer standing in may play at (/api/games → levels, else its bots). */
  standInLevels() {
    const info = this.gameInfo;
    return info?.levels?.length ? info.levels : info?.bots ?? [];
  }

  /** The host's choice of the computer that takes a seat over ("Låt datorn spela"): Lätt,
   * Medel, Svår, Medel (the lobby's default) unless the host picks another. Built once, so
   * a state arriving while the host chooses does not close the list. */
  levelChoice() {
    const levels = this.standInLevels();
    if (!levels.some((level) => level.id === this.standInLevel)) {
      this.standInLevel = (levels.find((level) => level.id === "medium") ?? levels[0])?.id ?? null;
    }
    const select = h(
      "select",
      { name: "stand-in-level", onchange: (event) => (this.standInLevel = event.target.value) },
      levels.map((level) => h("option", { value: level.id, text: pick(level.label), selected: level.id === this.standInLevel })),
    );
    return h("label", { class: "stand-in-level" }, h("span", { text: t("web.host.level") }), select);
  }

  /** The host's box: the stand-in's level, end the match (waiting: call it off), asked
   * twice to be sure. */
  renderHost() {
    const st = this.state;
    const show = st.host && (st.status === "playing" || st.status === "waiting");
    this.hostBox.hidden = !show;
    if (!show) {
      mount(this.hostBox);
      this.hostParts = null;
      return;
    }
    if (this.hostParts?.lang !== lang()) {
      this.hostParts = {
        lang: lang(),
        hint: h("p", { class: "hint", text: t("web.host.hint") }),
        level: this.levelChoice(),
        end: h("div", { class: "host-end" }),
      };
      mount(this.hostBox, h("h2", { class: "box-title", text: t("web.host.title") }), this.hostParts.hint, this.hostParts.level, this.hostParts.end);
    }
    const playing = st.status === "playing";
    this.hostParts.hint.hidden = !playing;
    this.hostParts.level.hidden = !playing || !this.standInLevels().length;
    const waiting = st.status === "waiting";
    const ask = h("button", {
      type: "button",
      class: "end-match",
      text: t(waiting ? "web.host.cancel" : "web.host.end"),
      onclick: () => {
        this.confirmEnd = true;
        this.renderHost();
        this.hostBox.querySelector("button.end-yes")?.focus();
      },
    });
    const sure = [
      h("p", { class: "hint", text: t(waiting ? "web.host.cancel_sure" : "web.host.end_sure") }),
      h("button", { type: "button", class: "end-yes danger", text: t("web.host.yes"), onclick: () => this.endMatch() }),
      h("button", {
        type: "button",
        class: "end-no",
        text: t("web.host.no"),
        onclick: () => {
          this.confirmEnd = false;
          this.renderHost();
          this.hostBox.querySelector("button.end-match")?.focus();
        },
      }),
    ];
    mount(this.hostParts.end, this.confirmEnd ? sure : ask);
  }

  /** Lines above the board: a spectator, a seat a computer plays, a turn whose time ran out,
   * a match the host ended. */
  /** Whether a computer plays here: a computer seat, a stand-in, or the turn timer's. */
  computersPlay() {
    const st = this.state;
    return st.status === "playing" && (st.turn_seconds > 0 || st.seats.some((seat) => seat.bot || seat.stand_in));
  }

  /** On a fresh install the computers play simpler moves until their compiled playouts are
   * ready (/api/games/{id}/computers): while that lasts, ask every few seconds and say so. */
  watchComputers() {
    if (this.computersTimer !== undefined || !this.computersPlay()) return;
    if (this.gameInfo?.computers?.ready !== false) return; // ready (or nothing to prepare) at load
    const ask = async () => {
      try {
        this.computers = await api("GET", `/api/games/${encodeURIComponent(this.state.game)}/computers`);
      } catch {
        // the server is away: the connection banner says so; ask again next time
      }
      if (!this.alive) return;
      this.renderNotice();
      const more = this.computers?.ready === false && this.computers.stage !== "failed";
      if (more) this.computersTimer = setTimeout(ask, COMPUTERS_MS);
    };
    this.computersTimer = setTimeout(ask, 0);
  }

  renderNotice() {
    const st = this.state;
    const lines = [];
    const computers = this.computers;
    if (computers && !computers.ready && this.computersPlay()) {
      const percent = Math.round(100 * (computers.progress ?? 0));
      const failed = computers.stage === "failed";
      // Queued behind another game being played: no 0 % that never moves.
      const queued = computers.stage === "queued" && !percent;
      const key = failed ? "failed" : queued ? "queued" : "preparing";
      lines.push(
        h(
          "p",
          { class: "computers-preparing", role: "status", dataset: { stage: computers.stage } },
          t(`web.game.computers_${key}`, { percent }),
          failed || queued ? null : h("progress", { max: 100, value: percent, "aria-label": t("web.game.computers_progress") }),
        ),
      );
    }
    if (!st.you.length && st.status !== "cancelled") {
      lines.push(h("p", { class: "watching" }, h("strong", { text: t("web.watch.title") }), " ", t("web.watch.hint")));
    }
    for (const seat of st.you) {
      if (st.seats[seat]?.stand_in && st.status === "playing") {
        lines.push(
          h(
            "p",
            { class: "stand-in-note" },
            t(st.you.length > 1 ? "web.host.computer_plays_for" : "web.host.computer_plays_you", { name: st.seats[seat].name }),
            " ",
            h("button", { type: "button", class: "take-back-mine", text: t("web.host.take_back_mine"), onclick: () => this.standIn(seat, false) }),
          ),
        );
      }
    }
    for (const seat of st.timed_out ?? []) {
      lines.push(h("p", { class: "timed-out" }, t("web.timer.ran_out", { name: possessive(st.seats[seat]?.name ?? "") })));
    }
    for (const { seat, by } of this.playedFor()) {
      const name = st.seats[seat]?.name ?? "";
      const alone = st.you.length === 1;
      const key = `web.played_for.${by === "timer" ? "timer" : "stand_in"}${alone ? "_you" : ""}`;
      lines.push(
        h(
          "p",
          { class: "played-for-note", role: "status", dataset: { seat, by } },
          h("strong", { text: alone ? t("web.played_for.you") : t("web.played_for.name", { name }) }),
          " ",
          t(key, { name }),
        ),
      );
    }
    if (st.status === "ended") {
      lines.push(h("p", { class: "ended" }, t("web.host.ended_hint"), " ", h("a", { href: "#/", text: t("web.problem.home") })));
    }
    this.notice.hidden = lines.length === 0;
    mount(this.notice, lines);
  }

  /** The seats of this device a computer made moves for since their person last acted
   * (the log's latest entries of the seat's steps are marked `by`), each with why: the
   * notice stays until that person acts. Not while the stand-in still plays or the timed-out
   * turn is still the computer's: those have lines of their own. */
  playedFor() {
    const st = this.state;
    const out = [];
    for (const seat of st.you) {
      const info = st.seats[seat];
      if (!info || info.bot || (info.stand_in && st.status === "playing")) continue;
      if ((st.timed_out ?? []).includes(seat)) continue;
      let last = null;
      for (const entry of this.log) {
        if (entry.turn_of === seat) last = entry.by ? entry : null; // an own step ends it
      }
      if (last) out.push({ seat, by: last.by });
    }
    return out;
  }

  /** "0:42 kvar" for the person to act, counted down here between states. */
  renderTimer() {
    const st = this.state;
    clearInterval(this.ticker);
    const running = st.status === "playing" && this.turnLeftAt !== null && st.turn_seconds > 0;
    this.timer.hidden = !running;
    if (!running) return;
    const waiting = st.to_act.length ? st.to_act : [st.roll_seat];
    const mine = this.myAction();
    const name = st.seats[waiting[0]]?.name ?? "";
    const tick = () => {
      const left = (this.turnLeftAt - performance.now()) / 1000;
      this.timer.textContent = mine ? t("web.timer.yours", { time: clock(left) }) : t("web.timer.theirs", { name, time: clock(left) });
      this.timer.classList.toggle("low", left <= 10);
    };
    tick();
    this.ticker = setInterval(tick, 1000);
  }

  // --- this device: sound, notifications, the seat on another device --------------------
  renderDevice() {
    const st = this.state;
    if (this.deviceBox.dataset.built === st.match_id + lang()) {
      this.deviceBox.hidden = !this.token || !st.you.length;
      return;
    }
    this.deviceBox.dataset.built = st.match_id + lang();
    this.deviceBox.hidden = !this.token || !st.you.length;
    const sound = h("input", { type: "checkbox", name: "alert-sound", onchange: (e) => setSound(e.target.checked) });
    sound.checked = soundOn();
    const notify = h("input", {
      type: "checkbox",
      name: "alert-notify",
      disabled: !notificationsPossible(),
      onchange: async (e) => {
        e.target.checked = await setNotifications(e.target.checked);
      },
    });
    notify.checked = notificationsOn();
    const link = absoluteUrl(`/#/match/${encodeURIComponent(this.matchId)}?token=${encodeURIComponent(this.token ?? "")}`, this.server?.public_url);
    const input = h("input", { readonly: true, class: "device-link", value: link, "aria-label": t("web.device.link") });
    const copy = h("button", {
      type: "button",
      class: "copy",
      text: t("web.invite.copy"),
      onclick: async () => {
        try {
          await navigator.clipboard.writeText(link);
        } catch {
          input.select();
          document.execCommand?.("copy");
        }
        copy.textContent = t("web.invite.copied");
      },
    });
    mount(
      this.deviceBox,
      h("summary", { text: t("web.device.title") }),
      h("label", { class: "check" }, sound, h("span", { text: t("web.alerts.sound") })),
      h("label", { class: "check" }, notify, h("span", { text: t("web.alerts.notify") })),
      h("h3", { text: t("web.device.other") }),
      h("p", { class: "hint", text: t("web.device.other_hint") }),
      h("div", { class: "copy-row" }, input, copy),
    );
  }

  /** The tab's title and icon (and sound, a notification) when this device must act. Not on
   * a shared device with several people: the table sees the screen. */
  renderAlert() {
    const st = this.state;
    const people = st.seats.filter((seat) => !seat.bot && st.you.includes(seat.seat)).length;
    const alone = st.mode === "online" || people <= 1;
    const mine = alone && this.myAction();
    const seat = mine ? (this.mayRoll() ? st.roll_seat : st.to_act.find((x) => st.you.includes(x))) : null;
    turnAlert(mine, `${this.matchId}:${seat}`, t("web.alerts.body", { game: pick(this.gameInfo?.title) }));
  }

  renderWaiting() {
    const st = this.state;
    this.waiting.hidden = false;
    if (st.status === "cancelled") {
      mount(
        this.waiting,
        h("h2", { text: t("web.host.cancelled") }),
        h("p", { class: "hint", text: t("web.host.cancelled_hint") }),
        h("a", { class: "button primary", href: "#/", text: t("web.problem.home") }),
      );
      return;
    }
    if (st.rematch_of) {
      // A rematch waits for each person's yes; they say it on the old match's win screen.
      const missing = st.seats.filter((seat) => seat.ready === false).map((seat) => seat.name);
      mount(
        this.waiting,
        h("h2", { text: t("web.rematch.waiting") }),
        h("p", { class: "hint", text: t("web.rematch.waiting_for", { names: missing.join(", ") }) }),
      );
      this.ui?.renderWaiting?.();
      return;
    }
    const invites = loadInvites(this.matchId).filter((invite) => st.seats[invite.seat]?.name === null);
    mount(
      this.waiting,
      h("h2", { text: t("web.game.waiting_title") }),
      h("p", { class: "hint", text: invites.length ? t("web.invite.explain") : t("web.game.waiting_hint") }),
      invites.length ? reachNote(this.server ?? {}) : null,
      invites.length ? inviteList(invites, st.seats, this.server?.public_url) : null,
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
      lines.forEach((line, n) => {
        const classes = new Set(fresh.has(entry.version) ? ["new"] : []);
        for (const extra of logMarks(entry, n)) classes.add(extra);
        if (!(entry.by && n === 0)) {
          for (const event of events) {
            const extra = this.ui?.logClass?.(event, line);
            if (extra) classes.add(extra);
          }
        }
        items.push(h("li", { class: [...classes].join(" "), text: line, dataset: entry.by ? { by: entry.by } : {} }));
      });
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
    // Each score with its unit as the server writes it ("£1 200", "12 poäng").
    const scoreTexts = st.result?.score_texts?.[lang()] ?? st.result?.score_texts?.sv ?? null;
    const scoreText = (seat) => scoreTexts?.[seat] ?? formatScore(scores[seat]);
    const recap = pick(st.result?.recap);
    const notCounted = st.not_counted ?? [];
    const ranking = st.result?.ranking ?? [];
    const shared = new Set(ranking.filter((group) => group.length > 1).flat());
    const order = st.seats.map((seat) => seat.seat).sort((a, b) => (places[a] ?? 9) - (places[b] ?? 9));
    // A game that ranks only its winner says so, rather than calling everybody else second.
    const onlyWinner = winner !== undefined && ranking.length === 2 && ranking[1].length > 1;
    const appearing = this.overlay.hidden;
    this.overlay.hidden = false;
    mount(
      this.overlay,
      h(
        "div",
        {
          class: "win card",
          role: "dialog",
          "aria-modal": "true",
          "aria-labelledby": "win-title",
          "aria-describedby": recap ? "win-recap" : null,
        },
        winner !== undefined ? trophy(st.seats[winner].colour) : null,
        h("h2", { id: "win-title", class: `win-title${winner === undefined ? " draw" : ""}` }, this.winnerParts()),
        recap ? h("p", { class: "win-recap", id: "win-recap", text: recap }) : null,
        h(
          "ol",
          { class: "ranking" },
          order.map((seat) =>
            h(
              "li",
              { dataset: { seat, place: places[seat] ?? "" } },
              swatch(st.seats[seat].colour, 14),
              h("span", { class: "ranking-place", text: `${places[seat] ?? "–"}.` }),
              h("span", { class: "ranking-name", text: names[seat] }),
              shared.has(seat) && !onlyWinner ? h("span", { class: "hint shared", text: t("web.win.shared") }) : null,
              scores ? h("span", { class: "ranking-score", text: scoreText(seat) }) : null,
            ),
          ),
        ),
        onlyWinner ? h("p", { class: "hint ranking-note", text: t("web.win.only_winner", { place: 2 }) }) : null,
        // Why the result does not count in the highscore list, for nobody or for one person.
        notCounted.length
          ? h(
              "ul",
              { class: "not-counted" },
              notCounted.map((reason) =>
                h("li", { dataset: { reason: reason.reason, seat: reason.seat ?? "" }, text: pick(reason.text) }),
              ),
            )
          : null,
        this.rematchPart(),
        h(
          "div",
          { class: "win-actions" },
          h("a", { class: "button", href: `#/highscore?game=${encodeURIComponent(st.game)}`, text: t("web.win.highscore") }),
          h("a", { class: "button", href: "#/", text: t("web.win.new_game") }),
          h("a", { class: "button replay-open", href: `#/replay/${encodeURIComponent(this.matchId)}`, text: t("web.win.replay") }),
          h("button", {
            type: "button",
            class: "button show-board",
            text: t("web.win.show_board"),
            onclick: () => {
              this.winClosed = true;
              this.overlay.hidden = true;
            },
          }),
        ),
      ),
    );
    if (appearing) this.overlay.querySelector("button.rematch, a.button")?.focus({ preventScroll: true });
  }

  /** "Spela igen": the same players and seats. Online each person says yes; the win screen
   * shows who has. */
  rematchPart() {
    const st = this.state;
    const rematch = st.rematch;
    const people = st.you.filter((seat) => !st.seats[seat]?.bot);
    const link = (text) => h("a", { class: "button primary rematch-link", href: `#/match/${encodeURIComponent(rematch.match_id)}`, text });
    if (!people.length) {
      return rematch ? h("div", { class: "rematch-box" }, link(t("web.rematch.watch"))) : null;
    }
    const names = this.names();
    const ready = rematch?.ready ?? [];
    const yes = people.every((seat) => ready.includes(seat));
    const others = st.seats.filter((seat) => !seat.bot && !people.includes(seat.seat));
    const said = others.filter((seat) => ready.includes(seat.seat)).map((seat) => names[seat.seat]);
    const waiting = others.filter((seat) => !ready.includes(seat.seat)).map((seat) => names[seat.seat]);
    const lines = [];
    if (rematch && yes) {
      lines.push(h("p", { class: "rematch-state", text: waiting.length ? t("web.rematch.you_said_yes", { names: waiting.join(", ") }) : t("web.rematch.all_yes") }));
      lines.push(link(t("web.rematch.go")));
    } else {
      if (said.length) lines.push(h("p", { class: "rematch-state", text: t("web.rematch.they_want", { names: said.join(", ") }) }));
      lines.push(
        h("button", {
          type: "button",
          class: "button primary rematch",
          text: t(rematch ? "web.rematch.accept" : "web.rematch.again"),
          onclick: (e) => this.playAgain(e.target),
        }),
      );
      if (!rematch && others.length) lines.push(h("p", { class: "hint", text: t("web.rematch.each_says_yes") }));
    }
    return h("div", { class: "rematch-box" }, lines);
  }

  async playAgain(button) {
    button.disabled = true; // one click, one rematch
    try {
      const made = await api("POST", `/api/matches/${encodeURIComponent(this.matchId)}/rematch?${this.query()}`);
      saveToken(made.match_id, made.token);
      window.location.hash = `#/match/${encodeURIComponent(made.match_id)}`;
    } catch (error) {
      button.disabled = false;
      this.showError(error);
      const line = h("p", { class: "error", role: "alert", text: errorText(error) });
      button.after(line);
    }
  }
}

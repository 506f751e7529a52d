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
//
// The page's parts are widgets of one job each (widgets/): banner.js (the turn banner and its
// rules link), players.js, log.js, notice.js (the lines above the board), turn-timer.js,
// host-box.js (the host's hands), device-box.js (this device's alerts and link), waiting.js,
// privacy.js and win-screen.js. This module keeps the match: the connection, the state, whose
// turn it is on this device and where the focus goes, and which part is drawn when; its line
// to the server is match-socket.js.

import { absoluteUrl, api, errorText, loadToken, onConnection, saveToken, serverInfo } from "./api.js";
import { turnAlert } from "./alerts.js";
import { h, mount } from "./dom.js";
import { lang, pick, t } from "./i18n.js";
import { ComputersWatch } from "./computers-watch.js";
import { gamePage, loadGames } from "./games.js";
import { MatchSocket } from "./match-socket.js";
import { problemPage } from "./problem.js";
import { openRules, rulesButton, rulesSection } from "./rules.js";
import { Guide } from "./tutorial.js";
import { Tips } from "./tips.js";
import { seatLabel, TurnBanner, winnerParts } from "./widgets/banner.js";
import { DeviceBox } from "./widgets/device-box.js";
import { HostBox, seatAction } from "./widgets/host-box.js";
import { MatchLog } from "./widgets/log.js";
import { MatchNotice } from "./widgets/notice.js";
import { PlayerList } from "./widgets/players.js";
import { PrivacyScreen } from "./widgets/privacy.js";
import { TurnTimer } from "./widgets/turn-timer.js";
import { WaitingCard } from "./widgets/waiting.js";
import { WinScreen } from "./widgets/win-screen.js";

// Kept importable from here: the replay page marks its log lines the same way.
export { logMarks } from "./widgets/log.js";

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

export class MatchPage {
  constructor(app, matchId, token) {
    this.app = app;
    this.matchId = matchId;
    this.token = token;
    this.state = null;
    this.log = [];
    this.socket = null; // the line to the server (match-socket.js)
    this.alive = true;
    this.pending = null;
    this.confirmedViewer = null; // privacy screen: the person who said "this is me"
    this.online = null; // the seats with somebody connected (presence)
    this.build();
  }

  build() {
    // The widgets; their roots keep the names a page that extends this one (replay.js) uses.
    this.turnBanner = new TurnBanner({ onRules: (section, button) => openRules(this.rulesPanel, section, button) });
    this.turnTimer = new TurnTimer();
    this.matchNotice = new MatchNotice();
    this.waitingCard = new WaitingCard();
    this.playerList = new PlayerList();
    this.host = new HostBox({ onEnd: () => this.endMatch() });
    this.device = new DeviceBox();
    this.matchLog = new MatchLog();
    this.winScreen = new WinScreen({ onPlayAgain: (button) => this.playAgain(button) });
    this.privacyScreen = new PrivacyScreen();
    this.tips = new Tips(this);
    this.computersWatch = new ComputersWatch({ onChange: () => this.renderNotice(), alive: () => this.alive });
    this.banner = this.turnBanner.root;
    this.tools = h("div", { class: "match-tools" }); // the rules button
    this.notice = this.matchNotice.root;
    this.timer = this.turnTimer.root;
    this.boardWrap = h("div", { class: "board-wrap" });
    this.controls = h("div", { class: "controls" });
    this.error = h("p", { class: "error", role: "alert" });
    this.players = this.playerList.root;
    this.extra = h("div", { class: "game-extra" });
    this.logList = this.matchLog.root;
    this.waiting = this.waitingCard.root;
    this.overlay = this.winScreen.root;
    this.privacy = this.privacyScreen.root;
    this.hostBox = this.host.root;
    this.deviceBox = this.device.root;
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
          this.hostBox,
          this.deviceBox,
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
        if (connected && this.alive) this.socket?.reconnect();
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
    this.socket?.close();
    this.turnTimer.stop();
    this.computersWatch.stop();
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
    this.socket ??= new MatchSocket({
      url: () => {
        const scheme = window.location.protocol === "https:" ? "wss" : "ws";
        return `${scheme}://${window.location.host}/ws/matches/${encodeURIComponent(this.matchId)}?${this.query()}`;
      },
      onOpen: () => {
        // "No contact" under the controls is stale once the socket is back.
        if (this.error.dataset.offline) {
          this.error.textContent = "";
          delete this.error.dataset.offline;
        }
      },
      onMessage: (data) => this.message(data),
      alive: () => this.alive,
    });
    this.socket.connect();
  }

  /** A message from the server: a new state, who is here now, or an action refused. */
  message(data) {
    if (data.type === "state") {
      this.receive(data, this.socket.fresh);
      this.socket.fresh = false;
    } else if (data.type === "presence") {
      this.online = data.online ?? [];
      if (this.state) this.renderPlayers();
    } else if (data.type === "error") {
      // Refused: show why, and let the player try again from the current state.
      this.pending = null;
      this.ui?.onError?.();
      this.showError(data);
    }
  }

  send(message) {
    if (!this.socket?.isOpen()) {
      this.showError({ error: "web.error.offline" });
      this.error.dataset.offline = "yes";
      return false;
    }
    this.error.textContent = "";
    delete this.error.dataset.offline;
    this.socket.send(message);
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

  renderPrivacy() {
    if (!this.concealed()) {
      this.privacyScreen.hide();
      return;
    }
    const seat = this.state.viewer;
    this.privacyScreen.show({
      seat,
      name: this.names()[seat],
      colour: this.state.seats[seat]?.colour,
      log: this.log,
      onReady: () => {
        this.confirmedViewer = seat;
        this.render([], []);
      },
    });
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

  /** A seat's colour shape and name, as the banner and a game page's lines show it. */
  seatLabel(seat, withPossessive = false) {
    return seatLabel(this.state, seat, withPossessive);
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
    return winnerParts(this.state.result, (seat) => this.seatLabel(seat));
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
    this.turnBanner.render(parts, who, colour);
    this.renderBannerRules(rules);
  }

  /** The banner's link to the rules' section `section` of the phase, or none. */
  renderBannerRules(section) {
    const game = this.state?.game ?? this.root.dataset.game;
    const title = this.rulesPanel && section ? rulesSection(game, section) : null;
    this.turnBanner.setRules(section, title);
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
    return seatAction(this.state, seat, (at, on) => this.standIn(at, on));
  }

  async standIn(seat, on) {
    const path = `/api/matches/${encodeURIComponent(this.matchId)}/seats/${seat}/stand-in?${this.query()}`;
    try {
      await api(on ? "POST" : "DELETE", path, on ? { bot: this.host.level ?? undefined } : undefined);
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
  }

  /** The levels a computer standing in may play at (/api/games → levels, else its bots). */
  standInLevels() {
    const info = this.gameInfo;
    return info?.levels?.length ? info.levels : info?.bots ?? [];
  }

  /** The host's box: the stand-in's level, end the match (waiting: call it off). */
  renderHost() {
    this.host.render({ state: this.state, levels: this.standInLevels() });
  }

  /** Whether a computer plays here: a computer seat, a stand-in, or the turn timer's. */
  computersPlay() {
    const st = this.state;
    return st.status === "playing" && (st.turn_seconds > 0 || st.seats.some((seat) => seat.bot || seat.stand_in));
  }

  /** While the computers are still being prepared and one plays here, ask how far they are. */
  watchComputers() {
    if (this.computersPlay()) this.computersWatch.start(this.state.game, this.gameInfo);
  }

  /** Lines above the board: the computers being prepared, a spectator, a seat a computer
   * plays, a turn whose time ran out, a match the host ended. */
  renderNotice() {
    const computers = this.computersWatch.status;
    this.matchNotice.render({
      state: this.state,
      log: this.log,
      computers: computers && !computers.ready && this.computersPlay() ? computers : null,
      onTakeBack: (seat) => this.standIn(seat, false),
    });
  }

  /** "0:42 kvar" for the person to act, counted down here between states. */
  renderTimer() {
    const st = this.state;
    const running = st.status === "playing" && this.turnLeftAt !== null && st.turn_seconds > 0;
    if (!running) {
      this.turnTimer.render(null);
      return;
    }
    const waiting = st.to_act.length ? st.to_act : [st.roll_seat];
    this.turnTimer.render({ endsAt: this.turnLeftAt, mine: this.myAction(), name: st.seats[waiting[0]]?.name ?? "" });
  }

  // --- this device: sound, notifications, the seat on another device --------------------
  renderDevice() {
    const st = this.state;
    this.device.render({
      key: st.match_id + lang(),
      show: this.token && st.you.length,
      link: () => absoluteUrl(`/#/match/${encodeURIComponent(this.matchId)}?token=${encodeURIComponent(this.token ?? "")}`, this.server?.public_url),
    });
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
    if (this.waitingCard.render({ state: this.state, matchId: this.matchId, server: this.server })) this.ui?.renderWaiting?.();
  }

  renderLog(newEntries) {
    this.matchLog.render(this.log, newEntries, (event, line) => this.ui?.logClass?.(event, line));
  }

  renderWin() {
    this.winScreen.render({ state: this.state, names: this.names(), title: () => this.winnerParts(), matchId: this.matchId });
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

// The replay page: #/replay/ID (a stored match, live ones up to now; ?step=N opens step N) and #/replay (open a match
// file: the record of `spelkvall play --save` or a downloaded one). Every step comes from the
// server (GET /api/matches/ID/replay, POST /api/replays), computed with the game's own views
// from the record: a spectator sees what a spectator saw, this browser's seat its own hand.
// The page is the match page (match-page.js) without a connection: the same banner, player
// list and the game's own page module draw each step, so the replay looks like the game; a
// bar steps back and forth, jumps, plays at a speed; the log lines are links to their step.
// Keyboard: ← → step, Home/End, space plays or pauses (not while typing in a field); the log
// is one tab stop, ↑ ↓ (Page Up/Down) move through its lines and Enter jumps to one.

import { absoluteUrl, api, errorText, loadToken, serverInfo } from "./api.js";
import { h, mount } from "./dom.js";
import { lang, pick, t } from "./i18n.js";
import { gamePage, loadGames } from "./games.js";
import { MatchPage, logMarks } from "./match-page.js";
import { problemPage } from "./problem.js";
import { rulesButton } from "./rules.js";
import { replayChances } from "./widgets/chance-graph.js";

const SPEEDS = [0.5, 1, 2, 4, 8]; // steps a second
const UPLOADED = "spelkvall.replay.upload"; // the opened file, so a reload shows it again

export function showReplay({ app, where }) {
  if (!where.id) {
    const stored = sessionStorage.getItem(UPLOADED);
    if (where.file && stored) {
      const page = new ReplayPage(app, null, null, stored, where.step);
      page.start();
      return () => page.stop();
    }
    openPage(app);
    return null;
  }
  const page = new ReplayPage(app, where.id, loadToken(where.id), null, where.step);
  page.start();
  return () => page.stop();
}

/** "Open a match file": a file picker that replays the file (not stored on the server). */
function openPage(app) {
  const error = h("p", { class: "error", role: "alert" });
  mount(
    app,
    h(
      "section",
      { class: "card replay-open" },
      h("h1", { text: t("web.replay.open_title") }),
      h("p", { class: "hint", text: t("web.replay.open_hint") }),
      uploadField(error),
      error,
    ),
  );
}

/** A file field that opens the chosen record's replay (#/replay?file). */
export function uploadField(error) {
  const input = h("input", {
    type: "file",
    accept: ".json,application/json",
    class: "replay-file",
    "aria-label": t("web.replay.open_file"),
    onchange: async () => {
      const file = input.files?.[0];
      if (!file) return;
      const text = await file.text();
      try {
        sessionStorage.setItem(UPLOADED, text);
      } catch {
        error.textContent = t("web.replay.too_large");
        return;
      }
      const target = "#/replay?file";
      if (window.location.hash === target) window.dispatchEvent(new HashChangeEvent("hashchange"));
      else window.location.hash = target;
    },
  });
  return h("label", { class: "replay-upload" }, h("span", { text: t("web.replay.open_file") }), input);
}

/** The replay's first answer (its log, the first positions and the last), or with `start`
 * the window of positions from version `start` on: the server sends the positions a reader
 * goes to, not all of them at once. An opened file is sent again for each window. */
async function fetchReplay(matchId, token, upload, start = null) {
  const params = new URLSearchParams({ lang: lang() });
  if (token) params.set("token", token);
  if (start !== null) params.set("start", String(start));
  for (let attempt = 1; ; attempt++) {
    try {
      return await (upload
        ? api("POST", `/api/replays?${params}`, upload, { raw: true })
        : api("GET", `/api/matches/${encodeURIComponent(matchId)}/replay?${params}`));
    } catch (error) {
      // The server computes two replays at once and asks a third to come back: it does so,
      // a few times, before the reader is told.
      if (error.key !== "error.replays_busy" || attempt >= BUSY_TRIES) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1000 * (error.params.retry_after || 1)));
    }
  }
}

const BUSY_TRIES = 4; // asks of a replay while the server is busy with others

const AHEAD = 10; // positions ahead of the one shown that are fetched before they are needed
const FETCH_AFTER_MS = 120; // a position not fetched yet is asked for once the reader stops

class ReplayPage extends MatchPage {
  constructor(app, matchId, token, upload, step) {
    super(app, matchId ?? "", token);
    this.upload = upload;
    this.startStep = step;
    this.index = 0; // which of this.steps is shown
    this.playTimer = null; // (this.timer is the match page's turn-timer line)
  }

  build() {
    super.build();
    this.root.classList.add("replay");
    this.tips.root.hidden = true;
    this.tips.render = () => (this.tips.root.hidden = true); // no Tips for the past
    this.hostBox.hidden = true;
    this.deviceBox.hidden = true;
    this.bar = h("section", { class: "replay-bar card", "aria-label": t("web.replay.title") });
    this.root.insertBefore(this.bar, this.root.querySelector(".game-grid"));
    this.onKey = (event) => this.key(event);
    document.addEventListener("keydown", this.onKey);
  }

  async start() {
    try {
      const games = await loadGames();
      const data = await fetchReplay(this.matchId, this.token, this.upload);
      if (!this.alive) return;
      this.data = data;
      this.frames = new Map(data.frames.map((frame) => [frame.version, frame]));
      this.loading = new Map(); // window start -> its request
      this.gameInfo = games.find((g) => g.id === data.game);
      this.server = await serverInfo();
      this.root.dataset.game = data.game;
      mount(this.tools, rulesButton(data.game, this.gameInfo?.title));
      this.Page = await gamePage(this.gameInfo);
      if (!this.alive) return;
      this.mountUi();
      // The steps are the positions a reader can tell apart: the start, and every entry
      // with a line in this reader's log (a card dealt to another seat is no step of its own).
      const last = data.count - 1;
      this.steps = [0, ...data.log.filter((entry) => hasText(entry)).map((entry) => entry.version)];
      if (this.steps[this.steps.length - 1] !== last) this.steps.push(last);
      this.buildBar();
      this.buildLog();
      this.chanceGraph = replayChances(this); // a finished match's graph, under the board
      const wanted = Number.parseInt(this.startStep ?? "", 10);
      this.show(Number.isFinite(wanted) ? wanted : 0, true);
    } catch (error) {
      if (!this.alive) return;
      if (error.key === "error.match_not_found") {
        problemPage(this.app, t("web.problem.no_match"), t("web.problem.no_match_hint"));
      } else {
        problemPage(this.app, t("web.replay.cannot"), errorText(error));
        const box = this.app.querySelector(".problem, section") ?? this.app;
        const line = h("p", { class: "error", role: "alert" });
        box.append(uploadField(line), line);
      }
    }
  }

  stop() {
    this.pause();
    clearTimeout(this.fetchTimer);
    document.removeEventListener("keydown", this.onKey);
    super.stop();
  }

  /** A fresh game page module: a jump (back, or more than one step) draws the position anew,
   * so nothing a page keeps between positions (the last roll, a chosen card) is left over. */
  mountUi() {
    this.ui?.stop?.();
    mount(this.boardWrap);
    mount(this.controls);
    mount(this.extra);
    this.ui = new this.Page(this, this.gameInfo);
    this.ui.mount({ board: this.boardWrap, controls: this.controls, extra: this.extra, error: this.error });
    if (!this.error.isConnected) this.controls.append(this.error);
  }

  // No connection: a replay only reads.
  connect() {}

  send() {
    return false;
  }

  act() {
    return false;
  }

  renderHost() {
    this.hostBox.hidden = true;
  }

  renderDevice() {
    this.deviceBox.hidden = true;
  }

  renderAlert() {}

  /** Whose turn it was (no "the computer is thinking": it is the past). */
  turnParts(seat, sub) {
    return [this.seatLabel(seat, true), " ", t("web.game.turn"), sub ? h("span", { class: "banner-sub", text: sub }) : null].filter(Boolean);
  }

  renderTimer() {
    this.timer.hidden = true;
  }

  renderWin() {
    this.overlay.hidden = true; // the banner says who won at the last step
  }

  renderNotice() {
    const data = this.data;
    const lines = [];
    if (data.viewer !== null && data.viewer !== undefined) {
      lines.push(h("p", { class: "replay-as" }, t("web.replay.as_seat", { name: data.seats[data.viewer]?.name ?? "" })));
    } else if (this.gameInfo?.perfect_information === false) {
      lines.push(h("p", { class: "replay-as" }, t("web.replay.as_spectator")));
    }
    if (data.status === "playing") lines.push(h("p", { class: "replay-live" }, t("web.replay.live")));
    this.notice.hidden = lines.length === 0;
    mount(this.notice, lines);
  }

  // --- the steps --------------------------------------------------------------------------
  /** The index of the last step at or before version `version`. */
  nearest(version) {
    let found = 0;
    this.steps.forEach((v, i) => {
      if (v <= version) found = i;
    });
    return found;
  }

  /** Fetch the window of positions that holds `version` (once); resolves when it is here.
   * Windows start at multiples of the server's window, so a reader who drags the slider
   * asks for each at most once. */
  fetchFrames(version) {
    const size = this.data.window || 1;
    const start = Math.max(0, version - (version % size));
    if (!this.loading.has(start)) {
      const request = fetchReplay(this.matchId, this.token, this.upload, start).then(
        (got) => {
          for (const frame of got.frames) this.frames.set(frame.version, frame);
        },
        (error) => {
          this.loading.delete(start); // asked again when the reader comes back
          throw error;
        },
      );
      this.loading.set(start, request);
    }
    return this.loading.get(start);
  }

  /** Fetch what lies just ahead of `version`, so playing on never waits. */
  fetchAhead(version) {
    const ahead = Math.min(version + AHEAD, this.data.count - 1);
    for (let v = version; v <= ahead; v++) {
      if (!this.frames.has(v)) {
        this.fetchFrames(v).catch(() => {}); // said when that position is shown
        return;
      }
    }
  }

  show(index, whole = false) {
    const data = this.data;
    const previous = this.state ? this.state.version : -1;
    const wanted = Math.max(0, Math.min(index, this.steps.length - 1));
    const frame = this.frames.get(this.steps[wanted]);
    if (!frame) {
      // Not fetched yet: fetched once the reader stops there a moment (a dragged slider
      // passes many windows), then shown, unless the reader has gone elsewhere meanwhile.
      this.wanted = wanted;
      this.root.dataset.loading = "yes";
      clearTimeout(this.fetchTimer);
      this.fetchTimer = setTimeout(() => {
        this.fetchFrames(this.steps[wanted])
          .then(() => {
            if (this.alive && this.wanted === wanted) this.show(wanted, whole);
          })
          .catch((error) => {
            if (!this.alive || this.wanted !== wanted) return;
            this.pause();
            delete this.root.dataset.loading;
            this.notice.hidden = false;
            mount(this.notice, h("p", { class: "error", role: "alert", text: errorText(error) }));
          });
      }, FETCH_AFTER_MS);
      return;
    }
    delete this.root.dataset.loading;
    this.wanted = wanted;
    this.index = wanted;
    const version = this.steps[this.index];
    const last = version === data.count - 1;
    // One step ahead: the game page may animate what happened; anything else is drawn whole.
    const ahead = !whole && this.index > 0 && this.steps[this.index - 1] === previous;
    const newEntries = ahead ? data.log.filter((entry) => entry.version > previous && entry.version <= version) : [];
    this.log = data.log.filter((entry) => entry.version <= version);
    this.state = {
      match_id: data.match_id,
      game: data.game,
      mode: "replay", // neither online (no presence, no "you") nor one device (no privacy screen)
      version,
      status: last ? data.status : "playing",
      seats: data.seats,
      you: [],
      view: frame.view,
      viewer: data.viewer,
      to_act: frame.to_act,
      legal: [],
      roll_seat: frame.roll_seat,
      result: frame.result,
      host: false,
      turn_seconds: 0,
      turn_left: null,
      timed_out: [],
      rematch_of: null,
      rematch: null,
      log: [],
    };
    if (this.state.status === "ended" && !last) this.state.status = "playing";
    this.root.dataset.version = String(version);
    this.root.dataset.step = String(this.index);
    this.root.dataset.status = this.state.status;
    this.root.dataset.viewer = data.viewer ?? "";
    if (!ahead && previous !== -1) this.mountUi();
    const events = ahead ? newEntries.flatMap((entry) => entry.events ?? []) : [];
    this.render(events, newEntries, !ahead);
    this.renderBar();
    this.fetchAhead(version);
    this.chanceGraph?.mark(version);
  }

  go(index) {
    if (index === this.index) return;
    this.show(index);
  }

  play() {
    if (this.index >= this.steps.length - 1) this.show(0, true);
    this.pause();
    const tick = () => {
      if (this.index >= this.steps.length - 1) {
        this.pause();
        this.renderBar();
        return;
      }
      this.show(this.index + 1);
      this.playTimer = setTimeout(tick, 1000 / this.speed());
    };
    this.playTimer = setTimeout(tick, 1000 / this.speed());
    this.renderBar();
  }

  pause() {
    clearTimeout(this.playTimer);
    this.playTimer = null;
  }

  playing() {
    return this.playTimer !== null;
  }

  speed() {
    return Number(this.speedSelect?.value || 1);
  }

  key(event) {
    if (!this.steps || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target;
    const typing = target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement;
    if (typing) return; // the slider and the fields keep their own keys
    const moves = { ArrowLeft: this.index - 1, ArrowRight: this.index + 1, Home: 0, End: this.steps.length - 1 };
    if (event.key in moves) {
      event.preventDefault();
      this.pause();
      this.go(Math.max(0, Math.min(moves[event.key], this.steps.length - 1)));
    } else if (event.key === " " && !(target instanceof HTMLButtonElement) && !(target instanceof HTMLAnchorElement)) {
      event.preventDefault();
      this.playing() ? this.pause() : this.play();
      this.renderBar();
    }
  }

  // --- the bar: buttons, slider, speed, link, file -----------------------------------------
  buildBar() {
    const button = (cls, label, text, onclick) =>
      h("button", { type: "button", class: `replay-${cls}`, "aria-label": label, title: label, text, onclick });
    const manual = (fn) => () => {
      this.pause();
      fn();
    };
    this.firstButton = button("first", t("web.replay.first"), "|◀", manual(() => this.go(0)));
    this.backButton = button("back", t("web.replay.back"), "◀", manual(() => this.go(this.index - 1)));
    this.playButton = button("play", t("web.replay.play"), t("web.replay.play"), () => {
      this.playing() ? this.pause() : this.play();
      this.renderBar();
    });
    this.nextButton = button("next", t("web.replay.next"), "▶", manual(() => this.go(this.index + 1)));
    this.lastButton = button("last", t("web.replay.last"), "▶|", manual(() => this.go(this.steps.length - 1)));
    this.slider = h("input", {
      type: "range",
      class: "replay-slider",
      min: 0,
      max: this.steps.length - 1,
      value: 0,
      "aria-label": t("web.replay.slider"),
      oninput: () => {
        this.pause();
        this.go(Number(this.slider.value));
      },
    });
    this.position = h("span", { class: "replay-position", "aria-live": "polite" });
    this.speedSelect = h(
      "select",
      { class: "replay-speed", "aria-label": t("web.replay.speed") },
      SPEEDS.map((speed) => h("option", { value: speed, text: t("web.replay.per_second", { n: String(speed).replace(".", lang() === "sv" ? "," : ".") }), selected: speed === 1 })),
    );
    const tools = [];
    if (this.matchId) {
      const link = absoluteUrl(`/#/replay/${encodeURIComponent(this.matchId)}`, this.server?.public_url);
      const copy = h("button", {
        type: "button",
        class: "replay-copy",
        text: t("web.replay.copy_link"),
        onclick: async () => {
          try {
            await navigator.clipboard.writeText(link);
          } catch {
            this.linkInput.select();
            document.execCommand?.("copy");
          }
          copy.textContent = t("web.invite.copied");
        },
      });
      this.linkInput = h("input", { readonly: true, class: "replay-link", value: link, "aria-label": t("web.replay.link") });
      tools.push(h("div", { class: "copy-row" }, this.linkInput, copy));
      if (this.data.download) {
        tools.push(
          h("a", {
            class: "button replay-download",
            href: `/api/matches/${encodeURIComponent(this.matchId)}/record${this.token ? `?token=${encodeURIComponent(this.token)}` : ""}`,
            download: "",
            text: t("web.replay.download"),
          }),
        );
      } else {
        const over = this.data.status === "over" || this.data.status === "ended";
        tools.push(h("p", { class: "hint replay-no-download", text: t(over ? "web.replay.download_private" : "web.replay.download_later") }));
      }
      if (this.data.status !== "over" && this.data.status !== "ended") {
        tools.push(h("a", { class: "button", href: `#/match/${encodeURIComponent(this.matchId)}`, text: t("web.replay.to_match") }));
      }
    } else {
      tools.push(h("p", { class: "hint", text: t("web.replay.from_file") }));
    }
    const fileError = h("p", { class: "error", role: "alert" });
    tools.push(h("details", { class: "replay-open-box" }, h("summary", { text: t("web.replay.open_title") }), uploadField(fileError), fileError));
    mount(
      this.bar,
      h("h1", { class: "replay-title", text: t("web.replay.heading", { game: pick(this.gameInfo?.title) || this.data.game }) }),
      h("div", { class: "replay-buttons" }, this.firstButton, this.backButton, this.playButton, this.nextButton, this.lastButton, this.position),
      h("div", { class: "replay-scrub" }, this.slider, h("label", { class: "replay-speed-label" }, h("span", { text: t("web.replay.speed") }), this.speedSelect)),
      h("p", { class: "hint replay-keys", text: t("web.replay.keys") }),
      h("div", { class: "replay-tools" }, tools),
    );
  }

  renderBar() {
    const end = this.steps.length - 1;
    this.firstButton.disabled = this.index === 0;
    this.backButton.disabled = this.index === 0;
    this.nextButton.disabled = this.index === end;
    this.lastButton.disabled = this.index === end;
    const playing = this.playing();
    const label = t(playing ? "web.replay.pause" : "web.replay.play");
    this.playButton.textContent = label;
    this.playButton.setAttribute("aria-label", label);
    this.playButton.title = label;
    this.playButton.setAttribute("aria-pressed", playing ? "true" : "false");
    this.slider.value = String(this.index);
    this.slider.setAttribute("aria-valuetext", t("web.replay.position", { n: this.index, total: end }));
    this.position.textContent = t("web.replay.position", { n: this.index, total: end });
  }

  // --- the log: every line, those ahead dimmed; a line is a link to its step ------------
  buildLog() {
    this.logItems = [];
    const code = lang();
    const items = [];
    for (const entry of this.data.log) {
      const lines = entry.text?.[code] ?? entry.text?.sv ?? [];
      lines.forEach((line, n) => {
        // A move a computer made for a person: marked as in the match's own log.
        const classes = new Set(logMarks(entry, n));
        for (const event of entry.by && n === 0 ? [] : entry.events ?? []) {
          const extra = this.ui?.logClass?.(event, line);
          if (extra) classes.add(extra);
        }
        const button = h("button", {
          type: "button",
          class: "log-step",
          text: line,
          // One tab stop for the whole log (the current line's); ↑ ↓ move between lines.
          tabindex: -1,
          onclick: () => {
            this.pause();
            this.go(this.nearest(entry.version));
          },
        });
        const item = h("li", { class: [...classes].join(" "), dataset: { version: entry.version } }, button);
        this.logItems.push({ version: entry.version, item });
        items.push(item);
      });
    }
    mount(this.logList, items);
    this.logList.onkeydown = (event) => {
      const buttons = [...this.logList.querySelectorAll("button.log-step")];
      const at = buttons.indexOf(document.activeElement);
      const to = { ArrowDown: at + 1, ArrowUp: at - 1, PageDown: at + 10, PageUp: at - 10 }[event.key];
      if (at < 0 || to === undefined) return;
      event.preventDefault();
      this.rove(buttons[Math.max(0, Math.min(buttons.length - 1, to))], true);
    };
  }

  /** Make `button` the log's one tab stop (and focus it when `focus`). */
  rove(button, focus = false) {
    if (!button) return;
    for (const other of this.logList.querySelectorAll("button.log-step[tabindex='0']")) {
      if (other !== button) other.tabIndex = -1;
    }
    button.tabIndex = 0;
    if (focus) button.focus();
  }

  renderLog() {
    if (!this.logItems) return;
    const version = this.state.version;
    let current = null;
    for (const { version: v, item } of this.logItems) {
      item.classList.toggle("future", v > version);
      const now = v === version;
      item.classList.toggle("current", now);
      if (now) item.setAttribute("aria-current", "step");
      else item.removeAttribute("aria-current");
      if (now && !current) current = item;
    }
    // The tab stop follows the step, unless the reader is moving through the log itself.
    if (!this.logList.contains(document.activeElement)) {
      this.rove((current ?? this.logItems[0]?.item)?.querySelector("button.log-step"));
    }
    if (current) {
      const list = this.logList;
      const top = current.offsetTop - list.offsetTop;
      if (top < list.scrollTop || top > list.scrollTop + list.clientHeight - current.offsetHeight) {
        list.scrollTop = Math.max(0, top - list.clientHeight / 3);
      }
    } else if (version === 0) this.logList.scrollTop = 0;
  }
}

function hasText(entry) {
  return Object.values(entry.text ?? {}).some((lines) => lines.length > 0);
}

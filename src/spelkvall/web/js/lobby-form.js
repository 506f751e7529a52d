// The start page's new-game form: what has been chosen (the game, the player count, the
// mode, each seat, the house rules, the turn timer), the form drawn anew from it on every
// change with the keyboard focus kept on the control that changed, and starting the match
// (a refused name is said at its field). Its parts are widgets: segmented.js, seat-row.js,
// house-rules.js, timer-choice.js; what a game allows comes from lobby-choices.js.

import { api, errorText, saveInvites, saveToken } from "./api.js";
import { h, mount } from "./dom.js";
import { pick, t } from "./i18n.js";
import { controlKey, findControl } from "./form-focus.js";
import { countsAndTeams, defaultLevel, hasTeams, listText, nameKey, nearest, refusedSeat } from "./lobby-choices.js";
import { tutorialButton } from "./tutorial.js";
import { houseRules, optionControl } from "./widgets/house-rules.js";
import { showInvites } from "./widgets/invites.js";
import { seatRow } from "./widgets/seat-row.js";
import { segmented } from "./widgets/segmented.js";
import { timerChoice } from "./widgets/timer-choice.js";

const MAX_SEATS = 6; // as many as the palette has colours
const LAST_GAME = "spelkvall.lobby.game"; // the game chosen last on this device
// The turn timer (seconds; 0: none) is off on a shared device, where everybody is at the
// table; online a forgotten tab would otherwise stop the whole evening.
const DEFAULT_TIMER = { hotseat: 0, online: 120 };

export class NewGameForm {
  /**
   * @param form   the section the form is drawn in
   * @param result the section for the invites of a match just created
   * @param games  the /api/games entries
   */
  constructor(form, result, games) {
    this.form = form;
    this.result = result;
    this.games = games;
    const first = games.find((g) => g.id === localStorage.getItem(LAST_GAME)) ?? games[0];
    const seats = Math.max(MAX_SEATS, ...games.map((g) => g.max_players));
    this.st = {
      game: first,
      count: first.player_counts[0],
      mode: "hotseat",
      seats: Array.from({ length: seats }, (_, i) => ({
        name: "",
        colour: first.colours[i] ?? null,
        kind: "human",
        bot: defaultLevel(first),
      })),
      options: {},
      timer: { ...DEFAULT_TIMER },
      fieldError: null, // {seat, text}: a name refused, shown at its field
    };
    this.error = h("p", { class: "error", role: "alert" });
    this.starting = false; // a match is being created: a second click creates none
  }

  setGame(id) {
    const st = this.st;
    st.game = this.games.find((g) => g.id === id) || this.games[0];
    localStorage.setItem(LAST_GAME, st.game.id);
    st.seats.forEach((seat, i) => {
      seat.colour = st.game.colours[i] ?? null;
      seat.bot = defaultLevel(st.game);
    });
    st.options = {};
    this.draw();
  }

  setMode(mode) {
    this.st.mode = mode;
    this.st.seats.forEach((seat, i) => {
      if (mode === "online" && i > 0 && seat.kind === "human") seat.kind = "open";
      if (mode === "online" && i === 0) seat.kind = "human";
      if (mode === "hotseat" && seat.kind === "open") seat.kind = "human";
    });
    this.draw();
  }

  setOption(option, value) {
    this.st.options[option.name] = value;
    this.draw(); // the house rules' summary counts the changed rules; counts and teams may change
  }

  usedColours(except) {
    return new Set(
      this.st.seats
        .slice(0, this.st.count)
        .filter((seat, i) => i !== except && seat.kind !== "open" && seat.colour)
        .map((seat) => seat.colour),
    );
  }

  /** Who plays with whom ("Lag 1: Anna och Cia · Lag 2: Bo och Dan"), for a game with teams. */
  teamsNote() {
    const st = this.st;
    if (!hasTeams(st.game)) return null;
    const teams = countsAndTeams(st.game, st.options).teams[String(st.count)];
    if (!teams) return h("p", { class: "hint teams-note", text: t("web.lobby.ffa") });
    const name = (i) => st.seats[i].name.trim() || t("web.lobby.player_n", { n: i + 1 });
    const parts = teams.map((seats, k) => t("web.lobby.team_members", { n: k + 1, names: listText(seats.map(name)) }));
    return h("p", { class: "hint teams-note", text: parts.join(" · ") });
  }

  seatRow(i) {
    const st = this.st;
    const team = (countsAndTeams(st.game, st.options).teams[String(st.count)] ?? []).findIndex((seats) => seats.includes(i));
    return seatRow({
      i,
      seat: st.seats[i],
      game: st.game,
      mode: st.mode,
      team,
      taken: this.usedColours(i),
      error: st.fieldError?.seat === i ? st.fieldError.text : null,
      redraw: () => this.draw(),
      onName: (input, row) => {
        if (st.fieldError?.seat === i) {
          st.fieldError = null;
          input.removeAttribute("aria-invalid");
          row.querySelector(".field-error")?.remove();
        }
        this.form.querySelector(".teams-note")?.replaceWith(this.teamsNote()); // the teams name people
      },
    });
  }

  draw() {
    // Every change draws the form anew: the keyboard focus stays on the control it was on.
    const focused = this.form.contains(document.activeElement) ? controlKey(document.activeElement) : null;
    this.drawForm();
    const again = findControl(this.form, focused);
    if (again && again !== document.activeElement) again.focus({ preventScroll: true });
  }

  drawForm() {
    const st = this.st;
    const gameSelect = h(
      "select",
      { name: "game", onchange: (e) => this.setGame(e.target.value) },
      this.games.map((g) => {
        const option = h("option", { value: g.id, text: pick(g.title) });
        option.selected = g.id === st.game.id;
        return option;
      }),
    );
    const allowed = countsAndTeams(st.game, st.options).counts;
    st.count = nearest(allowed, st.count);
    const counts = segmented({
      label: t("web.lobby.players"),
      field: "count",
      items: allowed.map((n) => [n, String(n)]),
      chosen: st.count,
      onPick: (n) => {
        st.count = n;
        this.draw();
      },
    });
    const modes = segmented({
      label: t("web.lobby.mode"),
      field: "mode",
      items: ["hotseat", "online"].map((mode) => [mode, t(`web.lobby.mode.${mode}`)]),
      chosen: st.mode,
      onPick: (mode) => this.setMode(mode),
    });
    const options = st.game.options.map((option) =>
      optionControl(option, st.options[option.name] ?? option.default, (value) => this.setOption(option, value)),
    );
    // The box as the player left it: its toggle event may not have arrived yet when a change
    // inside it (a select) draws the form anew.
    const shown = this.form.querySelector("details.options");
    if (shown) st.rulesOpen = shown.open;
    const seatRows = [];
    for (let i = 0; i < st.count; i++) seatRows.push(this.seatRow(i));
    const rules = () =>
      houseRules({ game: st.game, chosen: st.options, open: st.rulesOpen, onToggle: (open) => (st.rulesOpen = open), controls: options });
    mount(
      this.form,
      h("label", { class: "field" }, h("span", { text: t("web.lobby.game") }), gameSelect),
      tutorialButton(st.game.id, { gameInfo: st.game }), // "Lär dig spela" (tutorial.js)
      h("div", { class: "field" }, h("span", { text: t("web.lobby.players") }), counts),
      h("div", { class: "field" }, h("span", { text: t("web.lobby.mode") }), modes),
      h("p", { class: "hint", text: t(`web.lobby.mode.${st.mode}.hint`) }),
      this.teamsNote(),
      h("div", { class: "seats" }, seatRows),
      timerChoice(st.timer[st.mode], (seconds) => (st.timer[st.mode] = seconds)),
      options.length ? rules() : null,
      this.error,
      h("button", { type: "button", class: "primary start", text: t("web.lobby.start"), disabled: this.starting, onclick: () => this.submit() }),
    );
  }

  /** A refused name is shown at its field (and the field gets the focus). */
  nameError(seatNo, text) {
    this.st.fieldError = { seat: seatNo, text };
    this.draw();
    this.form.querySelector(`input[name='name-${seatNo}']`)?.focus();
  }

  /** The seats as the server takes them, or null when a name is refused here first (an
   * empty one; the same person twice, "Anna" and " anna ", said at the second field). */
  seatsToSend() {
    const seats = this.st.seats.slice(0, this.st.count).map((seat) => {
      if (seat.kind === "open") return { name: null, colour: null, bot: null };
      if (seat.kind === "bot") return { name: null, colour: seat.colour, bot: seat.bot };
      return { name: seat.name.trim(), colour: seat.colour, bot: null };
    });
    const empty = seats.findIndex((seat) => seat.name === "");
    if (empty >= 0) {
      this.nameError(empty, t("error.name_empty"));
      return null;
    }
    const seen = new Map();
    for (const [i, seat] of seats.entries()) {
      if (!seat.name || seat.bot) continue;
      const key = nameKey(seat.name);
      if (seen.has(key)) {
        this.nameError(i, t("error.name_twice", { name: seat.name }));
        return null;
      }
      seen.set(key, i);
    }
    return seats;
  }

  async submit() {
    const st = this.st;
    if (this.starting) return;
    this.error.textContent = "";
    st.fieldError = null;
    const seats = this.seatsToSend();
    if (!seats) return;
    const options = {};
    for (const option of st.game.options) options[option.name] = st.options[option.name] ?? option.default;
    this.starting = true;
    this.form.querySelector("button.start").disabled = true;
    try {
      const created = await api("POST", "/api/matches", {
        game: st.game.id,
        mode: st.mode,
        seats,
        options,
        turn_seconds: st.timer[st.mode],
      });
      saveToken(created.match_id, created.token);
      if (st.mode === "online" && created.invites.length) {
        saveInvites(created.match_id, created.invites);
        await showInvites(this.result, created);
        this.result.scrollIntoView({ behavior: "smooth", block: "start" });
      } else {
        window.location.hash = `#/match/${encodeURIComponent(created.match_id)}`;
      }
    } catch (err) {
      const seat = refusedSeat(err, seats);
      if (seat !== null && seat >= 0) this.nameError(seat, errorText(err));
      else this.error.textContent = errorText(err);
    } finally {
      this.starting = false;
      const button = this.form.querySelector("button.start");
      if (button) button.disabled = false;
    }
  }
}

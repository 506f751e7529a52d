// Start page: choose a game, the players (name, colour, person or computer) and the mode;
// online games show one invite link per open seat. Below: open online games. Everything about
// a game comes from its /api/games entry: the player counts, teams, colours and house rules
// (a checkbox, a select or a number from each option's declaration); no game is known here
// by name.

import {
  api,
  absoluteUrl,
  errorText,
  loadInvites,
  loadToken,
  onLoopback,
  saveInvites,
  saveToken,
  serverInfo,
} from "./api.js";
import { colourName, swatch } from "./colours.js";
import { h, mount } from "./dom.js";
import { pick, t } from "./i18n.js";
import { loadGames } from "./games.js";
import { refreshMine } from "./mine.js";
import { tutorialButton } from "./tutorial.js";

let gamesCache = null;

const MAX_SEATS = 6; // as many as the palette has colours
const LAST_GAME = "spelkvall.lobby.game"; // the game chosen last on this device
// The turn timer's choices (seconds; 0: none). Off on a shared device, where everybody is at
// the table; online a forgotten tab would otherwise stop the whole evening.
const TIMERS = [0, 30, 60, 120, 300];
const DEFAULT_TIMER = { hotseat: 0, online: 120 };

/** A name as the server compares it: NFC, spaces folded, case-folded (core.name_key). */
export function nameKey(name) {
  return name.normalize("NFC").trim().split(/\s+/).join(" ").toLocaleLowerCase("und");
}

/** A form control's identity across a redraw (its name, or what its data says it is). */
function controlKey(el) {
  if (!el || el === document.body) return null;
  if (el.name) return `name:${el.name}`;
  const seat = el.closest("[data-seat]")?.dataset.seat ?? "";
  for (const field of ["count", "mode", "colour"]) {
    if (el.dataset?.[field] !== undefined) return `${field}:${el.dataset[field]}:${seat}`;
  }
  if (el.classList?.contains("start")) return "start";
  if (el.tagName === "SUMMARY") return "summary";
  return null;
}

function findControl(root, key) {
  if (!key) return null;
  if (key === "start") return root.querySelector("button.start");
  if (key === "summary") return root.querySelector("details.options summary");
  if (key.startsWith("name:")) return root.querySelector(`[name="${CSS.escape(key.slice(5))}"]`);
  const [field, value, seat] = key.split(":");
  const scope = seat ? root.querySelector(`[data-seat="${CSS.escape(seat)}"]`) ?? root : root;
  return scope.querySelector(`[data-${field}="${CSS.escape(value)}"]`);
}

/** The value of an option as a key of its `when` (a str as itself, else JSON: "true", "5"). */
function whenKey(value) {
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** The player counts and teams ({"4": [[0, 2], [1, 3]]}) under the chosen options: the
 * defaults', changed by each option set to a value whose `when` says so (the server checks
 * the whole combination when the game is created). */
export function countsAndTeams(game, options) {
  let counts = game.player_counts;
  let teams = game.teams ?? {};
  for (const option of game.options) {
    const value = options[option.name] ?? option.default;
    if (value === option.default) continue;
    const change = option.when?.[whenKey(value)];
    if (change) ({ player_counts: counts, teams } = change);
  }
  return { counts, teams };
}

/** Whether the game plays in teams at some count or with some option. */
function hasTeams(game) {
  const some = (teams) => Object.keys(teams ?? {}).length > 0;
  return some(game.teams) || game.options.some((o) => Object.values(o.when ?? {}).some((c) => some(c.teams)));
}

/** The allowed count nearest to n (the smaller one on a tie). */
function nearest(counts, n) {
  return counts.reduce((best, c) => (Math.abs(c - n) < Math.abs(best - n) ? c : best), counts[0]);
}

/** "Anna", "Anna och Bo", "Anna, Bo och Cia". */
function listText(names) {
  if (names.length < 2) return names.join("");
  return `${names.slice(0, -1).join(", ")} ${t("web.game.and")} ${names[names.length - 1]}`;
}

// Computer seats are chosen by level (Lätt, Medel, Svår); a server without levels offers its bots.
function levelsOf(game) {
  return game.levels?.length ? game.levels : game.bots;
}

function defaultLevel(game) {
  const levels = levelsOf(game);
  return (levels.find((level) => level.id === "medium") ?? levels[0])?.id ?? null;
}

export function showLobby({ app, where }) {
  let alive = true;
  const mine = h("section", { class: "card mine", "aria-labelledby": "my-games-title", hidden: true });
  const form = h("section", { class: "card lobby-form", "aria-labelledby": "new-game-title" });
  const result = h("section", { class: "card invites", hidden: true });
  const open = h("section", { class: "card open-games" });
  mount(app, mine, h("h1", { id: "new-game-title", text: t("web.lobby.title") }), form, result, open);
  const redrawMine = () => gamesCache && refreshMine(mine, gamesCache, redrawMine);

  loadGames()
    .then(async (games) => {
      if (!alive) return;
      gamesCache = games;
      buildForm(form, result, games);
      refreshOpen(open, games);
      await refreshMine(mine, games, redrawMine);
      if (where?.mine && !mine.hidden) mine.scrollIntoView({ block: "start" });
    })
    .catch((error) => mount(form, h("p", { class: "error", text: errorText(error) })));

  const timer = setInterval(() => {
    if (gamesCache) {
      refreshOpen(open, gamesCache);
      redrawMine();
    }
  }, 5000);
  return () => {
    alive = false;
    clearInterval(timer);
  };
}

function buildForm(form, result, games) {
  const first = games.find((g) => g.id === localStorage.getItem(LAST_GAME)) ?? games[0];
  const seats = Math.max(MAX_SEATS, ...games.map((g) => g.max_players));
  const st = {
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
  const error = h("p", { class: "error", role: "alert" });
  let starting = false; // a match is being created: a second click creates none

  function setGame(id) {
    st.game = games.find((g) => g.id === id) || games[0];
    localStorage.setItem(LAST_GAME, st.game.id);
    st.seats.forEach((seat, i) => {
      seat.colour = st.game.colours[i] ?? null;
      seat.bot = defaultLevel(st.game);
    });
    st.options = {};
    draw();
  }

  function usedColours(except) {
    return new Set(
      st.seats
        .slice(0, st.count)
        .filter((seat, i) => i !== except && seat.kind !== "open" && seat.colour)
        .map((seat) => seat.colour),
    );
  }

  function seatRow(i) {
    const seat = st.seats[i];
    const row = h("fieldset", { class: "seat", dataset: { seat: i } });
    const team = (countsAndTeams(st.game, st.options).teams[String(st.count)] ?? []).findIndex((seats) => seats.includes(i));
    row.append(
      h(
        "legend",
        {},
        t("web.lobby.player_n", { n: i + 1 }),
        team >= 0 ? h("span", { class: "tag team", text: t("web.lobby.team", { n: team + 1 }) }) : null,
      ),
    );
    const kinds = [];
    if (st.mode === "online" && i === 0) {
      kinds.push(["human", t("web.lobby.kind.you")]);
    } else {
      kinds.push(
        st.mode === "online" ? ["open", t("web.lobby.kind.invite")] : ["human", t("web.lobby.kind.person")],
      );
      kinds.push(["bot", t("web.lobby.kind.computer")]);
    }
    if (!kinds.some(([value]) => value === seat.kind)) {
      seat.kind = kinds[0][0];
    }
    const kindSelect = h(
      "select",
      {
        name: `kind-${i}`,
        "aria-label": t("web.lobby.kind"),
        onchange: (e) => {
          seat.kind = e.target.value;
          draw();
        },
      },
      kinds.map(([value, label]) => {
        const option = h("option", { value, text: label });
        option.selected = value === seat.kind;
        return option;
      }),
    );
    row.append(h("label", { class: "field" }, h("span", { text: t("web.lobby.kind") }), kindSelect));
    if (seat.kind === "bot") {
      const levels = levelsOf(st.game);
      if (!levels.some((level) => level.id === seat.bot)) seat.bot = defaultLevel(st.game);
      const levelSelect = h(
        "select",
        {
          name: `level-${i}`,
          "aria-label": t("web.lobby.level"),
          onchange: (e) => {
            seat.bot = e.target.value;
          },
        },
        levels.map((level) => {
          const option = h("option", { value: level.id, text: pick(level.label) });
          option.selected = level.id === seat.bot;
          return option;
        }),
      );
      row.append(h("label", { class: "field" }, h("span", { text: t("web.lobby.level") }), levelSelect));
    }

    if (seat.kind === "open") {
      row.append(h("p", { class: "hint", text: t("web.lobby.open_seat_hint") }));
      return row;
    }
    if (seat.kind === "human") {
      const wrong = st.fieldError?.seat === i;
      const input = h("input", {
        name: `name-${i}`,
        maxlength: 32,
        autocomplete: "off",
        placeholder: t("web.lobby.name_placeholder"),
        "aria-invalid": wrong ? "true" : null,
        "aria-describedby": wrong ? `name-error-${i}` : null,
        oninput: (e) => {
          seat.name = e.target.value;
          if (st.fieldError?.seat === i) {
            st.fieldError = null;
            e.target.removeAttribute("aria-invalid");
            row.querySelector(".field-error")?.remove();
          }
          form.querySelector(".teams-note")?.replaceWith(teamsNote()); // the teams name people
        },
      });
      input.value = seat.name;
      row.append(h("label", { class: "field" }, h("span", { text: t("web.lobby.name") }), input));
      if (wrong) row.append(h("p", { class: "error field-error", id: `name-error-${i}`, role: "alert", text: st.fieldError.text }));
    }
    const taken = usedColours(i);
    const colours = h("div", { class: "colours", role: "radiogroup", "aria-label": t("web.lobby.colour") });
    for (const colour of st.game.colours) {
      const disabled = taken.has(colour);
      const button = h(
        "button",
        {
          type: "button",
          class: `colour-choice${seat.colour === colour ? " chosen" : ""}`,
          role: "radio",
          "aria-checked": seat.colour === colour ? "true" : "false",
          disabled,
          dataset: { colour },
          title: disabled ? t("web.lobby.colour_taken") : colourName(colour),
          onclick: () => {
            seat.colour = colour;
            draw();
          },
        },
        swatch(colour, 20),
        h("span", { text: colourName(colour) }),
      );
      colours.append(button);
    }
    row.append(h("div", { class: "field" }, h("span", { text: t("web.lobby.colour") }), colours));
    return row;
  }

  function setOption(option, value) {
    st.options[option.name] = value;
    draw(); // the house rules' summary counts the changed rules; counts and teams may change
  }

  /** A checkbox (bool), a select (choices) or a number with its range (int), by declaration. */
  function optionControl(option) {
    const value = st.options[option.name] ?? option.default;
    const label = h("span", { text: pick(option.label) });
    if (option.choices) {
      const select = h(
        "select",
        { name: `option-${option.name}`, onchange: (e) => setOption(option, option.choices[Number(e.target.value)].value) },
        option.choices.map((choice, i) => {
          const item = h("option", { value: String(i), text: pick(choice.label) });
          item.selected = choice.value === value;
          return item;
        }),
      );
      return h("label", { class: "field choice-option" }, label, select);
    }
    if (option.type === "int") {
      const input = h("input", {
        type: "number",
        name: `option-${option.name}`,
        step: 1,
        min: option.min ?? null,
        max: option.max ?? null,
        onchange: (e) => {
          let number = Number.parseInt(e.target.value, 10);
          if (!Number.isFinite(number)) number = option.default;
          if (option.min !== undefined) number = Math.max(option.min, number);
          if (option.max !== undefined) number = Math.min(option.max, number);
          setOption(option, number);
        },
      });
      input.value = String(value);
      return h("label", { class: "field number-option" }, label, input);
    }
    const box = h("input", {
      type: "checkbox",
      name: `option-${option.name}`,
      onchange: (e) => setOption(option, e.target.checked),
    });
    box.checked = Boolean(value);
    return h("label", { class: "check" }, box, label);
  }

  /** Who plays with whom ("Lag 1: Anna och Cia · Lag 2: Bo och Dan"), for a game with teams. */
  function teamsNote() {
    if (!hasTeams(st.game)) return null;
    const teams = countsAndTeams(st.game, st.options).teams[String(st.count)];
    if (!teams) return h("p", { class: "hint teams-note", text: t("web.lobby.ffa") });
    const name = (i) => st.seats[i].name.trim() || t("web.lobby.player_n", { n: i + 1 });
    const parts = teams.map((seats, k) => t("web.lobby.team_members", { n: k + 1, names: listText(seats.map(name)) }));
    return h("p", { class: "hint teams-note", text: parts.join(" · ") });
  }

  function timerControl() {
    const select = h(
      "select",
      {
        name: "turn-timer",
        onchange: (e) => {
          st.timer[st.mode] = Number(e.target.value);
        },
      },
      TIMERS.map((seconds) => {
        const item = h("option", {
          value: String(seconds),
          text: seconds === 0 ? t("web.lobby.timer.off") : seconds < 60 ? t("web.lobby.timer.seconds", { n: seconds }) : t("web.lobby.timer.minutes", { n: seconds / 60 }),
        });
        item.selected = seconds === st.timer[st.mode];
        return item;
      }),
    );
    return h(
      "label",
      { class: "field timer-option" },
      h("span", { text: t("web.lobby.timer") }),
      select,
      h("span", { class: "hint", text: t("web.lobby.timer.hint") }),
    );
  }

  function draw() {
    // Every change draws the form anew: the keyboard focus stays on the control it was on.
    const focused = form.contains(document.activeElement) ? controlKey(document.activeElement) : null;
    drawForm();
    const again = findControl(form, focused);
    if (again && again !== document.activeElement) again.focus({ preventScroll: true });
  }

  function drawForm() {
    const gameSelect = h(
      "select",
      { name: "game", onchange: (e) => setGame(e.target.value) },
      games.map((g) => {
        const option = h("option", { value: g.id, text: pick(g.title) });
        option.selected = g.id === st.game.id;
        return option;
      }),
    );
    const allowed = countsAndTeams(st.game, st.options).counts;
    st.count = nearest(allowed, st.count);
    const counts = h("div", { class: "segmented", role: "radiogroup", "aria-label": t("web.lobby.players") });
    for (const n of allowed) {
      counts.append(
        h("button", {
          type: "button",
          class: n === st.count ? "chosen" : "",
          role: "radio",
          "aria-checked": n === st.count ? "true" : "false",
          dataset: { count: n },
          text: String(n),
          onclick: () => {
            st.count = n;
            draw();
          },
        }),
      );
    }
    const modes = h("div", { class: "segmented", role: "radiogroup", "aria-label": t("web.lobby.mode") });
    for (const mode of ["hotseat", "online"]) {
      modes.append(
        h("button", {
          type: "button",
          class: mode === st.mode ? "chosen" : "",
          role: "radio",
          "aria-checked": mode === st.mode ? "true" : "false",
          dataset: { mode },
          text: t(`web.lobby.mode.${mode}`),
          onclick: () => {
            st.mode = mode;
            st.seats.forEach((seat, i) => {
              if (mode === "online" && i > 0 && seat.kind === "human") seat.kind = "open";
              if (mode === "online" && i === 0) seat.kind = "human";
              if (mode === "hotseat" && seat.kind === "open") seat.kind = "human";
            });
            draw();
          },
        }),
      );
    }
    const options = st.game.options.map((option) => optionControl(option));
    // Folded by default: most games are played by the standard rules, and a long list of
    // checkboxes stands between a family and the start button. The summary says what differs.
    function houseRules(controls) {
      const changed = st.game.options.filter(
        (option) => (st.options[option.name] ?? option.default) !== option.default,
      ).length;
      const key = changed === 0 ? "standard" : changed === 1 ? "changed_one" : "changed";
      const summary = t(`web.lobby.rules.${key}`, { n: changed });
      const box = h(
        "details",
        { class: "options", ontoggle: (e) => (st.rulesOpen = e.target.open) },
        h("summary", {}, h("span", { class: "rules-title", text: t("web.lobby.rules") }), h("span", { class: "hint", text: summary })),
        controls,
      );
      box.open = Boolean(st.rulesOpen);
      return box;
    }
    // The box as the player left it: its toggle event may not have arrived yet when a change
    // inside it (a select) draws the form anew.
    const shown = form.querySelector("details.options");
    if (shown) st.rulesOpen = shown.open;
    const seatRows = [];
    for (let i = 0; i < st.count; i++) seatRows.push(seatRow(i));
    mount(
      form,
      h("label", { class: "field" }, h("span", { text: t("web.lobby.game") }), gameSelect),
      tutorialButton(st.game.id, { gameInfo: st.game }), // "Lär dig spela" (tutorial.js)
      h("div", { class: "field" }, h("span", { text: t("web.lobby.players") }), counts),
      h("div", { class: "field" }, h("span", { text: t("web.lobby.mode") }), modes),
      h("p", { class: "hint", text: t(`web.lobby.mode.${st.mode}.hint`) }),
      teamsNote(),
      h("div", { class: "seats" }, seatRows),
      timerControl(),
      options.length ? houseRules(options) : null,
      error,
      h("button", { type: "button", class: "primary start", text: t("web.lobby.start"), disabled: starting, onclick: submit }),
    );
  }

  /** A refused name is shown at its field (and the field gets the focus). */
  function nameError(seatNo, text) {
    st.fieldError = { seat: seatNo, text };
    draw();
    form.querySelector(`input[name='name-${seatNo}']`)?.focus();
  }

  /** The seat whose name the server refused (`error.name_twice` names it; else the first
   * that fails the same test here). */
  function refusedSeat(err, seats) {
    const keys = seats.map((seat) => (seat.name ? nameKey(seat.name) : null));
    if (err.key === "error.name_twice") {
      const key = nameKey(String(err.params?.name ?? ""));
      const at = keys.map((k, i) => (k === key ? i : -1)).filter((i) => i >= 0);
      return at.length ? at[at.length - 1] : null;
    }
    if (err.key === "error.name_control") return seats.findIndex((seat) => /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069]/u.test(seat.name ?? ""));
    if (err.key === "error.name_long") return seats.findIndex((seat) => (seat.name ?? "").length > 32);
    return null;
  }

  async function submit() {
    if (starting) return;
    error.textContent = "";
    st.fieldError = null;
    const seats = st.seats.slice(0, st.count).map((seat) => {
      if (seat.kind === "open") return { name: null, colour: null, bot: null };
      if (seat.kind === "bot") return { name: null, colour: seat.colour, bot: seat.bot };
      return { name: seat.name.trim(), colour: seat.colour, bot: null };
    });
    const empty = seats.findIndex((seat) => seat.name === "");
    if (empty >= 0) {
      nameError(empty, t("error.name_empty"));
      return;
    }
    // The same person twice ("Anna" and " anna "): said at the second field before asking.
    const seen = new Map();
    for (const [i, seat] of seats.entries()) {
      if (!seat.name || seat.bot) continue;
      const key = nameKey(seat.name);
      if (seen.has(key)) {
        nameError(i, t("error.name_twice", { name: seat.name }));
        return;
      }
      seen.set(key, i);
    }
    const options = {};
    for (const option of st.game.options) options[option.name] = st.options[option.name] ?? option.default;
    starting = true;
    form.querySelector("button.start").disabled = true;
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
        await showInvites(result, created);
        result.scrollIntoView({ behavior: "smooth", block: "start" });
      } else {
        window.location.hash = `#/match/${encodeURIComponent(created.match_id)}`;
      }
    } catch (err) {
      const seat = refusedSeat(err, seats);
      if (seat !== null && seat >= 0) nameError(seat, errorText(err));
      else error.textContent = errorText(err);
    } finally {
      starting = false;
      const button = form.querySelector("button.start");
      if (button) button.disabled = false;
    }
  }

  draw();
}

/** One invite link per open seat, each with a copy button; `base` is the server's public
 * address (serverInfo), else the page's own. */
export function inviteList(invites, seats, base = null) {
  return h(
    "ul",
    { class: "invite-list" },
    invites.map((invite) => {
      const url = absoluteUrl(invite.url, base);
      const input = h("input", { readonly: true, value: url, class: "invite-url", "aria-label": t("web.invite.link") });
      const copy = h("button", {
        type: "button",
        class: "copy",
        text: t("web.invite.copy"),
        onclick: async () => {
          try {
            await navigator.clipboard.writeText(url);
          } catch {
            input.select();
            document.execCommand?.("copy");
          }
          copy.textContent = t("web.invite.copied");
        },
      });
      const seat = seats?.[invite.seat];
      return h(
        "li",
        { dataset: { seat: invite.seat } },
        h("span", { class: "invite-seat", text: t("web.lobby.player_n", { n: invite.seat + 1 }) }),
        seat && seat.name ? h("span", { class: "joined", text: t("web.invite.joined", { name: seat.name }) }) : null,
        h("div", { class: "copy-row" }, input, copy),
      );
    }),
  );
}

/** Whether an invite made here can reach anybody: a note when the server listens on this
 * computer only, saying how to change that. */
export function reachNote(server) {
  if (!server.loopback_only || !onLoopback()) return null;
  return h(
    "div",
    { class: "reach-note", role: "note" },
    h("strong", { text: t("web.invite.loopback") }),
    h("p", { text: t("web.invite.loopback_how") }),
    h("code", { text: "make run HOST=0.0.0.0" }),
  );
}

async function showInvites(section, created) {
  const server = await serverInfo();
  section.hidden = false;
  mount(
    section,
    h("h2", { text: t("web.invite.title") }),
    h("p", { class: "hint", text: t("web.invite.explain") }),
    reachNote(server),
    inviteList(created.invites, null, server.public_url),
    h("a", {
      class: "button primary",
      href: `#/match/${encodeURIComponent(created.match_id)}`,
      text: t("web.invite.go_to_game"),
    }),
  );
}

async function refreshOpen(section, games) {
  let matches;
  let server;
  try {
    [matches, server] = await Promise.all([api("GET", "/api/matches/open"), serverInfo()]);
  } catch (error) {
    mount(section, h("h2", { text: t("web.open.title") }), h("p", { class: "error", text: errorText(error) }));
    return;
  }
  const titles = Object.fromEntries(games.map((g) => [g.id, g.title]));
  const items = matches.map((match) => {
    const mine = loadToken(match.match_id);
    const invites = mine ? loadInvites(match.match_id).filter((inv) => match.open_seats?.includes(inv.seat)) : [];
    return h(
      "li",
      { class: "open-game", dataset: { match: match.match_id } },
      h("div", { class: "open-head" },
        h("strong", { text: pick(titles[match.game]) || match.game }),
        h("span", { class: "hint", text: freeSeats(match.open_seats?.length ?? 0) }),
      ),
      h(
        "ul",
        { class: "open-seats" },
        match.seats.map((seat) =>
          h(
            "li",
            {},
            seat.colour ? swatch(seat.colour, 14) : null,
            h("span", { text: seat.name ?? t("web.open.free_seat") }),
          ),
        ),
      ),
      invites.length ? inviteList(invites, null, server.public_url) : h("p", { class: "hint", text: t("web.open.ask_for_link") }),
      h("a", {
        class: "button",
        href: `#/match/${encodeURIComponent(match.match_id)}`,
        text: mine ? t("web.open.open") : t("web.open.watch"),
      }),
    );
  });
  mount(
    section,
    h("h2", { text: t("web.open.title") }),
    items.length ? h("ul", { class: "open-list" }, items) : h("p", { class: "hint", text: t("web.open.none") }),
  );
}

/** "1 ledig plats", "2 lediga platser". */
export function freeSeats(n) {
  return n === 1 ? t("web.open.free_one") : t("web.open.free", { n });
}

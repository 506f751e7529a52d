// Start page: choose a game, the players (name, colour, person or computer) and the mode;
// online games show one invite link per open seat. Below: open online games.

import { api, absoluteUrl, errorText, loadInvites, loadToken, saveInvites, saveToken } from "./api.js";
import { colourName, swatch } from "./colours.js";
import { h, mount } from "./dom.js";
import { pick, t } from "./i18n.js";
import { gameLobby } from "./games.js";

let gamesCache = null;

export async function loadGames() {
  if (!gamesCache) gamesCache = await api("GET", "/api/games");
  return gamesCache;
}

const DEFAULT_NAMES = ["", "", "", ""];

// Computer seats are chosen by level (Lätt, Medel, Svår); a server without levels offers its bots.
function levelsOf(game) {
  return game.levels?.length ? game.levels : game.bots;
}

function defaultLevel(game) {
  const levels = levelsOf(game);
  return (levels.find((level) => level.id === "medium") ?? levels[0])?.id ?? null;
}

export function showLobby({ app }) {
  let alive = true;
  const form = h("section", { class: "card lobby-form", "aria-labelledby": "new-game-title" });
  const result = h("section", { class: "card invites", hidden: true });
  const open = h("section", { class: "card open-games" });
  mount(app, h("h1", { id: "new-game-title", text: t("web.lobby.title") }), form, result, open);

  loadGames()
    .then((games) => {
      if (!alive) return;
      buildForm(form, result, games);
      refreshOpen(open, games);
    })
    .catch((error) => mount(form, h("p", { class: "error", text: errorText(error) })));

  const timer = setInterval(() => {
    if (gamesCache) refreshOpen(open, gamesCache);
  }, 5000);
  return () => {
    alive = false;
    clearInterval(timer);
  };
}

function buildForm(form, result, games) {
  // Fia stays the preselected game when others (DogRoyal) are registered before it.
  const first = games.find((g) => g.id === "fia") || games[0];
  const st = {
    game: first,
    count: 2,
    mode: "hotseat",
    seats: [0, 1, 2, 3].map((i) => ({
      name: DEFAULT_NAMES[i],
      colour: first.colours[i] ?? null,
      kind: "human",
      bot: defaultLevel(first),
    })),
    options: {},
  };
  const error = h("p", { class: "error", role: "alert" });

  function setGame(id) {
    st.game = games.find((g) => g.id === id) || games[0];
    st.count = Math.min(Math.max(st.count, st.game.min_players), st.game.max_players);
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
    const team = gameLobby(st.game.id).team?.(st, i);
    row.append(
      h("legend", {}, t("web.lobby.player_n", { n: i + 1 }), team ? h("span", { class: "tag team", text: team }) : null),
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
      const input = h("input", {
        name: `name-${i}`,
        maxlength: 32,
        autocomplete: "off",
        placeholder: t("web.lobby.name_placeholder"),
        oninput: (e) => {
          seat.name = e.target.value;
        },
      });
      input.value = seat.name;
      row.append(h("label", { class: "field" }, h("span", { text: t("web.lobby.name") }), input));
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

  function draw() {
    const gameSelect = h(
      "select",
      { name: "game", onchange: (e) => setGame(e.target.value) },
      games.map((g) => {
        const option = h("option", { value: g.id, text: pick(g.title) });
        option.selected = g.id === st.game.id;
        return option;
      }),
    );
    const counts = h("div", { class: "segmented", role: "radiogroup", "aria-label": t("web.lobby.players") });
    for (let n = st.game.min_players; n <= st.game.max_players; n++) {
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
    const options = st.game.options.map((option) => {
      if (typeof option.default === "number") {
        const input = h("input", {
          type: "number",
          name: `option-${option.name}`,
          step: 1,
          onchange: (e) => {
            const value = Number.parseInt(e.target.value, 10);
            st.options[option.name] = Number.isFinite(value) ? value : option.default;
            draw(); // the house rules' summary counts the changed rules
          },
        });
        input.value = String(st.options[option.name] ?? option.default);
        return h("label", { class: "field number-option" }, h("span", { text: pick(option.label) }), input);
      }
      const box = h("input", {
        type: "checkbox",
        name: `option-${option.name}`,
        onchange: (e) => {
          st.options[option.name] = e.target.checked;
          draw();
        },
      });
      box.checked = st.options[option.name] ?? option.default;
      return h("label", { class: "check" }, box, h("span", { text: pick(option.label) }));
    });
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
    const seatRows = [];
    for (let i = 0; i < st.count; i++) seatRows.push(seatRow(i));
    mount(
      form,
      h("label", { class: "field" }, h("span", { text: t("web.lobby.game") }), gameSelect),
      h("div", { class: "field" }, h("span", { text: t("web.lobby.players") }), counts),
      h("div", { class: "field" }, h("span", { text: t("web.lobby.mode") }), modes),
      h("p", { class: "hint", text: t(`web.lobby.mode.${st.mode}.hint`) }),
      gameLobby(st.game.id).note?.(st) ?? null,
      h("div", { class: "seats" }, seatRows),
      options.length ? houseRules(options) : null,
      error,
      h("button", { type: "button", class: "primary start", text: t("web.lobby.start"), onclick: submit }),
    );
  }

  async function submit() {
    error.textContent = "";
    const seats = st.seats.slice(0, st.count).map((seat) => {
      if (seat.kind === "open") return { name: null, colour: null, bot: null };
      if (seat.kind === "bot") return { name: null, colour: seat.colour, bot: seat.bot };
      return { name: seat.name.trim(), colour: seat.colour, bot: null };
    });
    if (seats.some((seat) => seat.name === "")) {
      error.textContent = t("error.name_empty");
      return;
    }
    const options = {};
    for (const option of st.game.options) options[option.name] = st.options[option.name] ?? option.default;
    try {
      const created = await api("POST", "/api/matches", { game: st.game.id, mode: st.mode, seats, options });
      saveToken(created.match_id, created.token);
      if (st.mode === "online" && created.invites.length) {
        saveInvites(created.match_id, created.invites);
        showInvites(result, created);
        result.scrollIntoView({ behavior: "smooth", block: "start" });
      } else {
        window.location.hash = `#/match/${encodeURIComponent(created.match_id)}`;
      }
    } catch (err) {
      error.textContent = errorText(err);
    }
  }

  draw();
}

/** One invite link per open seat, each with a copy button. */
export function inviteList(invites, seats) {
  return h(
    "ul",
    { class: "invite-list" },
    invites.map((invite) => {
      const url = absoluteUrl(invite.url);
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

function showInvites(section, created) {
  section.hidden = false;
  mount(
    section,
    h("h2", { text: t("web.invite.title") }),
    h("p", { class: "hint", text: t("web.invite.explain") }),
    inviteList(created.invites),
    h("a", {
      class: "button primary",
      href: `#/match/${encodeURIComponent(created.match_id)}`,
      text: t("web.invite.go_to_game"),
    }),
  );
}

async function refreshOpen(section, games) {
  let matches;
  try {
    matches = await api("GET", "/api/matches/open");
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
        h("span", { class: "hint", text: t("web.open.free", { n: match.open_seats?.length ?? 0 }) }),
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
      invites.length ? inviteList(invites) : h("p", { class: "hint", text: t("web.open.ask_for_link") }),
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

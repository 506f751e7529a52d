// "Mina spel" on the start page: every match this browser holds a token for (kept in
// localStorage by api.js), asked of the server in one call (POST /api/matches/mine, tokens in
// the body), with whose turn it is. A closed tab, a restart or a new day loses no seat.

import { api, forgetMatch, myMatches } from "./api.js";
import { swatch } from "./colours.js";
import { h, mount } from "./dom.js";
import { pick, possessive, t } from "./i18n.js";

// Your turn first, then games under way, waiting, and the finished ones last.
const ORDER = { playing: 1, waiting: 2, over: 3, ended: 4, cancelled: 4 };

function statusText(match) {
  const names = match.seats.map((seat) => seat.name ?? t("web.open.free_seat"));
  if (match.status === "playing") {
    if (match.your_turn) return t("web.mine.your_turn");
    const seat = match.to_act[0];
    if (seat === undefined) return t("web.mine.playing");
    return match.seats[seat]?.bot ? t("web.mine.computer_turn", { name: names[seat] }) : t("web.mine.turn_of", { name: possessive(names[seat]) });
  }
  if (match.status === "waiting") {
    const missing = match.seats.filter((seat) => seat.name === null || seat.ready === false).length;
    return t("web.mine.waiting", { n: missing });
  }
  if (match.status === "over") {
    if (!match.winners.length) return t("web.mine.draw");
    return t("web.mine.won", { names: match.winners.map((seat) => names[seat]).join(` ${t("web.game.and")} `) });
  }
  return t(`web.mine.${match.status}`);
}

function entry(match, games, refresh) {
  const game = games.find((g) => g.id === match.game);
  const finished = ["over", "ended", "cancelled"].includes(match.status);
  return h(
    "li",
    {
      class: `my-game${match.your_turn ? " your-turn" : ""}`,
      dataset: { match: match.match_id, status: match.status },
    },
    h(
      "div",
      { class: "my-game-head" },
      h("strong", { text: pick(game?.title) || match.game }),
      h("span", { class: "hint", text: t(`web.lobby.mode.${match.mode}`) }),
    ),
    h(
      "ul",
      { class: "my-game-seats" },
      match.seats.map((seat) =>
        h(
          "li",
          { class: match.to_act.includes(seat.seat) ? "current" : "", dataset: { seat: seat.seat } },
          seat.colour ? swatch(seat.colour, 14) : null,
          h("span", { text: seat.name ?? t("web.open.free_seat") }),
          match.you.includes(seat.seat) && match.mode === "online" ? h("span", { class: "tag you", text: t("web.game.you") }) : null,
        ),
      ),
    ),
    h("p", { class: `my-game-status${match.your_turn ? " now" : ""}`, text: statusText(match) }),
    h(
      "div",
      { class: "my-game-actions" },
      h("a", {
        class: `button${match.your_turn ? " primary" : ""}`,
        href: `#/match/${encodeURIComponent(match.match_id)}`,
        text: finished ? t("web.mine.show") : t("web.mine.open"),
      }),
      match.status === "over" || match.status === "ended"
        ? h("a", {
            class: "button replay-link",
            href: `#/replay/${encodeURIComponent(match.match_id)}`,
            text: t("web.mine.replay"),
          })
        : null,
      finished
        ? h("button", {
            type: "button",
            class: "forget",
            text: t("web.mine.forget"),
            onclick: () => {
              forgetMatch(match.match_id);
              refresh();
            },
          })
        : null,
    ),
  );
}

/** Draw "Mina spel" into `section` (hidden when this browser has none). */
export async function refreshMine(section, games, refresh) {
  const kept = myMatches();
  if (!kept.length) {
    section.hidden = true;
    mount(section);
    return;
  }
  let answers;
  try {
    answers = await api("POST", "/api/matches/mine", { tokens: kept.map((entry) => entry.token) });
  } catch {
    return; // the connection banner tells; the list stays as it was
  }
  const matches = [];
  answers.forEach((match, i) => {
    if (match) matches.push(match);
    else forgetMatch(kept[i].match_id); // the server knows no such token any more
  });
  matches.sort(
    (a, b) =>
      Number(b.your_turn) - Number(a.your_turn) ||
      (ORDER[a.status] ?? 9) - (ORDER[b.status] ?? 9) ||
      b.updated.localeCompare(a.updated),
  );
  section.hidden = matches.length === 0;
  const yours = matches.filter((match) => match.your_turn).length;
  mount(
    section,
    h("h2", { id: "my-games-title", text: t("web.mine.title") }),
    yours ? h("p", { class: "hint", text: t("web.mine.yours", { n: yours }) }) : null,
    h(
      "ul",
      { class: "my-games" },
      matches.map((match) => entry(match, games, refresh)),
    ),
  );
}

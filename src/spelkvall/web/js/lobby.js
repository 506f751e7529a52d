// Start page: choose a game, the players (name, colour, person or computer) and the mode;
// online games show one invite link per open seat. Below: open online games. Everything about
// a game comes from its /api/games entry: the player counts, teams, colours and house rules
// (a checkbox, a select or a number from each option's declaration); no game is known here
// by name. The page puts its parts together: "Mina spel" (mine.js), the new-game form
// (lobby-form.js), the invites of a match just made and the open games (widgets/invites.js,
// widgets/open-games.js).

import { errorText } from "./api.js";
import { h, mount } from "./dom.js";
import { t } from "./i18n.js";
import { loadGames } from "./games.js";
import { NewGameForm } from "./lobby-form.js";
import { refreshMine } from "./mine.js";
import { refreshOpen } from "./widgets/open-games.js";

// Kept importable from here: other pages and the tests import them by this module.
export { countsAndTeams, nameKey } from "./lobby-choices.js";
export { inviteList, reachNote } from "./widgets/invites.js";
export { freeSeats } from "./widgets/open-games.js";

let gamesCache = null;

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
      new NewGameForm(form, result, games).draw();
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

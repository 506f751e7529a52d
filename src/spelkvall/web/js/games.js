// The games the server offers (GET /api/games, read once) and each game's page module: a game
// whose entry names a `page` brings its own (src/spelkvall/games/<id>/web/page.js, served at
// /static/games/<id>/), loaded by a dynamic import with its `styles`; any other game is
// played on the generic page. Nothing here knows a game by name.

import { api } from "./api.js";
import { addPalette } from "./colours.js";
import { GenericPage } from "./generic-page.js";

let gamesPromise = null;

/** Every game's /api/games entry, fetched once; their palettes are learnt on the way. */
export function loadGames() {
  if (!gamesPromise) {
    gamesPromise = api("GET", "/api/games").then(
      (games) => {
        for (const game of games) addPalette(game.palette);
        return games;
      },
      (error) => {
        gamesPromise = null; // ask again next time
        throw error;
      },
    );
  }
  return gamesPromise;
}

/** Add a game's style sheets to the document, each once; resolves when they are loaded. */
function addStyles(urls) {
  const loads = [];
  for (const url of urls ?? []) {
    const href = new URL(url, window.location.origin).href;
    if ([...document.querySelectorAll("link[rel='stylesheet']")].some((link) => link.href === href)) continue;
    const link = Object.assign(document.createElement("link"), { rel: "stylesheet", href });
    loads.push(
      new Promise((resolve) => {
        link.onload = resolve;
        link.onerror = resolve; // a missing sheet must not keep the page from starting
      }),
    );
    document.head.append(link);
  }
  return Promise.all(loads);
}

/** The page class for a game's /api/games entry: its own module's default export, or the
 * generic page when it has none. */
export async function gamePage(info) {
  if (!info?.page) return GenericPage;
  const [module] = await Promise.all([import(info.page), addStyles(info.styles)]);
  return module.default;
}

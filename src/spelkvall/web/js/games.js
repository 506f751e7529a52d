// Which page module draws which game on the match page (match-page.js), and the lobby's
// per-game extras. Adding a game's web page: write js/<game>-page.js and add it here.

import { FiaPage } from "./fia-page.js";
import { DogRoyalPage, dogroyalLobby } from "./dogroyal-page.js";

const PAGES = { fia: FiaPage, dogroyal: DogRoyalPage };
const LOBBY = { dogroyal: dogroyalLobby };

/** The page class for a game id (Fia's when the game has no page of its own yet). */
export function gamePage(id) {
  return PAGES[id] ?? FiaPage;
}

/** The lobby extras of a game: {note(st) → element|null} (teams, …), or {}. */
export function gameLobby(id) {
  return LOBBY[id] ?? {};
}

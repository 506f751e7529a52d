// What the new-game form may offer for a game, from its /api/games entry alone: the player
// counts and teams under the chosen house rules, the computer levels, and names as the server
// compares them (so a name it would refuse is said at its field). No drawing here.

import { t } from "./i18n.js";

/** A name as the server compares it: NFC, spaces folded, case-folded (core.name_key). */
export function nameKey(name) {
  return name.normalize("NFC").trim().split(/\s+/).join(" ").toLocaleLowerCase("und");
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
export function hasTeams(game) {
  const some = (teams) => Object.keys(teams ?? {}).length > 0;
  return some(game.teams) || game.options.some((o) => Object.values(o.when ?? {}).some((c) => some(c.teams)));
}

/** The allowed count nearest to n (the smaller one on a tie). */
export function nearest(counts, n) {
  return counts.reduce((best, c) => (Math.abs(c - n) < Math.abs(best - n) ? c : best), counts[0]);
}

/** "Anna", "Anna och Bo", "Anna, Bo och Cia". */
export function listText(names) {
  if (names.length < 2) return names.join("");
  return `${names.slice(0, -1).join(", ")} ${t("web.game.and")} ${names[names.length - 1]}`;
}

// Computer seats are chosen by level (Lätt, Medel, Svår); a server without levels offers its bots.
export function levelsOf(game) {
  return game.levels?.length ? game.levels : game.bots;
}

export function defaultLevel(game) {
  const levels = levelsOf(game);
  return (levels.find((level) => level.id === "medium") ?? levels[0])?.id ?? null;
}

/** The seat whose name the server refused (`error.name_twice` names it; else the first
 * that fails the same test here). */
export function refusedSeat(err, seats) {
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

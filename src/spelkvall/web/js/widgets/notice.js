// The lines above the board: the computers still being prepared on a fresh install (with
// their progress, or queued, or failed), "Du tittar på" for a spectator, a seat of this device
// a computer plays for now (with the button that takes it back), a turn whose time ran out,
// moves a computer made for a person of this device (until that person acts), and a match
// the host ended.

import { h, mount } from "../dom.js";
import { possessive, t } from "../i18n.js";

/** The seats of this device a computer made moves for since their person last acted
 * (the log's latest entries of the seat's steps are marked `by`), each with why: the
 * notice stays until that person acts. Not while the stand-in still plays or the timed-out
 * turn is still the computer's: those have lines of their own. */
export function playedFor(state, log) {
  const st = state;
  const out = [];
  for (const seat of st.you) {
    const info = st.seats[seat];
    if (!info || info.bot || (info.stand_in && st.status === "playing")) continue;
    if ((st.timed_out ?? []).includes(seat)) continue;
    let last = null;
    for (const entry of log) {
      if (entry.turn_of === seat) last = entry.by ? entry : null; // an own step ends it
    }
    if (last) out.push({ seat, by: last.by });
  }
  return out;
}

/** "Datorspelarna förbereds … 40 %" (`computers`: /api/games/{id}/computers). */
function preparing(computers) {
  const percent = Math.round(100 * (computers.progress ?? 0));
  const failed = computers.stage === "failed";
  // Queued behind another game being played: no 0 % that never moves.
  const queued = computers.stage === "queued" && !percent;
  const key = failed ? "failed" : queued ? "queued" : "preparing";
  return h(
    "p",
    { class: "computers-preparing", role: "status", dataset: { stage: computers.stage } },
    t(`web.game.computers_${key}`, { percent }),
    failed || queued ? null : h("progress", { max: 100, value: percent, "aria-label": t("web.game.computers_progress") }),
  );
}

/** The lines about the seats of this device a computer plays or played for. */
function computerLines(st, log, onTakeBack) {
  const lines = [];
  for (const seat of st.you) {
    if (st.seats[seat]?.stand_in && st.status === "playing") {
      lines.push(
        h(
          "p",
          { class: "stand-in-note" },
          t(st.you.length > 1 ? "web.host.computer_plays_for" : "web.host.computer_plays_you", { name: st.seats[seat].name }),
          " ",
          h("button", { type: "button", class: "take-back-mine", text: t("web.host.take_back_mine"), onclick: () => onTakeBack(seat) }),
        ),
      );
    }
  }
  for (const seat of st.timed_out ?? []) {
    lines.push(h("p", { class: "timed-out" }, t("web.timer.ran_out", { name: possessive(st.seats[seat]?.name ?? "") })));
  }
  for (const { seat, by } of playedFor(st, log)) {
    const name = st.seats[seat]?.name ?? "";
    const alone = st.you.length === 1;
    const key = `web.played_for.${by === "timer" ? "timer" : "stand_in"}${alone ? "_you" : ""}`;
    lines.push(
      h(
        "p",
        { class: "played-for-note", role: "status", dataset: { seat, by } },
        h("strong", { text: alone ? t("web.played_for.you") : t("web.played_for.name", { name }) }),
        " ",
        t(key, { name }),
      ),
    );
  }
  return lines;
}

export class MatchNotice {
  constructor() {
    this.root = h("div", { class: "match-notice", hidden: true });
  }

  /**
   * @param state     the match's state object
   * @param log       its log so far
   * @param computers the computers' preparation while it matters here, or null
   * @param onTakeBack(seat) takes a seat of this device back from its stand-in computer
   */
  render({ state, log, computers, onTakeBack }) {
    const st = state;
    const lines = [];
    if (computers) lines.push(preparing(computers));
    if (!st.you.length && st.status !== "cancelled") {
      lines.push(h("p", { class: "watching" }, h("strong", { text: t("web.watch.title") }), " ", t("web.watch.hint")));
    }
    lines.push(...computerLines(st, log, onTakeBack));
    if (st.status === "ended") {
      lines.push(h("p", { class: "ended" }, t("web.host.ended_hint"), " ", h("a", { href: "#/", text: t("web.problem.home") })));
    }
    this.root.hidden = lines.length === 0;
    mount(this.root, lines);
  }
}

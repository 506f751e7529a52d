// "Lär dig spela": a game's guided first game (docs/api.md "Guided games"). The server makes
// it (POST /api/tutorials): a hot-seat match of the learner (seat 0) against computers with
// scripted dice, that never counts. This module offers it (the lobby and the rules panel ask
// tutorialButton) and, on the match page, shows the guide: a bubble the first time each kind
// of decision comes to the learner, with the game's text "<id>.tutorial.<kind>" — the kind of
// the legal actions offered, or "roll" when the learner must roll — after "<id>.tutorial.intro"
// first, and "<id>.tutorial.end" on the win screen. "Fortsätt" closes the bubble and gives the
// focus back to the control the learner needs; "Avsluta guiden" ends the guided match and goes
// back to the lobby. The kinds already explained are remembered per match (a reload does not
// explain them again).

import { api, errorText, saveToken } from "./api.js";
import { h } from "./dom.js";
import { lang, t } from "./i18n.js";

const SEEN = "spelkvall.guide.";

/** Whether the game has a guided game (its texts are there; /api/games → tutorial too). */
export function hasTutorial(gameId, gameInfo = null) {
  if (gameInfo && "tutorial" in gameInfo) return Boolean(gameInfo.tutorial);
  const key = `${gameId}.tutorial.intro`;
  return t(key) !== key;
}

/** Start the game's guided game and open it. */
export async function startTutorial(gameId) {
  const created = await api("POST", "/api/tutorials", { game: gameId, lang: lang() });
  saveToken(created.match_id, created.token);
  window.location.hash = `#/match/${encodeURIComponent(created.match_id)}`;
  return created;
}

/** A "Lär dig spela" button (with a hint line unless `compact`), or null when the game has
 * no guided game. `before`: called first (a dialog closes). */
export function tutorialButton(gameId, { gameInfo = null, compact = false, before = null } = {}) {
  if (!hasTutorial(gameId, gameInfo)) return null;
  const error = h("p", { class: "error", role: "alert" });
  const button = h("button", {
    type: "button",
    class: "tutorial-start",
    dataset: { game: gameId },
    text: t("web.tutorial.start"),
    onclick: async () => {
      button.disabled = true;
      try {
        before?.();
        await startTutorial(gameId);
      } catch (err) {
        error.textContent = errorText(err);
      } finally {
        button.disabled = false;
      }
    },
  });
  return h(
    "div",
    { class: "tutorial-offer" },
    button,
    compact ? null : h("span", { class: "hint", text: t("web.tutorial.hint") }),
    error,
  );
}

function text(gameId, kind) {
  const key = `${gameId}.tutorial.${kind}`;
  const value = t(key);
  return value === key ? null : value;
}

/** The guide on a guided match's page; `MatchPage.render` calls `render()` after drawing. */
export class Guide {
  /** The guide for the match page `page`, or null when its match is no guided game. */
  static for(page, state) {
    return state?.tutorial ? new Guide(page, state.game) : null;
  }

  constructor(page, gameId) {
    this.page = page;
    this.gameId = gameId;
    this.key = SEEN + page.matchId;
    try {
      this.seen = new Set(JSON.parse(localStorage.getItem(this.key) ?? "[]"));
    } catch {
      this.seen = new Set();
    }
    this.off = this.seen.has("off");
    this.openAt = null; // the version the bubble was opened at (null: closed)
    this.root = h("section", {
      class: "guide card",
      role: "dialog",
      "aria-labelledby": "guide-title",
      "aria-describedby": "guide-text",
      hidden: true,
    });
    this.root.addEventListener("keydown", (event) => {
      if (event.key === "Escape") this.close();
    });
    page.controls.before(this.root);
    page.tools.append(h("span", { class: "guide-badge", text: t("web.tutorial.badge") }));
  }

  remember(kinds) {
    for (const kind of kinds) this.seen.add(kind);
    try {
      localStorage.setItem(this.key, JSON.stringify([...this.seen]));
    } catch {
      // private mode: the guide explains again after a reload, no harm
    }
  }

  /** The kinds of decision before the learner now: "roll", the kinds of their legal
   * actions, or none. */
  decision() {
    const page = this.page;
    if (page.mayRoll()) return ["roll"];
    const mine = page.myTurn();
    if (!mine) return [];
    return [...new Set(mine.legal.map((entry) => entry.action.type))];
  }

  render() {
    const st = this.page.state;
    if (!st) return;
    if (st.status === "over") {
      this.close(false);
      this.renderEnd();
      return;
    }
    if (this.off || st.status !== "playing") return this.close(false);
    if (this.openAt !== null) {
      // A bubble stays until the learner closes it or no longer faces what it explains:
      // others' moves (a phase where everybody chooses at once) must not take it away.
      const open = (this.root.dataset.kinds ?? "").split(" ");
      const facing = this.decision();
      if (this.openAt === st.version || open.every((kind) => kind === "intro" || facing.includes(kind))) return;
      this.close(false); // the learner moved on without closing it
    }
    let kinds = [];
    // The welcome waits for the learner's first decision: opened before it, an automatic
    // step (a drawn turn order, a computer's move) would close it unread.
    if (!this.seen.has("intro")) kinds = this.decision().length ? ["intro"] : [];
    else kinds = this.decision().filter((kind) => !this.seen.has(kind) && text(this.gameId, kind));
    if (!kinds.length) return;
    this.open(kinds);
  }

  open(kinds) {
    const st = this.page.state;
    this.remember(kinds);
    this.openAt = st.version;
    this.root.dataset.kinds = kinds.join(" ");
    this.root.replaceChildren(
      h("h2", { id: "guide-title", text: t("web.tutorial.title") }),
      h(
        "div",
        { id: "guide-text", class: "guide-text" },
        kinds.map((kind) => h("p", { dataset: { kind }, text: text(this.gameId, kind) ?? "" })),
      ),
      h(
        "div",
        { class: "guide-actions" },
        h("button", { type: "button", class: "primary guide-ok", text: t("web.tutorial.ok"), onclick: () => this.close() }),
        h("button", { type: "button", class: "guide-quit", text: t("web.tutorial.quit"), onclick: () => this.quit() }),
      ),
    );
    this.root.hidden = false;
    const ok = this.root.querySelector(".guide-ok");
    ok.focus({ preventScroll: true });
    // On a phone the bubble may be below the board: bring it into view.
    this.root.scrollIntoView?.({ block: "nearest" });
  }

  /** Close the bubble; `refocus`: the learner closed it, so the next explanation (if any)
   * opens, else the focus goes back to the control they need. */
  close(refocus = true) {
    const was = this.openAt !== null;
    this.openAt = null;
    this.root.hidden = true;
    this.root.replaceChildren();
    if (!refocus || !was) return;
    this.render();
    if (this.openAt !== null) return;
    const page = this.page;
    const wanted = page.focusedElement;
    const target =
      wanted?.isConnected && !wanted.disabled && !wanted.hidden
        ? wanted
        : page.controls.querySelector("button:not([disabled])") ?? page.boardWrap.querySelector("button:not([disabled]), [tabindex='0']");
    target?.focus();
  }

  /** "Avsluta guiden": end the guided match (it counts for nothing) and go to the lobby. */
  async quit() {
    this.off = true;
    this.remember(["off"]);
    this.close(false);
    try {
      const token = this.page.token ? `?token=${encodeURIComponent(this.page.token)}` : "";
      await api("POST", `/api/matches/${encodeURIComponent(this.page.matchId)}/end${token}`);
    } catch {
      // already over or not reachable: leaving is what matters
    }
    window.location.hash = "#/";
  }

  /** The guide's last word, on the win screen. */
  renderEnd() {
    const card = this.page.overlay.querySelector(".win.card");
    const words = text(this.gameId, "end");
    if (!card || !words || card.querySelector(".guide-end")) return;
    card.querySelector("h2")?.after(h("p", { class: "guide-end", text: words }));
  }

  stop() {
    this.root.remove();
  }
}

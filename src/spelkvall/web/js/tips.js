// Tips on the match page: the move advisor's chance to win for every legal move of the person
// at this device who must choose now (POST /api/matches/{id}/advice, docs/api.md). The panel
// only informs: it never makes a move, and the page's own move buttons and board highlights
// stay as they are. It belongs to one decision (this device's seat, what the seat sees and its
// legal moves) and goes away when that changes; another seat's hidden move in a step chosen
// at the same time moves the match's version but leaves the decision, and its answer, as
// they were. Only for
// games whose /api/games entry says `advice: true`. Where cards are hidden the
// server deals the others' cards anew from this seat's view for every playout (`sampled`), and
// in a team game the chance is the team's (`team`).

import { api, errorText } from "./api.js";
import { h, mount } from "./dom.js";
import { lang, t } from "./i18n.js";

/** Percent with one decimal in the page's language (Swedish: decimal comma). */
function percentFormat() {
  return new Intl.NumberFormat(lang() === "sv" ? "sv-SE" : "en-GB", {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
}

export class Tips {
  constructor(page) {
    this.page = page;
    this.decision = null; // the decision the panel's content belongs to (null: closed)
    this.asking = null; // the decision a request is out for
    this.button = h("button", {
      type: "button",
      class: "tips-button",
      "aria-expanded": "false",
      "aria-controls": "tips-panel",
      text: t("web.tips.button"),
      onclick: () => this.ask(),
    });
    this.hint = h("span", { class: "tips-hint", text: t("web.tips.hint") });
    this.panel = h("div", { id: "tips-panel", class: "tips-panel", hidden: true, "aria-live": "polite" });
    this.root = h("section", { class: "tips", hidden: true }, h("div", { class: "tips-head" }, this.button, this.hint), this.panel);
  }

  /** A move decision of this device's is pending (and no privacy screen covers the cards). */
  available() {
    const turn = this.page.myTurn();
    return this.page.gameInfo?.advice === true && turn !== null && turn.legal.length > 0;
  }

  /** This device's pending decision as a key: its seat, its view and its legal moves
   * (null: none). */
  current() {
    const turn = this.page.state ? this.page.myTurn() : null;
    return turn ? JSON.stringify([turn.seat, this.page.state.view, turn.legal]) : null;
  }

  /** Called on every render of the match page. */
  render() {
    const st = this.page.state;
    if (this.decision !== null && this.decision !== this.current()) this.close();
    const show = Boolean(st) && this.available();
    this.root.hidden = !show;
    if (!show) this.close();
    this.button.disabled = this.asking !== null; // one question at a time
  }

  close() {
    this.decision = null;
    this.panel.hidden = true;
    mount(this.panel);
    this.button.setAttribute("aria-expanded", "false");
  }

  async ask() {
    const turn = this.page.myTurn();
    if (!turn || this.asking !== null) return;
    const decision = this.current();
    this.asking = decision;
    this.decision = decision;
    this.button.disabled = true;
    this.button.setAttribute("aria-expanded", "true");
    this.panel.hidden = false;
    mount(this.panel, h("p", { class: "tips-wait", role: "status", text: t("web.tips.computing") }));
    try {
      const advice = await this.request(turn.seat, decision);
      if (this.decision === decision) this.show(advice);
    } catch (error) {
      if (this.decision === decision) {
        mount(this.panel, h("p", { class: "error tips-error", role: "alert", text: errorText(error) }));
      }
    } finally {
      this.asking = null;
      if (this.page.state) this.render();
    }
  }

  /** The advice for the match's version now; asked again (a few times) when the version moved
   * on before the question arrived but this device's decision is still the same. */
  async request(seat, decision) {
    const path = `/api/matches/${encodeURIComponent(this.page.matchId)}/advice?${this.page.query()}`;
    for (let attempt = 0; ; attempt++) {
      try {
        return await api("POST", path, { version: this.page.state.version, seat });
      } catch (error) {
        if (error.key !== "error.stale" || attempt >= 2) throw error;
        // The page hears of the new version over its socket: wait for it, then ask again.
        await new Promise((resolve) => setTimeout(resolve, 300));
        if (this.current() !== decision) throw error;
      }
    }
  }

  show(advice) {
    const fmt = percentFormat();
    const number = (x) => fmt.format(100 * x);
    const rows = advice.actions.map((item, i) => {
      // The page's own words for the move (what its button says), else the server's label.
      const label = this.page.ui?.actionLabel?.(item.action) ?? item.label;
      const [low, high] = item.ci95;
      const range = item.exact
        ? t("web.tips.exact")
        : t("web.tips.interval", { low: number(low), high: number(high) });
      return h(
        "li",
        { class: item.best ? "tip best" : "tip", dataset: { index: i, action: JSON.stringify(item.action) } },
        h(
          "span",
          { class: "tip-label" },
          item.best ? h("span", { class: "tip-best", text: t("web.tips.best") }) : null,
          h("span", { class: "tip-move", text: label }),
        ),
        h(
          "span",
          { class: "tip-bar", "aria-hidden": "true" },
          h("span", { class: "tip-fill", style: { width: `${(100 * item.win_rate).toFixed(1)}%` } }),
          h("span", {
            class: "tip-ci",
            style: { left: `${(100 * low).toFixed(1)}%`, width: `${(100 * (high - low)).toFixed(1)}%` },
          }),
        ),
        h(
          "span",
          { class: "tip-numbers" },
          h("span", { class: "tip-rate", text: t("web.tips.percent", { value: number(item.win_rate) }) }),
          h("span", { class: "tip-interval", text: range }),
        ),
      );
    });
    const games = new Intl.NumberFormat(lang() === "sv" ? "sv-SE" : "en-GB").format(advice.playouts);
    mount(
      this.panel,
      h(
        "div",
        { class: "tips-title-row" },
        h("h3", {
          class: "tips-title",
          text:
            advice.place > 1
              ? t("web.tips.title_place", { place: advice.place })
              : (advice.team?.length ?? 1) > 1
                ? t("web.tips.title_team")
                : t("web.tips.title"),
        }),
        h("button", {
          type: "button",
          class: "tips-close",
          "aria-label": t("web.tips.close"),
          title: t("web.tips.close"),
          text: "×",
          onclick: () => this.close(),
        }),
      ),
      h("ol", { class: "tips-list" }, rows),
      h("p", { class: "hint tips-note", text: t(advice.sampled ? "web.tips.note_sampled" : "web.tips.note", { n: games }) }),
      advice.preparing ? h("p", { class: "hint tips-preparing", text: t("web.tips.preparing") }) : null,
    );
  }
}

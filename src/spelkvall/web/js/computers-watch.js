// Whether the computers are ready: on a fresh install they play simpler moves until their
// compiled playouts are (/api/games/{id}/computers). While that lasts, and a computer plays
// in the match, the match page asks every few seconds and says so (widgets/notice.js).

import { api } from "./api.js";

const COMPUTERS_MS = 2000; // how often to ask whether the computers are ready (server.warm)

export class ComputersWatch {
  /**
   * @param onChange() an answer came in (`status` holds it)
   * @param alive() → whether the page is still shown
   */
  constructor({ onChange, alive }) {
    this.onChange = onChange;
    this.alive = alive;
    this.status = null; // the last answer: {ready, stage, progress}
    this.timer = undefined;
  }

  /** Start asking about `game` (`info`: its /api/games entry), once, unless the computers
   * were ready (or had nothing to prepare) when the games were loaded. */
  start(game, info) {
    if (this.timer !== undefined) return;
    if (info?.computers?.ready !== false) return;
    const ask = async () => {
      try {
        this.status = await api("GET", `/api/games/${encodeURIComponent(game)}/computers`);
      } catch {
        // the server is away: the connection banner says so; ask again next time
      }
      if (!this.alive()) return;
      this.onChange();
      const more = this.status?.ready === false && this.status.stage !== "failed";
      if (more) this.timer = setTimeout(ask, COMPUTERS_MS);
    };
    this.timer = setTimeout(ask, 0);
  }

  stop() {
    clearTimeout(this.timer);
  }
}

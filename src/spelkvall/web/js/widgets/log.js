// The match log ("Vad har hänt"): every entry's lines in the reader's language, those that
// just came in marked new, a computer's moves for a person marked (the first line says so in
// words, so no colour is needed), and a game page's own class on the lines of its events
// (logClass: a knock-out in bold red). Scrolled to its latest line.

import { h, mount } from "../dom.js";
import { lang } from "../i18n.js";

/** The CSS classes of line `n` of a log entry a computer made for a person (`entry.by`:
 * "timer" or "stand_in"): every line is marked, and the first one (the server's "Datorn
 * spelade åt Anna – tiden tog slut") is the mark itself, in words, so no colour is needed. */
export function logMarks(entry, n) {
  if (!entry.by) return [];
  return n === 0 ? ["by-computer", "played-for"] : ["by-computer"];
}

export class MatchLog {
  constructor() {
    this.root = h("ol", { class: "log" });
  }

  /**
   * @param log        every entry so far
   * @param newEntries the entries that just came in
   * @param logClass(event, line) → a CSS class for a line of an entry with this event, or null
   */
  render(log, newEntries, logClass) {
    const code = lang();
    const fresh = new Set(newEntries.map((entry) => entry.version));
    const items = [];
    for (const entry of log) {
      const lines = entry.text?.[code] ?? entry.text?.sv ?? [];
      const events = entry.events ?? [];
      lines.forEach((line, n) => {
        const classes = new Set(fresh.has(entry.version) ? ["new"] : []);
        for (const extra of logMarks(entry, n)) classes.add(extra);
        if (!(entry.by && n === 0)) {
          for (const event of events) {
            const extra = logClass(event, line);
            if (extra) classes.add(extra);
          }
        }
        items.push(h("li", { class: [...classes].join(" "), text: line, dataset: entry.by ? { by: entry.by } : {} }));
      });
    }
    mount(this.root, items);
    this.root.scrollTop = this.root.scrollHeight;
  }
}

// A game's rules in the player's language, as a panel the match page opens ("Regler").
// A game ships them in the one translation table under "<id>.rules" (its texts.py), so they
// are in Swedish and English like every other string: blocks split by blank lines, "## " a
// heading, a block of "- " lines a list, anything else a paragraph. Text only: nothing in it
// is read as HTML. A game without "<id>.rules" gets no button.

import { h } from "./dom.js";
import { pick, t } from "./i18n.js";

/** The rules text of a game, or null when it has none. */
export function rulesText(gameId) {
  const key = `${gameId}.rules`;
  const text = t(key);
  return text === key ? null : text;
}

/** The rules text as elements: headings, lists and paragraphs. */
export function rulesBlocks(text) {
  return text
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .flatMap((block) => {
      const lines = block.split("\n");
      const out = [];
      if (lines[0].startsWith("## ")) out.push(h("h3", { text: lines.shift().slice(3) }));
      if (!lines.length) return out;
      if (lines.every((line) => line.startsWith("- "))) {
        out.push(h("ul", {}, lines.map((line) => h("li", { text: line.slice(2) }))));
      } else out.push(h("p", { text: lines.join(" ") }));
      return out;
    });
}

/** A "Regler" button that opens the game's rules in a dialog (Escape or "Stäng" closes it),
 * or null when the game has no rules text. `title`: the game's name ({sv, en} or text). */
export function rulesButton(gameId, title = "") {
  const text = rulesText(gameId);
  if (text === null) return null;
  const heading = t("web.rules.title", { game: pick(title) || gameId });
  const dialog = h(
    "dialog",
    { class: "rules-dialog card", "aria-labelledby": `rules-title-${gameId}`, dataset: { game: gameId } },
    h(
      "div",
      { class: "rules-head" },
      h("h2", { id: `rules-title-${gameId}`, text: heading }),
      h("button", { type: "button", class: "rules-close", text: t("web.rules.close"), onclick: () => dialog.close() }),
    ),
    h("div", { class: "rules-text" }, rulesBlocks(text)),
  );
  // A click on the backdrop (outside the panel) closes it too.
  dialog.addEventListener("click", (event) => {
    if (event.target === dialog) dialog.close();
  });
  const button = h("button", {
    type: "button",
    class: "rules-open",
    "aria-haspopup": "dialog",
    text: t("web.rules.open"),
    onclick: () => {
      dialog.showModal();
      dialog.querySelector(".rules-close")?.focus();
    },
  });
  return h("div", { class: "rules" }, button, dialog);
}

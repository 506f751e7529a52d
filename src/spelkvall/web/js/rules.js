// A game's rules in the player's language, as a panel the match page opens ("Regler").
// A game ships them in the one translation table under "<id>.rules" (its texts.py), so they
// are in Swedish and English like every other string: blocks split by blank lines, "## " a
// heading, a block of "- " lines a list (a line of text may lead in), anything else a
// paragraph. Text only: nothing in it is read as HTML. A game without "<id>.rules" gets no
// button.
//
// Pictures: a block that starts with "[[name]]" is a picture with the rest of the block as its
// caption, drawn by the game's own board code: its web folder has rules.js, whose export
// `pictures` maps each name to a function (lang, info) → an SVG (or HTML) element, where `info`
// is the game's /api/games entry (its layout, so a picture need not copy the game's tables).
// The module is loaded when the rules are first opened; a picture it does not know is left
// out.
//
// A game with a guided first game gets a "Lär dig spela" button at the top (tutorial.js).
//
// Sections: a heading may end in "{#id}" ("## Auktion och inköp {#auction}"), the same id in
// both languages. The braces are not shown; the heading gets that id (as data-section, and as
// its element id "rules-<game>-<id>") so the panel can be opened at it: openRules(panel,
// section, opener) scrolls the heading into view and focuses it, and rulesSection(game, id)
// gives the heading's text for a link ("Regler: Auktion och inköp"). The match page's turn
// banner links to the section of the phase its game's page names (bannerParts → rules).

import { h } from "./dom.js";
import { loadGames } from "./games.js";
import { lang, pick, t } from "./i18n.js";
import { tutorialButton } from "./tutorial.js";

/** The rules text of a game, or null when it has none. */
export function rulesText(gameId) {
  const key = `${gameId}.rules`;
  const text = t(key);
  return text === key ? null : text;
}

const ANCHOR = /^(.*?)\s*\{#([a-z0-9_-]+)\}\s*$/;

/** A "## " line's heading: its text and its section id (null without "{#id}"). */
function heading(line) {
  const text = line.slice(3).trim();
  const anchor = ANCHOR.exec(text);
  return anchor ? { text: anchor[1], id: anchor[2] } : { text, id: null };
}

/** The heading text of section `id` in a game's rules (the player's language), or null. */
export function rulesSection(gameId, id) {
  const text = rulesText(gameId);
  if (text === null || !id) return null;
  for (const line of text.split("\n")) {
    if (!line.startsWith("## ")) continue;
    const found = heading(line);
    if (found.id === id) return found.text;
  }
  return null;
}

/** The rules text as elements: headings, lists and paragraphs. `gameId` names the headings'
 * element ids (rules-<game>-<section>). */
export function rulesBlocks(text, gameId = "") {
  return text
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .flatMap((block) => {
      const lines = block.split("\n");
      const out = [];
      const picture = /^\[\[([a-z0-9_-]+)\]\]\s*(.*)$/.exec(lines[0]);
      if (picture) {
        const caption = [picture[2], ...lines.slice(1)].join(" ").trim();
        return [h("figure", { class: "rules-picture", dataset: { picture: picture[1] } }, caption ? h("figcaption", { text: caption }) : null)];
      }
      if (lines[0].startsWith("## ")) {
        const { text: title, id } = heading(lines.shift());
        const attrs = { text: title };
        if (id) Object.assign(attrs, { id: gameId ? `rules-${gameId}-${id}` : null, tabindex: "-1", dataset: { section: id } });
        out.push(h("h3", attrs));
      }
      // A lead-in before the list ("Do exactly one thing:") is a paragraph of its own.
      const first = lines.findIndex((line) => line.startsWith("- "));
      const lead = first < 0 ? lines : lines.slice(0, first);
      const items = first < 0 ? [] : lines.slice(first);
      if (lead.length) out.push(h("p", { text: lead.join(" ") }));
      if (items.length && items.every((line) => line.startsWith("- "))) {
        out.push(h("ul", {}, items.map((line) => h("li", { text: line.slice(2) }))));
      } else if (items.length) out.push(h("p", { text: items.join(" ") }));
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
    tutorialButton(gameId, { compact: true, before: () => dialog.close() }),
    h("div", { class: "rules-text" }, rulesBlocks(text, gameId)),
  );
  // A click on the backdrop (outside the panel) closes it too.
  dialog.addEventListener("click", (event) => {
    if (event.target === dialog) dialog.close();
  });
  // Closed (Stäng, Escape, the backdrop): focus goes back to what opened it.
  dialog.addEventListener("close", () => {
    const opener = openers.get(dialog);
    openers.delete(dialog);
    if (opener?.isConnected) opener.focus();
  });
  const button = h("button", {
    type: "button",
    class: "rules-open",
    "aria-haspopup": "dialog",
    text: t("web.rules.open"),
    onclick: () => openRules(panel, null, button),
  });
  const panel = h("div", { class: "rules", dataset: { game: gameId } }, button, dialog);
  return panel;
}

const openers = new WeakMap(); // an open rules dialog → the element to focus when it closes

/** Open the rules panel made by rulesButton(): at the top (section null; the Close button
 * has the focus), or at section `id`, its heading scrolled into view and focused. When the
 * dialog closes the focus goes back to `opener` (the button that opened it). */
export function openRules(panel, section = null, opener = null) {
  const dialog = panel?.querySelector("dialog.rules-dialog");
  if (!dialog) return false;
  if (!dialog.open) dialog.showModal();
  if (opener) openers.set(dialog, opener);
  const target = section ? dialog.querySelector(`h3[data-section="${CSS.escape(section)}"]`) : null;
  if (target) {
    target.focus({ preventScroll: true });
    target.scrollIntoView({ block: "start" });
  } else {
    dialog.querySelector(".rules-close")?.focus();
    dialog.scrollTop = 0;
  }
  // The pictures above the section are drawn a moment later: keep the heading in view.
  drawPictures(panel.dataset.game, dialog).then(() => {
    if (target && dialog.open && document.activeElement === target) target.scrollIntoView({ block: "start" });
  });
  return true;
}

/** Draw the rules' pictures (once) with the game's own rules.js; a figure whose picture the
 * module lacks, or all of them when it cannot be loaded, is removed. */
async function drawPictures(gameId, dialog) {
  const figures = [...dialog.querySelectorAll("figure.rules-picture:not([data-drawn])")];
  if (!figures.length) return;
  let pictures = {};
  let info = null;
  try {
    ({ pictures = {} } = await import(`/static/games/${encodeURIComponent(gameId)}/rules.js`));
    info = (await loadGames()).find((game) => game.id === gameId) ?? null;
  } catch {
    // no pictures for this game: the words stand alone
  }
  for (const figure of figures) {
    const draw = pictures[figure.dataset.picture];
    if (!draw) {
      figure.remove();
      continue;
    }
    figure.dataset.drawn = "yes";
    figure.prepend(draw(lang(), info));
  }
}

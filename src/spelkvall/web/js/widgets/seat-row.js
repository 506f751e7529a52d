// One seat of the new-game form (a fieldset "Spelare 2", with its team tag when the game
// plays in teams): who plays it (a person at this device, "Du" online, an invite, or a
// computer at a level), the person's name (a refused name is said at its field) and the
// colour, among those no other seat has.

import { colourName, swatch } from "../colours.js";
import { h } from "../dom.js";
import { pick, t } from "../i18n.js";
import { defaultLevel, levelsOf } from "../lobby-choices.js";

/** A select of `choices` ([value, text]) with `chosen` selected. */
function select(attrs, choices, chosen) {
  return h(
    "select",
    attrs,
    choices.map(([value, text]) => {
      const option = h("option", { value, text });
      option.selected = value === chosen;
      return option;
    }),
  );
}

/** Who plays the seat: online the first seat is "Du" and the others are invited; on one
 * device each is a person; either way a seat may be a computer. */
function kindField(i, seat, mode, redraw) {
  const kinds = [];
  if (mode === "online" && i === 0) {
    kinds.push(["human", t("web.lobby.kind.you")]);
  } else {
    kinds.push(mode === "online" ? ["open", t("web.lobby.kind.invite")] : ["human", t("web.lobby.kind.person")]);
    kinds.push(["bot", t("web.lobby.kind.computer")]);
  }
  if (!kinds.some(([value]) => value === seat.kind)) {
    seat.kind = kinds[0][0];
  }
  const onchange = (e) => {
    seat.kind = e.target.value;
    redraw();
  };
  const kindSelect = select({ name: `kind-${i}`, "aria-label": t("web.lobby.kind"), onchange }, kinds, seat.kind);
  return h("label", { class: "field" }, h("span", { text: t("web.lobby.kind") }), kindSelect);
}

function levelField(i, seat, game) {
  const levels = levelsOf(game);
  if (!levels.some((level) => level.id === seat.bot)) seat.bot = defaultLevel(game);
  const onchange = (e) => {
    seat.bot = e.target.value;
  };
  const choices = levels.map((level) => [level.id, pick(level.label)]);
  const levelSelect = select({ name: `level-${i}`, "aria-label": t("web.lobby.level"), onchange }, choices, seat.bot);
  return h("label", { class: "field" }, h("span", { text: t("web.lobby.level") }), levelSelect);
}

function nameField(i, seat, wrong, onName) {
  const input = h("input", {
    name: `name-${i}`,
    maxlength: 32,
    autocomplete: "off",
    placeholder: t("web.lobby.name_placeholder"),
    "aria-invalid": wrong ? "true" : null,
    "aria-describedby": wrong ? `name-error-${i}` : null,
    oninput: (e) => {
      seat.name = e.target.value;
      onName(e.target);
    },
  });
  input.value = seat.name;
  return h("label", { class: "field" }, h("span", { text: t("web.lobby.name") }), input);
}

function colourField(seat, game, taken, redraw) {
  const colours = h("div", { class: "colours", role: "radiogroup", "aria-label": t("web.lobby.colour") });
  for (const colour of game.colours) {
    const disabled = taken.has(colour);
    const button = h(
      "button",
      {
        type: "button",
        class: `colour-choice${seat.colour === colour ? " chosen" : ""}`,
        role: "radio",
        "aria-checked": seat.colour === colour ? "true" : "false",
        disabled,
        dataset: { colour },
        title: disabled ? t("web.lobby.colour_taken") : colourName(colour),
        onclick: () => {
          seat.colour = colour;
          redraw();
        },
      },
      swatch(colour, 20),
      h("span", { text: colourName(colour) }),
    );
    colours.append(button);
  }
  return h("div", { class: "field" }, h("span", { text: t("web.lobby.colour") }), colours);
}

/**
 * The seat's fieldset.
 * @param i      the seat's number (0, 1, …)
 * @param seat   the form's record of the seat ({name, colour, kind, bot}), changed in place
 * @param game   the game's /api/games entry
 * @param mode   "hotseat" or "online"
 * @param team   the seat's team (0, 1, …), or -1
 * @param taken  the colours other seats have
 * @param error  the text of a name refused at this seat, or null
 * @param redraw called after a change the whole form shows (kind, colour)
 * @param onName(input, row) called after the name was typed in
 */
export function seatRow({ i, seat, game, mode, team, taken, error, redraw, onName }) {
  const row = h("fieldset", { class: "seat", dataset: { seat: i } });
  row.append(
    h(
      "legend",
      {},
      t("web.lobby.player_n", { n: i + 1 }),
      team >= 0 ? h("span", { class: "tag team", text: t("web.lobby.team", { n: team + 1 }) }) : null,
    ),
  );
  row.append(kindField(i, seat, mode, redraw));
  if (seat.kind === "bot") row.append(levelField(i, seat, game));
  if (seat.kind === "open") {
    row.append(h("p", { class: "hint", text: t("web.lobby.open_seat_hint") }));
    return row;
  }
  if (seat.kind === "human") {
    const wrong = error !== null;
    row.append(nameField(i, seat, wrong, (input) => onName(input, row)));
    if (wrong) row.append(h("p", { class: "error field-error", id: `name-error-${i}`, role: "alert", text: error }));
  }
  row.append(colourField(seat, game, taken, redraw));
  return row;
}

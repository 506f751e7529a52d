// The invite page (#/join/TOKEN): see who is in and which colours are free, type a name, join.

import { api, errorText, saveToken } from "./api.js";
import { colourName, swatch } from "./colours.js";
import { h, mount } from "./dom.js";
import { pick, t } from "./i18n.js";
import { loadGames } from "./games.js";

export function showInvite({ app, where }) {
  const token = where.token;
  const card = h("section", { class: "card join" });
  mount(app, h("h1", { text: t("web.join.title") }), card);
  Promise.all([api("GET", `/api/invites/${encodeURIComponent(token)}`), loadGames()])
    .then(([invite, games]) => draw(card, token, invite, games))
    .catch((error) => mount(card, h("p", { class: "error", role: "alert", text: errorText(error) })));
  return null;
}

function draw(card, token, invite, games) {
  const game = games.find((g) => g.id === invite.game);
  let chosen = invite.free_colours[0] ?? null;
  const error = h("p", { class: "error", role: "alert" });
  const name = h("input", { name: "name", maxlength: 32, autocomplete: "off", placeholder: t("web.lobby.name_placeholder") });
  const colours = h("div", { class: "colours", role: "radiogroup", "aria-label": t("web.lobby.colour") });

  function drawColours() {
    const all = game?.colours ?? invite.free_colours;
    mount(
      colours,
      all.map((colour) => {
        const free = invite.free_colours.includes(colour);
        return h(
          "button",
          {
            type: "button",
            class: `colour-choice${chosen === colour ? " chosen" : ""}`,
            role: "radio",
            "aria-checked": chosen === colour ? "true" : "false",
            disabled: !free,
            title: free ? colourName(colour) : t("web.lobby.colour_taken"),
            dataset: { colour },
            onclick: () => {
              chosen = colour;
              drawColours();
            },
          },
          swatch(colour, 20),
          h("span", { text: colourName(colour) }),
        );
      }),
    );
  }

  async function join() {
    error.textContent = "";
    try {
      const joined = await api("POST", `/api/invites/${encodeURIComponent(token)}/join`, {
        name: name.value.trim(),
        colour: chosen,
      });
      saveToken(joined.match_id, joined.token);
      window.location.hash = `#/match/${encodeURIComponent(joined.match_id)}`;
    } catch (err) {
      error.textContent = errorText(err);
    }
  }

  drawColours();
  mount(
    card,
    h("p", { class: "lead", text: t("web.join.invited", { game: pick(game?.title) || invite.game, n: invite.seat + 1 }) }),
    h("h2", { text: t("web.join.players") }),
    h(
      "ul",
      { class: "seat-list" },
      invite.seats.map((seat) =>
        h(
          "li",
          { class: seat.seat === invite.seat ? "you" : "" },
          seat.colour ? swatch(seat.colour, 16) : null,
          h("span", {
            text:
              seat.seat === invite.seat
                ? t("web.join.your_seat")
                : seat.name ?? t("web.open.free_seat"),
          }),
          seat.bot ? h("span", { class: "hint", text: ` (${t("seat.bot")})` }) : null,
        ),
      ),
    ),
    h("label", { class: "field" }, h("span", { text: t("web.lobby.name") }), name),
    h("div", { class: "field" }, h("span", { text: t("web.join.free_colours") }), colours),
    error,
    h("button", { type: "button", class: "primary join-button", text: t("web.join.join"), onclick: join }),
  );
  name.addEventListener("keydown", (e) => {
    if (e.key === "Enter") join();
  });
}

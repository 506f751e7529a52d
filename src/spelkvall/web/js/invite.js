// The invite page (#/join/TOKEN): see who is in and which colours are free, type a name, join.
// An invite this browser already joined with leads back to the seat; one that leads nowhere
// says why (no such invite, used by somebody, the match called off) with the ways back.

import { api, errorText, joinedWith, saveToken } from "./api.js";
import { colourName, swatch } from "./colours.js";
import { h, mount } from "./dom.js";
import { pick, t } from "./i18n.js";
import { loadGames } from "./games.js";
import { problemPage } from "./problem.js";

export function showInvite({ app, where }) {
  const token = where.token;
  const back = joinedWith(token);
  if (back) {
    // This browser took the seat with this link before: straight back to it.
    window.location.replace(`/#/match/${encodeURIComponent(back)}`);
    return null;
  }
  const card = h("section", { class: "card join" });
  mount(app, h("h1", { text: t("web.join.title") }), card);
  Promise.all([api("GET", `/api/invites/${encodeURIComponent(token)}`), loadGames()])
    .then(([invite, games]) => draw(card, token, invite, games))
    .catch((error) => problem(app, error));
  return null;
}

/** Why an invite leads nowhere, with what can still be done. */
function problem(app, error) {
  const titles = {
    "error.invite_unknown": "web.join.unknown",
    "error.invite_used": "web.join.used",
    "error.match_cancelled": "web.join.cancelled",
  };
  const title = titles[error.key] ? t(titles[error.key]) : t("web.join.title");
  const watch =
    error.key === "error.invite_used" && error.params?.match_id
      ? h("a", { class: "button primary", href: `#/match/${encodeURIComponent(error.params.match_id)}`, text: t("web.join.watch") })
      : null;
  problemPage(app, title, errorText(error), ...(watch ? [watch] : []));
}

function draw(card, token, invite, games) {
  const game = games.find((g) => g.id === invite.game);
  let chosen = invite.free_colours[0] ?? null;
  const error = h("p", { class: "error", role: "alert" });
  const name = h("input", { name: "name", maxlength: 32, autocomplete: "off", placeholder: t("web.lobby.name_placeholder") });
  if (invite.name) name.value = invite.name; // the name the host gave the seat (may be changed)
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

  const nameError = h("p", { class: "error field-error", id: "join-name-error", role: "alert", hidden: true });
  let joining = false;

  function showNameError(text) {
    nameError.textContent = text;
    nameError.hidden = !text;
    if (text) {
      name.setAttribute("aria-invalid", "true");
      name.setAttribute("aria-describedby", "join-name-error");
      name.focus();
    } else {
      name.removeAttribute("aria-invalid");
      name.removeAttribute("aria-describedby");
    }
  }

  async function join() {
    if (joining) return;
    error.textContent = "";
    showNameError("");
    if (!name.value.trim()) {
      showNameError(t("error.name_empty"));
      return;
    }
    joining = true;
    try {
      const joined = await api("POST", `/api/invites/${encodeURIComponent(token)}/join`, {
        name: name.value.trim(),
        colour: chosen,
      });
      saveToken(joined.match_id, joined.token, { invite: token });
      window.location.hash = `#/match/${encodeURIComponent(joined.match_id)}`;
    } catch (err) {
      if (String(err.key ?? "").startsWith("error.name_")) showNameError(errorText(err));
      else if (["error.invite_used", "error.invite_unknown", "error.match_cancelled"].includes(err.key)) {
        problem(card.closest("main") ?? card, err);
      } else error.textContent = errorText(err);
    } finally {
      joining = false;
    }
  }
  name.addEventListener("input", () => showNameError(""));

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
    nameError,
    h("div", { class: "field" }, h("span", { text: t("web.join.free_colours") }), colours),
    error,
    h("button", { type: "button", class: "primary join-button", text: t("web.join.join"), onclick: join }),
  );
  name.addEventListener("keydown", (e) => {
    if (e.key === "Enter") join();
  });
}

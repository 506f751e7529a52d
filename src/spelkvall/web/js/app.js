// Entry point: language, header and a hash router (#/, #/match/ID, #/invite/TOKEN, #/highscore).
// Invite links may also arrive as a path (/invite/TOKEN) made by the server.

import { mount, h } from "./dom.js";
import { lang, onLangChange, savedLang, setLang, t } from "./i18n.js";
import { showLobby } from "./lobby.js";
import { showInvite } from "./invite.js";
import { showGame } from "./match-page.js";
import { showHighscore } from "./highscore.js";

const app = document.getElementById("app");
let leave = null; // cleanup of the current page (closes a WebSocket, timers)

function route() {
  const hash = window.location.hash.replace(/^#/, "") || "/";
  const [path, query = ""] = hash.split("?");
  const params = new URLSearchParams(query);
  const parts = path.split("/").filter(Boolean);
  const pathParts = window.location.pathname.split("/").filter(Boolean);
  if (parts.length === 0 && ["invite", "join"].includes(pathParts[0]) && pathParts[1]) {
    return { page: "invite", token: decodeURIComponent(pathParts[1]) };
  }
  if (parts[0] === "match" && parts[1]) {
    return { page: "match", id: decodeURIComponent(parts[1]), token: params.get("token") };
  }
  if ((parts[0] === "invite" || parts[0] === "join") && parts[1]) {
    return { page: "invite", token: decodeURIComponent(parts[1]) };
  }
  if (parts[0] === "highscore") return { page: "highscore", game: params.get("game") };
  return { page: "lobby" };
}

function render() {
  if (leave) leave();
  leave = null;
  const where = route();
  const ctx = { app, where };
  mount(app);
  app.dataset.page = where.page;
  if (where.page === "match") leave = showGame(ctx);
  else if (where.page === "invite") leave = showInvite(ctx);
  else if (where.page === "highscore") leave = showHighscore(ctx);
  else leave = showLobby(ctx);
}

function renderHeader() {
  document.getElementById("nav-play").textContent = t("web.nav.play");
  document.getElementById("nav-highscore").textContent = t("web.nav.highscore");
  const toggle = document.getElementById("lang-toggle");
  const other = lang() === "sv" ? "en" : "sv";
  toggle.textContent = other.toUpperCase();
  toggle.setAttribute("aria-label", t(`web.lang.switch_to_${other}`));
  toggle.title = t(`web.lang.switch_to_${other}`);
  document.title = t("web.title");
}

async function start() {
  try {
    await setLang(savedLang());
  } catch {
    await setLang("sv").catch(() => {});
  }
  renderHeader();
  onLangChange(() => {
    renderHeader();
    render();
  });
  document.getElementById("lang-toggle").addEventListener("click", () => {
    setLang(lang() === "sv" ? "en" : "sv");
  });
  window.addEventListener("hashchange", render);
  render();
}

start().catch((error) => mount(app, h("p", { class: "error", text: String(error) })));

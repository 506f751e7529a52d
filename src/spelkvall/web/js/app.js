// Entry point: language, header, the connection banner and a hash router (#/, #/match/ID,
// #/join/TOKEN, #/highscore, #/profile/NAME); anything else is a friendly "no such page" with
// a way back.
// Invite links may also arrive as a path (/invite/TOKEN or /join/TOKEN).

import { isConnected, onConnection, setConnected } from "./api.js";
import { setTitle, turnAlert } from "./alerts.js";
import { mount, h } from "./dom.js";
import { lang, onLangChange, savedLang, setLang, t } from "./i18n.js";
import { showLobby } from "./lobby.js";
import { showInvite } from "./invite.js";
import { showGame } from "./match-page.js";
import { showHighscore } from "./highscore.js";
import { showReplay } from "./replay.js";
import { showProfile } from "./profile.js";
import { problemPage } from "./problem.js";

const app = document.getElementById("app");
let leave = null; // cleanup of the current page (closes a WebSocket, timers)

// "No contact with the server — trying again": shown as soon as a call or the game's socket
// fails, gone by itself once the server answers again. While it is up, and every few seconds
// on a page without a socket, the server is asked whether it is there.
const banner = h("div", { class: "connection-banner", role: "status", "aria-live": "assertive", hidden: true });
document.querySelector("header.top")?.after(banner);
const HEALTH_MS = 1500;

function showConnection(connected) {
  banner.hidden = connected;
  banner.textContent = connected ? "" : t("web.connection.lost");
  document.body.classList.toggle("offline", !connected);
}

async function checkHealth() {
  try {
    const response = await fetch("/api/health", { cache: "no-store" });
    setConnected(response.ok);
  } catch {
    setConnected(false);
  }
}

setInterval(() => {
  // The game page's socket says at once when the server goes; elsewhere, and to see it come
  // back, ask. A hidden tab asks nothing.
  if (document.hidden) return;
  if (!isConnected() || app.dataset.page !== "match") checkHealth();
}, HEALTH_MS);

function route() {
  const hash = window.location.hash.replace(/^#/, "") || "/";
  const [path, query = ""] = hash.split("?");
  const params = new URLSearchParams(query);
  const parts = path.split("/").filter(Boolean);
  const pathParts = window.location.pathname.split("/").filter(Boolean);
  if (parts.length === 0 && ["invite", "join"].includes(pathParts[0]) && pathParts[1]) {
    return { page: "invite", token: decodeURIComponent(pathParts[1]) };
  }
  if (parts.length === 0 && pathParts.length) return { page: "notfound" };
  if (parts[0] === "match" && parts[1]) {
    return { page: "match", id: decodeURIComponent(parts[1]), token: params.get("token") };
  }
  if ((parts[0] === "invite" || parts[0] === "join") && parts[1]) {
    return { page: "invite", token: decodeURIComponent(parts[1]) };
  }
  // A replay: #/replay/ID (a stored match; ?step=N opens at that step), #/replay (open a file).
  if (parts[0] === "replay") {
    return { page: "replay", id: parts[1] ? decodeURIComponent(parts[1]) : null, step: params.get("step"), file: params.has("file") };
  }
  if (parts[0] === "highscore") {
    return { page: "highscore", game: params.get("game"), sort: params.get("sort"), period: params.get("period") };
  }
  if (parts[0] === "profile" && parts[1]) return { page: "profile", name: decodeURIComponent(parts[1]) };
  if (parts.length === 0) return { page: "lobby", mine: params.has("mine") };
  return { page: "notfound" };
}

function render() {
  if (leave) leave();
  leave = null;
  const where = route();
  const ctx = { app, where };
  mount(app);
  app.dataset.page = where.page;
  turnAlert(false);
  setTitle(t("web.title"));
  if (where.page === "match") leave = showGame(ctx);
  else if (where.page === "invite") leave = showInvite(ctx);
  else if (where.page === "highscore") leave = showHighscore(ctx);
  else if (where.page === "replay") leave = showReplay(ctx);
  else if (where.page === "profile") leave = showProfile(ctx);
  else if (where.page === "notfound") problemPage(app, t("web.problem.no_page"), t("web.problem.no_page_hint"));
  else leave = showLobby(ctx);
}

function renderHeader() {
  document.getElementById("nav-play").textContent = t("web.nav.play");
  document.getElementById("nav-highscore").textContent = t("web.nav.highscore");
  document.getElementById("nav-replay").textContent = t("web.nav.replay");
  const toggle = document.getElementById("lang-toggle");
  const other = lang() === "sv" ? "en" : "sv";
  toggle.textContent = other.toUpperCase();
  toggle.setAttribute("aria-label", t(`web.lang.switch_to_${other}`));
  toggle.title = t(`web.lang.switch_to_${other}`);
  setTitle(t("web.title"));
  showConnection(isConnected());
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
  onConnection(showConnection);
  window.addEventListener("hashchange", render);
  render();
}

start().catch((error) => mount(app, h("p", { class: "error", text: String(error) })));

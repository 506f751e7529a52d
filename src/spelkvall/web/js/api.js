// REST calls to the server (docs/api.md). Errors carry a translation key and params.

import { t } from "./i18n.js";

export class ApiError extends Error {
  constructor(status, body) {
    super(body?.message || `HTTP ${status}`);
    this.status = status;
    this.key = body?.error || null;
    this.params = body?.params || {};
  }
}

// Whether the server answers: the connection banner (app.js) listens. A failed call says the
// server is away; any answer says it is back.
const connectionListeners = new Set();
let serverAway = false;

export function onConnection(listener) {
  connectionListeners.add(listener);
  return () => connectionListeners.delete(listener);
}

/** Tell the page whether the server answers (`true`) or not (`false`). */
export function setConnected(connected) {
  if (serverAway === !connected) return;
  serverAway = !connected;
  for (const listener of connectionListeners) listener(connected);
}

export function isConnected() {
  return !serverAway;
}

/** Call the server; `body` is sent as JSON (`raw`: it is JSON text already, e.g. a file). */
export async function api(method, path, body, { raw = false } = {}) {
  let response;
  try {
    response = await fetch(path, {
      method,
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined || raw ? body : JSON.stringify(body),
    });
  } catch {
    setConnected(false);
    throw new ApiError(0, { error: "web.error.network" });
  }
  setConnected(true);
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) throw new ApiError(response.status, data || {});
  return data;
}

/** The text to show for a failed call or a rejected message. */
export function errorText(error) {
  const key = error?.key || error?.error;
  if (key) {
    const text = t(key, error.params || {});
    if (text !== key) return text;
  }
  return error?.message || t("web.error.unknown");
}

// Seat tokens are secrets kept on this device only. Every match this browser holds a token
// for is in "Mina spel" (`spelkvall.mine`: newest first), so a closed tab loses no seat.
const MINE = "spelkvall.mine";
const MAX_MINE = 100; // the server answers for at most this many at once

export function saveToken(matchId, token, extra = {}) {
  localStorage.setItem(`spelkvall.token.${matchId}`, token);
  const rest = myMatches().filter((entry) => entry.match_id !== matchId);
  const entry = { match_id: matchId, token, added: Date.now(), ...extra };
  localStorage.setItem(MINE, JSON.stringify([entry, ...rest].slice(0, MAX_MINE)));
}

export function loadToken(matchId) {
  return localStorage.getItem(`spelkvall.token.${matchId}`);
}

/** The matches this browser holds a token for: [{match_id, token, added, invite?}…]. */
export function myMatches() {
  try {
    const list = JSON.parse(localStorage.getItem(MINE) || "[]");
    return Array.isArray(list) ? list.filter((entry) => entry?.match_id && entry?.token) : [];
  } catch {
    return [];
  }
}

/** Take a match off "Mina spel" (the token stays, so the match page still knows the seat). */
export function forgetMatch(matchId) {
  const rest = myMatches().filter((entry) => entry.match_id !== matchId);
  localStorage.setItem(MINE, JSON.stringify(rest));
}

/** The match this browser joined with an invite token, if it did. */
export function joinedWith(inviteToken) {
  return myMatches().find((entry) => entry.invite === inviteToken)?.match_id ?? null;
}

// Where friends reach this server (GET /api/server): invite links are built from it.
let serverPromise = null;

export function serverInfo() {
  if (!serverPromise) {
    serverPromise = api("GET", "/api/server").catch(() => {
      serverPromise = null;
      return { public_url: null, loopback_only: false };
    });
  }
  return serverPromise;
}

/** The loopback names: a page opened on one of them is on the server's own computer. */
export function onLoopback() {
  const host = window.location.hostname;
  return host === "localhost" || host === "[::1]" || host === "::1" || host.startsWith("127.");
}

export function saveInvites(matchId, invites) {
  localStorage.setItem(`spelkvall.invites.${matchId}`, JSON.stringify(invites));
}

export function loadInvites(matchId) {
  try {
    return JSON.parse(localStorage.getItem(`spelkvall.invites.${matchId}`) || "[]");
  } catch {
    return [];
  }
}

/** A link (an invite, a seat) made absolute for copying: on the server's public address
 * when it has one (`base`, from serverInfo()), else on this page's own. */
export function absoluteUrl(url, base = null) {
  if (base) return `${base}${url.startsWith("/") ? "" : "/"}${url}`; // keeps a proxy's path
  return new URL(url, window.location.origin).href;
}

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

export async function api(method, path, body) {
  let response;
  try {
    response = await fetch(path, {
      method,
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, { error: "web.error.network" });
  }
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

// Seat tokens are secrets kept on this device only.
export function saveToken(matchId, token) {
  localStorage.setItem(`spelkvall.token.${matchId}`, token);
}

export function loadToken(matchId) {
  return localStorage.getItem(`spelkvall.token.${matchId}`);
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

/** An invite URL from the server made absolute for copying. */
export function absoluteUrl(url) {
  return new URL(url, window.location.origin).href;
}

// The client side of the one translation table: every string comes from GET /api/i18n/{lang}.

const STORAGE_KEY = "spelkvall.lang";
export const LANGUAGES = ["sv", "en"];
let table = {};
let current = "sv";
const listeners = new Set();

export function lang() {
  return current;
}

/** The remembered language, Swedish unless the user chose English before. */
export function savedLang() {
  const saved = localStorage.getItem(STORAGE_KEY);
  return LANGUAGES.includes(saved) ? saved : "sv";
}

export async function setLang(code) {
  const response = await fetch(`/api/i18n/${encodeURIComponent(code)}`);
  if (!response.ok) throw new Error(`i18n ${code}: ${response.status}`);
  table = await response.json();
  current = code;
  localStorage.setItem(STORAGE_KEY, code);
  document.documentElement.lang = code;
  for (const listener of listeners) listener(code);
}

export function onLangChange(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** t("web.game.die_shows", {value: 6}); unknown keys show as the key. */
export function t(key, params = {}) {
  const text = Object.prototype.hasOwnProperty.call(table, key) ? table[key] : key;
  return text.replace(/\{(\w+)\}/g, (whole, name) =>
    Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole,
  );
}

/** A {sv, en} object in the current language. */
export function pick(texts) {
  if (texts === null || texts === undefined) return "";
  if (typeof texts === "string") return texts;
  return texts[current] ?? texts.sv ?? Object.values(texts)[0] ?? "";
}

/** "Micael" → "Micaels" (sv) / "Micael's" (en), as spelkvall.core.i18n.possessive. */
export function possessive(name) {
  if (current === "sv") return /[sxz]$/i.test(name) ? name : `${name}s`;
  return name.endsWith("s") ? `${name}'` : `${name}'s`;
}

// Turn alerts: when it becomes this device's turn, the tab's title and icon say so (seen in a
// background tab too), a short sound plays if the player switched sound on, and a browser
// notification comes if the player allowed them and is looking elsewhere. Both choices are
// remembered on this device.

import { t } from "./i18n.js";

const SOUND = "spelkvall.alerts.sound";
const NOTIFY = "spelkvall.alerts.notify";

// A plain die face as the tab icon; with a red dot when it is your turn.
function icon(dot) {
  const svg =
    "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'>" +
    "<rect x='3' y='3' width='26' height='26' rx='6' fill='#fffdf8' stroke='#1b1b1b' stroke-width='2.5'/>" +
    "<circle cx='11' cy='11' r='2.6' fill='#1b1b1b'/><circle cx='21' cy='21' r='2.6' fill='#1b1b1b'/>" +
    (dot ? "<circle cx='24' cy='8' r='7.5' fill='#d62828' stroke='#fff' stroke-width='2'/>" : "") +
    "</svg>";
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

function setIcon(dot) {
  let link = document.querySelector("link[rel='icon']");
  if (!link) {
    link = Object.assign(document.createElement("link"), { rel: "icon" });
    document.head.append(link);
  }
  link.href = icon(dot);
  link.dataset.turn = dot ? "yes" : "no";
}

export function soundOn() {
  return localStorage.getItem(SOUND) === "on";
}

export function setSound(on) {
  localStorage.setItem(SOUND, on ? "on" : "off");
  if (on) beep(); // the click lets the browser play sound, and the player hears what it is
}

export function notificationsOn() {
  return localStorage.getItem(NOTIFY) === "on" && "Notification" in window && Notification.permission === "granted";
}

/** Ask the browser for permission (a click of the player's); resolves to whether they are on. */
export async function setNotifications(on) {
  if (!on || !("Notification" in window)) {
    localStorage.setItem(NOTIFY, "off");
    return false;
  }
  const permission = Notification.permission === "default" ? await Notification.requestPermission() : Notification.permission;
  localStorage.setItem(NOTIFY, permission === "granted" ? "on" : "off");
  return permission === "granted";
}

export function notificationsPossible() {
  return "Notification" in window && Notification.permission !== "denied";
}

let audio = null;

function beep() {
  try {
    audio ??= new AudioContext();
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.type = "sine";
    osc.frequency.value = 880;
    gain.gain.setValueAtTime(0.0001, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.2, audio.currentTime + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.35);
    osc.connect(gain).connect(audio.destination);
    osc.start();
    osc.stop(audio.currentTime + 0.4);
  } catch {
    // no sound on this device: the title and icon still tell
  }
}

let turnKey = null; // what the alert is for ("match:version"), so one turn alerts once
let baseTitle = "";

/** The page's own title, shown when it is nobody's turn here. */
export function setTitle(title) {
  baseTitle = title;
  if (!turnKey) document.title = title;
}

/**
 * It is (or is not) this device's turn. `key` names the turn (a new key alerts anew); `text`
 * is what the notification says.
 */
export function turnAlert(on, key = null, text = "") {
  if (!on) {
    if (turnKey !== null) {
      turnKey = null;
      document.title = baseTitle;
      setIcon(false);
    }
    return;
  }
  const fresh = turnKey !== key;
  turnKey = key;
  document.title = `▶ ${t("web.alerts.title")} – ${baseTitle}`;
  setIcon(true);
  if (!fresh) return;
  if (soundOn()) beep();
  if (document.hidden && notificationsOn()) {
    try {
      const note = new Notification(t("web.alerts.title"), { body: text, tag: "spelkvall-turn" });
      note.onclick = () => window.focus();
    } catch {
      // some browsers allow notifications only from a service worker: the title still tells
    }
  }
}

setIcon(false);

// "Den här enheten", folded under the player list of a seat this browser holds: a sound and
// a notification when it becomes this device's turn, and the link that continues the seat on
// another device (it carries the seat's token). Built once per match and language, so a
// state arriving does not close it or undo a half-made choice.

import { notificationsOn, notificationsPossible, setNotifications, setSound, soundOn } from "../alerts.js";
import { h, mount } from "../dom.js";
import { t } from "../i18n.js";
import { copyRow } from "./copy-link.js";

export class DeviceBox {
  constructor() {
    this.root = h("details", { class: "more-box" });
  }

  /**
   * @param key  what the box is built for (match and language): built anew when it changes
   * @param show whether this browser holds a seat here
   * @param link() → the address that opens the seat on another device
   */
  render({ key, show, link }) {
    const box = this.root;
    if (box.dataset.built === key) {
      box.hidden = !show;
      return;
    }
    box.dataset.built = key;
    box.hidden = !show;
    const sound = h("input", { type: "checkbox", name: "alert-sound", onchange: (e) => setSound(e.target.checked) });
    sound.checked = soundOn();
    const notify = h("input", {
      type: "checkbox",
      name: "alert-notify",
      disabled: !notificationsPossible(),
      onchange: async (e) => {
        e.target.checked = await setNotifications(e.target.checked);
      },
    });
    notify.checked = notificationsOn();
    mount(
      box,
      h("summary", { text: t("web.device.title") }),
      h("label", { class: "check" }, sound, h("span", { text: t("web.alerts.sound") })),
      h("label", { class: "check" }, notify, h("span", { text: t("web.alerts.notify") })),
      h("h3", { text: t("web.device.other") }),
      h("p", { class: "hint", text: t("web.device.other_hint") }),
      copyRow(link(), { class: "device-link", "aria-label": t("web.device.link") }),
    );
  }
}

// A link to pass on, in a read-only field with a Copy button beside it (an invite, this seat
// on another device). Where the clipboard is not allowed (a page not served over https) the
// button selects the link for the browser's own copy instead; either way it says "Kopierad".

import { h } from "../dom.js";
import { t } from "../i18n.js";

/** A `div.copy-row`: the field showing `url` (`attrs`: its class and accessible name) and
 * the Copy button. */
export function copyRow(url, attrs) {
  const input = h("input", { readonly: true, value: url, ...attrs });
  const copy = h("button", {
    type: "button",
    class: "copy",
    text: t("web.invite.copy"),
    onclick: async () => {
      try {
        await navigator.clipboard.writeText(url);
      } catch {
        input.select();
        document.execCommand?.("copy");
      }
      copy.textContent = t("web.invite.copied");
    },
  });
  return h("div", { class: "copy-row" }, input, copy);
}

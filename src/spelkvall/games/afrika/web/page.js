// Afrikas stjärna on the match page: the map, the die, the actions, each player's money and
// finds, the token just opened, what is left in the bag. The game's page module (/api/games →
// page; the interface: the shared match-page.js). Moves are chosen mainly by clicking a ring on
// the map (a place to walk to, a port to sail to, an airport to fly to); the list of actions
// below the die is the fallback and the keyboard's way.

import { h, mount } from "/static/js/dom.js";
import { t } from "/static/js/i18n.js";
import { Die } from "/static/js/widgets/die.js";
import { MoveList } from "/static/js/widgets/moves.js";
import { AfrikaMap, TOKEN_LOOK, whereText } from "./board.js";

const REVEAL_MS = 4000; // how long the token just opened is shown on the map…
const REVEAL_NEXT_MS = 2200; // …or, when another is waiting, before the next one
const REVEAL_QUEUE = 3; // at most this many wait (computers can open tokens fast)

/** The node an action leads to on the map, or null (walk, buy, roll…). */
function targetOf(action) {
  return action?.to ?? action?.at ?? null;
}

function same(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

export default class AfrikaPage {
  constructor(page, gameInfo) {
    this.page = page;
    this.layout = gameInfo.layout;
    this.lastRoll = null;
    this.map = new AfrikaMap(this.layout, { onTarget: (node) => this.clickTarget(node) });
    this.dieWidget = new Die({ onRoll: () => this.roll() });
    this.die = this.dieWidget.button;
    this.hint = h("p", { class: "die-hint afrika-hint" });
    this.moveList = new MoveList({ onChoose: (entry) => this.choose(entry.action) });
    this.moves = this.moveList.root;
    this.revealBox = h("div", { class: "afrika-reveal", hidden: true, role: "status", "aria-live": "polite" });
    this.facts = h("section", { class: "afrika-facts card", "aria-label": t("afrika.web.facts") });
    this.legend = h("p", { class: "afrika-legend hint", text: t("afrika.web.legend") });
    // Escape puts the tokens being shown away (the focus stays on the player's next choice).
    this.onKey = (event) => {
      if (event.key === "Escape" && this.revealShowing) this.closeReveal();
    };
  }

  get state() {
    return this.page.state;
  }

  mount({ board, controls, extra, error }) {
    board.classList.add("afrika-board-wrap");
    board.append(this.map.svg, this.revealBox, this.legend);
    controls.append(this.die, h("div", { class: "control-text" }, this.hint, this.moves, error));
    extra.append(this.facts);
    document.addEventListener("keydown", this.onKey);
  }

  stop() {
    this.dieWidget.stop();
    this.map.stop();
    clearTimeout(this.revealTimer);
    document.removeEventListener("keydown", this.onKey);
  }

  onError() {
    this.dieWidget.settle();
    if (this.state?.view) this.renderControls([]);
  }

  renderWaiting() {
    this.dieWidget.setReady(false);
    this.moveList.clear?.();
    this.hint.textContent = "";
  }

  /** A hazard, a robbery, a strand: its own line in bold red; the star and a win in bold. Only
   * the line of that event (those end in "!"), not the entry's other lines. */
  logClass(event, line) {
    if (!/!$/.test(line)) return null;
    if (["stranded", "captured", "robbed", "enslaved"].includes(event.type)) return "knock";
    if (["star", "won", "instant_win"].includes(event.type)) return "star";
    return null;
  }

  /** A player's line: money, finds and status, in words and signs (no colour needed). */
  playerInfo(seat) {
    const player = this.state.view?.players?.[seat];
    if (!player) return null;
    const parts = [`£${player.money}`];
    if (player.star) parts.push(t("afrika.web.has_star"));
    if (player.horseshoes) parts.push(t("afrika.web.has_horseshoes", { n: player.horseshoes }));
    if (player.at_sea) parts.push(t("afrika.web.at_sea", { place: whereText(this.layout, player.at_sea.to), left: player.at_sea.steps - player.at_sea.done }));
    if (player.captured) parts.push(t("afrika.web.captured"));
    if (player.slave_turns) parts.push(t("afrika.web.slave", { n: player.slave_turns }));
    if (player.stranded) parts.push(t("afrika.web.stranded"));
    return parts.join(" · ");
  }

  /** What the player to act is doing now, for the banner's second line. */
  doing() {
    const view = this.state.view;
    switch (view?.phase) {
      case "order":
        return t("afrika.web.ordering");
      case "start":
        return t("afrika.web.choose_start");
      case "roll":
        return t(`afrika.web.roll_for.${view.rolling_for}`);
      case "step":
        return t("afrika.web.choose_stop", { value: view.die });
      case "buy":
        return t("afrika.web.buy_question");
      case "turn":
        return t("afrika.web.choose_action");
      default:
        return "";
    }
  }

  bannerParts() {
    const st = this.state;
    const view = st.view;
    if (view?.phase === "order") {
      const seat = st.roll_seat;
      const parts = [t("afrika.web.ordering")];
      if (seat !== null && seat !== undefined) parts.push(" ", this.page.seatLabel(seat), " ", t("afrika.web.rolls"));
      return { parts, who: seat ?? null, rules: "setup" };
    }
    const seat = st.to_act?.[0] ?? st.roll_seat ?? view?.current;
    if (seat === null || seat === undefined) return { parts: [], who: null };
    return { parts: this.page.turnParts(seat, this.doing()), who: seat, rules: this.rulesSection() };
  }

  /** The part of the rules ({#id} in afrika.rules) that covers what is asked now. */
  rulesSection() {
    const view = this.state.view;
    if (view?.phase === "start" || view?.phase === "order") return "setup";
    if (view?.phase === "buy") return "tokens";
    if (view?.phase === "roll") return { token: "tokens", escape: "places", order: "setup" }[view.rolling_for] ?? "turn";
    return view?.phase === "step" || view?.phase === "turn" ? "turn" : null;
  }

  /** The seat this device acts for now with its legal actions (labelled by the server). */
  mine() {
    return this.page.myTurn();
  }

  canRoll() {
    const st = this.state;
    return st.status === "playing" && st.roll_seat !== null && st.roll_seat !== undefined && st.you.includes(st.roll_seat);
  }

  actionLabel(action) {
    const entry = (this.mine()?.legal ?? []).find((e) => same(e.action, action));
    return entry ? entry.label?.[document.documentElement.lang] ?? entry.label?.sv ?? null : null;
  }

  label(entry) {
    const lang = document.documentElement.lang || "sv";
    return entry.label?.[lang] ?? entry.label?.sv ?? entry.action.type;
  }

  render({ events, whole }) {
    const st = this.state;
    const view = st.view;
    for (const entry of this.page.log) {
      for (const event of entry.events ?? []) {
        if (event.type === "rolled" || event.type === "order_roll") this.lastRoll = event;
      }
    }
    const mine = this.mine();
    const targets = [];
    const preview = new Map();
    if (mine) {
      const from = view.players[mine.seat]?.at;
      for (const entry of mine.legal) {
        const node = targetOf(entry.action);
        if (!node) continue;
        const kind = entry.action.type;
        targets.push({ node, kind, label: this.label(entry) });
        if (preview.has(node)) continue;
        if (kind === "go") {
          const move = view.moves.find((m) => m.to === node && m.route === entry.action.route);
          if (move) preview.set(node, [from, ...move.path]);
        } else if (kind === "sail" || kind === "sail_free") {
          const leg = view.sea_legs.find((l) => l.to === node);
          if (leg) preview.set(node, [from, ...leg.path]);
        } else if (kind === "fly") {
          preview.set(node, [from, node]);
        }
      }
    }
    this.map.update(view, {
      seats: st.seats,
      targets,
      preview,
      current: view.current,
      events: whole ? [] : events,
    });
    this.map.svg.setAttribute("aria-label", t("afrika.web.map"));
    if (!whole) this.showReveal(events);
    this.renderControls(events);
    this.renderFacts();
  }

  /** The tokens just opened, big on the map one after the other for a few seconds each:
   * what it is and what it did. */
  showReveal(events) {
    const names = this.page.names();
    let current = null;
    for (const event of events) {
      if (event.type === "revealed") {
        current = { event, effects: [] };
        this.revealQueue = [...(this.revealQueue ?? []), current].slice(-REVEAL_QUEUE);
        continue;
      }
      if (!current || event.seat !== current.event.seat) continue;
      if (event.type === "gem") current.effects.push(t("afrika.web.gem_paid", { amount: event.amount }));
      if (event.type === "robbed") current.effects.push(t("afrika.web.robbed"));
      if (event.type === "enslaved") current.effects.push(t("afrika.web.enslaved"));
      if (event.type === "horseshoe") current.effects.push(t(event.valid ? "afrika.web.shoe_valid" : "afrika.web.shoe_spent"));
      if (event.type === "star") current.effects.push(t("afrika.web.star_found"));
    }
    if (!this.revealShowing) this.nextReveal(names);
  }

  /** Put away the token shown and those waiting. */
  closeReveal() {
    clearTimeout(this.revealTimer);
    this.revealQueue = [];
    this.nextReveal();
  }

  nextReveal(names = this.page.names()) {
    const item = this.revealQueue?.shift();
    if (!item) {
      this.revealShowing = false;
      this.revealBox.hidden = true;
      return;
    }
    this.revealShowing = true;
    const { event, effects } = item;
    const look = TOKEN_LOOK[event.token] ?? TOKEN_LOOK.closed;
    let sign = look.sign;
    if (this.state.view.gem_values?.[event.token]) sign = String(this.state.view.gem_values[event.token]);
    mount(
      this.revealBox,
      h("span", {
        class: `reveal-token token-${event.token}${sign.length > 3 ? " long" : ""}`,
        style: { background: look.fill, color: look.ink },
        text: sign,
      }),
      h(
        "span",
        { class: "reveal-text" },
        h("strong", { text: t(`afrika.token.${event.token}`) }),
        h("span", { text: t("afrika.web.found_by", { name: names[event.seat], place: whereText(this.layout, event.place) }) }),
        effects.length ? h("span", { class: "reveal-effect", text: effects.join(" ") }) : null,
      ),
    );
    this.revealBox.dataset.token = event.token;
    this.revealBox.hidden = false;
    clearTimeout(this.revealTimer);
    this.revealTimer = setTimeout(() => this.nextReveal(), this.revealQueue.length ? REVEAL_NEXT_MS : REVEAL_MS);
  }

  renderControls(events) {
    const st = this.state;
    const view = st.view;
    const canRoll = this.canRoll();
    this.dieWidget.setReady(canRoll);
    const rolledNow = events.filter((e) => e.type === "rolled" || e.type === "order_roll");
    if (rolledNow.length) this.dieWidget.show(rolledNow[rolledNow.length - 1].value);
    else this.dieWidget.rest(this.lastRoll?.value ?? null);
    const names = this.page.names();
    const mine = this.mine();
    if (canRoll) {
      const purpose = view.phase === "order" ? "order" : view.rolling_for;
      this.hint.textContent = t(`afrika.web.click_die.${purpose}`, { name: names[st.roll_seat] });
    } else if (mine) {
      this.hint.textContent = view.phase === "step" ? t("afrika.web.click_ring", { value: view.die }) : this.doing();
    } else if (this.lastRoll) {
      this.hint.textContent = t("web.game.last_roll", { name: names[this.lastRoll.seat], value: this.lastRoll.value });
    } else this.hint.textContent = "";
    this.moveList.render(
      (mine?.legal ?? []).map((entry) => ({
        action: entry.action,
        label: this.label(entry),
        kind: entry.action.type === "go" ? "go" : "",
        data: { to: targetOf(entry.action) ?? "" },
      })),
      { title: mine && view.phase === "step" ? t("afrika.web.or_list") : "" },
    );
    // The keyboard goes where the player is: to the actions, or to the die. Again within a
    // position when the focus fell to the page (the game page was just opened).
    const again = document.activeElement === document.body;
    if (mine) this.page.keepFocus(this.moveList.target?.() ?? this.moves.querySelector("button"), { again });
    else if (canRoll) this.page.keepFocus(this.die, { again });
  }

  renderFacts() {
    const view = this.state.view;
    const left = Object.entries(view.tokens_left)
      .filter(([, n]) => n > 0)
      .map(([kind, n]) => {
        const look = TOKEN_LOOK[kind];
        let sign = look.sign;
        if (view.gem_values?.[kind]) sign = String(view.gem_values[kind]);
        return h(
          "li",
          { dataset: { token: kind } },
          h("span", { class: "mini-token", style: { background: look.fill, color: look.ink }, text: sign }),
          h("span", { text: `${t(`afrika.token.${kind}`)} × ${n}` }),
        );
      });
    mount(
      this.facts,
      h("h2", { text: t("afrika.web.facts") }),
      h("p", { text: t("afrika.web.unopened", { n: view.unopened }) }),
      h("ul", { class: "tokens-left" }, left),
      h("p", { class: "star-status", text: view.star_found ? t("afrika.web.star_is_found", { n: view.horseshoes_opened }) : t("afrika.web.star_not_found", { n: view.horseshoes_opened }) }),
      h("p", { class: "bonus-status", text: view.capetown_bonus === "waiting" ? t("afrika.web.bonus_waiting") : t("afrika.web.bonus_taken") }),
    );
  }

  choose(action) {
    const mine = this.mine();
    if (mine) this.page.act(mine.seat, action);
  }

  roll() {
    if (!this.canRoll()) return;
    // One click, one roll: a double click must not send a second (stale) roll.
    if (this.page.send({ type: "roll", version: this.state.version })) this.dieWidget.start();
  }

  /** A ring on the map: its one action, or, when several lead there (two routes), the list's
   * buttons for them are pointed at. */
  clickTarget(node) {
    const mine = this.mine();
    if (!mine) {
      this.page.say(this.canRoll() ? t("web.game.roll_first") : t("web.game.not_your_turn_piece"));
      return;
    }
    const candidates = mine.legal.filter((entry) => targetOf(entry.action) === node);
    if (candidates.length === 1) {
      this.choose(candidates[0].action);
      return;
    }
    if (!candidates.length) return;
    this.page.say(t("afrika.web.choose_route"));
    const wanted = new Set(candidates.map((entry) => JSON.stringify(entry.action)));
    let first = null;
    for (const button of this.moves.querySelectorAll("button.move")) {
      const entry = mine.legal[Number(button.dataset.index)];
      const offered = entry && wanted.has(JSON.stringify(entry.action));
      button.classList.toggle("offered", offered);
      if (offered && !first) first = button;
    }
    first?.focus();
  }
}

// Omringad on the match page: the board (board.js), the phase and whose turn, gold and points,
// and the controls of each phase. Squares are chosen on the board (click, or Tab and Enter);
// the other choices are buttons: a tile or unit kind before its square, the units of a group
// ("+ Riders"), the path square by square, "Move here"; the auction's bid; the battle's dice,
// hits to assign, targets and the Diplomat. View and action JSON: the game's README.

import { h, mount } from "/static/js/dom.js";
import { pick, t } from "/static/js/i18n.js";
import { MoveList } from "/static/js/widgets/moves.js";
import { scoreLine } from "/static/js/widgets/scores.js";
import { OmringadBoard, squareName } from "./board.js";

const SQUARE_TYPES = new Set(["tile", "recruit", "place", "place_special", "select", "step", "battle"]);
const KIND_FIRST = { tile: "tile", recruit: "unit", place: "unit" };

// The part of the rules ({#id} in omringad.rules) each phase's banner links to.
const PHASE_RULES = {
  terrain: "terrain",
  setup: "setup",
  initiative: "round",
  auction: "auction",
  purchase: "auction",
  movement: "movement",
  combat: "battle",
  reinforcement: "reinforcements",
  income: "round",
  scoring: "goal",
};

function unitName(unit) {
  return t(`omringad.unit.${unit}`);
}

export default class OmringadPage {
  constructor(page, gameInfo) {
    this.page = page;
    // The units in the game's order, from its layout (board.py), for the legend.
    this.units = (gameInfo?.layout?.units ?? []).map((unit) => unit.id);
    this.board = new OmringadBoard({ onSquare: (sq) => this.clickSquare(sq), onLook: (sq) => this.look(sq) });
    this.status = h("p", { class: "omr-status", role: "status" });
    this.hint = h("p", { class: "omr-hint" });
    this.panel = h("div", { class: "omr-panel" });
    this.moves = new MoveList({ onChoose: (entry) => this.send(entry.action), minToGroup: 12 });
    this.scores = h("div", { class: "omr-scores" });
    this.details = h("div", { class: "omr-details", "aria-live": "polite" });
    this.kind = null; // the tile or unit kind chosen before its square
    this.looked = null; // the square whose details are shown
    this.version = null;
    // A phone turned (or a window narrowed) lays the sphere's countries out again.
    this.onResize = () => {
      if (this.state?.view && this.board.players === 2 && this.board.narrow() !== this.board.vertical) this.render({});
    };
    window.addEventListener("resize", this.onResize);
  }

  stop() {
    window.removeEventListener("resize", this.onResize);
  }

  get state() {
    return this.page.state;
  }

  mount({ board, controls, extra, error }) {
    board.append(this.board.svg);
    controls.append(h("div", { class: "omr-controls" }, this.status, this.hint, this.panel, this.moves.root, error));
    extra.append(this.scores, this.details);
  }

  onError() {
    this.kind = null;
    if (this.state?.view) this.render({});
  }

  legal() {
    return this.page.myTurn()?.legal ?? [];
  }

  send(action) {
    const turn = this.page.myTurn();
    if (turn) this.page.act(turn.seat, action);
  }

  teams() {
    return this.state?.view?.teams ?? null;
  }

  playerInfo(seat) {
    const view = this.state?.view;
    if (!view) return null;
    // Gold, points and squares have their own score lines; here only what they do not say.
    const parts = [];
    if (view.holder === seat) parts.push(t("omringad.web.initiative"));
    if (view.ready && view.ready[seat]) parts.push(t("omringad.web.ready"));
    return parts.length ? parts.join(" · ") : null;
  }

  bannerParts() {
    const st = this.state;
    const view = st?.view;
    if (!view) return null;
    const phase = t(`omringad.phase.${view.phase}`);
    const key = `omringad.web.ask.${view.phase}`;
    const ask = t(key) === key ? phase : t("omringad.web.phase_ask", { phase, ask: t(key) });
    const rules = PHASE_RULES[view.phase] ?? null;
    if (view.turn === null || view.turn === undefined) {
      const parts = [h("span", { class: "who-name", text: t("omringad.web.phase_banner", { phase }) })];
      // The phase is named above: the line under it says only what is asked.
      const alone = t(key) === key ? "" : t(key);
      if (alone) parts.push(h("span", { class: "banner-sub", text: alone[0].toUpperCase() + alone.slice(1) }));
      return { parts, who: st.viewer ?? null, rules };
    }
    return { parts: this.page.turnParts(view.turn, ask), who: view.turn, rules };
  }

  lang() {
    return document.documentElement.lang === "en" ? "en" : "sv";
  }

  entry(e) {
    return { action: e.action, label: pick(e.label), data: { square: e.action.square ?? "", unit: e.action.unit ?? e.action.tile ?? "" } };
  }

  render({ concealed = false } = {}) {
    const st = this.state;
    const view = st.view;
    if (!view) return;
    if (this.version !== st.version) {
      this.version = st.version;
      const legal = this.legal();
      const first = KIND_FIRST[legal.find((e) => KIND_FIRST[e.action.type])?.action.type];
      const kinds = first ? [...new Set(legal.filter((e) => e.action[first] !== undefined).map((e) => e.action[first]))] : [];
      if (!kinds.includes(this.kind)) this.kind = kinds.length ? kinds[0] : null;
    }
    const legal = concealed ? [] : this.legal();
    const squares = this.squareActions(legal);
    const move = view.move;
    this.board.update(view, {
      seats: st.seats,
      clickable: new Set(squares.keys()),
      src: move ? move.from : null,
      path: move ? move.path : [],
      battle: view.battle ? view.battle.square : null,
      chosen: this.looked,
    });
    this.board.svg.setAttribute("aria-label", t("web.game.board"));
    this.renderStatus(view);
    this.renderPanel(view, legal, concealed);
    const rest = legal.filter((e) => !SQUARE_TYPES.has(e.action.type) && !["bid", "sealed"].includes(e.action.type) && !KIND_FIRST[e.action.type]);
    this.moves.render(rest.map((e) => this.entry(e)), { groupBy: "unit" });
    this.renderScores(view);
    this.renderDetails(view);
    this.renderHint(view, legal, squares, concealed);
    // Keyboard: where a square is the choice, the focus goes to the board (the first square
    // offered); otherwise to the first control of the phase or the first move. In an auction
    // that is the Bid button, so that Enter plays at once (the lowest raise, filled in); the
    // amount field is one Shift+Tab before it.
    const squareFirst = squares.size > 0 && !legal.some((e) => e.action.type === "take");
    const cell = this.board.svg.querySelector(".cell.clickable");
    const control = this.panel.querySelector("button.bid") ?? this.moves.target() ?? this.panel.querySelector("button:not([disabled])");
    const focus = squareFirst ? cell : control ?? cell;
    if (!focus) return;
    this.page.keepFocus(focus);
    // What the match page draws after the game (a guide's bubble that closes as the others
    // move) can take the focus away with it: once all is drawn, give it back if it fell to
    // the page itself, so that the keyboard stays where the player is.
    requestAnimationFrame(() => {
      if (document.activeElement === document.body) this.page.keepFocus(focus, { again: true });
    });
  }

  /** Map square → legal entry for the actions chosen by clicking a square. */
  squareActions(legal) {
    const out = new Map();
    for (const e of legal) {
      const type = e.action.type;
      if (!SQUARE_TYPES.has(type)) continue;
      const field = KIND_FIRST[type];
      if (field && e.action[field] !== this.kind) continue;
      out.set(e.action.square, e);
    }
    return out;
  }

  clickSquare(sq) {
    this.looked = sq;
    const entry = this.squareActions(this.legal()).get(sq);
    if (entry) {
      this.send(entry.action);
      return;
    }
    this.render({});
  }

  look(sq) {
    if (this.looked === sq) return;
    this.looked = sq;
    if (this.state?.view) this.renderDetails(this.state.view);
  }

  renderStatus(view) {
    const phase = t(`omringad.phase.${view.phase}`);
    const holder = view.holder !== null ? this.page.names()[view.holder] : "–";
    mount(
      this.status,
      h("span", { class: "omr-round", text: t("omringad.web.round", { n: view.round }) }),
      " · ",
      h("span", { class: "omr-phase", dataset: { phase: view.phase }, text: phase }),
      " · ",
      h("span", { text: t("omringad.web.holder", { name: holder }) }),
      " · ",
      h("span", { text: t("omringad.web.target", { n: view.target }) }),
    );
  }

  renderScores(view) {
    const seats = this.state.seats;
    mount(
      this.scores,
      scoreLine(seats, view.points, { label: t("omringad.score"), current: view.to_act }),
      scoreLine(seats, view.gold, { label: t("omringad.web.gold") }),
      scoreLine(seats, view.held, { label: t("omringad.web.squares") }),
    );
  }

  renderHint(view, legal, squares, concealed) {
    let text = "";
    const types = new Set(legal.map((e) => e.action.type));
    if (concealed || !legal.length) {
      if (view.ready && view.you !== null && view.ready[view.you]) text = t("omringad.web.waiting_others");
    } else if (types.has("tile")) text = t("omringad.web.hint_tile", { tile: t(`omringad.terrain.${this.kind}`) });
    else if (types.has("recruit")) text = t("omringad.web.hint_recruit", { unit: unitName(this.kind) });
    else if (types.has("place")) text = t("omringad.web.hint_place", { unit: unitName(this.kind) });
    else if (types.has("place_special")) text = t("omringad.web.hint_special");
    else if (types.has("select")) text = t("omringad.web.hint_select");
    else if (types.has("take") && !view.move?.units?.length) text = t("omringad.web.hint_take");
    else if (types.has("step")) text = t("omringad.web.hint_step");
    else if (types.has("confirm")) text = t("omringad.web.hint_confirm");
    else if (types.has("assign")) text = t("omringad.web.hint_assign");
    else if (types.has("target")) text = t("omringad.web.hint_target");
    else if (types.has("diplomat")) text = t("omringad.web.hint_diplomat");
    else if (types.has("buy")) text = t("omringad.web.hint_buy");
    else if (types.has("bid") || types.has("sealed")) text = t("omringad.web.hint_bid");
    else if (types.has("battle")) text = t("omringad.web.hint_battle");
    else text = t("web.game.choose_move");
    this.hint.textContent = text;
    this.hint.dataset.count = String(squares.size);
  }

  // --- the phase's own controls -------------------------------------------------------------

  renderPanel(view, legal, concealed) {
    const parts = [];
    if (view.init_rolls) parts.push(this.initiativeBox(view));
    if (view.auction) parts.push(this.auctionBox(view, legal));
    if (view.battle) parts.push(this.battleBox(view));
    const kindField = KIND_FIRST[legal.find((e) => KIND_FIRST[e.action.type])?.action.type];
    if (kindField) parts.push(this.kindChooser(legal, kindField));
    if (view.move && view.move.units) parts.push(this.groupBox(view));
    if (!concealed && view.you !== null && ["setup", "purchase", "reinforcement"].includes(view.phase)) parts.push(this.armyBox(view));
    mount(this.panel, parts);
  }

  kindChooser(legal, field) {
    const kinds = [...new Set(legal.filter((e) => e.action[field] !== undefined).map((e) => e.action[field]))];
    const view = this.state.view;
    const label = (kind) => {
      if (field === "tile") return `${t(`omringad.terrain.${kind}`)} (${view.tiles?.[kind] ?? 0})`;
      const cost = view.costs?.[kind];
      return cost !== undefined && view.phase === "setup" ? `${unitName(kind)} (${cost})` : unitName(kind);
    };
    return h(
      "div",
      { class: "omr-kinds", role: "group", "aria-label": t(field === "tile" ? "omringad.web.choose_tile" : "omringad.web.choose_unit") },
      kinds.map((kind) =>
        h("button", {
          type: "button",
          class: `choice kind${kind === this.kind ? " selected" : ""}`,
          dataset: { kind },
          "aria-pressed": kind === this.kind ? "true" : "false",
          text: label(kind),
          onclick: () => {
            this.kind = kind;
            this.render({});
            this.board.svg.querySelector(".cell.clickable")?.focus();
          },
        }),
      ),
    );
  }

  initiativeBox(view) {
    const names = this.page.names();
    const rolls = view.init_rolls.contenders.map((seat, i) => `${names[seat]} ${view.init_rolls.rolls[i] ?? "…"}`);
    return h("div", { class: "omr-box initiative" }, h("h3", { text: t("omringad.web.initiative_roll") }), h("p", { text: rolls.join(", ") }));
  }

  auctionBox(view, legal) {
    const a = view.auction;
    const names = this.page.names();
    const box = h(
      "div",
      { class: "omr-box auction", dataset: { special: a.special } },
      h("h3", { text: t("omringad.web.auction", { unit: unitName(a.special) }) }),
      h("p", { class: "special-text", text: t(`omringad.web.about.${a.special}`) }),
      a.stage === "bid" ? h("p", { text: t("omringad.web.price", { price: a.price, leader: a.leader !== null ? names[a.leader] : "–" }) }) : null,
    );
    const bids = legal.filter((e) => e.action.type === "bid" || e.action.type === "sealed");
    if (bids.length) {
      const amounts = bids.map((e) => e.action.amount);
      const min = Math.min(...amounts);
      const max = Math.max(...amounts);
      const type = bids[0].action.type;
      const input = h("input", { type: "number", name: "bid", min, max, value: min, "aria-label": t("omringad.web.bid_amount") });
      const submit = () => {
        const amount = Number(input.value);
        if (Number.isInteger(amount) && amount >= min && amount <= max) this.send({ type, amount });
        else this.page.say(t("omringad.web.bid_range", { min, max }));
      };
      input.addEventListener("keydown", (event) => {
        if (event.key === "Enter") submit();
      });
      box.append(
        h(
          "div",
          { class: "bid-control" },
          h("label", { text: t("omringad.web.bid_amount") }, input),
          h("button", { type: "button", class: "move bid", dataset: { action: type }, text: t("omringad.web.bid_button"), onclick: submit }),
        ),
      );
    }
    return box;
  }

  battleBox(view) {
    const b = view.battle;
    const names = this.page.names();
    const who = (seat) => (seat < 0 ? t("omringad.unit.dragon") : names[seat]);
    const sides = (view.stacks[b.square] ?? []).map((stack) =>
      h(
        "li",
        { dataset: { seat: stack.seat } },
        h("strong", { text: `${who(stack.seat)}${stack.seat === b.defender ? ` (${t("omringad.web.defends")})` : ""}: ` }),
        stack.units.map((u) => (u[0] ? unitName(u[0]) + (u[1] ? "'" : "") : "?")).join(", "),
      ),
    );
    const dice = b.dice.map(([seat, unit, value, hit]) =>
      h("span", { class: `die-face${hit ? " hit" : " miss"}`, title: `${who(seat)}: ${unitName(unit)}`, text: `${value}${hit ? "✓" : "✗"}` }),
    );
    return h(
      "div",
      { class: "omr-box battle", dataset: { square: b.square, step: b.step } },
      h("h3", { text: t("omringad.web.battle", { square: squareName(b.square), step: t(`omringad.step.${b.step}`) }) }),
      h("ul", { class: "sides" }, sides),
      h("p", { class: "dice" }, dice.length ? dice : t("omringad.web.no_dice")),
      b.hits_left ? h("p", { text: t("omringad.web.hits_left", { n: b.hits_left, name: b.target !== null ? who(b.target) : "…" }) }) : null,
    );
  }

  groupBox(view) {
    const units = view.move.units;
    return h(
      "div",
      { class: "omr-box group" },
      h("h3", { text: t("omringad.web.group", { square: squareName(view.move.from), reach: view.move.reach ?? 0 }) }),
      h("p", { class: "group-units", text: units.length ? units.map((u) => unitName(u[0]) + (u[1] ? "'" : "")).join(", ") : t("omringad.web.group_empty") }),
      view.move.path.length ? h("p", { text: t("omringad.web.path", { path: view.move.path.map(squareName).join(" → ") }) }) : null,
    );
  }

  armyBox(view) {
    const pending = view.pending ?? [];
    const pool = Object.entries(view.pool ?? {}).filter(([, n]) => n > 0);
    const goldLeft = view.phase === "setup" ? 25 - (view.spent ?? 0) : view.phase === "purchase" ? view.gold[view.you] - (view.spent ?? 0) : null;
    return h(
      "div",
      { class: "omr-box army" },
      goldLeft !== null ? h("p", { class: "gold-left", text: t("omringad.web.gold_left", { n: goldLeft }) }) : null,
      h("p", { text: t("omringad.web.pending", { units: pending.length ? pending.map(unitName).join(", ") : "–" }) }),
      h("p", { class: "pool", text: t("omringad.web.pool", { units: pool.map(([u, n]) => `${unitName(u)} ${n}`).join(", ") }) }),
    );
  }

  renderDetails(view) {
    const sq = this.looked;
    if (sq === null || sq === undefined || sq >= view.terrain.length) {
      mount(this.details, h("p", { class: "hint", text: t("omringad.web.look_hint") }), this.legend());
      return;
    }
    const names = this.page.names();
    const terrain = view.terrain[sq] ? t(`omringad.terrain.${view.terrain[sq]}`) : t("omringad.web.secret");
    const stacks = (view.stacks[sq] ?? []).map((stack) =>
      h(
        "li",
        {},
        `${stack.seat >= 0 ? names[stack.seat] : t("omringad.unit.dragon")} (${stack.height}): `,
        [...stack.units]
          .reverse()
          .map((u) => (u[0] ? unitName(u[0]) + (u[1] ? "'" : "") : t("omringad.web.hidden_unit")))
          .join(", "),
      ),
    );
    const settlement = (view.settlements ?? []).find((x) => x.square === sq);
    mount(
      this.details,
      h("h3", { text: `${squareName(sq)} · ${terrain}` }),
      h("p", { text: t("omringad.web.held_by", { name: names[view.control[sq]] ?? "" }) }),
      settlement && settlement.besiegers
        ? h("p", { class: "siege-note", text: t(settlement.limit === 0 ? "omringad.web.siege_full" : "omringad.web.siege_part", { n: settlement.besiegers }) })
        : null,
      stacks.length ? h("ul", { class: "stack-list" }, stacks) : h("p", { text: t("omringad.web.empty_square") }),
      this.legend(),
    );
  }

  legend() {
    return h(
      "details",
      { class: "omr-legend" },
      h("summary", { text: t("omringad.web.legend") }),
      h(
        "ul",
        {},
        this.units.map((u) => h("li", { text: `${t(`omringad.short.${u}`)} = ${unitName(u)}` })),
        h("li", { text: t("omringad.web.legend_marks") }),
      ),
    );
  }
}

"""The engine contract as executable checks, usable on any :class:`~spelkvall.core.Game`.

``play_one`` plays one random game through :class:`~spelkvall.core.Match` and checks, after
every step, what every game must guarantee (see ``test_conformance.py`` for the list and for
how a game adds its own invariants). The checks are plain functions so that games outside the
registry (the example game in ``tests/core``) run them too.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from spelkvall.core import (
    CHANCE,
    Action,
    Event,
    Game,
    IllegalAction,
    Match,
    MatchRecord,
    Seat,
    State,
    i18n,
)
from spelkvall.core.i18n import LANGUAGES

SECRET_KEYS = frozenset(
    {"seed", "rng", "random", "random_state", "deck", "deck_order", "secret", "secrets", "hidden"}
)
"""Keys that must never appear anywhere in a view: what would let a player see the future or
another player's hand."""


@dataclass(frozen=True)
class Playout:
    """``count`` random games of ``players`` players with these options. ``deep`` games also
    run the expensive checks (views, clones, bad actions, replay of prefixes) at every step."""

    players: int
    count: int
    options: Mapping[str, Any] = field(default_factory=dict)
    deep: bool = False

    @property
    def id(self) -> str:
        opts = "+".join(f"{k}={v}" for k, v in sorted(self.options.items())) or "default"
        return f"{self.players}p-{opts}-{'deep' if self.deep else 'light'}x{self.count}"


def _no_check(state: State) -> None:
    return None


def _no_view_check(state: State, view: Mapping[str, Any]) -> None:
    return None


@dataclass(frozen=True)
class GameHooks:
    """What a game adds to the generic checks. Every field has a sensible default."""

    playouts: tuple[Playout, ...] | None = None
    """``None``: for each player count, 20 light games and 1 deep one with default options."""
    invariants: Callable[[State], None] = _no_check
    """Called before every step of every game; raise AssertionError when something is off.
    May read the game's own state class (it runs in the game's own test package)."""
    view_invariants: Callable[[State, Mapping[str, Any]], None] = _no_view_check
    """Called with ``view(None)`` at every step of deep games and at the end of every game."""
    at_end: Callable[[State], None] = _no_check
    """Called once the game is over (who won, how the ranking looks)."""
    max_steps: int = 100_000
    """An upper bound on the number of steps (chance outcomes included) of one game."""
    make_seats: Callable[[random.Random, int], list[Seat]] | None = None
    """Seats for a game of n players; default ``Spelare 1`` … without colours."""
    silent_events: frozenset[str] = frozenset()
    """Event kinds for which ``describe_event`` may return ``None`` (no log line)."""
    secret_keys: frozenset[str] = frozenset()
    """Keys that must not appear in this game's views, beyond :data:`SECRET_KEYS`."""

    def playouts_for(self, game: Game[Any, Any]) -> tuple[Playout, ...]:
        if self.playouts is not None:
            return self.playouts
        counts = game.player_counts()
        return tuple(Playout(n, 20) for n in counts) + tuple(
            Playout(n, 2, deep=True) for n in counts
        )


def default_seats(rng: random.Random, n: int) -> list[Seat]:
    return [Seat(f"Spelare {i + 1}") for i in range(n)]


# --- small checks -------------------------------------------------------------------------


class Cache:
    """Remembers what has been checked: actions and events repeat a lot, their checks don't
    need to."""

    def __init__(self) -> None:
        self.actions: set[Action] = set()
        self.events: set[tuple[Event, int]] = set()


def check_action_json(game: Game[Any, Any], action: Action, cache: Cache) -> None:
    """An action survives JSON (through text, as a client sends it) and has a label."""
    if action in cache.actions:
        return
    data = json.loads(json.dumps(action.to_json()))
    assert data["type"] == action.kind
    assert game.action_from_json(data) == action, f"{action!r} does not round-trip via JSON"
    for lang in LANGUAGES:
        label = action.label(lang)
        assert label and not label.startswith(f"{game.id}."), f"no {lang} label for {action!r}"
    cache.actions.add(action)


def check_events(
    game: Game[Any, Any],
    events: Sequence[Event],
    names: tuple[str, ...],
    hooks: GameHooks,
    cache: Cache,
) -> None:
    """Every event fits the schema, becomes JSON, and has a log line in every language."""
    assert isinstance(events, list), "apply returns a list of events"
    for event in events:
        key = (event, len(names))  # the names only fill in a line of the same shape
        if key in cache.events:
            continue
        assert isinstance(event, tuple) and event, f"events are non-empty tuples: {event!r}"
        assert event[0] in game.event_schema, f"event kind {event[0]!r} is not in the schema"
        data = game.event_to_json(event)
        assert json.loads(json.dumps(data)) == data
        for lang in LANGUAGES:
            line = game.describe_event(event, names, lang)
            if line is None and event[0] in hooks.silent_events:
                continue
            assert isinstance(line, str) and line.strip(), f"no {lang} line for {event!r}"
            assert "{" not in line and not line.startswith(f"{game.id}."), (
                f"untranslated {lang} line for {event!r}: {line!r}"
            )
        cache.events.add(key)


def check_node(state: State) -> None:
    """Exactly one of: over, chance acts, players act (and each of them has a move)."""
    terminal = state.is_terminal()
    chance = state.is_chance()
    to_act = state.players_to_act()
    assert type(to_act) is tuple
    assert terminal + chance + (len(to_act) > 0) == 1, (
        f"terminal={terminal} chance={chance} to_act={to_act}"
    )
    if len(to_act) > 1:
        assert list(to_act) == sorted(set(to_act)), "players_to_act is in seat order"
    for p in to_act:
        assert 0 <= p < state.num_players
        assert state.legal_actions(p), f"seat {p} is to act but has no legal action"
    assert (state.result() is not None) == terminal, "a result exactly when the game is over"


def check_chance(state: State, outcome: Action) -> None:
    outcomes = state.chance_outcomes()
    if outcomes:
        total = sum(p for _, p in outcomes)
        assert abs(total - 1) < 1e-9, f"chance probabilities sum to {total}"
        assert all(p > 0 for _, p in outcomes)
        assert outcome in [a for a, _ in outcomes], f"sampled {outcome!r} is not an outcome"


def secret_keys_in(data: Any, secret: frozenset[str]) -> list[str]:
    """Keys in ``secret`` anywhere in a JSON value."""
    found: list[str] = []
    if isinstance(data, Mapping):
        for key, value in data.items():
            if str(key).lower() in secret:
                found.append(str(key))
            found.extend(secret_keys_in(value, secret))
    elif isinstance(data, list | tuple):
        for value in data:
            found.extend(secret_keys_in(value, secret))
    return found


def check_view(view: Any, hooks: GameHooks) -> None:
    assert isinstance(view, dict)
    assert json.loads(json.dumps(view)) == view, "views are plain JSON (no tuples, no objects)"
    leaked = secret_keys_in(view, SECRET_KEYS | hooks.secret_keys)
    assert not leaked, f"view contains secret keys {leaked}"


def snapshot(state: State) -> dict[str, Any]:
    """Everything anybody can observe of a state: every seat's view, the spectator's, who acts
    and what they may do. Two states with equal snapshots are the same position."""
    seats: list[int | None] = [None, *range(state.num_players)]
    to_act = state.players_to_act()
    result = state.result()
    return {
        "views": [state.view(p) for p in seats],
        "to_act": to_act,
        "chance": state.is_chance(),
        "terminal": state.is_terminal(),
        "legal": {p: tuple(state.legal_actions(p)) for p in to_act},
        "result": None if result is None else result.to_json(),
    }


# --- bad actions ---------------------------------------------------------------------------


def malformed_json(game: Game[Any, Any], sample: Action) -> list[object]:
    """JSON that no codec may accept: wrong shapes, unknown types, missing, extra and mistyped
    fields (a JSON true where an int belongs, a number where a string belongs...)."""
    good = sample.to_json()
    bad: list[object] = [None, 1, "x", [], {}, {"type": 5}, {"type": "no such action"}]
    bad.append({**good, "unexpected": 1})
    for name, value in good.items():
        if name == "type":
            continue
        bad.append({k: v for k, v in good.items() if k != name})
        if isinstance(value, bool):
            bad.append({**good, name: int(value)})
        elif isinstance(value, int):
            bad += [{**good, name: True}, {**good, name: str(value)}, {**good, name: value + 0.5}]
        elif isinstance(value, str):
            bad += [{**good, name: 1}, {**good, name: None}]
    return bad


def expect_illegal(state: State, action: Action, player: int | None, why: str) -> None:
    try:
        state.apply(action, player)
    except IllegalAction as exc:
        known = i18n.keys()
        assert exc.key in known, f"refusal key {exc.key!r} is not in the translation table"
        return
    raise AssertionError(f"{why}: {action!r} by {player} was accepted")


def check_bad_actions(
    game: Game[Any, Any], match: Match, pool: Sequence[Action], rng: random.Random
) -> None:
    """Illegal, misplaced and malformed actions raise IllegalAction and change nothing."""
    state = match.state
    before = snapshot(state)
    log_length = len(match.record.log)
    players = range(state.num_players)
    if state.is_chance():
        outcome = state.sample_chance(rng)
        for p in players:
            expect_illegal(state, outcome, p, "a player applied a chance outcome")
        try:
            match.apply_json(CHANCE, outcome.to_json())
        except IllegalAction:
            pass
        else:
            raise AssertionError("a client applied a chance outcome through apply_json")
    else:
        to_act = state.players_to_act()
        p = rng.choice(to_act)
        legal = state.legal_actions(p)
        expect_illegal(state, legal[0], CHANCE, "chance applied a player's action")
        for q in players:
            if q not in to_act:
                assert not state.legal_actions(q), f"seat {q} is not to act but has moves"
                expect_illegal(state, legal[0], q, "a seat that is not to act")
        illegal = [a for a in pool if a not in legal]
        for action in rng.sample(illegal, min(3, len(illegal))):
            expect_illegal(state, action, p, "an action that is not legal now")
        for data in malformed_json(game, legal[0]):
            try:
                match.apply_json(p, data)
            except IllegalAction as exc:
                assert exc.key == "error.malformed_action", (data, exc.key)
            else:
                raise AssertionError(f"malformed action {data!r} was accepted")
    assert len(match.record.log) == log_length, "a refused action was logged"
    assert snapshot(state) == before, "a refused action changed the state"


# --- one game ------------------------------------------------------------------------------


def same_position(a: State, b: State) -> None:
    sa, sb = snapshot(a), snapshot(b)
    assert sa == sb, "the two states differ"


def check_record(
    match: Match, snapshots: Mapping[int, dict[str, Any]], through_json: bool = True
) -> None:
    """The record replays to the same position (and to the earlier ones in ``snapshots``);
    with ``through_json`` it first goes through ``dumps`` and ``loads``."""
    record = match.record
    if through_json:
        text = record.dumps()
        record = MatchRecord.loads(text)
        assert record.dumps() == text, "dumps(loads(text)) changed the record"
    same_position(record.replay(), match.state)
    for upto, snap in snapshots.items():
        assert snapshot(record.replay(upto)) == snap, f"replay of the first {upto} entries"


def check_recap(game: Game[Any, Any], state: State, names: Sequence[str]) -> None:
    """The win screen's line of a finished game: in every language, each its own, naming a
    winner when there is one; every score written with its unit."""
    result = state.result()
    assert result is not None
    recaps = {lang: game.recap(state, names, lang) for lang in LANGUAGES}
    for lang, recap in recaps.items():
        assert recap is None or (recap.strip() and "{" not in recap), (lang, recap)
        assert recap is None or f"{game.id}." not in recap, f"an untranslated key: {recap}"
        if recap is not None and result.winners:
            assert any(names[s] in recap for s in result.winners), (lang, recap, result)
        for score in result.scores or ():
            assert game.score_text(score, lang).strip()
    if all(r is not None for r in recaps.values()):
        assert len(set(recaps.values())) == len(recaps), f"one text in every language: {recaps}"


def play_one(
    game: Game[Any, Any],
    hooks: GameHooks,
    players: int,
    options: Mapping[str, Any],
    seed: int,
    deep: bool,
    cache: Cache | None = None,
) -> State:
    """Play one random game, checking the contract at every step; returns the final state."""
    rng = random.Random(seed)
    cache = cache or Cache()
    seats = (hooks.make_seats or default_seats)(rng, players)
    opts = game.parse_options(dict(options))
    match = Match(game, seats, opts, seed=seed)
    state = match.state
    names = tuple(s.name for s in match.record.seats)
    assert state.num_players == players
    same_position(state, game.new_state(seats, opts))  # the initial state holds no randomness
    pool: dict[Action, None] = {}  # every action seen: candidates for "not legal now"
    snapshots: dict[int, dict[str, Any]] = {}
    steps = 0
    while not state.is_terminal():
        assert steps < hooks.max_steps, f"no end after {steps} steps"
        hooks.invariants(state)
        check_node(state)
        if deep:
            view = state.view(None)
            check_view(view, hooks)
            hooks.view_invariants(state, view)
            for p in range(players):
                check_view(state.view(p), hooks)
            if rng.random() < 0.25:
                check_bad_actions(game, match, list(pool), rng)
            if rng.random() < 0.05:
                snapshots[len(match.record.log)] = snapshot(state)
        if state.is_chance():
            player = CHANCE
            action = state.sample_chance(rng)
            if deep:
                check_chance(state, action)
        else:
            player = rng.choice(state.players_to_act())
            legal = state.legal_actions(player)
            if deep:
                for a in legal:
                    check_action_json(game, a, cache)
                    pool[a] = None
                for p in state.players_to_act():
                    sampled = game.sample_state(state, p, rng)
                    assert sampled is not state
                    assert sampled.view(p) == state.view(p), "a sampled state looks different"
            action = legal[int(rng.random() * len(legal))]
        check_action_json(game, action, cache)
        if deep:
            pool[action] = None
            twin = state.clone()
        events = match.apply(action, player)
        check_events(game, events, names, hooks, cache)
        if deep:
            twin_events = twin.apply(action, player)
            assert twin_events == events, "a clone reacted differently to the same action"
            same_position(twin, state)
        steps += 1
    hooks.invariants(state)
    check_node(state)
    assert state.legal_actions() == () or list(state.legal_actions()) == []
    result = state.result()
    assert result is not None
    json.dumps(result.to_json())
    ranked = sorted(s for group in result.ranking for s in group)
    assert ranked == list(range(players)), f"the ranking places every seat once: {result}"
    if result.winners:
        assert set(result.winners) <= set(result.ranking[0]), "the winners share first place"
        for team in game.teams(players, opts) or ():
            winning = set(team) & set(result.winners)
            assert not winning or winning == set(team), f"a team wins as a whole: {result}"
    else:
        assert game.may_end_without_winner, f"{game.id} ended without a winner: {result}"
    places = result.places()
    assert all(places[s] == 1 for s in result.ranking[0]) and min(places) == 1
    check_recap(game, state, names)
    view = state.view(None)
    check_view(view, hooks)
    hooks.view_invariants(state, view)
    hooks.at_end(state)
    check_record(match, snapshots, through_json=deep or seed % 8 == 0)
    return state


def run_playout(game: Game[Any, Any], hooks: GameHooks, playout: Playout, seed: int) -> None:
    """Play ``playout.count`` games. A failure names the seed that reproduces it."""
    rng = random.Random(seed)
    cache = Cache()
    for i in range(playout.count):
        game_seed = rng.getrandbits(32)
        try:
            play_one(game, hooks, playout.players, playout.options, game_seed, playout.deep, cache)
        except AssertionError as exc:
            raise AssertionError(
                f"{game.id} {playout.id}: game {i} failed; reproduce with play_one(game, hooks, "
                f"{playout.players}, {dict(playout.options)!r}, seed={game_seed}, "
                f"deep={playout.deep}): {exc}"
            ) from exc

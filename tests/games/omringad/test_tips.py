"""Tips in Omringad (issue 30): every legal action of the seat to act with the chance that its
side wins, from worlds dealt from that seat's view only (``Omringad.sample_state``): the other
side's secret terrain, hidden stacks, pools, purchases and sealed bids are drawn at random, never
read from the true state. Twin positions that differ only in such hidden things get the same
answer for the same seed; an advisor that played out from the true state would not (the check
can fail). Each engine action is rated on its own (a group move step by step, a bid by its
amount), and an answer stops at its time limit with every action rated."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from spelkvall.bots.advisor import advise, warm_up
from spelkvall.cli.commands import app
from spelkvall.core import ADVICE, CHANCE, Match, Seat
from spelkvall.games.omringad import GAME, OmringadOptions, OmringadState
from spelkvall.games.omringad import units as U
from spelkvall.games.omringad.phases import AU_SEALED, AUCTION, MOVEMENT, PURCHASE, TERRAIN

from .helpers import NAMES

PLAYOUTS = 12
"""Playouts per action: enough for the twins check, quick (a heuristic game from the middle of
a round is about a millisecond in the batch simulator)."""
LIMIT = 2.0
"""The server's Tips limit with hidden information (``server.advice``: 1 s times 2)."""
SLACK = 0.3
"""What an answer may run past its limit: the playout under way when the clock passed it (a few
milliseconds on a quiet core; more on the shared machine under load)."""

Stop = Callable[[OmringadState, int], bool]


def answer(state: OmringadState, seat: int, seed: int, **extra: Any) -> dict[str, Any]:
    """The advice as JSON without its timing (the one field that depends on the machine)."""
    extra.setdefault("max_playouts", PLAYOUTS)
    data = advise(GAME, state, seat, seed=seed, **extra).to_json("en")
    del data["seconds"]
    return data  # type: ignore[no-any-return]


def play_until(stop: Stop, seed: int, n: int = 2, **options: Any) -> OmringadState:
    """A game the heuristic plays for every seat until ``stop(state, seat)`` holds for a seat
    to act (in a simultaneous step the seats act in turn, the highest first)."""
    rng = random.Random(seed)
    state = GAME.new_state([Seat(name) for name in NAMES[:n]], OmringadOptions(**options))
    while not state.is_terminal():
        if state.is_chance():
            state.apply(state.sample_chance(rng), CHANCE)
            continue
        for seat in sorted(state.players_to_act(), reverse=True):
            if stop(state, seat):
                return state
            action = GAME.heuristic_action(state, seat, rng)
            assert action is not None
            state.apply(action, seat)
            break
    raise AssertionError("the game ended before such a decision")


def twin(state: OmringadState, seat: int, differs: Callable[[OmringadState], bool]) -> Any:
    """A twin of ``state`` dealt anew from ``seat``'s view: the same to that seat, and
    different in what ``differs`` looks at (the first of a few draws that is)."""
    for seed in range(20):
        other = GAME.sample_state(state, seat, random.Random(seed))
        if differs(other):
            assert other.view(seat) == state.view(seat)
            assert other.legal_actions(seat) == state.legal_actions(seat)
            return other
    raise AssertionError("no draw differed")


def terrain_twins() -> tuple[OmringadState, OmringadState]:
    """Bertil has laid his secret terrain; Anna has one tile left to lay (a square each)."""
    state = play_until(
        lambda s, p: s.phase == TERRAIN and s.ready[1] and p == 0 and len(s.legal_actions(0)) < 30,
        seed=1,
    )
    bertil = list(state.country(1))
    return state, twin(
        state, 0, lambda o: [o.terrain[q] for q in bertil] != [state.terrain[q] for q in bertil]
    )


def moving(state: OmringadState, seat: int) -> bool:
    """Anna in the middle of a group move (a square chosen) in round 3 or later, with a choice,
    and Bertil with a stack whose lower units are hidden from her."""
    return (
        seat == 0
        and state.phase == MOVEMENT
        and state.round >= 3
        and state.mv_src >= 0
        and len(state.legal_actions(0)) >= 3
        and any(len([u for u in stack if U.owner(u) == 1]) >= 2 for stack in state.stacks)
    )


def move_twins() -> tuple[OmringadState, OmringadState]:
    """The others' hidden units and pool differ; Anna is choosing the units or the path of a
    group move: every step is rated on its own."""
    state = play_until(moving, seed=2)
    return state, twin(state, 0, lambda o: o.stacks != state.stacks and o.pool != state.pool)


def purchase_twins() -> tuple[OmringadState, OmringadState]:
    """Bertil has bought his units in secret; Anna is buying."""
    state = play_until(
        lambda s, p: s.phase == PURCHASE and s.round >= 2 and s.ready[1] and p == 0, seed=3
    )
    return state, twin(state, 0, lambda o: o.pending[1] != state.pending[1])


def sealed_twins() -> tuple[OmringadState, OmringadState]:
    """Sealed bids: Bertil has bid in secret; Anna bids (each amount is one action)."""
    state = play_until(
        lambda s, p: (
            s.phase == AUCTION
            and s.au_stage == AU_SEALED
            and s.ready[1]
            and p == 0
            and len(s.legal_actions(0)) >= 3
        ),
        seed=4,
        auction="sealed",
    )
    return state, twin(state, 0, lambda o: o.au_bids[1] != state.au_bids[1])


def torus_twins() -> tuple[OmringadState, OmringadState]:
    """Four players on the torus, diagonal teams (Anna with David): Anna moves; the three
    others' hidden units differ."""
    state = play_until(
        lambda s, p: (
            p == 0
            and s.phase == MOVEMENT
            and s.round >= 3
            and s.mv_src < 0
            and len(s.legal_actions(0)) >= 3
        ),
        seed=5,
        n=4,
    )
    return state, twin(state, 0, lambda o: o.stacks != state.stacks)


TWINS = {
    "terrain": terrain_twins,
    "move": move_twins,
    "purchase": purchase_twins,
    "sealed": sealed_twins,
    "torus": torus_twins,
}


def test_omringad_declares_tips_with_hidden_information() -> None:
    assert ADVICE in GAME.capabilities and not GAME.perfect_information


@pytest.mark.parametrize("kind", TWINS)
def test_twins_that_differ_only_in_hidden_things_get_the_same_tips(kind: str) -> None:
    a, b = TWINS[kind]()
    team = GAME.team_of(0, a.n, a.options)
    x, y = answer(a, 0, seed=5, team=team), answer(b, 0, seed=5, team=team)
    assert x == y
    assert x["sampled"] is True and x["method"] == "batch" and x["team"] == list(team)
    # Exactly the engine's legal actions, in its order: a group move is rated step by step
    # (a square, a unit taken, a step of the path, confirm), a bid by its amount.
    assert [item["action"] for item in x["actions"]] == [m.to_json() for m in a.legal_actions(0)]
    for item in x["actions"]:
        low, high = item["ci95"]
        assert 0 <= low <= item["win_rate"] <= high <= 1
        assert item["exact"] or item["playouts"] == PLAYOUTS
        assert item["label"]
    # The check can fail: other seeds deal other worlds (one of three differs at least).
    assert any(answer(a, 0, seed=seed, team=team) != x for seed in (6, 7, 8))


def test_four_players_get_the_chance_of_their_team() -> None:
    a, _ = torus_twins()
    assert GAME.team_of(0, 4, a.options) == (0, 3)
    advice = advise(GAME, a, 0, seed=1, max_playouts=PLAYOUTS, team=(0, 3))
    assert advice.team == (0, 3) and advice.sampled


@pytest.mark.parametrize("kind", ["terrain", "move", "sealed"])
def test_the_twins_check_catches_an_advisor_that_sees_the_hidden_things(
    kind: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Told the game had no hidden information, the advisor plays out from the true state (the
    # true terrain, units, pools and bids): the twins then get different answers.
    a, b = TWINS[kind]()
    monkeypatch.setattr(type(GAME), "perfect_information", True)
    assert answer(a, 0, seed=5) != answer(b, 0, seed=5)


def test_with_the_servers_limit_every_action_is_rated_and_the_answer_stops_in_time() -> None:
    """The first decision of the game, a tile on any of 25 squares (125 actions), and a
    decision in the middle of a move: the limit ends both, and the intervals say how wide."""
    warm_up(GAME)
    first = GAME.new_state([Seat("Anna"), Seat("Bertil")])
    # Out of time at once: one world, a playout for every action, nothing more.
    quick = advise(GAME, first, 0, seed=1, time_limit=0.0)
    assert len(quick.actions) == 125
    assert quick.rounds == 1 and all(a.playouts == 1 for a in quick.actions)
    for state in (first, move_twins()[0]):
        start = time.perf_counter()
        advice = advise(GAME, state, 0, seed=1, half_width=0.01, time_limit=LIMIT)
        elapsed = time.perf_counter() - start
        assert elapsed < LIMIT + SLACK, elapsed
        assert all(a.playouts >= 1 for a in advice.actions)
        widest = max(a.half_width for a in advice.actions)
        done = all(a.playouts >= 200 or a.exact for a in advice.actions)
        # Stopped by the clock (intervals wider than asked for) or by the playouts' cap.
        assert done or (widest > 0.01 and elapsed >= LIMIT), (widest, elapsed)
    assert advice.playouts > len(advice.actions)


def test_spelkvall_advise_omringad_rates_the_pending_decision_of_a_saved_match(
    tmp_path: Path,
) -> None:
    """The match file holds every secret; the advice rests on Anna's view only."""
    match = Match(GAME, [Seat("Anna"), Seat("Bertil")], seed=4)
    rng = random.Random(4)
    while True:
        state = match.state
        if state.is_chance():
            match.resolve_chance()
            continue
        to_act = state.players_to_act()
        if (
            to_act == (0,)
            and state.phase == MOVEMENT
            and state.round >= 2
            and 2 <= len(state.legal_actions(0)) <= 4
        ):
            break
        seat = to_act[-1]
        action = GAME.heuristic_action(state, seat, rng)
        assert action is not None
        match.apply(action, seat)
    path = tmp_path / "omringad.json"
    path.write_text(match.record.dumps(), encoding="utf-8")
    runner = CliRunner()
    args = ["advise", "omringad", "--match", str(path), "--half-width", "0.2", "--seed", "1"]
    result = runner.invoke(app, [*args, "--json", "--lang", "en"])
    assert result.exit_code == 0, (result.output, result.exception)
    data = json.loads(result.output)
    legal = match.state.legal_actions(0)
    assert [item["action"] for item in data["actions"]] == [a.to_json() for a in legal]
    assert data["method"] == "batch" and data["sampled"] is True and data["player"] == 0
    for item in data["actions"]:
        assert item["ci95"][0] <= item["win_rate"] <= item["ci95"][1]
    result = runner.invoke(app, args, env={"COLUMNS": "160"})
    assert result.exit_code == 0, (result.output, result.exception)
    assert "Vinstchans" in result.output and "★" in result.output

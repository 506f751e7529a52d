"""Playing a game's guided first game (``Game.tutorial``) through the engine, as the server
does: the scripted chance outcomes in order (one that does not fit, and all after the script,
from a seeded random), the learner in seat 0 by a policy, the computers as declared."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from spelkvall.bots import make_bot
from spelkvall.bots.base import Observation
from spelkvall.core import CHANCE, Action, Game, Seat, State
from spelkvall.core.i18n import LANGUAGES, t
from spelkvall.core.tutorial import ROLL, decision_kinds
from spelkvall.server.chance import scripted_outcome
from spelkvall.server.errors import ServiceError

Learner = Callable[[State, Sequence[Action], random.Random], Action]


def first(state: State, legal: Sequence[Action], rng: random.Random) -> Action:
    """The learner who always takes the first choice offered (the keyboard test does)."""
    return legal[0]


def at_random(state: State, legal: Sequence[Action], rng: random.Random) -> Action:
    return rng.choice(list(legal))


@dataclass
class Played:
    state: State
    decisions: int = 0
    """The learner's decisions: moves chosen and dice rolled."""
    scripted: int = 0
    """Scripted outcomes that were used as scripted."""
    misfits: int = 0
    """Scripted outcomes that did not fit the position (drawn at random instead)."""
    kinds: list[str] = field(default_factory=list)
    """The kinds of decision the learner met, in order of first meeting."""


def play(
    game: Game[Any, Any], learner: Learner = first, seed: int = 0, limit: int = 5000
) -> Played:
    tutorial = game.tutorial()
    assert tutorial is not None
    options = game.parse_options(dict(tutorial.options))
    seats = [Seat("Du"), *(Seat(f"Dator {i + 1}", bot=b) for i, b in enumerate(tutorial.computers))]
    state = game.new_state(seats, options)
    rng = random.Random(seed)
    bots = {i + 1: make_bot(b, game) for i, b in enumerate(tutorial.computers)}
    played = Played(state)
    drawn = 0
    for _ in range(limit):
        if state.is_terminal():
            break
        if state.is_chance():
            if state.chance_seat() == 0:
                played.decisions += 1
                _meet(played, (ROLL,))
            outcome = None
            value = game.tutorial_outcome(state, drawn)
            if value is not None:
                try:
                    outcome = scripted_outcome(game, state, value)
                    played.scripted += 1
                except ServiceError:
                    played.misfits += 1
            drawn += 1
            if outcome is None:
                outcome = state.sample_chance(rng)
            state.apply(outcome, CHANCE)
            continue
        to_act = list(state.players_to_act())
        player = to_act[0]
        legal = list(state.legal_actions(player))
        if player == 0:
            played.decisions += 1
            _meet(played, decision_kinds(legal))
            action = learner(state, legal, rng)
        else:
            action = bots[player].choose(Observation(game, state, player), rng)
        state.apply(action, player)
    played.state = state
    return played


def _meet(played: Played, kinds: Sequence[str]) -> None:
    for kind in kinds:
        if kind not in played.kinds:
            played.kinds.append(kind)


def check_texts(game: Game[Any, Any]) -> None:
    """Every text the guided game shows exists in every language, and differs between them."""
    tutorial = game.tutorial()
    assert tutorial is not None
    for key in tutorial.text_keys(game.id):
        texts = [t(key, code) for code in LANGUAGES]
        assert all(text != key for text in texts), key
        assert len(set(texts)) == len(texts), key

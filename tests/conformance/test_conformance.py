"""Conformance: every registered game keeps the engine contract (``docs/engine.md``).

The suite is generic: it is parametrised by ``spelkvall.core.all_games()``, so a new game is
tested as soon as its package exposes ``GAME``. For each game it plays random games through
``core.Match`` and checks, after every step:

- the game's own invariants (a hook, below);
- exactly one of: the game is over, chance acts, players act (each with a legal move);
- actions round-trip through JSON text (``action_from_json(a.to_json()) == a``) and have a
  label in every language;
- every event fits the ``event_schema``, ``event_to_json`` works, and ``describe_event`` gives
  a non-empty line in Swedish and English;
- the game ends within a bound, with a result that ranks every seat once;
- the ``MatchRecord`` survives ``dumps``/``loads`` and replays to the same position: the views
  of every seat and of a spectator, who acts and their legal actions.

"Deep" games additionally check at every step: views are JSON and hold no secret keys (seed,
rng, deck order…); a clone given the same action gives the same events and position (equal
states have equal views, and a clone is independent); ``Game.sample_state`` looks the same to
the player it was drawn for; and at random steps, bad actions (not legal now, by a seat not to
act, a chance outcome applied by a player, a player's action applied as chance, malformed JSON)
raise ``IllegalAction`` with a key and change neither the state nor the record; prefixes of the
record replay to the position seen at that step.

Adding a game's own checks
--------------------------
Create ``tests/games/<game id>/conformance.py`` (in a package folder with ``__init__.py``, or
in a plain folder whose helpers it imports by module name) with::

    from tests.conformance.checks import GameHooks, Playout

    def invariants(state): ...            # raise AssertionError; may use the game's internals

    HOOKS = GameHooks(
        invariants=invariants,
        view_invariants=lambda state, view: ...,   # on view(None)
        at_end=lambda state: ...,                  # who won, how
        playouts=(Playout(4, 500), Playout(2, 2, deep=True)),
        max_steps=10_000,
        make_seats=lambda rng, n: [...],           # e.g. random colours
    )

Every field is optional (see ``GameHooks``); without the module a game gets the defaults: 20
light and 1 deep random game per player count. Keep the playouts lean: the whole suite must
stay fast on two shared cores. A failure names the seed: ``checks.play_one(...)`` with it
reproduces the game.
"""

from __future__ import annotations

import json
import zlib
from typing import Any

import pytest

from spelkvall.core import (
    CAPABILITIES,
    FAST_SIMULATOR,
    LAYOUT,
    PALETTE,
    Game,
    Seat,
    all_games,
)
from spelkvall.core.i18n import LANGUAGES, t

from .checks import Playout, run_playout
from .hooks import hooks_for

CASES = [
    pytest.param(game, playout, id=f"{game.id}-{playout.id}")
    for game in sorted(all_games(), key=lambda g: g.id)
    for playout in hooks_for(game).playouts_for(game)
]


@pytest.mark.parametrize(("game", "playout"), CASES)
def test_random_games_keep_the_engine_contract(game: Game[Any, Any], playout: Playout) -> None:
    seed = zlib.crc32(f"{game.id}-{playout.id}".encode())
    run_playout(game, hooks_for(game), playout, seed)


@pytest.mark.parametrize("game", sorted(all_games(), key=lambda g: g.id), ids=lambda g: g.id)
def test_game_declaration_is_complete(game: Game[Any, Any]) -> None:
    assert game.id and game.rules_version
    assert 1 <= game.min_players <= game.max_players
    assert len(set(game.colours)) == len(game.colours)
    kinds = [cls.kind for cls in game.action_types]
    assert len(set(kinds)) == len(kinds), "every action class has its own kind"
    assert all(cls.game == game.id for cls in game.action_types)
    for lang in LANGUAGES:
        assert not game.title(lang).startswith(f"{game.id}.")
        for option in game.describe_options(lang):
            assert not option["label"].startswith(f"{game.id}."), option
    assert game.parse_options(game.options_to_json(game.default_options())) == (
        game.default_options()
    )


@pytest.mark.parametrize("game", sorted(all_games(), key=lambda g: g.id), ids=lambda g: g.id)
def test_player_counts_and_teams_are_declared_consistently(game: Game[Any, Any]) -> None:
    counts = game.player_counts()
    assert counts and list(counts) == sorted(set(counts))
    assert game.min_players <= counts[0] and counts[-1] <= game.max_players
    assert len(game.colours) == 0 or len(game.colours) >= counts[-1], "a colour for every seat"
    assert all(colour in PALETTE for colour in game.colours)
    for n in counts:
        teams = game.teams(n)
        if teams is not None:
            seats = sorted(s for team in teams for s in team)
            assert seats == list(range(n)), f"{n} players: every seat in one team {teams}"
        game.new_state([Seat(f"P{i}") for i in range(n)])


@pytest.mark.parametrize("game", sorted(all_games(), key=lambda g: g.id), ids=lambda g: g.id)
def test_declared_options_offer_their_choices_and_ranges(game: Game[Any, Any]) -> None:
    for spec in game.option_specs():
        described = next(o for o in game.describe_options() if o["name"] == spec.name)
        assert described["type"] == spec.type_name and described["default"] == spec.default
        for choice in spec.choices or ():
            assert getattr(game.parse_options({spec.name: choice}), spec.name) == choice
        for bound in (spec.min, spec.max):
            if bound is not None:
                assert getattr(game.parse_options({spec.name: bound}), spec.name) == bound


@pytest.mark.parametrize("game", sorted(all_games(), key=lambda g: g.id), ids=lambda g: g.id)
def test_declared_capabilities_work(game: Game[Any, Any]) -> None:
    assert game.capabilities <= CAPABILITIES
    state = game.new_state([Seat(f"P{i}") for i in range(game.player_counts()[-1])])
    if FAST_SIMULATOR in game.capabilities:
        assert game.perfect_information or game.fast_policies
        wins = game.playout_wins(state.clone(), 4, game.fast_policies[0], 1)
        assert wins is not None and len(wins) == state.num_players
        batch = game.fast_batch(state, 4, [game.fast_policies[0]] * state.num_players, 1)
        assert sum(batch.wins) >= 4 and batch.moves > 0
    if LAYOUT in game.capabilities:
        assert json.loads(json.dumps(game.layout()))
    if game.score_key is not None:
        assert t(game.score_key, "sv") != game.score_key

"""What every game's batch module (``games/<id>/batch.py``, its kernel's typed entrance) shares.

A game's ``batch.play`` checks its arguments (:func:`check_play`), turns the policy names into
the kernel's numbers (:func:`policy_codes`), encodes the state, and hands the games to its
compiled ``play_range`` (:func:`run_games`). What stays in the game's module is its own: the
encoding, the kernel's arguments and the result type. :func:`wins_of_masks` and
:func:`wins_of_seats` count a result's wins per seat for the two ways a kernel reports a
winner.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from .pieces import in_pieces

POLICIES: tuple[str, ...] = ("random", "heuristic")
"""The policies every kernel knows, in the kernels' numbering."""


def check_play(games: int, state: object, state_type: type, game_name: str) -> None:
    """Refuse a negative number of games (``ValueError``) and a state of another game
    (``TypeError``), before anything is encoded."""
    if games < 0:
        raise ValueError("games must not be negative")
    if not isinstance(state, state_type):
        raise TypeError(f"the batch simulator plays {game_name} states only")


def policy_codes(
    policy: str | Sequence[str], seats: int, known: Sequence[str] = POLICIES
) -> list[int]:
    """Per seat, the kernel's number of its policy (the index in ``known``): ``policy`` is one
    name for every seat or one per seat. ``ValueError`` for a count that is not ``seats`` or
    a name the kernel does not know."""
    per_seat = [policy] * seats if isinstance(policy, str) else list(policy)
    if len(per_seat) != seats:
        raise ValueError(f"{seats} seats but {len(per_seat)} policies")
    for name in per_seat:
        if name not in known:
            raise ValueError(
                f"the batch simulator plays {' and '.join(known)} seats only, not {name!r}"
            )
    return [known.index(name) for name in per_seat]


def run_games(play_range: Callable[..., None], games: int, parallel: bool, *args: Any) -> None:
    """``play_range(first, last, *args)`` over games ``0..games-1``: in this thread, or with
    ``parallel`` cut into pieces over Numba's threads (``pieces.in_pieces``: the same results,
    a game depends only on its number)."""
    if parallel and games > 1:
        import numba

        in_pieces(play_range, min(games, 4 * numba.get_num_threads()), games, *args)
    else:
        play_range(0, games, *args)


def wins_of_masks(winners: npt.NDArray[np.int64], players: int) -> list[int]:
    """Games won per seat where ``winners`` holds a bit mask of the winners per game (a shared
    win counts for each winner)."""
    return [int(((winners >> s) & 1).sum()) for s in range(players)]


def wins_of_seats(winners: npt.NDArray[np.int64], players: int) -> list[int]:
    """Games won per seat where ``winners`` holds the winning seat per game, -1 for a game
    nobody won (it counts for nobody)."""
    won = winners[winners >= 0]
    return [int(c) for c in np.bincount(won, minlength=players)]


__all__ = [
    "POLICIES",
    "check_play",
    "policy_codes",
    "run_games",
    "wins_of_masks",
    "wins_of_seats",
]

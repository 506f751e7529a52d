"""Turn order: who plays next when some players are out (finished, eliminated, passing).

Games keep their own state; these helpers only answer the questions every game asks, so that
each game does not write the same loop with its own off-by-one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence


def next_player(
    current: int,
    num_players: int,
    in_play: Callable[[int], bool] | Sequence[bool] | None = None,
    *,
    order: Sequence[int] | None = None,
    step: int = 1,
) -> int | None:
    """The first seat after ``current`` (in ``order``, default seat order, going ``step``
    places each time: ``-1`` plays the other way round) for which ``in_play`` holds, or
    ``None`` when no seat is in play. ``current`` itself comes last, so a lone player in play
    plays again. ``in_play`` is a predicate or a list of flags per seat; ``None`` means all.
    ``order`` is a seat order that is not 0, 1, 2, … (four players on a torus: 0 → 1 → 3 → 2)."""
    seats = list(range(num_players)) if order is None else list(order)
    if current not in seats:
        raise ValueError(f"seat {current} is not in the turn order {seats}")
    if in_play is None:
        check: Callable[[int], bool] = lambda _seat: True  # noqa: E731
    elif callable(in_play):
        check = in_play
    else:
        flags = in_play
        check = lambda seat: bool(flags[seat])  # noqa: E731
    at = seats.index(current)
    n = len(seats)
    for k in range(1, n + 1):
        seat = seats[(at + k * step) % n]
        if check(seat):
            return seat
    return None


def players_in_order(
    first: int,
    num_players: int,
    in_play: Callable[[int], bool] | Sequence[bool] | None = None,
    *,
    order: Sequence[int] | None = None,
) -> list[int]:
    """Every seat in play, in turn order starting with ``first`` (if in play)."""
    seats = list(range(num_players)) if order is None else list(order)
    at = seats.index(first)
    rotated = seats[at:] + seats[:at]
    if in_play is None:
        return rotated
    if callable(in_play):
        return [s for s in rotated if in_play(s)]
    return [s for s in rotated if in_play[s]]

"""Scoring and victory (§B13): each square scores its terrain's points for its controller, the
player holding the most squares alone one more; a player or team reaching the target wins
(a tie is shared or played on, an option), and at the round limit the most points win."""

from __future__ import annotations

from typing import TYPE_CHECKING

from spelkvall.core import Event

from .board import TERRAIN_POINTS
from .phases import OVER

if TYPE_CHECKING:
    from .rules import OmringadState


def score(state: OmringadState, events: list[Event]) -> None:
    """Score the round, then see whether somebody has won."""
    held = [0] * state.n
    gained = [0] * state.n
    for sq, owner in enumerate(state.control):
        held[owner] += 1
        gained[owner] += TERRAIN_POINTS[state.terrain[sq]]
    most = max(held)
    if held.count(most) == 1:
        gained[held.index(most)] += 1
    for p in range(state.n):
        state.points[p] += gained[p]
    events.append(("scored", tuple(gained), tuple(state.points)))
    _check_victory(state, events)


def _groups(state: OmringadState) -> list[tuple[int, ...]]:
    if state.teams:
        return [tuple(t) for t in state.teams]
    return [(p,) for p in range(state.n)]


def _check_victory(state: OmringadState, events: list[Event]) -> None:
    target = state.options.target
    groups = _groups(state)
    total = {g: sum(state.points[p] for p in g) for g in groups}
    both = state.options.team_target == "both"
    reached = [g for g in groups if (all if both else any)(state.points[p] >= target for p in g)]
    if reached:
        best = max(total[g] for g in reached)
        top = [g for g in reached if total[g] == best]
        if len(top) == 1 or state.options.tie_rule == "shared":
            _finish(state, top, groups, total, events)
            return
        events.append(("tie", tuple(p for g in top for p in g)))
    if state.round >= state.options.round_limit:
        best = max(total.values())
        top = [g for g in groups if total[g] == best]
        events.append(("round_limit", state.round))
        _finish(state, top, groups, total, events)


def _finish(
    state: OmringadState,
    top: list[tuple[int, ...]],
    groups: list[tuple[int, ...]],
    total: dict[tuple[int, ...], int],
    events: list[Event],
) -> None:
    winners = tuple(sorted(p for g in top for p in g))
    ranking: list[tuple[int, ...]] = [winners]
    rest = [g for g in groups if g not in top]
    for level in sorted({total[g] for g in rest}, reverse=True):
        ranking.append(tuple(sorted(p for g in rest if total[g] == level for p in g)))
    state.winners_ = winners
    state.ranking_ = tuple(ranking)
    state.phase = OVER
    events.append(("won", winners))

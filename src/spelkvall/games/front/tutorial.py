"""Front's guided first game ("Lär dig spela", ``core.tutorial``): the learner against two
computers at the easy level, first to 2 points.

Front has exactly three players, so the table is the learner and two easy computers; the
short option is the target (2 points: the first point brings the return to the camp, the
second ends the game). Every die is chosen from the position, for the learner and the
computers alike, so that the game stays short whatever the learner picks:

- the roll-off: the learner 6, the computers 1 and 2, so the learner starts;
- the learner's die is the one whose moves bring the learner nearest a point (``prospect``):
  a move that scores counts most, then the fewest moves any piece still needs to end on an
  empty enemy camp square, then how far the other pieces are, less the pieces a computer
  could remove and plus the pieces the learner could remove. The learner's choice is not
  known, so the moves are weighed half by the first one offered, half by their average;
- until turn ``CLOCK`` (``GRACE`` turns later per point the learner has) a computer's die
  is the one whose foreseen heuristic move helps the learner most and scores nothing: it
  opens lines, steps into lines the learner may converge on (a removal to explain) and keeps
  out of the way;
- from then on the computers race: a die that scores when one does, else the one that brings
  their own piece nearest a point. A learner who has not won by then (one who always takes
  the first move offered may never aim) still sees the game end soon.

A computer's move is foreseen by the heuristic without a tie-break: the easy bot breaks exact
ties at random, so now and then it plays another move than foreseen; the next die is chosen
from the position it made, so nothing drifts. ``draw_turns`` (120) is only a net: the clock
ends the game long before it.
"""

from __future__ import annotations

from spelkvall.core import CHANCE, Tutorial
from spelkvall.core.tutorial import ROLL

from . import heuristic
from .actions import ROLLS
from .board import OFF, PLAYERS
from .rules import MOVE, ROLLOFF, FrontState
from .rules import ROLL as ROLL_PHASE

LEARNER = 0
TARGET = 2
CLOCK = 51
"""The turn from which the computers race for the points (17 rounds) …"""
GRACE = 15
"""… and the turns a learner's point puts that off (5 rounds a point)."""
FIRST_WEIGHT = 0.5
"""The weight of the first move offered in the worth of a learner's die (the rest: the
average over every move offered)."""
FAR = 9
"""The moves a piece "needs" when no way to a point is open."""
POINT = -100.0
"""The prospect of a move that scores: better than any other."""

TUTORIAL = Tutorial(
    computers=("easy", "easy"),
    kinds=(ROLL, "move", "return", "remove", "throw"),
    options={"target": TARGET, "draw_turns": 120},
)


def outcome(state: FrontState, drawn: int) -> int | None:
    """The die of the guided game's chance node ``state`` (``drawn``: how many came before;
    the position alone decides here, ``None``: the seed decides)."""
    if state.phase == ROLLOFF:
        seat = state.chance_seat()
        return 6 if seat == LEARNER else seat
    if state.phase != ROLL_PHASE:
        return None
    if state.current == LEARNER:
        return _learner_die(state)
    if state.turns >= CLOCK + GRACE * state.scores[LEARNER]:
        return _racing_die(state)
    return _helping_die(state)


def ways(state: FrontState, seat: int) -> list[int]:
    """For each piece of ``seat``, the fewest moves (each at most 6 steps along a line of
    empty squares, as a die allows) that end it on an empty square of another player's camp;
    ``FAR`` when none does within ``FAR - 1`` moves. The other pieces stand still."""
    b = state.board
    cells = state.cells
    nxt, row, owner = b.nxt, b.row, b.owner
    out = []
    for start in state.pos[seat]:
        best = FAR
        cells[start] = -1  # the piece's own square is free once it moves
        seen = {start}
        frontier = [start]
        moves = 0
        while frontier and moves + 1 < best:
            moves += 1
            reached = []
            for sq in frontier:
                for d in range(4):
                    s = nxt[4 * sq + d]
                    steps = 0
                    while s != OFF and steps < 6:
                        t = s >> 2
                        if cells[t] >= 0:
                            break
                        steps += 1
                        if row[t] == 0 and owner[t] != seat:
                            best = moves  # a point; a camp square is no place to go on from
                            break
                        if t not in seen:
                            seen.add(t)
                            reached.append(t)
                        s = nxt[s]
            frontier = reached
        cells[start] = seat
        out.append(best)
    return out


def _doomed(state: FrontState, seat: int) -> int:
    """How many of ``seat``'s pieces another player could remove at their next turn."""
    cells = state.cells
    return sum(
        1
        for other in range(PLAYERS)
        if other != seat
        for sq in state.removable(other)
        if cells[sq] == seat
    )


def prospect(state: FrontState, points: int) -> float:
    """How far the learner is from a point (lower is nearer); ``points``: the learner's points
    before the move judged, so a move that scored is ``POINT``."""
    if state.scores[LEARNER] > points or state.winner == LEARNER:
        return POINT
    need = ways(state, LEARNER)
    if not need:
        return 10.0 * FAR
    spread = sum(min(n, 5) for n in need) / len(need)
    return (
        10.0 * min(need)
        + spread
        + 8.0 * _doomed(state, LEARNER)
        - 6.0 * len(state.removable(LEARNER))
    )


def _rolled(state: FrontState, value: int) -> FrontState:
    trial = state.clone()
    trial.apply(ROLLS[value - 1], CHANCE)
    return trial


def _learner_die(state: FrontState) -> int:
    points = state.scores[LEARNER]
    best: tuple[tuple[int, float], int] | None = None
    for value in range(1, 7):
        trial = _rolled(state, value)
        if trial.phase != MOVE:
            key = (1, 0.0)  # the turn passes: only when no die moves a piece
        else:
            worth = []
            for action in trial.legal_actions():
                after = trial.clone()
                after.apply(action, LEARNER)
                worth.append(prospect(after, points))
            mean = sum(worth) / len(worth)
            key = (0, FIRST_WEIGHT * worth[0] + (1 - FIRST_WEIGHT) * mean)
        if best is None or key < best[0]:
            best = (key, value)
    assert best is not None
    return best[1]


def _helping_die(state: FrontState) -> int:
    seat = state.current
    points = state.scores[LEARNER]
    best: tuple[tuple[int, float], int] | None = None
    for value in range(1, 7):
        trial = _rolled(state, value)
        if trial.phase == MOVE:
            action = heuristic.choose(trial, None)
            assert action is not None
            before = trial.scores[seat]
            trial.apply(action, seat)
            if trial.scores[seat] > before:
                continue  # no point for a computer while the learner has time
        key = (0, prospect(trial, points))
        if best is None or key < best[0]:
            best = (key, value)
    return 1 if best is None else best[1]


def _racing_die(state: FrontState) -> int:
    seat = state.current
    best: tuple[tuple[int, int], int] | None = None
    for value in range(1, 7):
        trial = _rolled(state, value)
        if trial.phase != MOVE:
            key = (2, 0)
        else:
            action = heuristic.choose(trial, None)
            assert action is not None
            before = trial.scores[seat]
            trial.apply(action, seat)
            if trial.scores[seat] > before:
                key = (0, 0)
            else:
                need = ways(trial, seat)
                key = (1, min(need) if need else FAR)
        if best is None or key < best[0]:
            best = (key, value)
    assert best is not None
    return best[1]

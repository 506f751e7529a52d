"""Omringad's guided first game ("Lär dig spela", ``core.tutorial``): the learner against one
computer at the easy level on the two-player sphere, two rounds long.

Two rounds are the shortest game the options allow (``round_limit``) and still show every
phase: round 1 is the peace (terrain, set-up, a first move at home), round 2 has the auction,
the purchase, moves across the border, the battles and the reinforcements. The set-up purchase
spends round 1's gold (``setup_purchase_separate`` off), so round 1 has no purchase and no
reinforcement: the learner buys and places units once, in round 2.

The chance outcomes are chosen from the position: the learner wins the roll-off and takes the
initiative, the computer draws the War elephants (a plain strong unit, no new kind of
decision) for round 2's auction. In a battle every die of the learner's is the lowest that
hits and the computer's miss by one, except its first die of a step while all the learner's
units there are whole: the learner may meet the choice of which unit takes a hit, and each
battle ends after a few steps (every step the learner hits or loses a unit).
"""

from __future__ import annotations

from spelkvall.core import Tutorial
from spelkvall.core.tutorial import Scripted

from . import units as U
from .phases import AU_DRAW, AUCTION, BT_ROLL, COMBAT, INITIATIVE
from .rules import OmringadState

LEARNER = 0
SPECIAL = "elephants"
LEARNER_ROLL_OFF, COMPUTER_ROLL_OFF = 6, 2

TUTORIAL = Tutorial(
    computers=("easy",),
    kinds=(
        # terrain and set-up (round 1 also has the first moves)
        "tile",
        "back",
        "done",
        "recruit",
        # movement: square, units, path, go; or pass
        "select",
        "pass",
        "take",
        "step",
        "confirm",
        # round 2: auction, purchase, battle, reinforcement
        "drop",
        "bid",
        "place_special",
        "buy",
        "assign",
        "place",
        "merge",
    ),
    options={"target": 50, "round_limit": 2, "setup_purchase_separate": False},
)


def outcome(state: OmringadState, drawn: int) -> Scripted | None:
    """The chance outcome of the guided game's position ``state`` (``None``: the seed
    decides). ``drawn`` is not needed: every outcome follows from the position."""
    if state.phase == INITIATIVE:
        seat = state.contenders[len(state.init_rolls)]
        return LEARNER_ROLL_OFF if seat == LEARNER else COMPUTER_ROLL_OFF
    if state.phase == AUCTION and state.au_stage == AU_DRAW:
        return {"type": "draw", "unit": SPECIAL}
    if state.phase == COMBAT and state.bt_stage == BT_ROLL:
        return _battle_die(state)
    return None


def _battle_die(state: OmringadState) -> int:
    """The battle die of the unit to roll now (the dice look like real ones, not all 6s)."""
    index = len(state.bt_dice)
    roller = state.bt_rollers[index]
    need = (roller >> 4) & 15
    hit = max(2, min(need, 6))
    miss = max(1, min(need - 1, 5))
    if roller & 7 == LEARNER:
        return hit
    first = all(r & 7 == LEARNER for r in state.bt_rollers[:index])
    whole = not any(U.owner(u) == LEARNER and U.damaged(u) for u in state.stacks[state.bt_sq])
    return hit if first and whole else miss

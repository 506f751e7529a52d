"""Stranded players (§7): which of S1–S4 leaves a player without a way to win, and the check
run after every opening and at every turn end that strands them (and ends the game with no
winner once everybody is)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from spelkvall.core import Event

from .board import MADAGASCAR, MADAGASCAR_CITIES, MAINLAND, SEA_ONLY
from .money import PRICE
from .phases import UNOPENED
from .tokens import HORSESHOE, STAR

if TYPE_CHECKING:
    from .rules import AfrikaState

_SEA_ONLY = frozenset(SEA_ONLY)
_MADAGASCAR_CITIES = tuple(MADAGASCAR_CITIES)


def condition(state: AfrikaState, seat: int) -> str:
    """Which of S1–S4 (§7) holds for ``seat`` now, or ``""``. Never for a player at sea
    or one not yet on the board."""
    v = state.pos[seat]
    if v < 0 or state.leg_dest[seat] >= 0:
        return ""
    item = state.star[seat] or state.shoes[seat] > 0
    bag = state.bag.counts
    if bag[STAR] == 0 and bag[HORSESHOE] == 0 and not item:
        return "S4"
    if state.options.free_passage_2005 or state.money[seat] >= PRICE:
        return ""
    if v in _SEA_ONLY:
        return "S1" if state.token_at[v] != UNOPENED else ""
    if v in MADAGASCAR:
        if all(state.token_at[c] != UNOPENED for c in _MADAGASCAR_CITIES):
            return "S2"
        return ""
    # S3, and S3′: not while walking to Capetown would still earn the bonus.
    if (
        v in MAINLAND
        and not item
        and state.mainland_left == 0
        and (state.bonus_claimed or not state.options.strand_waits_for_capetown)
    ):
        return "S3"
    return ""


def check(state: AfrikaState, events: list[Event]) -> bool:
    """Strand everybody S1–S4 now applies to (§7); end the game with no winner when all
    are stranded. Returns whether the game is over."""
    counts = state.bag.counts
    if (counts[STAR] or counts[HORSESHOE]) and (
        state.options.free_passage_2005 or min(state.money) >= PRICE
    ):
        return False  # S4 needs every horseshoe out, S1–S3 a broke player
    stranded = state.stranded
    for s in range(len(stranded)):
        if not stranded[s]:
            reason = state.strand_condition(s)
            if reason:
                stranded[s] = True
                state.strand_reason[s] = reason
                events.append(("stranded", s, reason))
    if all(stranded):
        events.append(("no_winner",))
        state._finish(-1)
        return True
    return False

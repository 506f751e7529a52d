"""Afrikas stjärna's options: every variant of the spec (§9) and our refinement S3′ (§7) as a
named option with the spec's default."""

from __future__ import annotations

from dataclasses import dataclass

from spelkvall.core import option


@dataclass(frozen=True)
class AfrikaOptions:
    """House rules. The defaults follow ``../shared/specs/afrikas-stjarna.md``."""

    free_passage_2005: bool = False
    """§9.1, the official rule of 2005: a broke player at a port may board for free and sails
    exactly 2 steps a turn (fewer to arrive), without a die. With it, S1–S3 never apply."""
    emerald_value: int = option(500, choices=(500, 600))
    """§9.2: an emerald pays £500 (the seed's document) or £600 (the printed sheet)."""
    escape_roll_moves: bool = True
    """§9.3: a captured player who rolls 1 or 2 moves that roll (by land, or on along the
    voyage). Off: freed, but the turn ends."""
    turn_order: str = option("random", choices=("random", "highest_roll"))
    """§9.4: the order is drawn at random (the computer version), or everybody rolls and the
    highest roll starts, play going on in descending order of the rolls (the printed game)."""
    sixth_player: bool = False
    """The printed game allows six players, the seed's adaptation five: a sixth seat."""
    strand_waits_for_capetown: bool = True
    """§7 S3′ (our refinement): a broke mainland player with only island tokens left is not
    stranded while the Capetown bonus is unclaimed, since walking there earns £500. Off: S3
    as the original adaptation applies it."""

"""Omringad's options: the target and the team layout the seed leaves to the players, and
every DECISION of the spec (``../shared/specs/omringad.md``) that another reading could change,
each with the spec's default. ``README.md`` lists the DECISIONs that are not options and why."""

from __future__ import annotations

from dataclasses import dataclass

from spelkvall.core import option


@dataclass(frozen=True)
class OmringadOptions:
    """House rules. The defaults follow the spec."""

    target: int = option(50, choices=(50, 100, 140))
    """§B13: the points to reach: blitz 50, field battle 100, total dominion 140."""
    teams: str = option("diagonal", choices=("diagonal", "side", "none"))
    """Four players: diagonal teams (0+3 against 1+2, the seed's "natural" split), side by
    side (0+1 against 2+3), or none (everybody for themselves)."""
    team_target: str = option("one", choices=("one", "both"))
    """§B13 2v2: whether one or both teammates must reach the target."""
    auction: str = option("ascending", choices=("ascending", "sealed"))
    """DECISION O6: turn-based ascending bids, or sealed first-price bids at once."""
    setup_purchase_separate: bool = True
    """DECISION O5: the set-up purchase has its own 25 gold; off: it spends round 1's gold."""
    magician_ranged: bool = True
    """DECISION O3: the Magician rolls with the ranged units; off: with the melee."""
    mountain_beats_horses: bool = True
    """DECISION O8: a move starting on a mountain (Pirates: a lake) goes at most 1 square even
    with Horses; off: Horses add their +1 to that 1."""
    generals_conquer: bool = True
    """DECISION §B9: Generals can conquer squares (and take control after a battle); off: they
    cannot, like the Magician."""
    pin_counts_horses: bool = False
    """DECISION §B9 pinned units: Horses are not counted on either side; on: they are."""
    lone_horses_return: bool = True
    """DECISION §B9: Horses left alone after movement return to the cup; off: they stay."""
    battle_order: str = option("contested", choices=("contested", "holder"))
    """DECISION §B10: battles in the order the squares became contested, or in an order the
    initiative holder chooses."""
    dragon_besieges: bool = False
    """DECISION §B10: the Dragon never besieges; on: it besieges like any unit."""
    noncombatants_take_control: bool = False
    """DECISION §B11: survivors that cannot conquer do not take control; on: they do."""
    unplaced_wait: bool = False
    """DECISION §B12: bought units that cannot be placed go back to the pool; on: they wait
    off the board for the next reinforcement phase."""
    tie_rule: str = option("another_round", choices=("another_round", "shared"))
    """DECISION §B13: a tie for the most points at or above the target plays another round;
    "shared": the tied players share the win."""
    open_stacks: bool = False
    """DECISION §B15: opponents see only the top unit and the height of a stack; on: they see
    every unit (pools and purchases stay hidden)."""
    round_limit: int = option(60, min=2, max=500)
    """Safety: after this many rounds the most points win (ties share the win)."""

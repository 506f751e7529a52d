"""DogRoyal's options: every DECISION of the spec as a named house rule with its default."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class DogOptions:
    """House rules. The defaults follow ``../shared/specs/dogroyal.md``."""

    teams: bool = True
    """4 players play in two teams, partners opposite (§4). Off: 4-player free-for-all."""
    plus4_green: bool = False
    """DECISION §2: only −4 is green; on: the whole ±4 card is green (+4 ignores rank too)."""
    king_uses_one: bool = True
    """DECISION §2: the King may use the 1 of the 11 card."""
    green_hits_king: bool = False
    """DECISION §5.6: green cards do not let a piece hit a King; on: they do."""
    goal_entry_optional: bool = True
    """DECISION §5.4: a piece passing its start field may stay on the track; off: it must enter
    the goal when that move is legal."""
    special_offset: int = 8
    """DECISION §3: the special fields are ``16·s + special_offset`` (8: mid-quarter)."""
    citizen_jump_optional: bool = True
    """DECISION §5.7: the Citizen may (not must) jump to the next free special field."""
    citizen_jump_draws: bool = False
    """DECISION §5.7: the field the Citizen jumps to draws no second card; on: it does."""
    swap_own: bool = False
    """DECISION §5.8: two own pieces may not be swapped; on: they may."""
    copy_across_rounds: bool = True
    """DECISION §5.8: the = card copies the discard top even from the previous round."""
    reshuffle_keeps_top: bool = True
    """DECISION §4: the discard pile is reshuffled except its top card (so = keeps working)."""
    first_round_placement: bool = True
    """§5.1.4: at game start each player puts one piece of choice on the start field."""
    cheat_enabled: bool = False
    """§6: the cheat house rule (a secret ±1 and one accusation per five rounds)."""
    round_limit: int = 60
    """Safety: after this many rounds the game ends; most pieces in goal wins (ties share)."""

"""DogRoyal's options: every DECISION of the spec that a house rule could change, as a named
option with the spec's default (the README lists the DECISIONs that are not options)."""

from __future__ import annotations

from dataclasses import dataclass

from spelkvall.core import option


@dataclass(frozen=True)
class DogOptions:
    """House rules. The defaults follow ``../shared/specs/dogroyal.md``."""

    teams: bool = True
    """4 players play in two teams, partners opposite (§4). Off: 4-player free-for-all."""
    play_on: bool = False
    """DECISION §4: the first player with all four pieces home wins and the game ends. On: in
    a free-for-all (2 or 3 players, or 4 with ``teams`` off) the first to finish is the winner
    and the others play on for the places; a finished player is out of play (the rest of the
    hand is discarded, no more cards are dealt to them, turns and deals skip them) until one
    player alone has pieces left to bring home. The result ranks by finishing order. No effect
    on a team game (two teams leave no places to play for) nor, in effect, with 2 players."""
    plus4_green: bool = False
    """DECISION §2: only −4 is green; on: the whole ±4 card is green (+4 ignores rank too)."""
    king_uses_one: bool = True
    """DECISION §2: the King may use the 1 of the 11 card."""
    green_hits_king: bool = False
    """DECISION §5.6: green cards do not let a piece hit a King; on: they do."""
    goal_entry_optional: bool = True
    """DECISION §5.4: a piece passing its start field may stay on the track; off: it must enter
    the goal when that move is legal."""
    special_offset: int = option(8, min=0, max=15)
    """DECISION §3: the special fields are ``16·s + special_offset`` (8: mid-quarter)."""
    citizen_jump_optional: bool = True
    """DECISION §5.7: the Citizen may (not must) jump to the next free special field."""
    citizen_jump_draws: bool = False
    """DECISION §5.7: the field the Citizen jumps to draws no second card; on: it does."""
    swap_own: bool = False
    """DECISION §5.8: two own pieces may not be swapped; on: they may."""
    king_swap_any_distance: bool = True
    """DECISION §5.7: Magnet and Tauscher may be applied to a King regardless of distance. Off
    (the "max 7 fields" reading): a Magnet may move a King at most 7 fields, and a Tauscher
    that moves a King (the own King or the other piece) needs the two pieces at most 7 ring
    fields apart, counted the shorter way round, so the King moves no more than 7 fields."""
    copy_across_rounds: bool = True
    """DECISION §5.8: the = card copies the discard top even from the previous round."""
    reshuffle_keeps_top: bool = True
    """DECISION §4: the discard pile is reshuffled except its top card (so = keeps working)."""
    special_draw_reshuffle: bool = True
    """DECISION §4: a special-field draw from an empty deck reshuffles the discard pile first,
    like a deal; off: with an empty deck no card is drawn."""
    first_dealer_random: bool = True
    """DECISION §4: the first dealer is drawn at random (seeded); off: seat 0 deals first (so
    seat 1 starts)."""
    first_round_placement: bool = True
    """§5.1.4: at game start each player puts one piece of choice on the start field."""
    cheat_enabled: bool = False
    """§6: the cheat house rule (a secret ±1 and one accusation per five rounds)."""
    round_limit: int = option(60, min=1, max=1000)
    """Safety: after this many rounds the game ends; most pieces in goal wins (ties share)."""

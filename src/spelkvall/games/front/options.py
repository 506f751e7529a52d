"""Front's options: the board depth the spec makes a parameter, and every DECISION another
reading could change, each with the spec's default (``../shared/specs/front.md``)."""

from __future__ import annotations

from dataclasses import dataclass

from spelkvall.core import option


@dataclass(frozen=True)
class FrontOptions:
    """House rules. The defaults follow the spec."""

    depth: int = option(4, min=4, max=6)
    """§A2: rows per region (D). 4 gives 96 squares; 5 and 6 are for playtesting."""
    target: int = option(10, min=1, max=30)
    """§A1: the points that win at once."""
    exact_score: bool = True
    """DECISION F2: a point only for a move that *ends* on another player's camp with the
    exact roll. Off: a move down a column that reaches another player's camp with steps to
    spare stops there and scores (entering the camp counts; the rest of the roll is lost)."""
    removed_return: bool = False
    """DECISION F4: removed pieces leave the game. On: a removed piece goes back to its owner's
    camp, to the empty camp square nearest its column (the own column first, then left
    before right)."""
    threat_range: int = option(0, min=0, max=11)
    """DECISION F3: the first piece met along a line counts at any distance (0). A number k
    counts only a first piece within k steps, for threat and protection alike (6: "within a
    die roll")."""
    rolloff: str = option("tied", choices=("tied", "all"))
    """DECISION §A1 (re-roll ties): only the players tied for the highest roll roll again
    (``tied``), or everybody rolls again (``all``)."""
    draw_turns: int = option(300, min=30, max=3000)
    """DECISION F5: the game is drawn after this many turns in a row without a point or a
    removal."""

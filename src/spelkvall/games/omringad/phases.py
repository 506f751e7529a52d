"""Phase numbers shared by the rules modules. The eight phases of a round (§B6) are named by
``ROUND`` (``core.phases.Phases``); the two set-up steps come before them and ``OVER`` after."""

from __future__ import annotations

from spelkvall.core import Phases

ROUND = Phases(
    (
        "initiative",
        "auction",
        "purchase",
        "movement",
        "combat",
        "reinforcement",
        "income",
        "scoring",
    )
)
TERRAIN, SETUP = 0, 1
INITIATIVE, AUCTION, PURCHASE, MOVEMENT, COMBAT, REINFORCEMENT, INCOME, SCORING = range(2, 10)
OVER = 10
PHASE_NAMES = ("terrain", "setup", *ROUND.names, "over")

# Auction stages
AU_DRAW, AU_BID, AU_SEALED, AU_PLACE = range(4)
# Battle stages
BT_CHOOSE, BT_DIPLOMAT, BT_ROLL, BT_TARGET, BT_DRAGON, BT_ASSIGN = range(6)
BT_STAGE_NAMES = ("choose", "diplomat", "roll", "target", "dragon", "assign")

BACK_BUDGET = 12
"""How many times a seat may step back in one phase (a bound on the steps of a turn)."""

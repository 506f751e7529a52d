"""Named bots beyond random and heuristic: the search bots and the levels people pick.

- ``easy``: the game's rule-of-thumb bot (``heuristic``);
- ``medium``: a small search (:data:`MEDIUM`);
- ``hard``: a larger search, capped in time so a move takes at most about a second
  (:data:`HARD`);
- ``mcts`` / ``ismcts`` / ``rollout``: the searches by name, with the hard budget.

For ``medium`` and ``hard`` the search follows the game: MCTS when everything is visible
(``Game.perfect_information``), IS-MCTS when there is hidden information, or a rollout of
every legal move where the game declares ``search = "rollout"`` (``bots.rollout``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from spelkvall.core import Game

from . import texts as _texts  # noqa: F401  (registers the level names)
from .base import BOT_FACTORIES, Bot, HeuristicBot
from .ismcts import ISMCTSBot
from .mcts import MCTSBot
from .rollout import RolloutBot

LEVELS = ("easy", "medium", "hard")
"""The levels a lobby offers, from weakest to strongest."""
DEFAULT_LEVEL = "medium"
"""The level a new computer seat gets unless somebody picks another (the browser's lobby and
``spelkvall play`` alike)."""


@dataclass(frozen=True)
class Budget:
    """How much a search bot may think per move: iterations, and a time cap in seconds as a
    safety net (the iteration budget is what normally ends a search, so play is reproducible
    from a seed on any machine that is fast enough)."""

    iterations: int
    time_limit: float
    leaf_playouts: int = 16
    baseline: bool = True
    """Keep the rule-of-thumb move unless the search shows a better one beyond its noise."""


MEDIUM = Budget(iterations=60, time_limit=0.3)
HARD = Budget(iterations=400, time_limit=0.8)
"""The cap leaves 0.2 s for the last iteration and the baseline comparison, so a move stays
within a second on a loaded machine too (0.9 s measured up to 1.06 s under load)."""


def level_bot(game: Game[Any, Any], budget: Budget, name: str) -> Bot:
    """The level's bot: the game's tree search (:func:`search_bot`), or a rollout within the
    level's time cap where the game's ``search`` says so (``bots.rollout``)."""
    if game.search == "rollout":
        return RolloutBot(time_limit=budget.time_limit, name=name)
    return search_bot(game, budget, name)


def search_bot(
    game: Game[Any, Any], budget: Budget, name: str, *, hidden: bool | None = None
) -> MCTSBot:
    """MCTS for a perfect-information game, IS-MCTS otherwise (or as ``hidden`` says), with
    the budget's iterations times the game's ``search_scale``."""
    cls = ISMCTSBot if (not game.perfect_information if hidden is None else hidden) else MCTSBot
    return cls(
        iterations=budget.iterations * game.search_scale,
        time_limit=budget.time_limit,
        leaf_playouts=budget.leaf_playouts,
        baseline=budget.baseline,
        name=name,
    )


def _easy(game: Game[Any, Any]) -> Bot:
    bot = HeuristicBot()
    bot.name = "easy"
    return bot


BOT_FACTORIES.update(
    {
        "easy": _easy,
        "medium": lambda game: level_bot(game, MEDIUM, "medium"),
        "hard": lambda game: level_bot(game, HARD, "hard"),
        "mcts": lambda game: search_bot(game, HARD, "mcts", hidden=False),
        "ismcts": lambda game: search_bot(game, HARD, "ismcts", hidden=True),
        "rollout": lambda game: RolloutBot(time_limit=HARD.time_limit, name="rollout"),
    }
)

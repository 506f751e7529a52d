"""A search level as a rollout: every legal move played out by the rule of thumb, the best kept.

Where a game's tree search does worse than this within the time cap, the game says so
(``Game.search = "rollout"``) and its ``medium`` and ``hard`` levels are this bot. It asks the
move advisor (``bots.advisor``: every legal action played out by the heuristic on all seats in
the compiled batch simulator, all actions on the same dice, in worlds dealt from the seat's
view where something is hidden) for as long as its time cap allows, and plays the action that
won most often; the heuristic's own move is kept unless another one won more often than the
heuristic's interval reaches (the noise of a short search must not overrule the rule of thumb).

Why it can beat a tree search: a tree search spends its playouts on every move of the
positions below the root too, and where one bad move there ruins a player (Afrikas stjärna's
last token bought with the last £100 strands the buyer) those losses pull a good root move's
mean down; played out by the rule of thumb, every root move is rated as a player would go on.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from spelkvall.core import Action

from .advisor import advise
from .base import Bot, HeuristicBot, Observation

HALF_WIDTH = 0.005
"""The interval aimed for: in practice the time cap ends every answer first."""


class RolloutBot(Bot):
    """Plays the legal action whose heuristic playouts win most often (see the module)."""

    def __init__(
        self, *, time_limit: float | None, name: str = "rollout", max_playouts: int | None = None
    ) -> None:
        self.time_limit = time_limit
        """Seconds a move may take (``None``: until ``max_playouts`` or the interval)."""
        self.max_playouts = max_playouts
        """Playouts per action at most (``None``: the advisor's default)."""
        self.name = name
        self.clock: Callable[[], float] = time.perf_counter
        """What ``time_limit`` is measured on (a benchmark sharing the machine passes CPU
        time), as for :class:`~spelkvall.bots.mcts.MCTSBot`."""
        self._baseline = HeuristicBot()

    def choose(self, obs: Observation, rng: random.Random) -> Action:
        legal = obs.legal_actions()
        if len(legal) == 1:
            return legal[0]
        # A copy, or a world dealt from the seat's view: the advisor reads only that view.
        world = obs.sample_state(rng)
        keep = self._baseline.choose(Observation(obs.game, world, obs.player), rng)
        advice = advise(
            obs.game,
            world,
            obs.player,
            half_width=HALF_WIDTH,
            seed=rng.getrandbits(63),
            time_limit=self.time_limit,
            max_playouts=self.max_playouts,
            clock=self.clock,
        )
        best = max(advice.actions, key=lambda a: a.win_rate)
        rule = next((a for a in advice.actions if a.action == keep), None)
        if rule is not None and rule.interval[1] >= best.win_rate:
            return keep
        return best.action

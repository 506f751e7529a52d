"""Information-set MCTS (single observer) for games with hidden information.

Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree Search" (2012), SO-ISMCTS:
one tree for the bot's own information set. Every iteration draws a fresh *determinisation* —
a full state consistent with the bot's view, from ``Observation.sample_state`` (the game's
sampler, which reads only that view) — and descends the tree in it. Statistics are shared by
action: the same action in different determinisations updates the same edge, and UCB1 counts
how often an action was *available* rather than how often its node was visited, because the
legal actions differ between determinisations.

The search itself is :class:`~spelkvall.bots.mcts.MCTSBot`'s; only the determinisation differs.
The bot never sees the true state: a determinisation is all it searches.
"""

from __future__ import annotations

import random

from spelkvall.core import State

from .base import Observation
from .mcts import MCTSBot


class ISMCTSBot(MCTSBot):
    """SO-ISMCTS: a new sampled state per iteration, statistics shared by action."""

    name = "ismcts"

    def determinise(self, obs: Observation, rng: random.Random, first: State | None) -> State:
        return obs.sample_state(rng)

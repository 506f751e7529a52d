"""Monte Carlo tree search for games with chance and perfect information.

The tree alternates decision nodes and chance nodes. A chance node's children are keyed by the
outcome drawn with ``State.sample_chance`` (so dice are sampled in proportion to their
probability); when a game cannot list its outcomes, or lists too many (a shuffle), the chance
node has one child and the tree is *open loop* below it. At a decision node every player to act
keeps its own statistics per action and picks by UCB1 on its own reward: each player maximises
its own share of wins, which is the usual generalisation of UCT to more than two players
("max^n" style). Several players acting at once (sealed bids) choose independently from their
own statistics (decoupled UCT), so no one sees the others' choice of the same step.

A leaf is evaluated by playouts to the end: through ``Game.playout_wins`` when the game offers a
fast simulator, otherwise through the engine with the game's heuristic (``heuristic_action``)
for every seat, or uniformly random moves. The reward of a finished game is 1 for every winner
of ``State.result()`` and 0 for the others.

UCB1 counts an action's *availability* (how often it was legal when its node was visited)
instead of the node's visits, so the same code serves :mod:`.ismcts`, where the legal actions
change with every sampled state.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from spelkvall.core import CHANCE, Action, Game, State

from .base import Bot, Observation

MAX_CHANCE_BRANCHES = 64
"""Chance nodes with more listed outcomes than this are searched open loop (one child)."""

MAX_PLAYOUT_STEPS = 100_000
"""A playout that has not ended after this many steps is a bug in the game, not a long game."""

Policy = Callable[[Game[Any, Any], State, int, random.Random], Action]


class _Edge:
    """Statistics of one action of one player at one node."""

    __slots__ = ("available", "reward", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.reward = 0.0
        self.available = 0


class _Node:
    """A tree node. ``edges[player][action]`` for decision nodes; ``children`` by key (a joint
    action at decision nodes, a chance outcome or ``None`` at chance nodes)."""

    __slots__ = ("children", "edges")

    def __init__(self) -> None:
        self.children: dict[Any, _Node] = {}
        self.edges: dict[int, dict[Action, _Edge]] = {}


def random_policy(game: Game[Any, Any], state: State, player: int, rng: random.Random) -> Action:
    legal = state.legal_actions(player)
    return legal[int(rng.random() * len(legal))]


def heuristic_policy(game: Game[Any, Any], state: State, player: int, rng: random.Random) -> Action:
    """The game's rule-of-thumb move, or a random one when it has none."""
    action = game.heuristic_action(state, player, rng)
    return random_policy(game, state, player, rng) if action is None else action


POLICIES: dict[str, Policy] = {"random": random_policy, "heuristic": heuristic_policy}


def rewards(state: State) -> list[float]:
    """1 for every winner of a finished state, 0 for the others."""
    reward = [0.0] * state.num_players
    for winner in state.winners():
        reward[winner] = 1.0
    return reward


def play_to_end(game: Game[Any, Any], state: State, policy: Policy, rng: random.Random) -> State:
    """Play ``state`` (changed in place, and returned) to the end with ``policy`` for every
    seat."""
    for _ in range(MAX_PLAYOUT_STEPS):
        if state.is_terminal():
            return state
        if state.is_chance():
            state.apply(state.sample_chance(rng), CHANCE)
            continue
        for player in state.players_to_act():
            state.apply(policy(game, state, player, rng), player)
    raise RuntimeError(f"{game.id}: playout did not end after {MAX_PLAYOUT_STEPS} steps")


def playout(game: Game[Any, Any], state: State, policy: Policy, rng: random.Random) -> list[float]:
    """Play ``state`` (changed in place) to the end with ``policy`` for every seat; the
    rewards."""
    return rewards(play_to_end(game, state, policy, rng))


@dataclass
class SearchStats:
    """What the last search did, for benchmarks and tests."""

    iterations: int = 0
    seconds: float = 0.0
    playouts: int = 0
    fast: bool = False
    """Whether the leaves were evaluated by ``Game.playout_wins``."""


class MCTSBot(Bot):
    """UCT with sampled chance and playout evaluation, searching from its own view.

    ``iterations`` and ``time_limit`` (seconds) bound one decision; whichever comes first stops
    the search (at least one must be given). ``policy`` is the playout policy (``"heuristic"``
    or ``"random"``); ``leaf_playouts`` is how many playouts evaluate a new leaf when the game
    has a fast simulator (``Game.playout_wins``), else one engine playout does.

    Two things make a small search worth more than its size:

    - *common random numbers*: the k-th time the search tries one of its own moves, it plays
      the k-th chance scenario (the same dice, the same sampled hidden state), whichever move
      it tries; two moves are so compared on the same luck, and their difference needs far
      fewer playouts than either win rate on its own;
    - *a baseline* (``baseline=True``): the game's rule-of-thumb move is kept unless the search
      shows another move better on the shared scenarios by more than ``confidence`` standard
      errors of the paired difference, on at least :data:`MIN_PAIRED` of them. Without a
      baseline the most visited move is chosen.

    ``max_depth`` bounds how many decisions deep the tree grows (``None``: no bound), and so
    does the game where it says so for the position (``Game.search_depth``); below it the
    playouts decide. With a bound of 1 only the own moves at the root are searched, each judged
    by playouts from the position it leads to. A deeper tree tries every move of a node
    it reaches, the hopeless ones too, and their losses lower the mean of the move above: a
    move whose next decisions have many bad alternatives (sailing to an island, where buying
    the last token strands the player) then looks worse than one that puts those decisions off
    beyond the tree (walking), turn after turn.
    """

    name = "mcts"
    thinks = True

    def __init__(
        self,
        iterations: int | None = 1000,
        time_limit: float | None = None,
        *,
        exploration: float = 0.7,
        policy: str = "heuristic",
        leaf_playouts: int = 16,
        baseline: bool = False,
        confidence: float = 1.0,
        max_depth: int | None = None,
        name: str | None = None,
    ) -> None:
        if iterations is None and time_limit is None:
            raise ValueError("give an iteration budget, a time limit or both")
        if max_depth is not None and max_depth < 1:
            raise ValueError(f"max_depth must be at least 1 (or None), not {max_depth}")
        if policy not in POLICIES:
            raise ValueError(f"unknown playout policy {policy!r}; known: {sorted(POLICIES)}")
        self.iterations = iterations
        self.time_limit = time_limit
        self.exploration = exploration
        self.policy = policy
        self.leaf_playouts = leaf_playouts
        self.baseline = baseline
        self.confidence = confidence
        self.max_depth = max_depth
        if name is not None:
            self.name = name
        self.last = SearchStats()
        self.clock: Callable[[], float] = time.perf_counter
        """What ``time_limit`` is measured on. Play uses the wall clock; a benchmark sharing
        the machine may set ``time.thread_time``, so the search gets what a quiet machine
        gives it however loaded this one is."""

    def __repr__(self) -> str:
        return (
            f"{type(self).__name__}(iterations={self.iterations}, time_limit={self.time_limit}, "
            f"policy={self.policy!r}, baseline={self.baseline}, max_depth={self.max_depth})"
        )

    # --- the search ----------------------------------------------------------------------
    def choose(self, obs: Observation, rng: random.Random) -> Action:
        legal = obs.legal_actions()
        if len(legal) == 1:
            self.last = SearchStats()
            return legal[0]
        search = self.search(obs, rng)
        if self.baseline:
            # The rule-of-thumb move in the position as the player sees it (the first sample).
            start = obs.game.heuristic_action(search.first_state, obs.player, rng)
            if start is not None and start in legal:
                return search.better_than(start, legal, self.confidence)
        return search.most_visited(legal)

    def determinise(self, obs: Observation, rng: random.Random, first: State | None) -> State:
        """The state one iteration starts from: a copy of the ``first`` state sampled from the
        view (with perfect information, the one state the view shows)."""
        return obs.sample_state(rng) if first is None else first.clone()

    def search(self, obs: Observation, rng: random.Random) -> Search:
        """Run the search from ``obs`` (statistics also in ``self.last``)."""
        start = self.clock()
        deadline = None if self.time_limit is None else start + self.time_limit
        budget = self.iterations if self.iterations is not None else 2**62
        base = rng.getrandbits(64)
        first = self.determinise(obs, random.Random(f"{base}:first"), None)
        search = Search(obs, first.clone())
        policy = POLICIES[self.policy]
        stats = SearchStats()
        stats.fast = True  # until the game answers None to Game.playout_wins
        legal = obs.legal_actions()
        me = obs.player
        bounds = [d for d in (self.max_depth, obs.game.search_depth(first, me)) if d is not None]
        depth = min(bounds) if bounds else None
        while stats.iterations < budget:
            if deadline is not None and stats.iterations and self.clock() >= deadline:
                break
            # Choose the own move first, then the scenario by how often that move was tried.
            mine = _select(search.root, me, legal, self.exploration, rng)
            k = search.root.edges[me][mine].visits
            scenario = random.Random(f"{base}:{k}")
            state = self.determinise(obs, scenario, first)
            reward = self._iterate(
                obs.game, search.root, state, me, mine, policy, stats, scenario, depth
            )
            search.scenario_rewards.setdefault(mine, []).append(reward[me])
            stats.iterations += 1
        stats.seconds = self.clock() - start
        self.last = stats
        return search

    def _iterate(
        self,
        game: Game[Any, Any],
        root: _Node,
        state: State,
        me: int,
        mine: Action,
        policy: Policy,
        stats: SearchStats,
        rng: random.Random,
        max_depth: int | None = None,
    ) -> Sequence[float]:
        c = self.exploration
        # Drawn first, so the k-th scenario's playouts share their seed whatever the depth of
        # the leaf they start from.
        playout_seed = rng.getrandbits(31)
        node = root
        path: list[tuple[_Node, list[tuple[int, Action]]]] = []
        expanded = False
        key: Any  # a chance outcome (or None: open loop) or a joint action
        while not expanded and not state.is_terminal():
            if state.is_chance():
                outcome = state.sample_chance(rng)
                n = len(state.chance_outcomes())
                key = outcome if 0 < n <= MAX_CHANCE_BRANCHES else None
                state.apply(outcome, CHANCE)
            else:
                joint = [
                    (
                        p,
                        mine
                        if node is root and p == me
                        else _select(node, p, state.legal_actions(p), c, rng),
                    )
                    for p in state.players_to_act()
                ]
                for player, action in joint:
                    state.apply(action, player)
                path.append((node, joint))
                if len(path) == max_depth:
                    break  # the playouts judge the position from here
                key = tuple(a for _, a in joint)
            child = node.children.get(key)
            if child is None:
                child = node.children[key] = _Node()
                expanded = True
            node = child
        reward = self._evaluate(game, state, policy, stats, playout_seed)
        for visited, joint in path:
            for player, action in joint:
                edge = visited.edges[player][action]
                edge.visits += 1
                edge.reward += reward[player]
        return reward

    def _evaluate(
        self,
        game: Game[Any, Any],
        state: State,
        policy: Policy,
        stats: SearchStats,
        seed: int,
    ) -> Sequence[float]:
        if state.is_terminal():
            return rewards(state)
        if stats.fast:
            n = self.leaf_playouts
            wins = game.playout_wins(state, n, self.policy, seed)
            if wins is not None:
                stats.playouts += n
                return [w / n for w in wins]
            stats.fast = False  # the game has no fast simulator: play out through the engine
        stats.playouts += 1
        return playout(game, state, policy, random.Random(seed))


class Search:
    """The result of one search: the tree's root and, per own move, its reward in each
    scenario (index k = the k-th common chance scenario)."""

    def __init__(self, obs: Observation, first_state: State) -> None:
        self.obs = obs
        self.first_state = first_state
        self.root = _Node()
        self.scenario_rewards: dict[Action, list[float]] = {}

    def mean(self, action: Action) -> float:
        rewards = self.scenario_rewards.get(action, [])
        return sum(rewards) / len(rewards) if rewards else -math.inf

    def most_visited(self, legal: Sequence[Action]) -> Action:
        """The most tried move (the robust choice); ties go to the higher mean, then to the
        legal order, so a fixed seed gives a fixed answer."""
        best = legal[0]
        best_key = (-1, -math.inf)
        for action in legal:
            key = (len(self.scenario_rewards.get(action, [])), self.mean(action))
            if key > best_key:
                best, best_key = action, key
        return best

    def better_than(self, baseline: Action, legal: Sequence[Action], z: float) -> Action:
        """``baseline`` unless a move beats it on at least :data:`MIN_PAIRED` shared scenarios
        by more than ``z`` standard errors of the paired difference (then the move that beats
        it by most)."""
        base = self.scenario_rewards.get(baseline, [])
        best, best_gain = baseline, 0.0
        for action in legal:
            if action == baseline:
                continue
            other = self.scenario_rewards.get(action, [])
            n = min(len(base), len(other))
            if n < MIN_PAIRED:
                continue
            diffs = [other[k] - base[k] for k in range(n)]
            mean = sum(diffs) / n
            var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
            if mean > z * math.sqrt(var / n) and mean > best_gain:
                best, best_gain = action, mean
        return best


MIN_PAIRED = 8
"""The fewest shared scenarios on which a move may overrule the baseline. On two or three the
paired differences of win/loss rewards are often all equal, their standard error is zero and
luck looks like a sure gain: a card game's ``medium`` (a few engine playouts per move) that
switched on two scenarios won 35 % (95 % CI 22-51 %) as a team against the heuristic team."""


def _select(
    node: _Node, player: int, legal: Sequence[Action], c: float, rng: random.Random
) -> Action:
    """UCB1 over the actions legal now, counting each action's availability."""
    edges = node.edges.get(player)
    if edges is None:
        edges = node.edges[player] = {}
    untried: list[Action] = []
    best: Action | None = None
    best_value = -math.inf
    for action in legal:
        edge = edges.get(action)
        if edge is None:
            edge = edges[action] = _Edge()
        edge.available += 1
        if edge.visits == 0:
            untried.append(action)
            continue
        if untried:
            continue
        value = edge.reward / edge.visits + c * math.sqrt(math.log(edge.available) / edge.visits)
        if value > best_value:
            best, best_value = action, value
    if untried:
        return untried[int(rng.random() * len(untried))]
    assert best is not None
    return best

"""The move advisor: every legal action of the player to move with its estimated chance to win.

For each legal action the advisor applies it to a copy of the state and plays the game out many
times, every seat following one policy (``"heuristic"`` by default: win chances under random
play say little about real play; ``"random"`` on request). The estimate is the share of
playouts the player wins, with a 95 % Wilson interval.

Playouts go through ``Game.playout_wins`` (a compiled batch simulator, on every core) when
the game offers it, and through the engine and the bots otherwise. Sampling is adaptive: a first
round for every action, then each action gets the number of playouts its estimate says it needs
for the requested half-width, and stops as soon as its interval is that tight. Every action is
played out with the same seeds in each round (common random numbers), so in games whose
policies draw few random numbers the actions are compared on largely the same dice. Given a
time limit, a round hands out its playouts in slices (every action the same seed in a slice;
the first round's slices 1, 2, 4, … playouts per action, later ones :data:`TIMED_SLICE`) and
reads the clock after every call, so a game whose playouts are slow (or that plays out through
the engine while its simulator loads) stops within one call of its limit, every action rated.

In a game with hidden information (``Game.perfect_information`` false) the advisor never plays
out from the state it is given: that state holds cards the player cannot see. It asks the
player's :class:`~spelkvall.bots.base.Observation` for the legal actions and for *sampled
worlds* (``Observation.sample_state``: the game's sampler, which reads only the player's view),
and plays every action out once in each world, all actions in the same worlds with the same
seeds. So the answer depends on nothing but the view and the seed. In a game played in teams
the chance is that the player's team wins (``Result.winners`` names every member of a winning
team). Playouts in a world go through ``Game.playout_wins`` when the game offers it, else
through the engine with the policy applied to the world directly (as the search bots'
playouts do); one playout a world is slower than a batch, so such a game gets
:data:`HIDDEN_PLAYOUTS` per action by default and wider intervals. Given a time limit, the
first world is played whole (every action rated) and the clock is read after every playout
after it: the limit may leave some actions a playout short, and the intervals say how wide
each answer is.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from spelkvall.core import CHANCE, Action, Game, Result, Seat, SpelkvallError, State
from spelkvall.core.i18n import DEFAULT_LANGUAGE, register

from .arena import wilson_interval
from .base import Observation, make_bot
from .mcts import POLICIES as PLAYOUT_POLICIES
from .mcts import play_to_end

register(
    {
        "advisor.no_decision": (
            "Ingen spelare har ett drag att välja just nu (tärningen ska slås först).",
            "No player has a move to choose right now (the die must be rolled first).",
        ),
        "advisor.not_to_move": (
            "Det är inte {player}s tur att välja drag.",
            "It is not player {player}'s turn to choose a move.",
        ),
        "advisor.policy": (
            "Okänd spelstil för utspelningarna: {policy} (heuristic eller random).",
            "Unknown playout policy: {policy} (heuristic or random).",
        ),
        "advisor.half_width": (
            "Intervallets halvbredd måste vara mellan 0,001 och 0,5.",
            "The interval's half-width must be between 0.001 and 0.5.",
        ),
    }
)

POLICIES: tuple[str, ...] = ("heuristic", "random")
Z95 = 1.959963984540054
FIRST_ROUND = 1_000
"""Playouts per action in the first round, before the estimates say how many are needed."""
MIN_ROUND = 500
"""The fewest playouts a later round adds for an action (fewer rounds, less overhead)."""
TIMED_SLICE = 64
"""With a time limit, a round hands out its playouts in slices of at most this many per action
(every action one slice, then the next; the first round's slices grow from one playout), and
the clock is read after every call: where a playout is slow (a long game, many moves, the
engine) the answer stops near its limit with an estimate for every action, instead of
finishing a round that may take many times the limit."""
HIDDEN_PLAYOUTS = 200
"""Playouts per action by default when information is hidden (one sampled world each): with a
compiled simulator a decision's answer takes a median 0.2 CPU s and at most about 2
(``docs/performance.md``); through the engine the time limit stops it sooner."""
WORLDS_PER_ROUND = 4
"""Sampled worlds per round when information is hidden; the stopping rules are checked after
every world, and a time limit after every playout once the first world is done (a world holds
a playout of every action, and a decision may have a hundred), so it is kept to within one
playout."""


@dataclass
class ActionAdvice:
    """One legal action: the player's wins in ``playouts`` games after playing it."""

    action: Action
    wins: float = 0.0
    playouts: int = 0
    exact: bool = False
    """The action ends the game: the value is certain, no playouts were needed."""

    @property
    def win_rate(self) -> float:
        return self.wins / self.playouts if self.playouts else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95 % Wilson interval of the win chance (a point when exact)."""
        if self.exact:
            return (self.win_rate, self.win_rate)
        return wilson_interval(round(self.wins), self.playouts, Z95)

    @property
    def half_width(self) -> float:
        low, high = self.interval
        return (high - low) / 2

    def to_json(self, lang: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
        low, high = self.interval
        return {
            "action": self.action.to_json(),
            "label": self.action.label(lang),
            "win_rate": self.win_rate,
            "ci95": [low, high],
            "half_width": self.half_width,
            "playouts": self.playouts,
            "exact": self.exact,
        }


@dataclass
class Advice:
    """The advisor's answer for one decision."""

    game: str
    player: int
    policy: str
    method: str
    """``"batch"`` (the game's fast simulator) or ``"engine"`` (the engine and the bots)."""
    place: int = 1
    """The place the chances are for: 1 (the win) unless somebody has already finished."""
    team: tuple[int, ...] = ()
    """The seats whose win counts (the player's team; just the player without teams)."""
    sampled: bool = False
    """Whether the playouts ran in worlds sampled from the player's view (hidden information)."""
    actions: list[ActionAdvice] = field(default_factory=list)
    seconds: float = 0.0
    rounds: int = 0

    @property
    def playouts(self) -> int:
        return sum(a.playouts for a in self.actions)

    @property
    def best(self) -> int:
        """Index of the action with the highest estimated win chance (the first on a tie)."""
        rates = [a.win_rate for a in self.actions]
        return rates.index(max(rates))

    def to_json(self, lang: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
        return {
            "game": self.game,
            "player": self.player,
            "policy": self.policy,
            "method": self.method,
            "place": self.place,
            "team": list(self.team),
            "sampled": self.sampled,
            "actions": [a.to_json(lang) for a in self.actions],
            "best": self.best,
            "playouts": self.playouts,
            "seconds": self.seconds,
            "rounds": self.rounds,
        }


def takes_place(result: Result, player: int, place: int) -> bool:
    """Whether ``player`` took ``place``: the win for place 1 (a draw is no win), else that
    place in the ranking (play on for the places)."""
    if place == 1:
        return player in result.winners
    return result.places()[player] == place


def _engine_wins(
    game: Game[Any, Any], state: State, games: int, policy: str, seed: int, place: int = 1
) -> list[float]:
    """Playouts through the engine when the game has no fast simulator: per player, the games
    in which they took ``place``."""
    rng = random.Random(seed)
    bots = [make_bot(policy, game) for _ in range(state.num_players)]
    wins = [0.0] * state.num_players
    for _ in range(games):
        s = state.clone()
        while not s.is_terminal():
            if s.is_chance():
                s.apply(s.sample_chance(rng), CHANCE)
                continue
            for seat in s.players_to_act():
                s.apply(bots[seat].choose(Observation(game, s, seat), rng), seat)
        result = s.result()
        assert result is not None
        for p in range(s.num_players):
            wins[p] += takes_place(result, p, place)
    return wins


def _play_out(game: Game[Any, Any], state: State, policy: str, rng: random.Random) -> Result:
    """Play ``state`` (a sampled world, changed in place) to the end, every seat following
    ``policy`` on the world itself."""
    result = play_to_end(game, state, PLAYOUT_POLICIES[policy], rng).result()
    assert result is not None
    return result


def _world_wins(game: Game[Any, Any], child: State, advice: Advice, seed: int) -> float:
    """One playout of a sampled world after the action: 1 when the player (and so the team)
    took the place the advice is for, else 0. Through ``Game.playout_wins`` when the game
    offers it (``advice.method`` then says ``"batch"``), else through the engine."""
    if child.is_terminal():
        result = child.result()
    else:
        wins = game.playout_wins(child, 1, advice.policy, seed)
        if wins is not None:
            advice.method = "batch"
            return float(wins[advice.player])
        result = _play_out(game, child, advice.policy, random.Random(seed))
    assert result is not None
    return 1.0 if takes_place(result, advice.player, advice.place) else 0.0


def _advise_hidden(
    game: Game[Any, Any],
    obs: Observation,
    advice: Advice,
    *,
    half_width: float,
    seed: int | None,
    max_playouts: int,
    time_limit: float | None,
    start: float,
    clock: Callable[[], float],
) -> None:
    """Fill ``advice`` from worlds sampled from ``obs`` (never the true state): every pending
    action is played out once in each world, all of them in the same worlds with the same
    playout seed. An action that ends the game in every world of the first round is exact.
    With ``time_limit`` the clock is read after every playout once the first world is done."""
    player = advice.player
    rng = random.Random(seed)
    items = advice.actions
    ended = [True] * len(items)
    pending = list(range(len(items)))
    out_of_time = False
    while pending:
        advice.rounds += 1
        for world_no in range(WORLDS_PER_ROUND):
            world = obs.sample_state(random.Random(rng.randrange(2**63)))
            playout_seed = rng.randrange(2**63)
            first_world = advice.rounds == 1 and world_no == 0
            for i in pending:
                child = world.clone()
                child.apply(items[i].action, player)
                ended[i] = ended[i] and child.is_terminal()
                items[i].wins += _world_wins(game, child, advice, playout_seed)
                items[i].playouts += 1
                out_of_time = time_limit is not None and clock() - start > time_limit
                # The first world is played whole: every action needs an estimate. After it
                # the limit may cut a world short (a decision with a hundred actions takes a
                # long world); the actions it left out have a playout fewer, and their
                # intervals say so.
                if out_of_time and not first_world:
                    break
            if out_of_time or all(items[i].playouts >= max_playouts for i in pending):
                break
        out_of_time = time_limit is not None and clock() - start > time_limit
        still = []
        for i in pending:
            item = items[i]
            if advice.rounds == 1 and ended[i] and item.wins in (0, item.playouts):
                item.exact = True  # the same end in every world: no more playouts needed
                continue
            if item.half_width <= half_width or item.playouts >= max_playouts or out_of_time:
                continue
            still.append(i)
        pending = still


def _needed(advice: ActionAdvice, half_width: float) -> int:
    """Playouts that should bring the interval to ``half_width``, from the estimate so far."""
    p = min(max(advice.win_rate, 0.01), 0.99)
    return math.ceil(1.05 * Z95 * Z95 * p * (1 - p) / (half_width * half_width))


def advise(
    game: Game[Any, Any],
    state: State,
    player: int | None = None,
    *,
    policy: str = "heuristic",
    half_width: float = 0.01,
    seed: int | None = None,
    max_playouts: int | None = None,
    time_limit: float | None = None,
    team: Sequence[int] | None = None,
    lang: str = DEFAULT_LANGUAGE,
    clock: Callable[[], float] = time.perf_counter,
) -> Advice:
    """Every legal action of ``player`` (default: the one to move) with its win chance.

    Sampling stops for an action once its 95 % interval is at most ``half_width`` either side,
    or it has had ``max_playouts`` playouts (default 200,000, or :data:`HIDDEN_PLAYOUTS` when
    information is hidden), or ``time_limit`` seconds have passed (then the intervals say how
    precise the answer is). ``team``: the player's team, for the answer to name (the game's
    ``Game.team_of`` under the match's options; a team's win counts for each member anyway).
    In a game with hidden information only the player's view of ``state`` is used (the
    module's docstring says how). ``lang`` is only for the error messages' keys;
    labels are made by ``Advice.to_json(lang)``. ``time_limit`` is measured on ``clock`` (a
    benchmark sharing the machine passes CPU time). Raises ``SpelkvallError`` (translation key
    ``error.game_over``, ``advisor.no_decision``, ``advisor.not_to_move``, ``advisor.policy``,
    ``advisor.half_width``) when there is nothing to advise.
    """
    del lang  # errors carry keys; the caller translates them
    player = _who_asks(state, player, policy, half_width)
    start = clock()
    members = tuple(team) if team is not None else (player,)
    if not game.perfect_information:
        obs = Observation(game, state, player)
        # The place is public, but read it from a sampled world all the same.
        place = game.open_place(obs.sample_state(random.Random(seed)))
        advice = Advice(
            game=game.id,
            player=player,
            policy=policy,
            method="engine",
            place=place,
            team=members,
            sampled=True,
            actions=[ActionAdvice(action) for action in obs.legal_actions()],
        )
        _advise_hidden(
            game,
            obs,
            advice,
            half_width=half_width,
            seed=seed,
            max_playouts=HIDDEN_PLAYOUTS if max_playouts is None else max_playouts,
            time_limit=time_limit,
            start=start,
            clock=clock,
        )
        advice.seconds = clock() - start
        return advice
    if max_playouts is None:
        max_playouts = 200_000
    rng = random.Random(seed)
    children: list[State] = []
    place = game.open_place(state)
    advice = Advice(
        game=game.id, player=player, policy=policy, method="batch", place=place, team=members
    )
    for action in state.legal_actions(player):
        child = state.clone()
        child.apply(action, player)
        item = ActionAdvice(action)
        if child.is_terminal():
            item.exact = True
            item.playouts = 1
            result = child.result()
            assert result is not None
            item.wins = 1.0 if takes_place(result, player, place) else 0.0
        advice.actions.append(item)
        children.append(child)
    pending = [i for i, a in enumerate(advice.actions) if not a.exact]
    wanted = {i: FIRST_ROUND for i in pending}
    deadline = None if time_limit is None else start + time_limit
    while pending:
        round_seed = rng.randrange(2**63)
        advice.rounds += 1
        todo = {i: min(wanted[i], max_playouts - advice.actions[i].playouts) for i in pending}
        _play_round(game, advice, children, todo, round_seed, policy, deadline, clock)
        out_of_time = deadline is not None and clock() > deadline
        still = []
        for i in pending:
            item = advice.actions[i]
            if item.half_width <= half_width or item.playouts >= max_playouts or out_of_time:
                continue
            still.append(i)
            wanted[i] = max(MIN_ROUND, _needed(item, half_width) - item.playouts)
        pending = still
    advice.seconds = clock() - start
    return advice


def _who_asks(state: State, player: int | None, policy: str, half_width: float) -> int:
    """The player Tips are for (default: the one to move), or why there is nothing to advise
    (``advise``'s errors)."""
    if policy not in POLICIES:
        raise SpelkvallError("advisor.policy", f"unknown policy {policy!r}", policy=policy)
    if not 0.001 <= half_width <= 0.5:
        raise SpelkvallError("advisor.half_width", f"half-width {half_width} out of range")
    if state.is_terminal():
        raise SpelkvallError("error.game_over", "the game is over")
    to_act = state.players_to_act()
    if not to_act:
        raise SpelkvallError("advisor.no_decision", "no player is to choose an action now")
    if player is None:
        player = to_act[0]
    if player not in to_act:
        raise SpelkvallError(
            "advisor.not_to_move", f"player {player} is not to move", player=player + 1
        )
    return player


def _play_round(
    game: Game[Any, Any],
    advice: Advice,
    children: Sequence[State],
    todo: dict[int, int],
    round_seed: int,
    policy: str,
    deadline: float | None,
    clock: Callable[[], float],
) -> None:
    """One round of playouts: ``todo[i]`` more for action ``i``, in slices that share a seed
    for every action (common random numbers). Without a deadline a slice is the whole round;
    with one the slices of the first round grow from one playout (nothing is known of their
    speed yet), and the clock is read after every call."""
    if deadline is None:
        size = max(todo.values())
    elif advice.rounds == 1:
        size = 1
    else:
        size = TIMED_SLICE
    slice_seeds = random.Random(round_seed)
    seed = round_seed
    first_slice = advice.rounds == 1
    out_of_time = False
    while not out_of_time and any(todo.values()):
        for i, left in todo.items():
            n = min(size, left)
            if n == 0:
                continue
            item = advice.actions[i]
            wins: Sequence[float] | None = None
            if advice.method == "batch":
                wins = game.playout_wins(children[i], n, policy, seed)
                if wins is None:
                    advice.method = "engine"
            if wins is None:
                wins = _engine_wins(game, children[i], n, policy, seed, advice.place)
            item.wins += wins[advice.player]
            item.playouts += n
            todo[i] -= n
            out_of_time = deadline is not None and clock() > deadline
            # The first slice is finished whatever the clock says: every action needs an
            # estimate. After it the limit may cut a slice short (the intervals show it).
            if out_of_time and not first_slice:
                break
        first_slice = False
        seed = slice_seeds.randrange(2**63)
        if deadline is not None:
            size = min(2 * size, TIMED_SLICE)


def warm_up(game: Game[Any, Any]) -> float:
    """Load (or compile) the game's fast simulator, if it has one, with two tiny playouts from
    a new game, so the first answer is not slow; returns the seconds it took."""
    start = time.perf_counter()
    # The most players the default options allow (max_players may need an option, a sixth seat).
    state = game.new_state([Seat(f"{i + 1}") for i in range(game.player_counts()[-1])])
    game.playout_wins(state, 2, "heuristic", 0)
    return time.perf_counter() - start

"""Stafett (relay): a small game defined only in the test tree, for the "one folder per game"
acceptance tests. It has what the platform must carry without knowing the game:

- 2–6 players, teams of two with an option (4 or 6 players), all six palette colours;
- options of every declared kind: a choice of int (``goal``), an int range (``turn_limit``), a
  choice of str (``dice``) and a bool (``teams``);
- chance with several dice in one outcome (``Throw(a, b)``), rolled by the seat whose turn it is;
- a decision taken as several small steps in one turn: use one die, then the other, take the
  last step back, or say done;
- a result with no winner when the turn limit runs out, ranked by distance covered.

Rules: every runner starts at 0. A turn: throw the dice (one or two); then use each die at most
once, in either order, moving your runner forward by its value, but never past the goal; "back"
undoes the last die used this turn; "done" ends the turn (also with no die used when none fits).
Landing exactly on the goal wins at once (with teams: the runner's team). After ``turn_limit``
turns in all without a winner, the game ends with nobody winning.

It has no terminal view and no web page of its own: the generic ones play it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from spelkvall.core import (
    CHANCE,
    PALETTE,
    Action,
    Event,
    Game,
    IllegalAction,
    Result,
    Seat,
    State,
    Teams,
    next_player,
    option,
)
from spelkvall.core.i18n import DEFAULT_LANGUAGE, register, t

register(
    {
        "relay.title": ("Stafett", "Relay"),
        "relay.score": ("Sträcka", "Distance"),
        "relay.option.goal": ("Banans längd", "Length of the track"),
        "relay.option.turn_limit": ("Antal drag innan det blir oavgjort", "Turns before a draw"),
        "relay.option.dice": ("Tärningar", "Dice"),
        "relay.option.dice.one": ("en tärning", "one die"),
        "relay.option.dice.two": ("två tärningar", "two dice"),
        "relay.option.teams": ("Lag om två (4 eller 6 spelare)", "Teams of two (4 or 6 players)"),
        "relay.action.throw": ("Slå {a} och {b}", "Throw {a} and {b}"),
        "relay.action.use": ("Gå med tärning {die}", "Move with die {die}"),
        "relay.action.back": ("Ångra förra steget", "Take the last step back"),
        "relay.action.done": ("Klar", "Done"),
        "relay.event.thrown": ("{name} slog {a} och {b}.", "{name} threw {a} and {b}."),
        "relay.event.moved": ("{name} gick {steps} till {to}.", "{name} moved {steps} to {to}."),
        "relay.event.back": ("{name} ångrade, tillbaka på {to}.", "{name} stepped back to {to}."),
        "relay.event.done": ("{name} är klar.", "{name} is done."),
        "relay.event.won": ("{name} är i mål och vinner!", "{name} reaches the goal and wins!"),
        "relay.event.no_winner": (
            "{turns} drag utan vinnare: oavgjort.",
            "{turns} turns without a winner: a draw.",
        ),
    }
)


@dataclass(frozen=True, slots=True)
class Throw(Action):
    kind: ClassVar[str] = "throw"
    game: ClassVar[str] = "relay"
    a: int
    b: int


@dataclass(frozen=True, slots=True)
class Use(Action):
    kind: ClassVar[str] = "use"
    game: ClassVar[str] = "relay"
    die: int


@dataclass(frozen=True, slots=True)
class Back(Action):
    kind: ClassVar[str] = "back"
    game: ClassVar[str] = "relay"


@dataclass(frozen=True, slots=True)
class Done(Action):
    kind: ClassVar[str] = "done"
    game: ClassVar[str] = "relay"


BACK, DONE = Back(), Done()


@dataclass(frozen=True)
class RelayOptions:
    goal: int = option(12, choices=(8, 12, 16))
    turn_limit: int = option(40, min=4, max=200)
    dice: str = option("two", choices=("one", "two"))
    teams: bool = False


class RelayState(State):
    def __init__(self, seats: tuple[Seat, ...], options: RelayOptions) -> None:
        self.options = options
        self.teams = RELAY.teams(len(seats), options)
        self.positions = [0] * len(seats)
        self.to_move = 0
        self.dice: list[int] = []  # empty: the dice are still to be thrown
        self.used: list[int] = []  # the dice used this turn, in order (indices into dice)
        self.turns = 0
        self.winner: int | None = None
        self.over = False

    @property
    def num_players(self) -> int:
        return len(self.positions)

    def players_to_act(self) -> tuple[int, ...]:
        return () if self.over or not self.dice else (self.to_move,)

    def is_chance(self) -> bool:
        return not self.over and not self.dice

    def chance_seat(self) -> int | None:
        return self.to_move if self.is_chance() else None

    def chance_outcomes(self) -> Sequence[tuple[Action, float]]:
        if not self.is_chance():
            return ()
        if self.options.dice == "one":
            return [(Throw(a, 0), 1 / 6) for a in range(1, 7)]
        return [(Throw(a, b), 1 / 36) for a in range(1, 7) for b in range(1, 7)]

    def _fits(self, die: int) -> bool:
        return self.positions[self.to_move] + self.dice[die] <= self.options.goal

    def legal_actions(self, player: int | None = None) -> Sequence[Action]:
        if self.is_chance():
            return [a for a, _ in self.chance_outcomes()] if player in (None, CHANCE) else []
        if self.over or player not in (None, self.to_move):
            return []
        usable = [
            Use(i) for i, v in enumerate(self.dice) if v and i not in self.used and self._fits(i)
        ]
        steps: list[Action] = list(usable)
        if self.used:
            steps.append(BACK)
        if self.used or not usable:
            steps.append(DONE)
        return steps

    def apply(self, action: Action, player: int | None = None) -> list[Event]:
        if player is None:
            player = CHANCE if self.is_chance() else self.to_move
        if action not in self.legal_actions(player) or (player == CHANCE) != self.is_chance():
            raise IllegalAction("error.illegal_action", f"{action!r} by {player} is not legal")
        seat = self.to_move
        if isinstance(action, Throw):
            self.dice = [action.a, action.b]
            return [("thrown", seat, action.a, action.b)]
        if isinstance(action, Use):
            self.used.append(action.die)
            self.positions[seat] += self.dice[action.die]
            events: list[Event] = [("moved", seat, self.dice[action.die], self.positions[seat])]
            if self.positions[seat] == self.options.goal:
                self.winner, self.over = seat, True
                events.append(("won", seat))
            return events
        if isinstance(action, Back):
            self.positions[seat] -= self.dice[self.used.pop()]
            return [("back", seat, self.positions[seat])]
        self.turns += 1
        self.dice, self.used = [], []
        events = [("done", seat)]
        if self.turns >= self.options.turn_limit:
            self.over = True
            events.append(("no_winner", self.turns))
        else:
            self.to_move = next_player(seat, self.num_players) or 0
        return events

    def is_terminal(self) -> bool:
        return self.over

    def result(self) -> Result | None:
        if not self.over:
            return None
        scores = tuple(float(p) for p in self.positions)
        if self.winner is None:
            levels = sorted(set(self.positions), reverse=True)
            ranking = tuple(
                tuple(s for s, p in enumerate(self.positions) if p == v) for v in levels
            )
            return Result.no_winner(ranking, scores)
        team = RELAY.team_of(self.winner, self.num_players, self.options)
        rest = [s for s in range(self.num_players) if s not in team]
        levels = sorted({self.positions[s] for s in rest}, reverse=True)
        below = tuple(tuple(s for s in rest if self.positions[s] == v) for v in levels)
        return Result(team, (team, *below), scores)

    def view(self, player: int | None) -> dict[str, Any]:
        return {
            "goal": self.options.goal,
            "positions": list(self.positions),
            "to_move": self.to_move,
            "dice": list(self.dice),
            "used": list(self.used),
            "turns": self.turns,
            "turn_limit": self.options.turn_limit,
            "teams": None if self.teams is None else [list(team) for team in self.teams],
        }

    def clone(self) -> RelayState:
        new = RelayState.__new__(RelayState)
        new.__dict__.update(self.__dict__)
        new.positions = self.positions[:]
        new.dice = self.dice[:]
        new.used = self.used[:]
        return new


class Relay(Game[RelayOptions, RelayState]):
    id: ClassVar[str] = "relay"
    rules_version: ClassVar[str] = "1"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    colours: ClassVar[tuple[str, ...]] = tuple(PALETTE)
    options_type = RelayOptions
    action_types = (Throw, Use, Back, Done)
    event_schema: ClassVar[dict[str, tuple[str, ...]]] = {
        "thrown": ("seat", "a", "b"),
        "moved": ("seat", "steps", "to"),
        "back": ("seat", "to"),
        "done": ("seat",),
        "won": ("seat",),
        "no_winner": ("turns",),
    }
    may_end_without_winner: ClassVar[bool] = True
    score_key: ClassVar[str | None] = "relay.score"

    def teams(self, num_players: int, options: RelayOptions | None = None) -> Teams | None:
        if options is None or not options.teams or num_players not in (4, 6):
            return None
        half = num_players // 2
        return tuple((s, s + half) for s in range(half))

    def _new_state(self, seats: tuple[Seat, ...], options: RelayOptions) -> RelayState:
        return RelayState(seats, options)

    def describe_event(
        self, event: Event, names: Sequence[str], lang: str = DEFAULT_LANGUAGE
    ) -> str | None:
        kind = event[0]
        fields = dict(zip(self.event_schema[kind], event[1:], strict=True))
        if "seat" in fields:
            fields["name"] = names[fields.pop("seat")]
        return t(f"relay.event.{kind}", lang, **fields)


RELAY = Relay()
GAME = RELAY

"""The rules of Fia med knuff (``../shared/specs/fia-med-knuff.md``) as a fast mutable state.

Inside: plain ints and lists. ``pos[4 * colour + i]`` is the local position of piece ``i`` of
``colour``; ``occ[square]`` is the colour on universal track square ``square`` or -1. Legal
moves are planned once per roll and cached, so ``legal_actions`` and ``apply`` do little work.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from spelkvall.core import CHANCE, TURN_EVENT, Action, Event, IllegalAction, Result, Seat, State

from .actions import ENTER, ENTER_SIX, ENTER_TWO, MOVES, ROLLS, Roll
from .board import COLOURS, GOAL, NEST, START, UNIVERSAL, cell_of

ROLLOFF, ROLL, MOVE, OVER = range(4)
PHASE_NAMES = ("rolloff", "roll", "move", "over")
_SIXTH = 1 / 6
_OUTCOMES: tuple[tuple[Action, float], ...] = tuple((r, _SIXTH) for r in ROLLS)
_NO_ACTIONS: tuple[Action, ...] = ()
_OFF_TRACK = (NEST, GOAL)


@dataclass(frozen=True)
class FiaOptions:
    """House rules. The defaults follow the spec."""

    three_tries: bool = False
    """A player with no piece on the board may roll up to three times for a 1 or a 6."""
    play_on: bool = False
    """After the first winner the others play on for the remaining places."""


class FiaState(State):
    """A position in Fia med knuff. Seats are indices into ``seats``; each has one colour."""

    __slots__ = (
        "_legal",
        "_next",
        "_plans",
        "bound",
        "colour_of",
        "current",
        "die",
        "finished",
        "knocks",
        "occ",
        "options",
        "order",
        "phase",
        "pos",
        "rolloff_pending",
        "rolloff_rounds",
        "rolls",
        "seat_of",
        "seats",
        "tries",
    )

    def __init__(self, seats: tuple[Seat, ...], options: FiaOptions) -> None:
        self.seats = seats
        self.options = options
        self.colour_of: tuple[int, ...] = tuple(COLOURS.index(s.colour or "") for s in seats)
        seat_of = [-1] * len(COLOURS)
        for seat, colour in enumerate(self.colour_of):
            seat_of[colour] = seat
        self.seat_of: tuple[int, ...] = tuple(seat_of)
        # Clockwise order is colour order: the next player is the next colour in the game.
        self.order: tuple[int, ...] = tuple(s for s in seat_of if s >= 0)
        # The next seat clockwise of each seat, so passing the turn needs no search.
        nxt = [0] * len(seats)
        for i, seat in enumerate(self.order):
            nxt[seat] = self.order[(i + 1) % len(self.order)]
        self._next: tuple[int, ...] = tuple(nxt)
        self.pos: list[int] = [NEST] * (4 * len(COLOURS))
        self.occ: list[int] = [-1] * 40
        self.phase = ROLLOFF
        self.current = self.order[0]
        self.die = 0
        self.bound: tuple[int, ...] = ()
        self.tries = 0
        self.rolloff_rounds: list[list[tuple[int, int]]] = [[]]
        self.rolloff_pending: list[int] = list(self.order)
        self.finished: list[int] = []
        self.knocks: list[int] = [0] * len(seats)
        """Per seat, how many pieces it has knocked out (the win screen's recap)."""
        self.rolls = 0
        self._legal: tuple[Action, ...] = _NO_ACTIONS
        self._plans: tuple[tuple[tuple[int, ...], int], ...] = ()

    # --- the contract --------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return len(self.seats)

    def players_to_act(self) -> tuple[int, ...]:
        return (self.current,) if self.phase == MOVE else ()

    def is_chance(self) -> bool:
        return self.phase <= ROLL  # ROLLOFF or ROLL

    def chance_seat(self) -> int | None:
        if self.phase == ROLLOFF:
            return self.rolloff_pending[0]
        return self.current if self.phase == ROLL else None

    def chance_outcomes(self) -> Sequence[tuple[Action, float]]:
        return _OUTCOMES if self.phase == ROLL or self.phase == ROLLOFF else ()

    def sample_chance(self, rng: Any) -> Action:
        return ROLLS[int(rng.random() * 6)]

    def legal_actions(self, player: int | None = None) -> Sequence[Action]:
        if self.phase == MOVE:
            return self._legal if player is None or player == self.current else _NO_ACTIONS
        if (self.phase == ROLL or self.phase == ROLLOFF) and player in (None, CHANCE):
            return ROLLS
        return _NO_ACTIONS

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def apply(self, action: Action, player: int | None = None) -> list[Event]:
        phase = self.phase
        if phase == MOVE:
            if player is not None and player != self.current:
                raise IllegalAction(
                    "error.not_your_turn",
                    f"seat {player} may not act, seat {self.current} is to move",
                )
            try:
                i = self._legal.index(action)
            except ValueError:
                raise IllegalAction(
                    "error.illegal_action", f"{action!r} is not legal now"
                ) from None
            return self._move(*self._plans[i])
        if phase == OVER:
            raise IllegalAction("error.game_over", "the game is over")
        if player is not None and player != CHANCE:
            raise IllegalAction("error.chance_pending", "the die has to be rolled first")
        if type(action) is not Roll or not 1 <= action.value <= 6:
            raise IllegalAction("error.illegal_action", f"{action!r} is not a die roll")
        if phase == ROLL:
            return self._roll(action.value)
        return self._rolloff(action.value)

    def result(self) -> Result | None:
        if self.phase != OVER:
            return None
        # Those who finished, in the order they did; the rest by pieces in the goal, then by
        # how far their pieces have come (equal on both: one shared place).
        rest = [s for s in self.order if s not in self.finished]
        groups: dict[tuple[int, int], list[int]] = {}
        for s in rest:
            groups.setdefault(self._standing(s), []).append(s)
        ranking = tuple((s,) for s in self.finished) + tuple(
            tuple(groups[key]) for key in sorted(groups, reverse=True)
        )
        return Result(winners=(self.finished[0],), ranking=ranking)

    def _standing(self, seat: int) -> tuple[int, int]:
        """(pieces in the goal, steps the pieces have come) of a seat still playing."""
        pieces = self.local_positions(seat)
        return sum(1 for p in pieces if p == GOAL), sum(pieces)

    def clone(self) -> FiaState:
        new = FiaState.__new__(FiaState)
        new.seats = self.seats
        new.options = self.options
        new.colour_of = self.colour_of
        new.seat_of = self.seat_of
        new.order = self.order
        new.pos = self.pos[:]
        new.occ = self.occ[:]
        new.phase = self.phase
        new.current = self.current
        new.die = self.die
        new.bound = self.bound
        new.tries = self.tries
        new.rolloff_rounds = [r[:] for r in self.rolloff_rounds]
        new.rolloff_pending = self.rolloff_pending[:]
        new.finished = self.finished[:]
        new.knocks = self.knocks[:]
        new.rolls = self.rolls
        new._legal = self._legal
        new._plans = self._plans
        new._next = self._next
        return new

    # --- queries -------------------------------------------------------------------------
    def local_positions(self, seat: int) -> tuple[int, ...]:
        """Local positions (0 nest, 1..40 track, 41..44 lane, 45 goal) of a seat's pieces."""
        base = 4 * self.colour_of[seat]
        return tuple(self.pos[base : base + 4])

    def universal_positions(self, seat: int) -> tuple[int | None, ...]:
        """Universal track squares of a seat's pieces (``None`` in nest, lane or goal)."""
        table = UNIVERSAL[self.colour_of[seat]]
        return tuple(None if table[p] < 0 else table[p] for p in self.local_positions(seat))

    def move_preview(self, action: Action) -> dict[str, Any]:
        """What a legal action would do: which pieces go where, and who is knocked out."""
        i = self._legal.index(action)
        pieces, dest = self._plans[i]
        colour = self.colour_of[self.current]
        square = UNIVERSAL[colour][dest]
        victims = []
        if square >= 0 and self.occ[square] not in (-1, colour):
            victims.append(self.seat_of[self.occ[square]])
        return {
            "pieces": [p - 4 * colour + 1 for p in pieces],
            "from": [self.pos[p] for p in pieces],
            "to": dest,
            "knocks_out": victims,
        }

    # --- rules ---------------------------------------------------------------------------
    def _rolloff(self, value: int) -> list[Event]:
        seat = self.rolloff_pending.pop(0)
        current_round = self.rolloff_rounds[-1]
        current_round.append((seat, value))
        events: list[Event] = [("rolloff", seat, value)]
        if self.rolloff_pending:
            return events
        best = max(v for _, v in current_round)
        tied = [s for s, v in current_round if v == best]
        if len(tied) > 1:
            # Only the tied players roll again (spec: "mellan dessa"), in clockwise order.
            self.rolloff_pending = [s for s in self.order if s in tied]
            self.rolloff_rounds.append([])
            events.append(("rolloff_tie", tuple(self.rolloff_pending), best))
            return events
        self.current = tied[0]
        self.phase = ROLL
        events.append(("starts", tied[0]))
        return events

    def _roll(self, value: int) -> list[Event]:
        self.die = value
        self.rolls += 1
        seat = self.current
        events: list[Event] = [("rolled", seat, value)]
        self._plan_moves()
        if self._legal:
            self.phase = MOVE
            return events
        if self.options.three_tries and not self.bound and self._may_try_again():
            self.tries += 1
            events.append(("try_again", seat, self.tries))
            return events
        events.append(("no_move", seat))
        self._pass_turn(events)
        return events

    def _may_try_again(self) -> bool:
        # Three tries: only with no piece on the board, at most three rolls a turn.
        if self.tries >= 2:
            return False
        base = 4 * self.colour_of[self.current]
        return all(p in (NEST, GOAL) for p in self.pos[base : base + 4])

    def _plan_moves(self) -> None:
        # The hot path of every simulation: plain loops over the four own pieces, no slicing
        # searches. Own pieces block: a move stops directly behind the first one in its way.
        colour = self.colour_of[self.current]
        base = 4 * colour
        own = self.pos[base : base + 4]
        die = self.die
        bound = self.bound
        legal: list[Action] = []
        plans: list[tuple[tuple[int, ...], int]] = []
        if not bound and (die == 1 or die == 6) and NEST in own and START not in own:
            nest = [base + i for i in range(4) if own[i] == NEST]
            if die == 1:
                legal.append(ENTER)
                plans.append(((nest[0],), START))
            else:
                if len(nest) >= 2:
                    legal.append(ENTER_TWO)
                    plans.append(((nest[0], nest[1]), START))
                # One piece to the sixth square moves on from the start square: own pieces on
                # squares 2..6 stop it directly behind them (spec DECISION).
                dest = 6
                for q in own:
                    if START < q <= dest:
                        dest = q - 1
                legal.append(ENTER_SIX)
                plans.append(((nest[0],), dest))
        for i in range(4):
            p = own[i]
            if p in _OFF_TRACK or (bound and base + i not in bound):
                continue
            dest = p + die
            if dest > GOAL:
                continue  # the goal needs the exact number: no bouncing back
            for q in own:
                # Pieces in the goal never block: any number may stand there.
                if p < q <= dest and q != GOAL:
                    dest = q - 1
            if dest != p:
                legal.append(MOVES[i])
                plans.append(((base + i,), dest))
        self._legal = tuple(legal)
        self._plans = tuple(plans)

    def _move(self, pieces: tuple[int, ...], dest: int) -> list[Event]:
        seat = self.current
        colour = self.colour_of[seat]
        base = 4 * colour
        pos = self.pos
        occ = self.occ
        table = UNIVERSAL[colour]
        events: list[Event] = []
        for piece in pieces:
            old = pos[piece]
            if old == NEST:
                events.append(("entered", seat, piece - base + 1, dest))
            else:
                events.append(("moved", seat, piece - base + 1, old, dest))
                square = table[old]
                # The double-entry pair: the one left behind still holds the square.
                if square >= 0 and pos[base : base + 4].count(old) == 1:
                    occ[square] = -1
            pos[piece] = dest
        square = table[dest]
        if square >= 0:
            other = occ[square]
            if other >= 0 and other != colour:
                other_base = 4 * other
                other_table = UNIVERSAL[other]
                for j in range(other_base, other_base + 4):
                    if other_table[pos[j]] == square:
                        pos[j] = NEST
                        self.knocks[seat] += 1
                        events.append(
                            ("knocked_out", self.seat_of[other], j - other_base + 1, seat, square)
                        )
            occ[square] = colour
        elif dest == GOAL:
            events.append(("goal", seat, pieces[0] - base + 1))
            if pos[base] == pos[base + 1] == pos[base + 2] == pos[base + 3] == GOAL:
                self.finished.append(seat)
                events.append(("finished", seat, len(self.finished)))
                if not self.options.play_on or len(self.finished) >= len(self.order) - 1:
                    self.phase = OVER
                    self.bound = ()
                    self._legal = _NO_ACTIONS
                    events.append(("game_over", self.finished[0]))
                    return events
        if self.die == 6 and seat not in self.finished:
            # A 6 gives a bonus roll that must be used by the same piece (or either of a pair).
            self.bound = pieces
            self.phase = ROLL
            self._legal = _NO_ACTIONS
            events.append(("bonus_roll", seat))
            return events
        self._pass_turn(events)
        return events

    def _pass_turn(self, events: list[Event]) -> None:
        nxt = self._next[self.current]
        if self.finished:
            # Play on: skip the players who are already home.
            while nxt in self.finished:
                nxt = self._next[nxt]
        self.current = nxt
        self.phase = ROLL
        self.bound = ()
        self.tries = 0
        self.die = 0
        self._legal = _NO_ACTIONS
        events.append((TURN_EVENT, nxt))

    # --- views ---------------------------------------------------------------------------
    def view(self, player: int | None) -> dict[str, Any]:
        """Fia has no hidden information: every seat and spectators see the same board."""
        seats = []
        for seat, info in enumerate(self.seats):
            colour = self.colour_of[seat]
            pieces = []
            for i in range(4):
                p = self.pos[4 * colour + i]
                u = UNIVERSAL[colour][p]
                pieces.append(
                    {
                        "piece": i + 1,
                        "local": p,
                        "universal": None if u < 0 else u,
                        "cell": list(cell_of(colour, p, i)),
                    }
                )
            seats.append(
                {
                    "seat": seat,
                    "name": info.name,
                    "colour": COLOURS[colour],
                    "bot": info.bot,
                    "pieces": pieces,
                }
            )
        legal = []
        if self.phase == MOVE:
            for action in self._legal:
                legal.append({"action": action.to_json(), **self.move_preview(action)})
        result = self.result()
        return {
            "game": "fia",
            "phase": PHASE_NAMES[self.phase],
            "seats": seats,
            "order": list(self.order),
            "current": None if self.phase in (ROLLOFF, OVER) else self.current,
            "to_act": list(self.players_to_act()),
            "chance_seat": self.chance_seat(),
            "die": self.die or None,
            "bound": [p - 4 * self.colour_of[self.current] + 1 for p in self.bound],
            "tries": self.tries,
            "rolloff": [[{"seat": s, "value": v} for s, v in r] for r in self.rolloff_rounds],
            "rolloff_pending": list(self.rolloff_pending),
            "legal": legal,
            "finished": list(self.finished),
            "rolls": self.rolls,
            "result": None if result is None else result.to_json(),
            "you": player,
        }

"""The rules of Front (``../shared/specs/front.md``) as a fast mutable state.

Inside: plain ints and lists. ``cells[sq]`` is the seat whose piece stands on engine square
``sq`` (``board.py``) or -1; ``pos[seat]`` lists that seat's squares. A turn is one of:

- ``DECIDE``: a removal is possible, so the player chooses a piece to remove or ``Throw``;
- ``ROLL``: the die (a chance node the player sets off), then ``MOVE`` with the planned moves,
  or the turn passes when none is possible;
- ``RETURN``: after scoring, the player chooses the empty camp square the piece goes back to.

The legal actions of a step are planned once and cached with what each one does (``_plans``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from spelkvall.core import CHANCE, TURN_EVENT, Action, Event, IllegalAction, Result, Seat, State

from .actions import RETURNS, ROLLS, THROW, Roll, interned
from .board import OFF, PLAYERS, Board, board
from .options import FrontOptions

ROLLOFF, DECIDE, ROLL, MOVE, RETURN, OVER = range(6)
PHASE_NAMES = ("rolloff", "decide", "roll", "move", "return", "over")
_SIXTH = 1 / 6
_OUTCOMES: tuple[tuple[Action, float], ...] = tuple((r, _SIXTH) for r in ROLLS)
_NO_ACTIONS: tuple[Action, ...] = ()
_ANY_DISTANCE = 1 << 20


class FrontState(State):
    """A position in Front. Seat ``p`` owns region ``p``; play goes 0 → 1 → 2 (clockwise)."""

    __slots__ = (
        "_legal",
        "_plans",
        "acts",
        "board",
        "cells",
        "current",
        "die",
        "options",
        "phase",
        "pos",
        "quiet",
        "reach",
        "removals",
        "rolloff_pending",
        "rolloff_rounds",
        "scores",
        "seats",
        "turns",
        "winner",
    )

    def __init__(self, seats: tuple[Seat, ...], options: FrontOptions) -> None:
        self.seats = seats
        self.options = options
        self.board: Board = board(options.depth)
        self.acts = interned(options.depth)
        self.reach = options.threat_range or _ANY_DISTANCE
        b = self.board
        self.cells: list[int] = [-1] * b.squares
        self.pos: list[list[int]] = [list(b.camp[p]) for p in range(PLAYERS)]
        for p in range(PLAYERS):
            for sq in b.camp[p]:
                self.cells[sq] = p
        self.scores: list[int] = [0] * PLAYERS
        self.removals: list[int] = [0] * PLAYERS
        """Per seat, how many pieces it has removed (the win screen's recap)."""
        self.phase = ROLLOFF
        self.current = 0
        self.die = 0
        self.rolloff_rounds: list[list[tuple[int, int]]] = [[]]
        self.rolloff_pending: list[int] = list(range(PLAYERS))
        self.quiet = 0
        self.turns = 0
        self.winner = -1
        self._legal: tuple[Action, ...] = _NO_ACTIONS
        self._plans: tuple[Any, ...] = ()

    # --- the contract --------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return PLAYERS

    def players_to_act(self) -> tuple[int, ...]:
        phase = self.phase
        if phase in (MOVE, DECIDE, RETURN):
            return (self.current,)
        return ()

    def is_chance(self) -> bool:
        return self.phase == ROLL or self.phase == ROLLOFF

    def chance_seat(self) -> int | None:
        if self.phase == ROLLOFF:
            return self.rolloff_pending[0]
        return self.current if self.phase == ROLL else None

    def chance_outcomes(self) -> Sequence[tuple[Action, float]]:
        return _OUTCOMES if self.phase == ROLL or self.phase == ROLLOFF else ()

    def sample_chance(self, rng: Any) -> Action:
        return ROLLS[int(rng.random() * 6)]

    def legal_actions(self, player: int | None = None) -> Sequence[Action]:
        phase = self.phase
        if phase in (MOVE, DECIDE, RETURN):
            return self._legal if player is None or player == self.current else _NO_ACTIONS
        if phase in (ROLL, ROLLOFF) and (player is None or player == CHANCE):
            return ROLLS
        return _NO_ACTIONS

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def apply(self, action: Action, player: int | None = None) -> list[Event]:
        phase = self.phase
        if phase in (MOVE, DECIDE, RETURN):
            if player is not None and player != self.current:
                raise IllegalAction(
                    "error.not_your_turn",
                    f"seat {player} may not act, seat {self.current} is to act",
                )
            try:
                i = self._legal.index(action)
            except ValueError:
                raise IllegalAction(
                    "error.illegal_action", f"{action!r} is not legal now"
                ) from None
            plan = self._plans[i]
            if phase == MOVE:
                return self._move(plan[0], plan[1])
            if phase == RETURN:
                return self._return(plan)
            if plan < 0:
                self.phase = ROLL
                self._legal = _NO_ACTIONS
                self._plans = ()
                return [("throws", self.current)]
            return self._remove(plan)
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
        levels = sorted(set(self.scores), reverse=True)
        ranking = tuple(tuple(p for p in range(PLAYERS) if self.scores[p] == v) for v in levels)
        scores = tuple(float(s) for s in self.scores)
        if self.winner < 0:
            return Result.no_winner(ranking, scores)
        return Result(winners=(self.winner,), ranking=ranking, scores=scores)

    def clone(self) -> FrontState:
        new = FrontState.__new__(FrontState)
        new.seats = self.seats
        new.options = self.options
        new.board = self.board
        new.acts = self.acts
        new.reach = self.reach
        new.cells = self.cells[:]
        new.pos = [p[:] for p in self.pos]
        new.scores = self.scores[:]
        new.removals = self.removals[:]
        new.phase = self.phase
        new.current = self.current
        new.die = self.die
        new.rolloff_rounds = [r[:] for r in self.rolloff_rounds]
        new.rolloff_pending = self.rolloff_pending[:]
        new.quiet = self.quiet
        new.turns = self.turns
        new.winner = self.winner
        new._legal = self._legal
        new._plans = self._plans
        return new

    # --- threat and protection (§A4) -----------------------------------------------------
    def first_piece(self, sq: int, direction: int) -> tuple[int, int]:
        """The first piece met from ``sq`` along ``direction`` within the threat range, as
        (square, steps), or (-1, 0) when the line is empty (or the first piece too far)."""
        cells = self.cells
        for i, s in enumerate(self.board.rays[4 * sq + direction]):
            if i >= self.reach:
                break
            if cells[s] >= 0:
                return s, i + 1
        return -1, 0

    def converging(self, sq: int, attacker: int) -> tuple[int, bool]:
        """n_A(Y) for the piece on ``sq`` and ``attacker`` A, and whether it is protected."""
        cells = self.cells
        rays = self.board.rays
        reach = self.reach
        own = cells[sq]
        n = 0
        protected = False
        base = 4 * sq
        for d in range(4):
            for i, s in enumerate(rays[base + d]):
                if i >= reach:
                    break
                v = cells[s]
                if v >= 0:
                    if v == attacker:
                        n += 1
                    elif v == own:
                        protected = True
                    break
        return n, protected

    def removable(self, attacker: int) -> list[int]:
        """The enemy squares ``attacker`` may clear now (§A4), in square order."""
        # Lines are reversible, so the attacker's pieces that are first along a line of Y are
        # exactly those whose own line meets Y first: walk out from the (at most 8) attacking
        # pieces instead of from every enemy piece, and look at protection only where two
        # lines meet. ``converging`` is the definition this must agree with (tested).
        cells = self.cells
        rays = self.board.rays
        reach = self.reach
        hits: dict[int, int] = {}
        for sq in self.pos[attacker]:
            base = 4 * sq
            for d in range(4):
                for i, s in enumerate(rays[base + d]):
                    if i >= reach:
                        break
                    v = cells[s]
                    if v >= 0:
                        if v != attacker:
                            hits[s] = hits.get(s, 0) + 1
                        break
        out = []
        for s, n in hits.items():
            if n >= 3 or (n == 2 and not self.converging(s, attacker)[1]):
                out.append(s)
        out.sort()
        return out

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
            again = tied if self.options.rolloff == "tied" else list(range(PLAYERS))
            self.rolloff_pending = sorted(again)
            self.rolloff_rounds.append([])
            events.append(("rolloff_tie", tuple(tied), best))
            return events
        self.current = tied[0]
        events.append(("starts", tied[0]))
        self._start_turn()
        return events

    def _start_turn(self) -> None:
        targets = self.removable(self.current)
        self.die = 0
        if targets:
            removes = self.acts.removes
            self.phase = DECIDE
            self._legal = (*(removes[sq] for sq in targets), THROW)
            self._plans = (*targets, -1)
        else:
            self.phase = ROLL
            self._legal = _NO_ACTIONS
            self._plans = ()

    def _roll(self, value: int) -> list[Event]:
        self.die = value
        seat = self.current
        events: list[Event] = [("rolled", seat, value)]
        self._plan_moves()
        if self._legal:
            self.phase = MOVE
            return events
        events.append(("no_move", seat))
        self._end_turn(events, False)
        return events

    def _plan_moves(self) -> None:
        # The hot path: walk each own piece's four lines through the precomputed table.
        seat = self.current
        b = self.board
        nxt = b.nxt
        row = b.row
        owner = b.owner
        cells = self.cells
        moves = self.acts.moves
        k = self.die
        exact = self.options.exact_score
        legal: list[Action] = []
        plans: list[tuple[int, int]] = []
        for sq in sorted(self.pos[seat]):
            base = 4 * sq
            for d in range(4):
                s = nxt[base + d]
                steps = 0
                while s != OFF:
                    t = s >> 2
                    if cells[t] >= 0:
                        break
                    steps += 1
                    if steps == k or (not exact and row[t] == 0 and owner[t] != seat):
                        legal.append(moves[base + d])
                        plans.append((sq, t))
                        break
                    s = nxt[s]
        self._legal = tuple(legal)
        self._plans = tuple(plans)

    def _move(self, src: int, dst: int) -> list[Event]:
        seat = self.current
        b = self.board
        cells = self.cells
        cells[src] = -1
        pos = self.pos[seat]
        pos[pos.index(src)] = dst
        coord = b.coords
        events: list[Event] = [("moved", seat, coord(src), coord(dst))]
        if b.row[dst] == 0 and b.owner[dst] != seat:
            # A point; the piece leaves the enemy camp at once and waits to go home (§A3).
            pos.remove(dst)
            self.scores[seat] += 1
            events.append(("scored", seat, b.owner[dst], self.scores[seat]))
            if self.scores[seat] >= self.options.target:
                self.phase = OVER
                self.winner = seat
                self._legal = _NO_ACTIONS
                self._plans = ()
                events.append(("won", seat, self.scores[seat]))
                return events
            empty = [sq for sq in b.camp[seat] if cells[sq] < 0]
            self.phase = RETURN
            self._legal = tuple(RETURNS[b.col[sq]] for sq in empty)
            self._plans = tuple(empty)
            return events
        cells[dst] = seat
        self._end_turn(events, False)
        return events

    def _return(self, sq: int) -> list[Event]:
        seat = self.current
        self.cells[sq] = seat
        self.pos[seat].append(sq)
        events: list[Event] = [("returned", seat, self.board.coords(sq))]
        self._end_turn(events, True)
        return events

    def _remove(self, sq: int) -> list[Event]:
        seat = self.current
        b = self.board
        victim = self.cells[sq]
        self.cells[sq] = -1
        self.removals[seat] += 1
        self.pos[victim].remove(sq)
        events: list[Event] = [("removed", seat, victim, b.coords(sq))]
        if self.options.removed_return:
            home = self._camp_square_near(victim, b.col[sq])
            self.cells[home] = victim
            self.pos[victim].append(home)
            events.append(("sent_back", victim, b.coords(home)))
        elif not self.pos[victim]:
            events.append(("eliminated", victim))
        self._end_turn(events, True)
        return events

    def _camp_square_near(self, seat: int, col: int) -> int:
        camp = self.board.camp[seat]
        for dist in range(len(camp)):
            for c in (col - dist, col + dist):
                if 0 <= c < len(camp) and self.cells[camp[c]] < 0:
                    return camp[c]
        raise AssertionError("a camp always has an empty square for a removed piece")

    def _end_turn(self, events: list[Event], eventful: bool) -> None:
        self.turns += 1
        self.quiet = 0 if eventful else self.quiet + 1
        if self.quiet >= self.options.draw_turns:
            self.phase = OVER
            self._legal = _NO_ACTIONS
            self._plans = ()
            events.append(("draw", self.quiet))
            return
        pos = self.pos
        nxt = self.current
        for _ in range(PLAYERS):
            nxt = (nxt + 1) % PLAYERS
            if pos[nxt]:
                break  # players without pieces are skipped (§A5)
        self.current = nxt
        events.append((TURN_EVENT, nxt))
        self._start_turn()

    # --- queries for views, bots and pages ------------------------------------------------
    def threat_lines(self, sq: int, attacker: int) -> list[list[int]]:
        """The lines along which ``attacker``'s pieces reach ``sq``: each the squares from the
        attacking piece to ``sq`` (both included)."""
        out = []
        for d in range(4):
            first, steps = self.first_piece(sq, d)
            if first >= 0 and self.cells[first] == attacker:
                ray = self.board.rays[4 * sq + d][:steps]
                out.append([first, *reversed(ray[:-1]), sq])
        return out

    def protectors(self, sq: int) -> list[int]:
        """Squares of the own pieces that protect the piece on ``sq``."""
        own = self.cells[sq]
        out = []
        for d in range(4):
            first, _ = self.first_piece(sq, d)
            if first >= 0 and self.cells[first] == own:
                out.append(first)
        return out

    def move_plan(self, action: Action) -> tuple[int, int]:
        """(from, to) of a legal move."""
        if self.phase != MOVE:
            raise ValueError("no move is being chosen")
        return self._plans[self._legal.index(action)]  # type: ignore[no-any-return]

    # --- views ---------------------------------------------------------------------------
    def view(self, player: int | None) -> dict[str, Any]:
        """Front hides nothing: every seat and spectators see the same board."""
        b = self.board

        def at(sq: int) -> list[int]:
            return list(b.coords(sq))

        seats = []
        for seat, info in enumerate(self.seats):
            seats.append(
                {
                    "seat": seat,
                    "name": info.name,
                    "colour": info.colour,
                    "bot": info.bot,
                    "pieces": [at(sq) for sq in sorted(self.pos[seat])],
                    "score": self.scores[seat],
                }
            )
        legal: list[dict[str, Any]] = []
        removable: list[dict[str, Any]] = []
        returns: list[list[int]] = []
        if self.phase == MOVE:
            for action, (src, dst) in zip(self._legal, self._plans, strict=True):
                path = [sq for sq, _ in b.line(src, action.dir)]  # type: ignore[attr-defined]
                path = path[: path.index(dst) + 1]
                legal.append(
                    {
                        "action": action.to_json(),
                        "from": at(src),
                        "to": at(dst),
                        "path": [at(sq) for sq in path],
                        "scores": b.row[dst] == 0 and b.owner[dst] != self.current,
                    }
                )
        elif self.phase == DECIDE:
            for action, sq in zip(self._legal, self._plans, strict=True):
                if sq < 0:
                    continue
                _, protected = self.converging(sq, self.current)
                removable.append(
                    {
                        "action": action.to_json(),
                        "square": at(sq),
                        "owner": self.cells[sq],
                        "protected": protected,
                        "needed": 3 if protected else 2,
                        "lines": [
                            [at(s) for s in line] for line in self.threat_lines(sq, self.current)
                        ],
                        "protectors": [at(s) for s in self.protectors(sq)],
                    }
                )
        elif self.phase == RETURN:
            returns = [at(sq) for sq in self._plans]
        result = self.result()
        return {
            "game": "front",
            "depth": b.depth,
            "target": self.options.target,
            "phase": PHASE_NAMES[self.phase],
            "seats": seats,
            "current": None if self.phase in (ROLLOFF, OVER) else self.current,
            "to_act": list(self.players_to_act()),
            "chance_seat": self.chance_seat(),
            "die": self.die or None,
            "legal": legal,
            "removable": removable,
            "may_throw": self.phase == DECIDE,
            "returns": returns,
            "rolloff": [[{"seat": s, "value": v} for s, v in r] for r in self.rolloff_rounds],
            "rolloff_pending": list(self.rolloff_pending),
            "turns": self.turns,
            "quiet_turns": self.quiet,
            "draw_turns": self.options.draw_turns,
            "result": None if result is None else result.to_json(),
            "you": player,
        }

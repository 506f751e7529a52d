"""The goal and the game's end (§6): a seat whose four pieces are home has finished, its side
wins once all of it has; under the play-on rule the others play for the next places. The end
of the game (hands laid down) and its result, ranked by places, then by pieces home per side."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from spelkvall.core import Event, Result

from . import deck
from .phases import OVER

if TYPE_CHECKING:
    from .rules import DogState


def entered_goal(state: DogState, piece: int) -> list[Event]:
    """``piece`` has just entered the goal: its owner may have finished, its side won."""
    owner = piece >> 2
    if state.in_goal(owner) < 4:
        return []
    events: list[Event] = [("finished", owner)]
    if state.options.play_on and state.partner[owner] < 0:
        return take_place(state, owner, events)
    team = state.team_of(owner)
    if all(state.in_goal(s) == 4 for s in team):
        state.winners_ = team
        events.append(("won", team))
        return game_over(state, events)
    return events


def take_place(state: DogState, seat: int, events: list[Event]) -> list[Event]:
    """Play-on rule: ``seat`` finished; the first is the winner, the others take the next
    places. The game ends once a single player has pieces left to bring home."""
    state.places += (seat,)
    if len(state.places) == 1:
        state.winners_ = (seat,)
        events.append(("won", (seat,)))
    else:
        events.append(("finished_place", seat, len(state.places)))
    if len(state.places) >= state.n - 1:
        return game_over(state, events)
    # Out of play: the rest of the hand goes face up under the pile, shown to everybody
    # like a hand that cannot be played (the pile's counts are public).
    if state.hand_size[seat]:
        events.append(("laid_down", seat, deck.discard_hand(state, seat)))
    return events


def side_scores(state: DogState) -> list[int]:
    """Pieces in the goal per seat, counted for its whole team."""
    own = [state.in_goal(s) for s in range(state.n)]
    return [
        own[s] + (own[state.partner[s]] if state.partner[s] >= 0 else 0) for s in range(state.n)
    ]


def game_over(state: DogState, events: list[Event]) -> list[Event]:
    """End the game: nobody acts any more, and the hands left are laid down."""
    # "Alle restlichen Handkarten werden abgelegt" (§5.1.6): face up, as an event, so the
    # pile's counts in every view hold only cards shown to everybody.
    state.phase = OVER
    state.current = -1
    state._legal = ()
    for seat in range(state.n):
        if state.hand_size[seat]:
            events.append(("laid_down", seat, deck.discard_hand(state, seat)))
    return events


def result(state: DogState) -> Result | None:
    """The result once the game is over (``None`` before): by places, then pieces home."""
    if state.phase != OVER:
        return None
    scores = side_scores(state)
    if state.places:
        # Play on: finishing order first; at the round limit the rest by pieces home.
        rest = [s for s in range(state.n) if s not in state.places]
        levels = sorted({scores[s] for s in rest}, reverse=True)
        ranking = (
            *((s,) for s in state.places),
            *(tuple(s for s in rest if scores[s] == v) for v in levels),
        )
        scored = tuple(map(float, scores))
        return Result(state.places[:1], ranking, scored, {"round_limit": state.limit_reached})
    if state.limit_reached:
        sides = sorted(set(scores), reverse=True)
        ranking = tuple(tuple(s for s in range(state.n) if scores[s] == v) for v in sides)
        details: dict[str, Any] = {"round_limit": True}
        return Result(ranking[0], ranking, tuple(map(float, scores)), details)
    winners = state.winners_
    rest = [s for s in range(state.n) if s not in winners]
    levels = sorted({scores[s] for s in rest}, reverse=True)
    ranking = (winners, *tuple(tuple(s for s in rest if scores[s] == v) for v in levels))
    return Result(winners, ranking, tuple(map(float, scores)), {"round_limit": False})

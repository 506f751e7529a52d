"""The two rule bugs of issue 14, each a named test that failed before the fix:

- "=" copies the card played before it (§5.8, "die zuvor gespielte Karte"): a hand laid down
  because none of it could be played is not played, even when it lands on an empty pile, and a
  reshuffle that takes the whole pile (``reshuffle_keeps_top`` off) leaves = nothing to copy;
- with ``play_on`` a finished player's hand goes under the pile as a public event (and so do
  the hands left at the end of a game), so no view shows in its discard counts cards nobody
  was shown.

And the rules version: a record of the old rules is refused, never replayed differently.
"""

from __future__ import annotations

import json

import pytest

from spelkvall.bots import make_bot
from spelkvall.core import CHANCE, InvalidRecord, Match, MatchRecord, Seat
from spelkvall.games.dogroyal import GAME, Dealer, DogOptions, Place
from spelkvall.games.dogroyal.board import CARD_INDEX
from spelkvall.games.dogroyal.rules import OVER, PLAY

from .helpers import K, N, R, deal, find, goal, new_game, piece, plays, position, stack_deck
from .test_random_games import play_game


def test_copy_does_not_copy_a_hand_laid_down_unplayed_at_the_start() -> None:
    # Anna starts; she put her King out and holds no card the King may use, so her hand goes
    # under the empty pile. Bertil's = has no card played before it.
    s = new_game(teams=False)
    s.apply(Dealer(3), CHANCE)
    deal(
        s,
        {
            0: ["8", "9", "10", "12", "13"],
            1: ["copy", "2", "3", "5", "6"],
            2: ["2", "3", "5", "6", "8"],
            3: ["2", "3", "5", "6", "9"],
        },
    )
    s.apply(Place(piece(0, K)), 0)
    for seat in (1, 2, 3):
        s.apply(Place(piece(seat, R)), seat)
    assert s.phase == PLAY and s.current == 1
    assert s.hand_size[0] == 0 and len(s.discard) == 5  # Anna's hand, face up
    assert s.view(1)["discard_top"] == "13"  # the pile shows a 13 on top ...
    assert plays(s, "copy") == []  # ... but nobody played it
    assert s.view(1)["copy_of"] is None and s.view(1)["last_played"] is None
    s.apply(find(s, card="2"))
    assert s.view(2)["last_played"] == "2" and s.copy_target() == CARD_INDEX["2"]


def test_copy_has_nothing_to_copy_after_the_whole_pile_is_reshuffled() -> None:
    # reshuffle_keeps_top off: David's last 2 goes into the deck with the pile; then Anna
    # cannot play and lays her hand under the empty pile: Bertil's = still copies nothing.
    pieces = {piece(3, N): 50, piece(1, N): 20}
    s = position(
        pieces, {3: ["2"]}, current=3, discard=["5"], teams=False, reshuffle_keeps_top=False
    )
    stack_deck(s, ["8", "copy", "9", "9", "10"])
    events = s.apply(find(s, card="2"))
    assert [e for e in events if e[0] == "reshuffled"] and s.discard == []
    assert s.copy_target() == -1
    deal(
        s,
        {
            0: ["8", "10", "12", "12", "8"],
            1: ["copy", "2", "3", "5", "6"],
            2: ["9", "2", "3", "5", "6"],
            3: ["9", "2", "3", "5", "6"],
        },
    )
    assert s.phase == PLAY and s.current == 1 and s.hand_size[0] == 0
    assert s.view(1)["discard_top"] == "12"
    assert plays(s, "copy") == []


def test_copy_with_the_top_card_kept_still_copies_the_card_played() -> None:
    # The default keeps the top card, the card played last: = copies it in the next round.
    s = position({piece(3, N): 51, piece(1, N): 20}, {3: ["6"]}, current=3, teams=False)
    stack_deck(s, ["8", "copy", "9", "9", "10"])
    s.apply(find(s, card="6"))
    assert s.discard == [CARD_INDEX["6"]] and s.copy_target() == CARD_INDEX["6"]


def test_a_finished_players_hand_under_play_on_is_laid_down_for_everyone_to_see() -> None:
    home_but_fool = {piece(1, K): goal(3), piece(1, R): goal(2), piece(1, 2): goal(1)}
    pieces = home_but_fool | {piece(1, N): 15, piece(2, N): 28, piece(0, N): 5}
    s = position(
        pieces, {1: ["2", "5", "magnet"], 2: ["3"], 0: ["6"]}, current=1, n=3, play_on=True
    )
    events = s.apply(find(s, card="2", goal=True))
    assert ("laid_down", 1, ("5", "magnet")) in events
    line = GAME.describe_event(("laid_down", 1, ("5", "magnet")), ["Anna", "Bertil", "Cia"])
    assert line is not None and "Bertil" in line and "5" in line and "Magnet" in line
    # What the pile holds is what was shown: the 2 played, the 5 and the Magnet laid down.
    counts = s.view(0)["discard_counts"]
    assert {c: k for c, k in counts.items() if k} == {"2": 1, "5": 1, "magnet": 1}


def test_the_hands_left_at_the_end_of_a_game_are_laid_down_for_everyone_to_see() -> None:
    pieces = {piece(0, k): goal(k) for k in range(4)}
    pieces |= {piece(2, K): goal(3), piece(2, R): goal(2), piece(2, 2): goal(1), piece(2, N): 31}
    s = position(pieces, {0: ["2", "5"], 1: ["13", "3"], 3: ["9"]})
    events = s.apply(find(s, card="2", goal=True))
    assert s.phase == OVER and s.card_count() == 110
    shown = [e for e in events if e[0] == "laid_down"]
    assert shown == [
        ("laid_down", 0, ("5",)),
        ("laid_down", 1, ("3", "13")),
        ("laid_down", 3, ("9",)),
    ]
    for viewer in (0, 1, 2, 3, None):
        counts = s.view(viewer)["discard_counts"]
        assert {c: k for c, k in counts.items() if k} == {"2": 1, "5": 1, "3": 1, "13": 1, "9": 1}


# --- every view, every step: the pile holds only cards shown ---------------------------------
@pytest.mark.parametrize(
    ("n", "options", "games"),
    [
        (3, DogOptions(play_on=True), 2),
        (4, DogOptions(play_on=True, teams=False, cheat_enabled=True), 1),
        (2, DogOptions(play_on=True), 1),
        (4, DogOptions(round_limit=10, reshuffle_keeps_top=False), 2),
    ],
)
def test_every_views_discard_pile_holds_only_cards_shown_to_everybody(
    n: int, options: DogOptions, games: int
) -> None:
    """Across rounds, play-on finishes and the end of a game, every seat's and a spectator's
    discard counts and top card are what the events showed the whole table (``PublicPile``),
    and no view changes when the cards the seat cannot see are dealt anew. Heuristic players
    bring their pieces home, so players finish and play on."""
    bots = [make_bot("heuristic", GAME) for _ in range(n)]
    for seed in range(games):
        state = play_game(seed, options, check_views=True, bots=bots, n=n)
        if options.play_on and n > 2:
            assert len(state.places) == n - 1 or state.limit_reached


# --- the rules version ---------------------------------------------------------------------
def test_a_record_of_the_old_rules_is_refused_with_both_versions_named() -> None:
    match = Match(GAME, [Seat("Anna"), Seat("Bo"), Seat("Cia"), Seat("Dan")], seed=1)
    for _ in range(30):
        if match.state.is_chance():
            match.resolve_chance()
        else:
            seat = match.state.players_to_act()[0]
            match.apply(match.state.legal_actions(seat)[0], seat)
    data = json.loads(match.record.dumps())
    assert data["rules_version"] == GAME.rules_version == "2"
    data["rules_version"] = "1"
    old = MatchRecord.loads(json.dumps(data))
    with pytest.raises(InvalidRecord) as refused:
        old.replay()
    assert refused.value.key == "error.record_rules"
    assert refused.value.params["record"] == "1" and refused.value.params["engine"] == "2"
    assert MatchRecord.loads(match.record.dumps()).replay().view(None) == match.state.view(None)

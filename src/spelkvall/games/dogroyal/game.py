"""The DogRoyal game declaration: sampler of hidden cards, log lines, action labels."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import ClassVar

from spelkvall.core import (
    ADVICE,
    FAST_SIMULATOR,
    TURN_EVENT,
    Action,
    Event,
    Game,
    Seat,
    Teams,
    Tutorial,
)
from spelkvall.core.i18n import DEFAULT_LANGUAGE, name_list, possessive, t
from spelkvall.core.tutorial import Scripted

from . import heuristic, labels, tutorial
from . import texts as _texts  # noqa: F401  (registers the translations)
from .actions import (
    ACTION_TYPES,
    card_name,
    piece_name,
)
from .board import CARD_INDEX, CARDS, COLOURS, DECK_COUNTS, NUM_CARDS, PIECE_TYPES
from .options import DogOptions
from .rules import GAVE, DogState

EVENT_SCHEMA: dict[str, tuple[str, ...]] = {
    "first_dealer": ("seat",),
    "round": ("round", "dealer", "starter"),
    "reshuffled": ("count",),
    "chose": ("seat",),
    "exchanged": ("seat", "partner"),
    "received": ("seat", "card", "giver"),
    "place_turn": ("seat",),
    "placed": ("seat", "piece"),
    TURN_EVENT: ("seat",),
    "no_move": ("seat", "cards"),
    "played": ("seat", "card", "copied"),
    "started": ("seat", "piece", "to"),
    "moved": ("seat", "piece", "from", "to"),
    "swapped": ("seat", "piece", "other", "from", "to"),
    "hit": ("owner", "piece", "by", "field"),
    "drew": ("seat",),
    "may_jump": ("seat", "piece"),
    "jumped": ("seat", "piece", "from", "to"),
    "stayed": ("seat", "piece"),
    "finished": ("seat",),
    "won": ("seats",),
    "finished_place": ("seat", "place"),
    "laid_down": ("seat", "cards"),
    "round_limit": ("round",),
    "accused": ("seat", "target", "correct"),
    "sent_home": ("owner", "piece", "from"),
    "forfeited": ("seat", "card"),
}


where = labels.where


def piece_of(
    piece: int, names: Sequence[str], lang: str = DEFAULT_LANGUAGE, actor: int = -1
) -> str:
    """``Annas kung``, or ``sin kung`` when ``actor`` owns it."""
    if piece >> 2 == actor:
        return t(f"dogroyal.own.{PIECE_TYPES[piece & 3]}", lang)
    owner = possessive(names[piece >> 2], lang)
    return t(f"dogroyal.piece_of.{PIECE_TYPES[piece & 3]}", lang, owner=owner)


class DogRoyal(Game[DogOptions, DogState]):
    """DogRoyal for 2-4 players: 4 in two teams, 2 and 3 free-for-all."""

    id: ClassVar[str] = "dogroyal"
    rules_version: ClassVar[str] = "2"
    """2: = copies the last card actually played (a hand laid down unplayed on an empty pile
    is not one); a hand laid down by a player out of play (play-on) or at the end of the game
    is shown as a ``laid_down`` event. A record of rules 1 is refused, not replayed: an = in
    it may have copied a card nobody played."""
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    colours: ClassVar[tuple[str, ...]] = COLOURS
    options_type = DogOptions
    action_types = ACTION_TYPES
    event_schema = EVENT_SCHEMA
    perfect_information: ClassVar[bool] = False
    capabilities: ClassVar[frozenset[str]] = frozenset({ADVICE, FAST_SIMULATOR})
    """Tips: the advisor plays out in worlds dealt by ``sample_state`` from the player's view,
    never from the true hands (``tests/games/dogroyal/test_tips.py``). The fast simulator
    (``batch.py``, compiled with Numba) plays the engine's games step for step
    (``tests/games/dogroyal/test_batch.py``); it plays whatever state it is given, so the
    advisor and the searches hand it sampled worlds."""
    fast_policies: ClassVar[tuple[str, ...]] = ("random", "heuristic")
    batch_module: ClassVar[str | None] = f"{__package__}.batch"
    score_key: ClassVar[str | None] = "dogroyal.score"
    """The scores are the pieces in the goal, a team's counted together."""

    def _new_state(self, seats: tuple[Seat, ...], options: DogOptions) -> DogState:
        return DogState(seats, options)

    def recap(
        self, state: DogState, names: Sequence[str], lang: str = DEFAULT_LANGUAGE
    ) -> str | None:
        """Who got their pieces home (a team: all eight), after how many rounds, and the
        places after them in play-on; at the round limit, who had the most pieces home."""
        result = state.result()
        if result is None or not result.winners:
            return None
        who = name_list([names[s] for s in result.winners], lang)
        if state.limit_reached and not state.places:
            n = int((result.scores or (0.0,))[result.winners[0]])
            key = "dogroyal.recap.limit" if n else "dogroyal.recap.limit_none"
            return t(key, lang, round=state.round, names=who, n=n)
        kind = "team" if len(result.winners) > 1 else "one"
        text = t(f"dogroyal.recap.{kind}", lang, name=who, names=who, round=state.round)
        for place, seat in enumerate(state.places[1:], start=2):
            ordinal = t(f"dogroyal.ordinal.{place}", lang)
            text += " " + t("dogroyal.recap.place", lang, name=names[seat], place=ordinal)
        return text

    def teams(self, num_players: int, options: DogOptions | None = None) -> Teams | None:
        """Four players play in two teams, partners opposite (§4), unless ``teams`` is off."""
        options = options or DogOptions()
        return ((0, 2), (1, 3)) if num_players == 4 and options.teams else None

    # --- hidden information --------------------------------------------------------------
    def sample_state(self, state: DogState, player: int, rng: random.Random) -> DogState:
        """Deal the cards ``player`` cannot see (the others' hands, their exchange cards not yet
        swapped, the deck) at random from those the view leaves unaccounted for: the full deck
        minus the own hand, the own exchange card and the discard pile. A card the player gave
        the partner and has not seen played since stays in the partner's hand. Under the cheat
        rule, the others are assumed honest."""
        view = state.view(player)
        pool = list(DECK_COUNTS)
        for card in view["hand"] or ():
            pool[CARD_INDEX[card]] -= 1
        if view["giving"] is not None:
            pool[CARD_INDEX[view["giving"]]] -= 1
        for card, count in view["discard_counts"].items():
            pool[CARD_INDEX[card]] -= count
        seats = view["seats"]
        chosen = [s["chosen"] for s in seats]
        partner = [-1] * len(seats)
        for team in view["teams"] or ():
            partner[team[0]], partner[team[1]] = team[1], team[0]
        unseen: list[int] = []
        reserved = -1
        if view["partner_has"] is not None:
            reserved = CARD_INDEX[view["partner_has"]]
            pool[reserved] -= 1
        for card in range(NUM_CARDS):
            unseen += [card] * pool[card]
        rng.shuffle(unseen)
        new = state.clone()
        for s in range(len(seats)):
            if s == player:
                continue
            hand = [0] * NUM_CARDS
            size = seats[s]["cards"]
            if s == partner[player] and reserved >= 0:
                hand[reserved] += 1
                size -= 1
            for _ in range(size):
                hand[unseen.pop()] += 1
            new.hands[s] = hand
            if view["phase"] == "exchange" and chosen[s] and not chosen[partner[s]]:
                new.gives[s] = unseen.pop()
            elif new.gives[s] >= 0 and new.gives[s] != GAVE:
                new.gives[s] = GAVE if chosen[partner[s]] else -1
            # What another seat knows of its own gift is not in this view; a sampled world
            # must not carry it over from the true state.
            new.gift_known[s] = -1
            if new.options.cheat_enabled:
                new.cheated[s] = False
                new.cheat_tokens[s] = 1 if new.round else 0
        sizes = [sum(segment) for segment in state.deck] if view["deck_size"] else []
        assert sum(sizes) == len(unseen), "the unseen cards are the deck"
        deck: list[list[int]] = []
        for size in sizes:
            segment = [0] * NUM_CARDS
            for _ in range(size):
                segment[unseen.pop()] += 1
            deck.append(segment)
        new.deck = deck or [[0] * NUM_CARDS]
        new._legal = None
        return new

    def tutorial(self) -> Tutorial:
        """The guided first game: the learner against one easy computer (``tutorial``)."""
        return tutorial.TUTORIAL

    def tutorial_outcome(self, state: DogState, drawn: int) -> Scripted | None:
        """The first dealer, then every card from the position (``tutorial.outcome``)."""
        return tutorial.outcome(state, drawn)

    def open_place(self, state: DogState) -> int:
        """Under the play-on rule (free-for-all) the places after the winner are still played
        for: Tips rate a move by the chance of the next place still open."""
        return len(state.places) + 1

    def heuristic_action(self, state: DogState, player: int, rng: random.Random) -> Action | None:
        """DogRoyal's rule-of-thumb move (``heuristic.choose``)."""
        if player not in state.players_to_act():
            return None
        return heuristic.choose(state, player, rng)

    def event_for(self, event: Event, viewer: int | None) -> Event | None:
        """``received`` (the card a partner passed) is the receiver's alone; every other
        event is public."""
        if event[0] == "received" and event[1] != viewer:
            return None
        return event

    # --- text ----------------------------------------------------------------------------
    def describe_action(
        self,
        state: DogState,
        action: Action,
        lang: str = DEFAULT_LANGUAGE,
        names: Sequence[str] | None = None,
    ) -> str:
        """A full label for a legal action of the player to act (``labels.py``): the card,
        the piece and its owner when not the player's own, where it ends and whom it hits:
        ``Spela Byt: byt kungen på fält 5 mot Annas riddare på fält 30``."""
        return labels.describe(state, action, names or [s.name for s in state.seats], lang)

    def describe_event(
        self, event: Event, names: Sequence[str], lang: str = DEFAULT_LANGUAGE
    ) -> str | None:
        kind = event[0]
        key = f"dogroyal.event.{kind}"
        if kind == "round":
            _, rnd, dealer, starter = event
            return t(key, lang, round=rnd, dealer=names[dealer], starter=names[starter])
        if kind == "reshuffled":
            return t(key, lang, count=event[1])
        if kind == "exchanged":
            return t(key, lang, a=names[event[1]], b=names[event[2]])
        if kind == "received":
            return t(key, lang, card=card_name(event[2], lang), giver=names[event[3]])
        if kind == TURN_EVENT:
            return t(key, lang, name_pos=possessive(names[event[1]], lang))
        if kind == "placed":
            return t(key, lang, name=names[event[1]], piece=piece_name(event[2], lang))
        if kind in ("no_move", "laid_down"):
            cards = ", ".join(card_name(c, lang) for c in event[2])
            return t(key, lang, name=names[event[1]], cards=cards)
        if kind == "played":
            _, seat, card, copied = event
            if copied:
                return t(
                    "dogroyal.event.played_copy",
                    lang,
                    name=names[seat],
                    card=card_name(copied, lang),
                )
            return t(key, lang, name=names[seat], card=card_name(card, lang))
        if kind == "started":
            seat = event[1]
            return t(key, lang, name=names[seat], piece=piece_of(event[2], names, lang, seat))
        if kind == "moved":
            _, seat, piece, src, dst = event
            return t(
                key,
                lang,
                name=names[seat],
                piece=piece_of(piece, names, lang, seat),
                src=where(src, lang),
                dst=where(dst, lang),
            )
        if kind == "swapped":
            _, seat, piece, other, _src, _dst = event
            return t(
                key,
                lang,
                name=names[seat],
                piece=piece_of(piece, names, lang, seat),
                other=piece_of(other, names, lang, seat),
            )
        if kind == "hit":
            _, _owner, piece, by, _field = event
            return t(key, lang, by=piece_of(by, names, lang), victim=piece_of(piece, names, lang))
        if kind == "jumped":
            return t(key, lang, src=where(event[3], lang), dst=where(event[4], lang))
        if kind == "stayed":
            return t(key, lang)
        if kind == "won":
            joined = f" {t('dogroyal.and', lang)} ".join(names[s] for s in event[1])
            return t(key if len(event[1]) > 1 else f"{key}_one", lang, names=joined)
        if kind == "finished_place":
            place = t(f"dogroyal.ordinal.{event[2]}", lang)
            return t(key, lang, name=names[event[1]], place=place)
        if kind == "round_limit":
            return t(key, lang, round=event[1])
        if kind == "accused":
            _, seat, target, correct = event
            verdict = t("dogroyal.verdict.correct" if correct else "dogroyal.verdict.wrong", lang)
            return t(key, lang, name=names[seat], target=names[target], verdict=verdict)
        if kind == "sent_home":
            return t(key, lang, piece=piece_of(event[2], names, lang))
        if kind == "forfeited":
            return t(key, lang, name=names[event[1]], card=card_name(event[2], lang))
        # first_dealer, chose, place_turn, drew, may_jump, finished: the seat's name is enough
        return t(key, lang, name=names[event[1]])


__all__ = ["CARDS", "EVENT_SCHEMA", "DogRoyal", "piece_of", "where"]

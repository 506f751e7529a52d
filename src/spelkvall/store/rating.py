"""Ratings: a skill estimate per game for every person and computer level.

The model is openskill's Plackett-Luce (Weng and Lin's Bayesian approximation): it rates a
match of any number of seats and teams from the order they finished in, with a mean ``mu`` and
an uncertainty ``sigma`` per player, the way TrueSkill does, but it is open (MIT), pure Python
and rates more than two teams in one update without the factor graph. A team's members are
rated as one team, so partners win and lose together and each moves by their share.

What is shown is conservative: ``mu - 3 sigma`` (openskill's ordinal), a value the player's
skill is very likely above, so a newcomer with one lucky win does not top the list. It is put
on a scale people know from Elo: 1000 for a newcomer, and ``beta`` (the skill gap at which the
better player wins about three times in four) as 200 points.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
START = (float(MODEL.mu), float(MODEL.sigma))
SHOWN_BASE = 1000.0
SHOWN_PER_MU = 200.0 / float(MODEL.beta)


def shown(mu: float, sigma: float) -> int:
    """The number the lists show: the conservative ordinal on an Elo-like scale."""
    return round(SHOWN_BASE + SHOWN_PER_MU * (mu - 3.0 * sigma))


@dataclass(frozen=True)
class RatedSeat:
    """One seat of a finished match as the rating sees it. ``who`` names whose rating it is
    (``None``: nobody's, e.g. a person's seat a computer finished for them: it takes part at
    the starting rating and is not stored); ``team`` groups partners (``None``: on their own)."""

    who: Hashable | None
    team: int | None
    place: int | None
    won: bool


def rate(
    seats: Sequence[RatedSeat], before: Mapping[Hashable, tuple[float, float]]
) -> dict[Hashable, tuple[float, float]]:
    """The new ``(mu, sigma)`` of everybody named in ``seats`` after the match, from their
    ratings ``before`` (missing: :data:`START`).

    Teams are ranked by their best place. A match nobody won (``Result.no_winner``) is a draw
    among all, whatever order its ranking gives (points in a game that ends on a turn limit
    are not a win). Somebody in several seats of one match (two computers of one level) gets
    the mean of their seats' new values: the match counts once.
    """
    groups: dict[tuple[str, int], list[int]] = {}
    for i, seat in enumerate(seats):
        key = ("team", seat.team) if seat.team is not None else ("seat", i)
        groups.setdefault(key, []).append(i)
    order = list(groups.values())
    if not order:
        return {}
    anybody_won = any(seat.won for seat in seats)
    worst = max((s.place for s in seats if s.place is not None), default=0) + 1
    ranks = [
        float(min((seats[i].place or worst) for i in members)) if anybody_won else 1.0
        for members in order
    ]
    teams = [
        [
            MODEL.rating(*(before.get(seats[i].who, START) if seats[i].who is not None else START))
            for i in members
        ]
        for members in order
    ]
    if len(teams) < 2:
        return {}  # nobody to be compared with
    rated = MODEL.rate(teams, ranks=ranks)
    sums: dict[Hashable, list[tuple[float, float]]] = {}
    for members, team in zip(order, rated, strict=True):
        for i, rating in zip(members, team, strict=True):
            who = seats[i].who
            if who is not None:
                sums.setdefault(who, []).append((float(rating.mu), float(rating.sigma)))
    return {
        who: (sum(m for m, _ in values) / len(values), sum(s for _, s in values) / len(values))
        for who, values in sums.items()
    }

"""Bags of tokens or cards drawn one chance outcome at a time.

A face-down pile whose order nobody knows is, for the rules, a multiset: what matters is how
many of each kind are left. Keeping counts instead of an order means no order exists anywhere
(no view, clone or sampled state can leak it) and each draw is one chance node whose outcomes
are the kinds left, each with probability count/size, the same distribution as shuffling and
then dealing. A :class:`Pile` is a stack of such bags drawn top bag first, for a discard pile
reshuffled *under* what is left of a deck.

Kinds are small ints (indices into the game's own table of cards or tokens); the hot path is
plain lists of ints.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence


class Bag:
    """A multiset over the kinds ``0..len(counts)-1``: how many of each are left."""

    __slots__ = ("counts", "size")

    def __init__(self, counts: Iterable[int]) -> None:
        self.counts = list(counts)
        if any(c < 0 for c in self.counts):
            raise ValueError("a bag holds no negative counts")
        self.size = sum(self.counts)

    @classmethod
    def empty(cls, kinds: int) -> Bag:
        return cls([0] * kinds)

    def __len__(self) -> int:
        return self.size

    def __bool__(self) -> bool:
        return self.size > 0

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Bag) and other.counts == self.counts

    def __repr__(self) -> str:
        return f"Bag({self.counts})"

    def copy(self) -> Bag:
        new = Bag.__new__(Bag)
        new.counts = self.counts[:]
        new.size = self.size
        return new

    def count(self, kind: int) -> int:
        return self.counts[kind]

    def outcomes(self) -> list[tuple[int, float]]:
        """Each kind left with the probability of drawing it next, in kind order."""
        size = self.size
        return [(k, c / size) for k, c in enumerate(self.counts) if c]

    def sample(self, rng: random.Random) -> int:
        """A kind drawn at random (not removed: apply the draw with :meth:`remove`)."""
        if not self.size:
            raise IndexError("draw from an empty bag")
        pick = rng.randrange(self.size)
        for kind, c in enumerate(self.counts):
            if pick < c:
                return kind
            pick -= c
        raise AssertionError("bag counts are off")  # pragma: no cover

    def remove(self, kind: int, n: int = 1) -> None:
        """Take ``n`` of ``kind`` out; ``ValueError`` (and nothing changes) if there are fewer."""
        if n < 0 or not 0 <= kind < len(self.counts) or self.counts[kind] < n:
            raise ValueError(f"the bag holds fewer than {n} of kind {kind}")
        self.counts[kind] -= n
        self.size -= n

    def add(self, kind: int, n: int = 1) -> None:
        if n < 0:
            raise ValueError("add a positive number; remove takes tokens out")
        self.counts[kind] += n
        self.size += n

    def add_all(self, other: Bag | Sequence[int]) -> None:
        """Put every token of ``other`` (a bag or a list of counts) in."""
        counts = other.counts if isinstance(other, Bag) else other
        if len(counts) != len(self.counts) or any(c < 0 for c in counts):
            raise ValueError("a bag of other kinds, or a negative count")
        # Summed first: ``other`` may be this very bag, whose counts the loop doubles.
        added = sum(counts)
        for kind, c in enumerate(counts):
            self.counts[kind] += c
        self.size += added

    def clear(self) -> None:
        self.counts = [0] * len(self.counts)
        self.size = 0


class Pile:
    """Bags stacked top first: a draw takes from the top bag; a reshuffled pile goes under."""

    __slots__ = ("bags", "size")

    def __init__(self, bags: Iterable[Bag] = ()) -> None:
        # Copies: a bag changed by its owner afterwards must not put the pile's size off.
        self.bags = [b.copy() for b in bags if b]
        self.size = sum(b.size for b in self.bags)

    def __len__(self) -> int:
        return self.size

    def __bool__(self) -> bool:
        return self.size > 0

    def __repr__(self) -> str:
        return f"Pile({self.bags})"

    def copy(self) -> Pile:
        new = Pile.__new__(Pile)
        new.bags = [b.copy() for b in self.bags]
        new.size = self.size
        return new

    @property
    def top(self) -> Bag:
        """The bag the next draw comes from; ``IndexError`` when the pile is empty."""
        return self.bags[0]

    def outcomes(self) -> list[tuple[int, float]]:
        return self.bags[0].outcomes() if self.bags else []

    def sample(self, rng: random.Random) -> int:
        if not self.bags:
            raise IndexError("draw from an empty pile")
        return self.bags[0].sample(rng)

    def draw(self, kind: int) -> None:
        """Take one ``kind`` off the top bag (``ValueError`` when the top bag has none)."""
        if not self.bags:
            raise ValueError("draw from an empty pile")
        top = self.bags[0]
        top.remove(kind)
        self.size -= 1
        if not top:
            self.bags.pop(0)

    def put_under(self, bag: Bag) -> None:
        """A reshuffled pile goes under the rest."""
        if bag:
            self.bags.append(bag.copy())
            self.size += bag.size

    def counts(self, kinds: int) -> list[int]:
        """How many of each kind the whole pile holds, whatever the bag."""
        total = [0] * kinds
        for bag in self.bags:
            for kind, c in enumerate(bag.counts):
                total[kind] += c
        return total

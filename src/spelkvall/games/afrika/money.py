"""What things cost and pay in Afrikas stjärna (§2, §4, §5): the sums ``rules.py``, ``travel.py``
and ``opening.py`` all use, in a module of their own so that none imports another for them."""

from __future__ import annotations

PRICE = 100
"""A sea ticket, and a token bought."""
FARE = 300
"""A flight."""
CAPETOWN_BONUS = 500
START_MONEY = 300

"""The exact odds against Herald's roller: the same parsed expression rolled 10,000 times, seeded.

With 10,000 rolls the standard error of a probability is at most 0.005; each P(at least k) must
agree within 0.025 (five standard errors). Explosions are cut at the stated depth, whose left-out
chance is below one in a million, far inside the tolerance.
"""

from __future__ import annotations

import random
from collections import Counter

import d20
import pytest

from rules.dice import MAX_DICE, _Meter, _pool, _Roller, _successes
from rules.dice_odds import _tens_units_as_dice, odds
from rules.distribution import Distribution

ROLLS = 10_000
TOLERANCE = 0.025


@pytest.mark.parametrize(
    "expression",
    [
        "4d6rr1kh3",
        "10d6rr1e6>=4",
        "(d66,d66)kh1",
        "5d6ro<3kh2",
        "6d6ra6kl3",
        "3d6e6kh2",
        "4d6kh3rr1",
        "(2d6,1d12)pl1",
        "10d6e6rr1>=4",  # the same rule in either order
        "6d6e6rr1",
        "6d6rr1rr2e6e5",
        "3d6e6rr1kh2",
        "3d4rr1e4kl2",
    ],
)
def test_exact_odds_match_the_roller(expression: str) -> None:
    exact = odds(expression).distribution
    tree = d20.parse(_tens_units_as_dice(expression))
    pool = _pool(tree)
    roller = _Roller(_Meter(max_rolls=MAX_DICE, rng=random.Random(12)))
    counts: Counter[int] = Counter()
    for _ in range(ROLLS):
        roller.meter.work = 0  # each roll has its own budget, as each message has
        if pool is None:
            counts[int(roller.roll(tree).total)] += 1
        else:
            rolled = roller.roll(d20.diceast.Expression(pool[0]))
            counts[_successes(rolled.expr.roll, pool[1])] += 1
    sampled = Distribution.of({k: float(v) for k, v in counts.items()})
    for k in sorted(set(exact.outcomes) | set(sampled.outcomes)):
        assert abs(exact.at_least(k) - sampled.at_least(k)) <= TOLERANCE, (
            k,
            exact.at_least(k),
            sampled.at_least(k),
        )


@pytest.mark.parametrize("typed", ["10d6 4+ 1-", "6d6e6 5+ 1-", "8d6rr1 3+ 2-"])
def test_failures_taken_off_successes_match_the_roller(typed: str) -> None:
    from rules.dice import roll

    exact = odds(typed).distribution
    rng = random.Random(12)
    counts = Counter(roll(typed, rng).successes for _ in range(ROLLS))
    sampled = Distribution.of({k: float(v) for k, v in counts.items()})
    for k in sorted(set(exact.outcomes) | set(sampled.outcomes)):
        assert abs(exact.at_least(k) - sampled.at_least(k)) <= TOLERANCE, (k, exact.at_least(k))

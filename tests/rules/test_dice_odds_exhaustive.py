"""The exact odds against Herald's roller (d20's, with Herald's rerolls and explosions), enumerated:
every sequence of die results it can draw for a small expression is played through it with a
scripted source, each weighted by its chance. For operations that draw a bounded number of dice
(keep, drop, reroll once, reroll and add, min, max, sets, arithmetic, pools) this is the roller's
exact distribution, so the two must agree to rounding. Unbounded ones (``rr``, ``e``) are
checked by sampling in test_dice_odds_sampled.py.
"""

from __future__ import annotations

import d20
import pytest

from rules.dice import MAX_DICE, _Meter, _pool, _Roller, _successes
from rules.dice_odds import _tens_units_as_dice, odds


class _PathRandom:
    """Answers the dice's ``randrange`` calls from a fixed path of choices, extending it with 0s."""

    def __init__(self, path: list[int]) -> None:
        self.path = path
        self.sizes: list[int] = []
        self.probability = 1.0

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        options = range(start) if stop is None else range(start, stop, step)
        index = len(self.sizes)
        if index == len(self.path):
            self.path.append(0)
        self.sizes.append(len(options))
        self.probability /= len(options)
        return options[self.path[index]]


def _enumerate(expression: str) -> dict[int, float]:
    tree = d20.parse(_tens_units_as_dice(expression))
    pool = _pool(tree)
    out: dict[int, float] = {}
    path: list[int] = []
    while True:
        source = _PathRandom(path)
        roller = _Roller(_Meter(max_rolls=MAX_DICE, rng=source))  # type: ignore[arg-type]
        if pool is None:
            value = int(roller.roll(tree).total)
        else:
            value = _successes(roller.roll(d20.diceast.Expression(pool[0])).expr.roll, pool[1])
        out[value] = out.get(value, 0.0) + source.probability
        del path[len(source.sizes) :]
        while path and path[-1] + 1 >= source.sizes[len(path) - 1]:
            path.pop()
        if not path:
            return out
        path[-1] += 1


@pytest.mark.parametrize(
    "expression",
    [
        "3d4kh2", "4d3pl1", "3d4kl1", "3d4ro<2kh2", "2d4ra4", "3d4ra1kl2", "(1d4,2d3)kh1", "(1d4,1d4,1d6)pl1",
        "3d4kh2ro1", "2d4mi2ma3", "3d3k>1", "3d4p<2", "3d4>=3", "3d4ro1>=3", "4d3kh2==3", "d33", "1d4*1d3-1",
        "(2d4)kh1", "1d6/4", "2d4ro>3kh1", "3d3ph1ro1",
        "3d4kh1kl1", "3d4ro1ro2", "2d4mi2mi3", "2d4ro1kh1kl1", "3d3p1p3",
    ],
)  # fmt: skip
def test_exact_odds_equal_the_roller_enumerated(expression: str) -> None:
    expected = _enumerate(expression)
    assert sum(expected.values()) == pytest.approx(1)
    got = odds(expression).distribution.as_dict()
    assert set(got) == {k for k, p in expected.items() if p > 1e-15}
    for value, p in expected.items():
        assert got.get(value, 0.0) == pytest.approx(p, abs=1e-12), value

"""Exact odds of dice expressions: known distributions, the limits, and what is refused."""

from __future__ import annotations

import itertools
import math
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.dice import DiceError, RollKind
from rules.dice_odds import MAX_WORK, odds
from rules.distribution import counting_work


def test_2d6() -> None:
    result = odds("2d6")
    assert result.kind is RollKind.TOTAL
    for total in range(2, 13):
        assert result.distribution.probability(total) == pytest.approx((6 - abs(total - 7)) / 36)
    assert result.notes == ()


# the classic ability-score counts out of 6^4 = 1296 for the best 3 of 4d6
FOUR_D6_KEEP_3 = {
    3: 1,
    4: 4,
    5: 10,
    6: 21,
    7: 38,
    8: 62,
    9: 91,
    10: 122,
    11: 148,
    12: 167,
    13: 172,
    14: 160,
    15: 131,
    16: 94,
    17: 54,
    18: 21,
}


@pytest.mark.parametrize("expression", ["4d6kh3", "4d6pl1", "4D6 kh3", "(4d6)kh3"])
def test_4d6_keep_highest_3(expression: str) -> None:
    result = odds(expression).distribution
    assert sum(FOUR_D6_KEEP_3.values()) == 1296
    for total, count in FOUR_D6_KEEP_3.items():
        assert result.probability(total) == pytest.approx(count / 1296)
    # and by brute force over every roll
    brute = Counter(sum(sorted(r)[1:]) for r in itertools.product(range(1, 7), repeat=4))
    assert brute == Counter(FOUR_D6_KEEP_3)


def test_10d6_pool_at_least_4() -> None:
    result = odds("10d6>=4")
    assert result.kind is RollKind.SUCCESSES
    for k in range(11):
        assert result.distribution.probability(k) == pytest.approx(math.comb(10, k) / 1024)
    assert result.distribution.mean == pytest.approx(5)


def test_d66_and_d33() -> None:
    d66 = odds("d66").distribution
    assert d66.outcomes == tuple(10 * t + u for t in range(1, 7) for u in range(1, 7))
    assert all(p == pytest.approx(1 / 36) for p in d66.probabilities)
    d33 = odds("d33").distribution
    assert d33.outcomes == (11, 12, 13, 21, 22, 23, 31, 32, 33)
    # A bare 2d66 is two table results, never added (issue 14): its odds are one result's; in
    # arithmetic the two are summed, as before.
    assert odds("2d66").distribution == odds("d66").distribution
    assert odds("2d66+0").distribution.mean == pytest.approx(77)
    best = odds("(d66,d66)kh1").distribution
    assert best.probability(66) == pytest.approx(1 - (35 / 36) ** 2)


@pytest.mark.parametrize(
    ("expression", "mean"),
    [
        ("2d6+3", 10),
        ("(1d8+2)*2", 13),
        ("d%", 45),
        ("4d6rr1", 4 * 4),  # each die 2-6
        ("4d6ro<3", 4 * (2 / 6 * 3.5 + 4 / 6 * 4.5)),
        ("4d6ra6", 14 + (1 - (5 / 6) ** 4) * 3.5),
        ("6d6k>4", 6 * (5 + 6) / 6),
        ("2d6mi2", 2 * (2 * 2 + 3 + 4 + 5 + 6) / 6),
        ("2d6ma5", 2 * (1 + 2 + 3 + 4 + 5 + 5) / 6),
        ("(1d6,2d4)kh1", None),
        ("10d6<=2", 10 / 3),
        ("6d6==6", 1),
        ("6d6!=1", 5),
        ("10d6>4", 10 / 3),
        ("-1d4", -2.5),
        ("1d6/2", 1.5),  # 0.5, 1, 1.5 ... truncated as /roll does
    ],
)
def test_means(expression: str, mean: float | None) -> None:
    result = odds(expression).distribution
    assert sum(result.probabilities) == pytest.approx(1)
    if mean is not None:
        assert result.mean == pytest.approx(mean)


def test_set_keep_highest_by_hand() -> None:
    result = odds("(1d6,2d4)kh1").distribution
    # P(max(d6, 2d4) <= v) = P(d6 <= v) * P(2d4 <= v)
    two_d4 = Counter(a + b for a in range(1, 5) for b in range(1, 5))
    for v in range(1, 9):
        below = min(v, 6) / 6 * sum(c for t, c in two_d4.items() if t <= v) / 16
        assert result.at_most(v) == pytest.approx(below)


def test_explosions_state_their_depth() -> None:
    result = odds("1d6e6")
    assert result.notes and "8 extra dice" in str(result.notes[0])
    # truncated geometric: mean 3.5 / (1 - 1/6) = 4.2 up to the left-out tail
    assert result.distribution.mean == pytest.approx(4.2, abs=1e-4)
    assert result.distribution.probability(7) == pytest.approx(1 / 36)
    pool = odds("10d6rr1e6>=4")
    # every die, those explosions add too, ends on 2-6 (rr1): a success 3 times in 5, a 6 once in
    # 5, so each die of the ten stands for 1 / (1 - 1/5) = 5/4 dice: 10 x 5/4 x 3/5 = 7.5
    assert pool.distribution.mean == pytest.approx(7.5, abs=1e-4)
    assert pool.notes


def test_deep_explosion_says_how_much_is_left_out() -> None:
    result = odds("1d6e>1")
    assert "0.42%" in str(result.notes[0])


@pytest.mark.parametrize(
    ("expression", "reason"),
    [
        ("1d1e1", "never end"),
        ("1d1rr1", "never end"),
        ("4d6rrh1", "never end"),
        ("1d6/(1d2-1)", "divisor can be 0"),
        ("(10d6>=4)*2", "whole roll"),
        ("d66kh1", "no keep"),
        ("4d6k", "column"),
        ("", "something to roll"),
    ],
)
def test_refused_with_the_reason(expression: str, reason: str) -> None:
    with pytest.raises(DiceError, match=reason):
        odds(expression)


@pytest.mark.parametrize(
    "expression",
    [
        "1000d1000",
        "200d6e6kh100",
        "(1d100,1d100,1d100,1d100)kh1",
        "1000d6",
        "100d100",
        "30d6kh15rr1",
        "99d66+0",  # a bare 99d66 is 99 table results, refused as more than 20 rolls
    ],
)
def test_huge_expressions_are_refused_fast(expression: str) -> None:
    with counting_work() as done, pytest.raises(DiceError, match="too long"):
        odds(expression)
    # planned and refused before it is done (sorting each result may add up to twice the plan)
    assert done[0] <= 3 * MAX_WORK


@settings(max_examples=60, deadline=None)
@given(
    count=st.integers(1, 8),
    sides=st.sampled_from([2, 3, 4, 6, 8, 10, 20]),
    op=st.sampled_from(
        ["", "kh1", "kl2", "ph1", "rr1", "ro1", "e{s}", "mi2", "ma3", "k>2", "p<2", "ra{s}", ">=3"]
    ),
)
def test_every_small_expression_is_a_distribution(count: int, sides: int, op: str) -> None:
    expression = f"{count}d{sides}{op.format(s=sides)}"
    try:
        result = odds(expression).distribution
    except DiceError as error:
        assert error.message
        return
    assert sum(result.probabilities) == pytest.approx(1)
    assert all(p >= 0 for p in result.probabilities)


def test_failures_taken_off_successes_by_hand() -> None:
    # each die: a success on 4-6 (1/2), a failure on 1 (1/6), nothing on 2-3 (1/3)
    one = odds("1d6 4+ 1-").distribution
    assert one.outcomes == (-1, 0, 1)
    assert [round(one.probability(k), 6) for k in (-1, 0, 1)] == [round(1 / 6, 6), round(1 / 3, 6), 0.5]
    two = odds("2d6 4+ 1-").distribution
    expected = {2: 1 / 4, 1: 1 / 3, 0: 1 / 9 + 1 / 6, -1: 1 / 9, -2: 1 / 36}
    assert {k: round(two.probability(k), 9) for k in two.outcomes} == {
        k: round(v, 9) for k, v in expected.items()
    }
    ten = odds("10wh4+ 1-")
    assert ten.kind is RollKind.SUCCESSES and ten.expression == "10d6>=4 1-"
    assert math.isclose(ten.distribution.mean, 10 * (1 / 2 - 1 / 6))


@pytest.mark.parametrize("order", ["10d6rr1e6>=4", "10d6e6rr1>=4"])
def test_rerolls_and_explosions_are_one_rule_in_either_order(order: str) -> None:
    assert odds(order).distribution.as_dict() == pytest.approx(odds("10d6rr1e6>=4").distribution.as_dict())
    # one die, by hand: it ends on 2-6, each 1/5; a 6 adds a die that does the same
    one = odds(order.replace("10d6", "1d6").replace(">=4", "")).distribution
    assert one.probability(1) == 0 and one.probability(2) == pytest.approx(1 / 5)
    assert one.probability(8) == pytest.approx(1 / 25)  # 6, then 2
    assert one.mean == pytest.approx(4 / (1 - 1 / 5), abs=1e-4)  # 4 a die, 5/4 dice


@pytest.mark.parametrize(
    ("expression", "same_as"),
    [
        ("4d6rr1rr2", "4d6rr<3"),  # every selector of an operation counts, not the first alone
        ("4d6e6e5", "4d6e>4"),
        ("4d6p1p2", "4d6p<3"),
        ("3d6mi2mi3", "3d6mi3"),  # d20 reads the last minimum
    ],
)
def test_several_selectors_of_one_operation(expression: str, same_as: str) -> None:
    got = odds(expression).distribution
    assert got.as_dict() == pytest.approx(odds(same_as).distribution.as_dict())

"""The distribution helpers every odds engine builds on."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.distribution import Distribution, bernoulli, convolve, mixture, power, powers, uniform


def test_power_matches_repeated_convolution() -> None:
    die = uniform(1, 6)
    by_hand = Distribution.constant(0)
    for _ in range(5):
        by_hand = convolve(by_hand, die)
    assert power(die, 5).as_dict() == pytest.approx(by_hand.as_dict())
    assert [d.mean for d in powers(die, 3)] == pytest.approx([0, 3.5, 7, 10.5])


def test_binomial_from_bernoulli() -> None:
    pool = power(bernoulli(0.5), 10)
    assert pool.probability(5) == pytest.approx(252 / 1024)
    assert pool.at_least(0) == 1.0 and pool.at_most(10) == 1.0


def test_mixture_of_recipes() -> None:
    # D3 attacks, each a 50% hit: P(0 hits) = (1/2 + 1/4 + 1/8) / 3
    hits = mixture((1 / 3, power(bernoulli(0.5), n)) for n in (1, 2, 3))
    assert hits.probability(0) == pytest.approx((1 / 2 + 1 / 4 + 1 / 8) / 3)


def test_at_least_rows_keep_the_informative_part() -> None:
    rows = power(bernoulli(0.5), 40).at_least_rows(8)
    assert len(rows) == 8
    assert rows[0][1] >= 0.999 and rows[-1][1] >= 0.001
    assert [p for _, p in rows] == sorted((p for _, p in rows), reverse=True)
    assert Distribution.constant(3).at_least_rows() == [(3, 1.0)]


@settings(max_examples=50, deadline=None)
@given(st.dictionaries(st.integers(-20, 20), st.floats(0.01, 5), min_size=1, max_size=8))
def test_tables_are_consistent(weights: dict[int, float]) -> None:
    d = Distribution.of(weights)
    assert sum(d.probabilities) == pytest.approx(1)
    table = d.at_least_table()
    assert table[0][1] == pytest.approx(1)
    for k, p in table:
        assert p == pytest.approx(d.at_least(k))
        assert d.at_least(k) + d.at_most(k - 1) == pytest.approx(1)

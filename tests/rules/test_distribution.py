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


def _advantage() -> Distribution:
    # the higher of two d20: P(k) = (2k - 1) / 400
    return Distribution.of({k: (2 * k - 1) / 400 for k in range(1, 21)})


def test_a_table_never_merges_the_extremes() -> None:
    from rules.distribution import table_rows

    layout = table_rows([_advantage()], 16)
    assert layout.ranges[0] == (1, 1) and layout.ranges[-1] == (20, 20)  # the natural 20 is its own row
    assert len(layout.ranges) == 16
    assert "neighbouring values share rows" in layout.notes[0]
    rows = _advantage().grouped_rows(16).rows
    assert (rows[-1].low, rows[-1].high) == (20, 20)
    assert rows[-1].exactly == pytest.approx(39 / 400) and rows[-1].at_least == pytest.approx(39 / 400)
    assert rows[0].exactly == pytest.approx(1 / 400) and rows[0].at_least == pytest.approx(1.0)


def test_rare_ends_share_a_row_and_it_is_said() -> None:
    from rules.distribution import table_rows

    ten_d6 = power(uniform(1, 6), 10)
    layout = table_rows([ten_d6], 16)
    assert layout.ranges[:2] == ((10, 10), (11, 18)) and layout.ranges[-2:] == ((52, 59), (60, 60))
    assert ten_d6.at_most(18) < 0.001 <= ten_d6.at_most(19)  # 11-18 together under 0.1%, 19 not
    assert "`11-18` and `52-59` are rare ends in one row, under 0.1%" in layout.notes
    # values that fit are each their own row, rare or not, and nothing is said
    assert table_rows([uniform(1, 6)], 16).ranges == tuple((k, k) for k in range(1, 7))
    assert table_rows([uniform(1, 6)], 16).notes == ()


def test_two_series_and_values_always_listed() -> None:
    from rules.distribution import table_rows

    evens = Distribution.of({0: 0.5, 2: 0.3, 4: 0.2})
    layout = table_rows([evens, uniform(1, 3)], 16, always=(0,))
    assert layout.ranges == tuple((k, k) for k in range(5))
    assert table_rows([evens], 16, always=(0,)).notes == ("values that cannot happen are left out",)
    assert table_rows([Distribution.constant(12)], 16, always=(0,)).ranges == ((0, 0), (12, 12))


@settings(max_examples=80, deadline=None)
@given(
    weights=st.lists(st.floats(0.0001, 1.0), min_size=1, max_size=80),
    gap=st.integers(1, 3),
    max_rows=st.integers(5, 20),
)
def test_table_rows_cover_every_value_once_with_the_extremes_alone(
    weights: list[float], gap: int, max_rows: int
) -> None:
    from rules.distribution import table_rows

    dist = Distribution.of({i * gap: w for i, w in enumerate(weights)})
    layout = table_rows([dist], max_rows)
    assert len(layout.ranges) <= max_rows
    covered = [k for k in dist.outcomes if any(low <= k <= high for low, high in layout.ranges)]
    assert covered == list(dist.outcomes)
    for (_, high), (low, _) in zip(layout.ranges, layout.ranges[1:], strict=False):
        assert high < low  # ascending, no value in two rows
    assert layout.ranges[0] == (dist.minimum, dist.minimum)
    assert layout.ranges[-1] == (dist.maximum, dist.maximum)
    assert layout.grouped == bool([n for n in layout.notes if "share" in n or "rare" in n])

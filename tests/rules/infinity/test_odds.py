"""Exact odds: the calculators' test vector, hand-worked cases, and sums to 1 for any valid input."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.errors import RuleError
from rules.infinity import Ammunition, Distribution, Edition, Side, distribution
from tests.rules.infinity.helpers import side_strategy

# The test vector from the open calculators (facts.md): active SV 16 B3, reactive SV 13 B1, N
# ammunition; the active side's hits fail their saves on 8 or less, the reactive side's on 12 or
# less. Percentages; the calculators' "nobody" includes winners whose hits were all saved.
VECTOR_ACTIVE = [36.215, 14.420, 2.591, 0.163, 0.004]
VECTOR_NOBODY = 37.620
VECTOR_REACTIVE = [7.444, 1.543]


@pytest.mark.parametrize(
    ("edition", "active", "reactive"),
    [
        (Edition.N4, Side(attribute=16, burst=3, dam=8), Side(attribute=13, dam=12)),
        (Edition.N5, Side(attribute=16, burst=3, ps=12), Side(attribute=13, ps=8)),
        # the same saves from PS and ARM together: 10 + 2 and 6 + 2
        (Edition.N5, Side(attribute=16, burst=3, ps=10, arm=2), Side(attribute=13, ps=6, arm=2)),
    ],
)
def test_the_calculators_test_vector(edition, active, reactive):
    d = distribution(active, reactive, edition=edition)
    assert [round(100 * p, 3) for p in d.active[1:6]] == VECTOR_ACTIVE
    assert round(100 * d.no_wounds, 3) == VECTOR_NOBODY
    assert [round(100 * p, 3) for p in d.reactive[1:]] == VECTOR_REACTIVE


def test_rows_give_the_calculators_table():
    d = distribution(Side(attribute=16, burst=3, ps=12), Side(attribute=13, ps=8))
    rows = d.rows()
    by_key = {(r.side and r.side.value, r.wounds): r for r in rows}
    assert round(100 * by_key[("active", 1)].chance, 3) == VECTOR_ACTIVE[0]
    assert round(100 * by_key[(None, 0)].chance, 3) == VECTOR_NOBODY
    assert round(100 * by_key[("reactive", 2)].chance, 3) == VECTOR_REACTIVE[1]
    assert sum(r.chance for r in rows) == pytest.approx(1)
    assert by_key[("active", 1)].at_least == pytest.approx(sum(d.active[1:]))
    assert [r.wounds for r in rows] == [6, 5, 4, 3, 2, 1, 0, 1, 2]


def test_a_distribution_built_by_hand_still_answers_its_exact_properties():
    d = Distribution(
        edition=Edition.N5,
        active_side=Side(attribute=12),
        reactive_side=Side(attribute=12),
        active=[0.25, 0.125],
        nobody=0.25,
        reactive=[0.375],
        active_hits={(0, 1): 0.375},
        reactive_hits={(0, 1): 0.375},
    )
    assert d.exact_active == [Fraction(1, 4), Fraction(1, 8)] and d.exact_nobody == Fraction(1, 4)
    assert d.rows()[0].chance == 0.125


def test_b1_against_b1_hand_worked():
    # SV 12 against SV 8, one die each. Active wins: its Critical against no reactive Critical
    # (1 x 19), or an ordinary v against a reactive fail (12 faces) or lower ordinary result
    # (min(v-1, 7) faces): 19 + sum(12 + min(v-1, 7) for v in 1..11) = 200 of 400.
    # Reactive wins: 19 + sum(8 + u - 1 for u in 1..7) = 96. Nobody: 1 + 7 + 96 = 104.
    d = distribution(Side(attribute=12), Side(attribute=8))
    assert sum(d.exact_active) == Fraction(200, 400)
    assert sum(d.exact_reactive) == Fraction(96, 400)
    assert d.exact_nobody == Fraction(104, 400)
    assert d.active_hits == pytest.approx({(1, 0): 19 / 400, (0, 1): 181 / 400})


def test_a_critical_against_a_higher_success():
    # SV 5 against SV 20, which always succeeds. The 5 (a Critical) beats all 19 ordinary faces,
    # even the higher ones, and ties with the 20 (a Critical): 19 of 400. An ordinary v of 1 to 4
    # beats only a lower ordinary result: 0 + 1 + 2 + 3 = 6 of 400.
    d = distribution(Side(attribute=5), Side(attribute=20))
    assert d.active_hits == pytest.approx({(1, 0): 19 / 400, (0, 1): 6 / 400})
    assert d.nobody == pytest.approx((1 + 4) / 400)


def test_criticals_on_both_sides_are_part_of_nobody():
    # SV 1 against SV 1: each die is a Critical (1/20) or a failure; nobody wins on 1/400 + 361/400.
    d = distribution(Side(attribute=1), Side(attribute=1))
    assert d.nobody == pytest.approx(362 / 400)
    assert d.active_hits == pytest.approx({(1, 0): 19 / 400})


def test_a_normal_roll_with_saves_hand_worked():
    # SV 20, Burst 1, nobody opposing: 19 ordinary hits in 20 and one Critical. Saves pass on
    # ARM 0 + PS 10 = 10 or less (half). Ordinary: 0 or 1 wound, half each; Critical: 0/1/2
    # with 1/4, 1/2, 1/4.
    d = distribution(Side(attribute=20, ps=10), Side(burst=0))
    half, quarter, p_critical = Fraction(1, 2), Fraction(1, 4), Fraction(1, 20)
    assert d.exact_active == [
        (1 - p_critical) * half + p_critical * quarter,
        (1 - p_critical) * half + p_critical * half,
        p_critical * quarter,
    ]
    assert d.nobody == 0 and d.reactive == []


def test_sv_23_gives_the_same_odds_in_both_editions():
    active, reactive = Side(attribute=20, modifier=3, burst=3, ps=9), Side(attribute=17, burst=2, arm=3)
    n5 = distribution(active, reactive, edition=Edition.N5)
    n4 = distribution(active, reactive, edition=Edition.N4)
    assert (n4.exact_active, n4.exact_nobody, n4.exact_reactive) == (
        n5.exact_active,
        n5.exact_nobody,
        n5.exact_reactive,
    )


def test_sv_0_never_wins():
    d = distribution(Side(attribute=0, burst=3), Side(attribute=11))
    assert d.active == [] and d.active_wins == 0
    assert d.reactive_wins == pytest.approx(11 / 20)


def test_a_cut_continuous_chain_still_sums_to_1():
    d = distribution(Side(attribute=15, burst=2, ps=0, continuous=True), Side(attribute=10))
    assert d.total == pytest.approx(1)
    # saves never pass (ARM 0 + PS 0), so each hit runs the whole chain: 6 wounds per hit
    assert max(w for w, p in enumerate(d.active) if p > 0) == 2 * 6 + 2


def test_both_burst_0_is_refused():
    with pytest.raises(RuleError, match="nobody rolls"):
        distribution(Side(burst=0), Side(burst=0))


def test_para_needs_the_target_ph():
    with pytest.raises(RuleError, match="PH"):
        distribution(Side(attribute=13, ammo=Ammunition.PARA), Side(attribute=10))


sides = side_strategy(
    ammo=[a for a in Ammunition if a is not Ammunition.PARA], ph=st.integers(0, 20)
)


@settings(max_examples=150, deadline=None)
@given(active=sides, reactive=sides, edition=st.sampled_from(list(Edition)))
def test_probabilities_are_non_negative_and_sum_to_1(active, reactive, edition):
    if active.burst == 0 and reactive.burst == 0:
        with pytest.raises(RuleError):
            distribution(active, reactive, edition=edition)
        return
    d = distribution(active, reactive, edition=edition)
    everything = [*d.exact_active, d.exact_nobody, *d.exact_reactive]
    assert min(everything) >= 0
    assert sum(everything) == 1
    assert sum([*d.active, d.nobody, *d.reactive]) == pytest.approx(1, abs=1e-12)
    assert d.active_wins == pytest.approx(sum(d.active_hits.values()), abs=1e-12)

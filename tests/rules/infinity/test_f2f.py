"""Rolling a Face to Face Roll: every die, what cancelled what, then the saves."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.errors import RuleError
from rules.infinity import Ammunition, DieOutcome, Edition, Side, SideName, roll
from tests.rules.infinity.helpers import ScriptedRandom, side_strategy

C, S, F = DieOutcome.CRITICAL, DieOutcome.SUCCESS, DieOutcome.FAILURE


def test_b1_against_b1_the_higher_success_wins():
    # active 9 and reactive 7 both succeed; the 9 is higher and cancels the 7. Then one save
    # (PS 7 + ARM 0: passes on 7 or less), a 15: one wound.
    r = roll(Side(attribute=13), Side(attribute=13), rng=ScriptedRandom([9, 7, 15]))
    assert r.winner is SideName.ACTIVE
    assert (r.active_dice[0].survived, r.reactive_dice[0].cancelled_by) == (True, 0)
    assert [(s.face, s.passes_on, s.passed) for s in r.saves] == [(15, 7, False)]
    assert r.wounds == 1


def test_ties_cancel_both():
    r = roll(Side(attribute=13), Side(attribute=15), rng=ScriptedRandom([11, 11]))
    assert r.winner is None and r.saves == [] and r.wounds == 0
    assert r.active_dice[0].cancelled_by == 0 and r.reactive_dice[0].cancelled_by == 0


def test_a_critical_beats_a_higher_success():
    # active SV 10 rolls its Critical 10; reactive SV 15 rolls a 14, higher but not critical.
    r = roll(Side(attribute=10), Side(attribute=15), rng=ScriptedRandom([10, 14, 20, 20]))
    assert r.active_dice[0].outcome is C and r.active_dice[0].survived
    assert r.reactive_dice[0].outcome is S and r.reactive_dice[0].cancelled_by == 0
    # a Critical with N ammunition: one save plus the extra one, both failed on 20s
    assert [s.critical_extra for s in r.saves] == [False, True]
    assert r.wounds == 2


def test_only_one_side_with_criticals_keeps_them_and_its_successes_above_the_enemy_best():
    r = roll(
        Side(attribute=16, burst=3),
        Side(attribute=13, burst=2),
        rng=ScriptedRandom([16, 12, 5, 11, 2, 1, 1, 1, 1]),
    )
    assert [d.survived for d in r.active_dice] == [True, True, False]
    assert r.active_dice[2].cancelled_by == 0  # the 5 falls to the reactive's best, 11
    assert [d.cancelled_by for d in r.reactive_dice] == [0, 0]  # both fall to the Critical
    assert r.hits == 2 and len(r.saves) == 3 and r.wounds == 0


def test_criticals_on_both_sides_leave_nothing():
    r = roll(
        Side(attribute=16, burst=3),
        Side(attribute=13, burst=2),
        rng=ScriptedRandom([16, 15, 1, 13, 2]),
    )
    assert r.winner is None and r.hits == 0 and r.saves == []
    assert all(d.cancelled_by == 0 for d in r.active_dice)  # the reactive's Critical is its die 0
    assert all(d.cancelled_by == 0 for d in r.reactive_dice)


def test_sv_0_rolls_nothing_and_the_other_side_wins_with_any_success():
    r = roll(Side(attribute=5, modifier=-9), Side(attribute=12, burst=2), rng=ScriptedRandom([4, 18, 20]))
    assert r.active_dice == []
    assert r.winner is SideName.REACTIVE and [d.survived for d in r.reactive_dice] == [True, False]


def test_burst_0_is_an_unopposed_roll():
    r = roll(Side(attribute=12, burst=2), Side(burst=0), rng=ScriptedRandom([3, 19, 20, 20]))
    assert r.reactive_dice == [] and r.winner is SideName.ACTIVE and r.wounds == 1


def test_both_burst_0_is_refused():
    with pytest.raises(RuleError, match="nobody rolls"):
        roll(Side(burst=0), Side(burst=0), rng=ScriptedRandom([]))


def test_n4_compares_results_with_the_excess_added():
    # SV 23 in N4: a 15 reads 18 and beats the reactive's 17; a 17 reads 20, a Critical.
    faces = ScriptedRandom([15, 17, 17, 1, 1, 1, 1])
    r = roll(Side(attribute=20, modifier=3, burst=2), Side(attribute=18), rng=faces, edition=Edition.N4)
    assert [(d.face, d.result, d.outcome) for d in r.active_dice] == [(15, 18, S), (17, 20, C)]
    assert all(d.survived for d in r.active_dice)


def test_continuous_damage_rolls_again_after_each_failure():
    active = Side(attribute=13, ps=7, continuous=True)
    r = roll(active, Side(attribute=10), rng=ScriptedRandom([12, 15, 20, 9, 3]))
    chain = [(s.face, s.chain_step, s.passed) for s in r.saves]
    assert chain == [(20, 0, False), (9, 1, False), (3, 2, True)]
    assert r.wounds == 2


def test_t2_plasma_and_the_critical_extra_save():
    active = Side(attribute=13, ps=7, ammo=Ammunition.PLASMA, t2=True)
    target = Side(attribute=10, arm=2, bts=3)
    r = roll(active, target, rng=ScriptedRandom([13, 15, 20, 20, 20]))
    assert [(s.attribute.value, s.passes_on, s.wounds, s.critical_extra) for s in r.saves] == [
        ("ARM", 9, 2, False),
        ("BTS", 10, 2, False),
        ("ARM", 9, 1, True),
    ]
    assert r.wounds == 5


def test_state_ammunition_says_it_counts_failed_saves():
    faces = ScriptedRandom([5, 2, 20, 20])
    r = roll(Side(attribute=13, ammo=Ammunition.EM), Side(attribute=1, bts=6), rng=faces)
    assert not r.causes_wounds and r.wounds == 2 and {s.attribute.value for s in r.saves} == {"BTS"}


def test_a_missing_ph_for_para_is_reported_even_when_the_para_side_loses():
    with pytest.raises(RuleError, match="PH"):
        roll(Side(attribute=13, ammo=Ammunition.PARA), Side(attribute=13), rng=ScriptedRandom([20, 5]))


sides = side_strategy()


@settings(max_examples=200, deadline=None)
@given(active=sides, reactive=sides, seed=st.integers(0, 2**32), edition=st.sampled_from(list(Edition)))
def test_any_valid_roll_rolls_or_raises_a_rule_error(active, reactive, seed, edition):
    try:
        r = roll(active, reactive, rng=random.Random(seed), edition=edition)
    except RuleError as error:
        assert "Burst 0" in error.message or "PH" in error.message
        return
    assert len(r.active_dice) == (active.burst if active.rolls else 0)
    assert len(r.reactive_dice) == (reactive.burst if reactive.rolls else 0)
    kept = {side for side in SideName if any(d.survived for d in r.dice(side))}
    assert kept == ({r.winner} if r.winner else set())
    assert r.wounds == sum(s.wounds for s in r.saves) >= 0
    for side in SideName:
        for die in r.dice(side):
            if die.cancelled_by is not None:
                canceller = r.dice(side.other)[die.cancelled_by]
                assert canceller.critical or (not die.critical and canceller.result >= die.result)

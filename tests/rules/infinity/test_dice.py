"""One d20 against a Success Value: the cap on modifiers, SV below 1 and above 20, the Normal Roll."""

from __future__ import annotations

import random

import pytest

from rules.errors import RuleError
from rules.infinity import DieOutcome, Edition, normal_roll, read_die, success_value
from rules.infinity.dice import die_result
from rules.infinity.odds import die_table
from tests.rules.infinity.helpers import ScriptedRandom

C, S, F = DieOutcome.CRITICAL, DieOutcome.SUCCESS, DieOutcome.FAILURE


@pytest.mark.parametrize(
    ("attribute", "modifier", "sv"),
    [(13, 0, 13), (13, 3, 16), (13, 12, 25), (13, 15, 25), (13, -12, 1), (13, -20, 1), (8, -12, -4)],
)
def test_modifiers_count_at_most_12_either_way(attribute, modifier, sv):
    assert success_value(attribute, modifier) == sv


@pytest.mark.parametrize(("face", "outcome"), [(1, S), (12, S), (13, C), (14, F), (20, F)])
def test_a_face_against_sv_13(face, outcome):
    assert read_die(face, 13) is outcome
    assert read_die(face, 13, Edition.N4) is outcome


@pytest.mark.parametrize("sv", [0, -3])
def test_sv_below_1_always_fails_in_both_editions(sv):
    for edition in Edition:
        assert {read_die(f, sv, edition) for f in range(1, 21)} == {F}


def test_sv_23_in_n5_counts_on_from_1():
    crits = [f for f in range(1, 21) if read_die(f, 23) is C]
    assert crits == [1, 2, 3, 20]
    assert all(read_die(f, 23) is not F for f in range(1, 21))


def test_sv_23_in_n4_adds_the_excess_to_the_die():
    crits = [f for f in range(1, 21) if read_die(f, 23, Edition.N4) is C]
    assert crits == [17, 18, 19, 20]
    assert die_result(16, 23, Edition.N4) == 19
    assert all(read_die(f, 23, Edition.N4) is not F for f in range(1, 21))


@pytest.mark.parametrize("sv", [-2, 0, 1, 7, 19, 20, 21, 23, 30, 40])
def test_both_editions_give_each_die_the_same_odds(sv):
    assert die_table(sv, Edition.N5) == die_table(sv, Edition.N4)


def test_normal_roll_marks_successes_and_criticals():
    roll = normal_roll(12, 4, rng=ScriptedRandom([3, 12, 13, 20]))
    assert [d.outcome for d in roll.dice] == [S, C, F, F]
    assert (roll.successes, roll.criticals) == (2, 1)


def test_normal_roll_with_an_sv_below_1_rolls_nothing():
    roll = normal_roll(5, 3, modifier=-6, rng=ScriptedRandom([]))
    assert roll.automatic_failure and roll.dice == [] and roll.successes == 0


@pytest.mark.parametrize("burst", [7, -1, 0])
def test_normal_roll_burst_limit(burst):
    with pytest.raises(RuleError, match="Burst"):
        normal_roll(12, burst, rng=random.Random(1))


def test_attribute_out_of_range_is_a_rule_error():
    with pytest.raises(RuleError, match="attribute"):
        success_value(31)

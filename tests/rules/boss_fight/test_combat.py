"""The seed's combat comparison, as a table, and the defence roll."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.boss_fight.combat import compare_damage, expected_damage, resolve_hit


@pytest.mark.parametrize(
    ("damage", "attack", "defence", "expected", "rule"),
    [
        (3, 4, 4, 3, "equal: unchanged"),
        (3, 5, 4, 4, "higher: +1"),
        (3, 7, 4, 4, "higher but less than double: +1"),
        (3, 3, 4, 2, "lower: -1"),
        (1, 3, 4, 1, "lower: -1 but never below 1"),
        (2, 3, 5, 1, "lower: 2 - 1"),
        (3, 8, 4, 6, "double exactly: doubled"),
        (3, 9, 4, 6, "more than double: doubled"),
        (3, 2, 4, 2, "half exactly: halved rounding up (1.5 -> 2)"),
        (4, 2, 4, 2, "half exactly: halved (4 -> 2)"),
        (5, 1, 4, 3, "less than half: halved rounding up (2.5 -> 3)"),
        (1, 1, 9, 1, "halving 1 rounds up to 1"),
        (5, 0, 0, 5, "0 against 0 is equal"),
        (5, 1, 0, 10, "anything against 0 is double or more"),
        (5, 0, 1, 3, "0 against anything positive is half or less"),
    ],
)
def test_comparison_table(damage, attack, defence, expected, rule):
    assert compare_damage(damage, attack, defence) == expected, rule


@pytest.mark.parametrize("roll", [1, 2, 3, 4, 5])
def test_defence_roll_1_to_5_is_added_to_the_defender(roll):
    hit = resolve_hit(3, attack_stat=4, defence_stat=2, roll=roll)
    assert not hit.missed
    assert hit.defence == 2 + roll
    assert hit.damage == compare_damage(3, 4, 2 + roll)


def test_defence_roll_of_6_misses():
    hit = resolve_hit(9, attack_stat=9, defence_stat=0, roll=6)
    assert hit.missed and hit.damage == 0


def test_no_roll_compares_the_bare_statistics():
    assert resolve_hit(3, attack_stat=8, defence_stat=4, roll=None).damage == 6


def test_armour_comes_off_after_the_comparison_but_never_below_1():
    assert resolve_hit(3, attack_stat=8, defence_stat=4, roll=None, armour=1).damage == 5
    assert resolve_hit(1, attack_stat=1, defence_stat=4, roll=None, armour=3).damage == 1


@given(st.integers(1, 20), st.integers(0, 30), st.integers(0, 30))
def test_the_roll_can_only_help_the_defender(damage, attack, defence):
    bare = resolve_hit(damage, attack_stat=attack, defence_stat=defence, roll=None).damage
    assert bare >= 1
    for roll in range(1, 7):
        assert resolve_hit(damage, attack_stat=attack, defence_stat=defence, roll=roll).damage <= bare
    assert expected_damage(damage, attack_stat=attack, defence_stat=defence, rolls=True) <= bare


def test_the_issues_strike_reads_one_step_per_clause():
    # Issue 24, item 9: "Strength 7 -1 card = 6 against 5 +2 roll = 7 (lower: -1): 7 -1 = 6, armour -1
    # (at least 1) = 5" never said the second 7 is the attack's damage.
    from rules.boss_fight.combat import damage_words, stat_words

    attack = str(stat_words("Strength", 7, [(-1, "the card")], 6))
    defence = str(stat_words("Strength", 5, [(2, "rolled")], 7))
    words = str(damage_words(7, 6, 7, 6, 1, 5))
    assert (attack, defence) == ("Strength 7, -1 from the card: 6", "Strength 5, +2 rolled: 7")
    assert words == ("6 is lower than 7, so the attack's 7 damage goes down by 1 to 6; "
                     "armour 1 takes 1 off: 5 damage")
    assert "=" not in attack + defence + words

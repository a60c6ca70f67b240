"""Targets with several kinds of model: allocation by group, per-group saves, Leaders, exact odds."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.wh40k.attack import distribution, roll_unit, unit_distribution
from rules.wh40k.cost import check_odds_cost, odds_cost
from rules.wh40k.profiles import ProfileError, parse_target, parse_unit, parse_weapon

SURE = "A3 S8 AP-6 D1, torrent"  # every attack hits, wounds on 2+ (5/6), no save against Sv7+


def test_three_hits_of_damage_one_into_two_boyz_and_a_nob() -> None:
    # K unsaved ~ Bin(3, 5/6); the two W1 models die first, the third wound hurts the W2 Nob
    odds = distribution(parse_weapon(SURE), parse_target("T4 Sv7+ W1 x2 + W2 x1"))
    p, q = 5 / 6, 1 / 6
    assert odds.slain.probability(0) == pytest.approx(q**3)
    assert odds.slain.probability(1) == pytest.approx(3 * p * q * q)
    assert odds.slain.probability(2) == pytest.approx(3 * p * p * q + p**3)
    assert odds.slain.maximum == 2  # three wounds never kill the W2 model after two W1 models
    assert odds.wounds.mean == pytest.approx(3 * p)
    assert any("ordinary models first" in n for n in odds.notes)


def test_order_typed_puts_the_nob_first() -> None:
    # the W2 model first: one wound slays nobody, two slay it, three slay it and one more
    odds = distribution(parse_weapon(SURE), parse_target("T4 Sv7+ W2 + W1 x2 order:typed"))
    p, q = 5 / 6, 1 / 6
    assert odds.slain.probability(0) == pytest.approx(q**3 + 3 * p * q * q)
    assert odds.slain.probability(1) == pytest.approx(3 * p * p * q)
    assert odds.slain.probability(2) == pytest.approx(p**3)


def test_each_model_saves_with_its_own_save() -> None:
    # two attacks, each wounding on 2+; the first slays the unarmoured model, the second meets the
    # Nob's 4+ (AP0): both slain = (5/6)^2 x 1/2
    odds = distribution(parse_weapon("A2 S8 AP0 D1, torrent"), parse_target("T4 Sv7+ W1 + Nob: W1 Sv4+"))
    assert odds.slain.probability(2) == pytest.approx((5 / 6) ** 2 / 2)
    assert odds.slain.probability(0) == pytest.approx((1 / 6) ** 2)
    # the second attack meets the unarmoured model if the first failed to wound, else the Nob
    assert odds.mean_unsaved == pytest.approx(5 / 6 + (1 / 6) * (5 / 6) + (5 / 6) * (5 / 6) / 2)


def test_the_default_order_keeps_the_better_model_last_and_leaders_after_bodyguards() -> None:
    target = parse_target("T5 Sv4+ W2 + Boyz: W1 x9 Sv5+ + Warboss: T6 W6 Sv4+ inv5+ leader")
    assert target.allocation_order() == (1, 0, 2)
    assert target.toughness == 5  # the Bodyguard's
    assert parse_target("T4 Sv3+ W2 x1 + T5 W2 x3").toughness == 5  # the majority's


def test_precision_reaches_the_leader_first() -> None:
    # one sure wound of damage 3: without Precision it slays a W1 bodyguard model, with it it
    # goes to the W3 Leader
    target = parse_target("T4 Sv7+ W1 x3 + Captain: W3 leader")
    plain = distribution(parse_weapon("A1 S8 AP0 D 3, torrent"), target)
    precise = distribution(parse_weapon("A1 S8 AP0 D 3, torrent, precision"), target)
    assert plain.slain.probability(1) == pytest.approx(5 / 6)
    assert precise.slain.probability(1) == pytest.approx(5 / 6)
    assert plain.wounds.mean == pytest.approx(5 / 6)  # damage past the W1 model is lost
    assert precise.wounds.mean == pytest.approx(3 * 5 / 6)
    assert any("Precision" in n for n in precise.notes)


@given(
    models=st.integers(2, 8),
    first=st.integers(1, 7),
    wounds=st.integers(1, 3),
    save=st.integers(2, 7),
    damage=st.sampled_from(["D1", "D2", "DD3", "D 3"]),
    fnp=st.sampled_from(["", "fnp5+"]),
)
@settings(max_examples=40, deadline=None)
def test_one_profile_split_in_two_groups_gives_todays_odds(
    models: int, first: int, wounds: int, save: int, damage: str, fnp: str
) -> None:
    first = min(first, models - 1)
    weapon = parse_weapon(f"A6 BS3+ S5 AP-1 {damage}, devastating wounds, sustained hits 1")
    whole = parse_target(f"T4 Sv{save}+ W{wounds} x{models} {fnp}")
    split = parse_target(f"T4 Sv{save}+ W{wounds} x{first} {fnp} + W{wounds} x{models - first}")
    a, b = distribution(weapon, whole), distribution(weapon, split)
    for one, two in ((a.wounds, b.wounds), (a.slain, b.slain)):
        for k in set(one.outcomes) | set(two.outcomes):
            assert one.probability(k) == pytest.approx(two.probability(k), abs=1e-12)


@given(
    saves=st.tuples(st.integers(2, 7), st.integers(2, 7)),
    counts=st.tuples(st.integers(1, 5), st.integers(1, 3)),
    wounds=st.tuples(st.integers(1, 3), st.integers(1, 4)),
    ability=st.sampled_from(["", ", devastating wounds", ", lethal hits", ", precision"]),
    leader=st.booleans(),
)
@settings(max_examples=40, deadline=None)
def test_mixed_odds_sum_to_one(
    saves: tuple[int, int], counts: tuple[int, int], wounds: tuple[int, int], ability: str, leader: bool
) -> None:
    target = parse_target(
        f"T4 Sv{saves[0]}+ W{wounds[0]} x{counts[0]} + W{wounds[1]} x{counts[1]} Sv{saves[1]}+"
        + (" leader" if leader else "")
    )
    odds = unit_distribution(parse_unit(f"A6 BS3+ S5 AP-1 DD3{ability}; A3 WS3+ S6 AP-2 D2"), target)
    assert sum(q for _, q in odds.wounds.items()) == pytest.approx(1)
    assert sum(q for _, q in odds.slain.items()) == pytest.approx(1)
    assert odds.slain.maximum <= target.models and odds.wounds.maximum <= target.total_wounds


MIXED = "T5 Sv5+ W1 x6 fnp6+ + Nob: W2 Sv4+ + Boss: T6 W4 Sv3+ inv5+ leader"
VOLLEY = (
    "A10 BS3+ S5 AP-1 DD3, devastating wounds, sustained hits 1; A4 WS3+ S6 AP-2 D2, lethal hits, precision"
)


def test_twenty_thousand_seeded_rolls_agree_with_the_exact_odds() -> None:
    unit, target = parse_unit(VOLLEY), parse_target(MIXED)
    exact = unit_distribution(unit, target)
    rng = random.Random(40_000)
    n = 20_000
    counts: dict[int, int] = {}
    total = 0
    for _ in range(n):
        rolled = roll_unit(unit, target, None, rng)
        counts[rolled.models_slain] = counts.get(rolled.models_slain, 0) + 1
        total += rolled.wounds_dealt
    for k in range(target.models + 1):
        p = exact.slain.probability(k)
        sigma = (p * (1 - p) / n) ** 0.5
        assert abs(counts.get(k, 0) / n - p) <= 4 * sigma + 1e-9, k
    spread = sum(q * (v - exact.wounds.mean) ** 2 for v, q in exact.wounds.items()) ** 0.5
    assert abs(total / n - exact.wounds.mean) <= 4 * spread / n**0.5


def test_a_roll_names_the_model_and_its_save() -> None:
    rolled = roll_unit(parse_unit(VOLLEY), parse_target(MIXED), None, random.Random(5))
    text = "\n".join(line for r in rolled.rolls for line in r.lines())
    assert "Saves (group 1 armour 6+, Nob armour 5+, Boss armour 4+)" in text
    assert "(group 1) loses" in text


def test_cost_bounds_a_mixed_target() -> None:
    weapon = parse_weapon("A10 BS3+ S5 AP-1 DD3, devastating wounds x10")
    with pytest.raises(ProfileError):
        check_odds_cost(weapon, parse_target("T4 Sv3+ W10 x20 + W20 x20 Sv2+"))
    assert odds_cost(parse_weapon("A2 BS3+ S4 AP0 D1"), parse_target(MIXED)) > 0


def test_group_names_carry_no_markdown() -> None:
    target = parse_target("T4 Sv3+ W1 x4 + Boss__Nob_: W2")
    assert target.groups[1].name == "Boss Nob"
    with pytest.raises(ProfileError, match="a group's name uses letters"):
        parse_target("T4 Sv3+ W1 x4 + **Boss**: W2")


def test_bad_group_lines_are_refused_with_the_way_to_write_them() -> None:
    with pytest.raises(ProfileError, match="empty group"):
        parse_target("T4 Sv3+ W2 + ")
    with pytest.raises(ProfileError, match="50"):
        parse_target("T4 Sv3+ W1 x30 + W1 x30")
    with pytest.raises(ProfileError, match="order:typed"):
        parse_target("T4 Sv3+ W1 order:nob")
    with pytest.raises(ProfileError, match="first group"):
        parse_target("Sv3+ W1 x3 + T4 W2")


@pytest.mark.parametrize(
    "line",
    [
        "T5 Sv5+ W1 x9 + Boss Nob: W2 Sv4+ infantry",
        "Boyz: T5 Sv5+ W1 x9 inv5+ + Nob: W2 no inv",
        "T8 Sv3+ W5 x2 order:typed + Silent King: T11 Sv2+ W16 inv4+",
        "T4 Sv3+ W2 x3 fnp6+ -1 damage + Captain: W5 inv4+ no fnp full damage leader",
    ],
)
def test_a_mixed_target_reads_back_as_described(line: str) -> None:
    target = parse_target(line)
    again = parse_target(target.describe())
    assert again.model_copy(update={"text": ""}) == target.model_copy(update={"text": ""})


@pytest.mark.parametrize(
    "weapon",
    [
        "A6 BS3+ S5 AP-1 D1",
        "A6 BS3+ S5 AP-1 D1, devastating wounds, sustained hits 1",
        "A4 BS3+ S5 AP-1 DD3, lethal hits, devastating wounds, crit wound 5+",
    ],
)
def test_saving_model_by_model_gives_todays_odds_when_the_other_group_is_never_reached(weapon: str) -> None:
    # a second group that saves differently but cannot be reached (at most 24 wounds into a
    # W30 model) sends the engine through its model-by-model saves (and, with Devastating
    # Wounds, its (wounds, mortal wounds) pairs); the answer must be the one-profile answer
    alone = distribution(parse_weapon(weapon), parse_target("T4 Sv3+ W30 fnp6+"))
    mixed = distribution(parse_weapon(weapon), parse_target("T4 Sv3+ W30 fnp6+ + W1 Sv6+ order:typed"))
    assert not mixed.plan.uniform_saves
    for k in set(alone.wounds.outcomes) | set(mixed.wounds.outcomes):
        assert alone.wounds.probability(k) == pytest.approx(mixed.wounds.probability(k), abs=1e-12)
    assert alone.mean_unsaved == pytest.approx(mixed.mean_unsaved)

"""Saving rolls per ammunition and edition, and the wound distribution of one hit."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules.errors import RuleError
from rules.infinity import Ammunition, Edition, SaveAttribute, Side
from rules.infinity.saves import (
    CONTINUOUS_DEPTH,
    Save,
    hit_polynomials,
    passes_on,
    save_plan,
    save_polynomial,
)

ARM = SaveAttribute.ARM


@pytest.mark.parametrize(
    ("ammo", "per_hit", "per_critical"),
    [
        (Ammunition.N, 1, 2),
        (Ammunition.SHOCK, 1, 2),
        (Ammunition.STUN, 1, 2),
        (Ammunition.PARA, 1, 2),
        (Ammunition.DA, 2, 3),
        (Ammunition.EM, 2, 3),
        (Ammunition.EXP, 3, 4),
        (Ammunition.PLASMA, 2, 3),  # one ARM and one BTS per hit, the Critical adds an ARM save
    ],
)
def test_saves_per_hit_and_per_critical(ammo, per_hit, per_critical):
    plan = save_plan(Side(ammo=ammo), Side(ph=10))
    assert len(plan.per_hit) == per_hit
    assert len(plan.per_hit) + 1 == per_critical


@pytest.mark.parametrize(
    ("ammo", "attribute"),
    [(Ammunition.N, "ARM"), (Ammunition.EM, "BTS"), (Ammunition.STUN, "BTS"), (Ammunition.PARA, "PH-6")],
)
def test_which_attribute_saves(ammo, attribute):
    plan = save_plan(Side(ammo=ammo), Side(ph=10))
    assert {s.attribute.value for s in plan.per_hit} == {attribute}


@pytest.mark.parametrize(
    ("arm", "ps", "cover", "expected"), [(0, 7, False, 7), (3, 4, True, 10), (9, 15, False, 20)]
)
def test_n5_save_is_arm_plus_ps_plus_cover(arm, ps, cover, expected):
    assert passes_on(Side(ps=ps), Side(arm=arm, cover=cover), ARM) == expected


@pytest.mark.parametrize(
    ("dam", "arm", "cover", "expected"), [(13, 0, False, 7), (13, 3, True, 13), (8, 10, False, 20)]
)
def test_n4_save_passes_on_20_minus_attack_damage(dam, arm, cover, expected):
    assert passes_on(Side(dam=dam), Side(arm=arm, cover=cover), ARM, Edition.N4) == expected


@pytest.mark.parametrize("dam", range(0, 21))
def test_ps_equal_20_minus_dam_gives_the_same_save(dam):
    for arm in (0, 3, 7):
        for cover in (False, True):
            target = Side(arm=arm, cover=cover)
            n4 = passes_on(Side(dam=dam), target, ARM, Edition.N4)
            n5 = passes_on(Side(ps=20 - dam), target, ARM, Edition.N5)
            assert n4 == n5


@pytest.mark.parametrize(("arm", "halved"), [(0, 0), (1, 1), (3, 2), (4, 2), (5, 3)])
def test_ap_halves_arm_rounding_up(arm, halved):
    assert passes_on(Side(ps=5, ap=True), Side(arm=arm), ARM) == halved + 5
    assert passes_on(Side(ps=5, ap=True), Side(arm=arm, cover=True), ARM) == halved + 5 + 3


def test_para_saves_on_ph_minus_6():
    assert passes_on(Side(ps=2), Side(ph=11), SaveAttribute.PH) == 11 - 6 + 2
    assert passes_on(Side(dam=13), Side(ph=11, arm=5, cover=True), SaveAttribute.PH, Edition.N4) == 5
    with pytest.raises(RuleError, match="PH"):
        passes_on(Side(), Side(), SaveAttribute.PH)


def test_t2_costs_2_but_the_critical_extra_costs_1_and_is_not_continuous():
    plan = save_plan(Side(t2=True, continuous=True), Side())
    assert (plan.per_hit[0].cost, plan.per_hit[0].continuous) == (2, True)
    assert (plan.critical_extra.cost, plan.critical_extra.continuous) == (1, False)


def test_continuous_chain_is_cut_at_the_stated_depth():
    poly = save_polynomial(Save(attribute=ARM, passes_on=10, continuous=True)).fractions()
    assert len(poly) == CONTINUOUS_DEPTH + 1
    assert poly[:3] == [Fraction(1, 2), Fraction(1, 4), Fraction(1, 8)]
    assert poly[-1] == Fraction(1, 2**CONTINUOUS_DEPTH)  # the cut chain counts at the depth
    assert sum(poly) == 1


def test_da_critical_hit_hand_worked():
    # DA, saves pass on 15 or less (fail 1 in 4): a Critical makes 3 saves.
    _, critical = hit_polynomials(save_plan(Side(ps=15, ammo=Ammunition.DA), Side()))
    assert critical.fractions() == [Fraction(27, 64), Fraction(27, 64), Fraction(9, 64), Fraction(1, 64)]


def test_state_ammunition_is_flagged():
    assert not save_plan(Side(ammo=Ammunition.STUN), Side()).causes_wounds
    assert save_plan(Side(ammo=Ammunition.SHOCK), Side()).causes_wounds


def test_weapon_defaults_and_conversions():
    assert (Side().weapon_ps(), Side().weapon_dam()) == (7, 13)
    assert (Side(dam=15).weapon_ps(), Side(ps=3).weapon_dam()) == (5, 17)
    assert Side(dam=25).weapon_ps() == 0

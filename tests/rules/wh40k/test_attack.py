"""Exact values worked by hand for small attacks: one attack through each ability, the wound
table's five bands, saves with AP, cover and invulnerable saves, Feel No Pain and overkill."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.wh40k import (
    MAX_ATTACKS,
    ProfileError,
    distribution,
    parse_situation,
    parse_target,
    parse_weapon,
    roll,
    wound_roll_needed,
)
from rules.wh40k.attack import plan
from rules.wh40k.profiles import Edition
from tests.rules.space_infantry.helpers import ScriptedRandom


def odds(weapon: str, target: str = "T4 Sv7+ W1", situation: str = "", edition: Edition = Edition.TENTH):
    """The hand-worked numbers of this file are 10th edition's (test_editions.py has 11th's)."""
    read = parse_weapon(weapon), parse_target(target), parse_situation(situation)
    return distribution(*read, edition=edition)


def p_kill(weapon: str, target: str = "T4 Sv7+ W1", situation: str = "") -> float:
    return odds(weapon, target, situation).slain.at_least(1)


@pytest.mark.parametrize(
    ("strength", "toughness", "needed"),
    [
        (8, 4, 2),
        (9, 4, 2),
        (5, 4, 3),
        (7, 4, 3),
        (4, 4, 4),
        (3, 4, 5),
        (3, 5, 5),
        (2, 4, 6),
        (2, 5, 6),
        (1, 3, 6),
    ],
)
def test_wound_table_bands(strength: int, toughness: int, needed: int) -> None:
    assert wound_roll_needed(strength, toughness) == needed
    # a Torrent attack always hits, so P(kill a 1-wound model with no save) is the wound roll alone
    assert p_kill(f"A1 S{strength} AP0 D1, torrent", f"T{toughness} Sv7+ W1") == pytest.approx(
        (7 - needed) / 6
    )


@pytest.mark.parametrize(
    ("weapon", "target", "situation", "expected"),
    [
        ("A1 BS3+ S4 AP0 D1", "T4 Sv7+ W1", "", 4 / 6 * 3 / 6),
        ("A1 S4 AP0 D1, torrent", "T4 Sv7+ W1", "", 3 / 6),
        # Lethal Hits: the 6 wounds without a roll, 3-5 still roll to wound
        ("A1 BS3+ S4 AP0 D1, lethal hits", "T4 Sv7+ W1", "", 1 / 6 + 3 / 6 * 3 / 6),
        # Twin-linked re-rolls a failed wound roll
        ("A1 S4 AP0 D1, torrent, twin-linked", "T4 Sv7+ W1", "", 1 / 2 + 1 / 2 * 1 / 2),
        # Devastating: a 6 to wound skips the 2+ save; 4-5 face it (fails on a 1)
        ("A1 S4 AP0 D1, torrent, devastating wounds", "T4 Sv2+ W1", "", 1 / 6 + 2 / 6 * 1 / 6),
        # Anti-infantry 4+ with Devastating: 4, 5 and 6 are Critical Wounds against infantry
        ("A1 S3 AP0 D1, torrent, devastating wounds, anti-infantry 4+", "T4 Sv2+ W1 infantry", "", 3 / 6),
        (
            "A1 S3 AP0 D1, torrent, devastating wounds, anti-infantry 4+",
            "T4 Sv2+ W1 vehicle",
            "",
            1 / 6 + 1 / 36,
        ),
        # Melta 2 at half range: D1 becomes 3, enough for a 3-wound model
        ("A1 S8 AP0 D1, torrent, melta 2", "T4 Sv7+ W3", "half range", 5 / 6),
        ("A1 S8 AP0 D1, torrent, melta 2", "T4 Sv7+ W3", "", 0.0),
        # Lance after a charge: +1 to wound (4+ becomes 3+)
        ("A1 S4 AP0 D1, torrent, lance", "T4 Sv7+ W1", "charged", 4 / 6),
        ("A1 S4 AP0 D1, torrent, lance", "T4 Sv7+ W1", "", 3 / 6),
        # Heavy when stationary: +1 to hit
        ("A1 BS4+ S8 AP0 D1, heavy", "T4 Sv7+ W1", "stationary", 4 / 6 * 5 / 6),
        ("A1 BS4+ S8 AP0 D1, heavy", "T4 Sv7+ W1", "", 3 / 6 * 5 / 6),
        # Modifiers are capped at +1: +1 hit and Heavy still hit on 3+
        ("A1 BS4+ S8 AP0 D1, heavy, +1 hit", "T4 Sv7+ W1", "stationary", 4 / 6 * 5 / 6),
        # an unmodified 1 always fails, even at BS2+ with +1
        ("A1 BS2+ S8 AP0 D1, +1 hit", "T4 Sv7+ W1", "", 5 / 6 * 5 / 6),
        # a target's -1 to hit and a weapon's +1 cancel
        ("A1 BS3+ S8 AP0 D1, +1 hit", "T4 Sv7+ W1 -1 hit", "", 4 / 6 * 5 / 6),
        # re-roll hit rolls of 1, re-roll every failed hit
        ("A1 BS3+ S8 AP0 D1, reroll hits 1", "T4 Sv7+ W1", "", (4 / 6 + 1 / 6 * 4 / 6) * 5 / 6),
        ("A1 BS3+ S8 AP0 D1, reroll hits", "T4 Sv7+ W1", "", (4 / 6 + 2 / 6 * 4 / 6) * 5 / 6),
        ("A1 S4 AP0 D1, torrent, reroll wounds 1", "T4 Sv7+ W1", "", 3 / 6 + 1 / 6 * 3 / 6),
        ("A1 S4 AP0 D1, torrent, -1 wound", "T4 Sv7+ W1", "", 2 / 6),
        # Ignores Cover: the 4+ save worsened by AP-1 stays 5+
        ("A1 S8 AP-1 D1, torrent, ignores cover", "T4 Sv4+ W1", "cover", 5 / 6 * 4 / 6),
        ("A1 S8 AP-1 D1, torrent", "T4 Sv4+ W1", "cover", 5 / 6 * 3 / 6),
        # melee attacks never get cover
        ("A1 WS2+ S8 AP-1 D1", "T4 Sv4+ W1", "cover", 5 / 6 * 5 / 6 * 4 / 6),
    ],
)
def test_one_attack_through_each_ability(weapon: str, target: str, situation: str, expected: float) -> None:
    assert p_kill(weapon, target, situation) == pytest.approx(expected, abs=1e-12)


def test_sustained_hits_one_critical_is_two_hits() -> None:
    result = odds("A1 BS3+ S4 AP0 D1, sustained hits 1", "T4 Sv7+ W1 x2")
    # 6 to hit (1/6): two wound rolls at 4+; 3-5 (3/6): one
    assert result.slain.probability(2) == pytest.approx(1 / 6 * 1 / 4)
    assert result.slain.probability(1) == pytest.approx(1 / 6 * 2 / 4 + 3 / 6 * 1 / 2)
    assert result.mean_hits == pytest.approx(1 / 6 * 2 + 3 / 6)


def test_sustained_hits_d3_and_lethal_together() -> None:
    result = odds("A1 BS3+ S4 AP0 D1, sustained hits D3, lethal hits", "T4 Sv7+ W1 x5")
    # the critical wounds automatically and adds D3 hits that roll at 4+
    assert result.mean_hits == pytest.approx(1 / 6 * 3 + 3 / 6)
    assert result.wounds.mean == pytest.approx(1 / 6 * (1 + 2 / 2) + 3 / 6 * 1 / 2)


def test_rapid_fire_and_blast_add_attacks() -> None:
    assert odds("A1 BS3+ S4 AP0 D1, rapid fire 1", "T4 Sv7+ W1", "half range").mean_attacks == 2
    assert odds("A1 BS3+ S4 AP0 D1, rapid fire 1", "T4 Sv7+ W1").mean_attacks == 1
    assert odds("AD6 BS3+ S4 AP0 D1, blast", "T4 Sv7+ W1 x10").mean_attacks == pytest.approx(3.5 + 2)
    assert odds("AD6 BS3+ S4 AP0 D1, blast", "T4 Sv7+ W1 x4").mean_attacks == pytest.approx(3.5)
    assert odds("A2 BS3+ S4 AP0 D1 x3", "T4 Sv7+ W1 x10").mean_attacks == 6


@pytest.mark.parametrize(
    ("weapon", "target", "situation", "need", "kind"),
    [
        ("A1 BS3+ S4 AP-2 D1", "T4 Sv3+ W1", "", 5, "armour"),
        ("A1 BS3+ S4 AP-2 D1", "T4 Sv3+ W1 inv4+", "", 4, "invulnerable"),
        ("A1 BS3+ S4 AP-1 D1", "T4 Sv3+ W1 inv4+", "", 4, "armour"),
        ("A1 BS3+ S4 AP-3 D1", "T4 Sv3+ W1 inv4+", "cover", 4, "invulnerable"),
        ("A1 BS3+ S4 AP-3 D1", "T4 Sv3+ W1 5++", "cover", 5, "armour"),
        # Sv 3+ or better gets no cover against AP 0; a 4+ does
        ("A1 BS3+ S4 AP0 D1", "T4 Sv3+ W1", "cover", 3, "armour"),
        ("A1 BS3+ S4 AP0 D1", "T4 Sv4+ W1", "cover", 3, "armour"),
        # the save is never better than 2+ whatever improves it
        ("A1 BS3+ S4 AP0 D1", "T4 Sv2+ W1", "cover", 2, "armour"),
        ("A1 BS3+ S4 AP-5 D1", "T4 Sv3+ W1", "", 7, "none"),
    ],
)
def test_save_with_ap_cover_and_invulnerable(
    weapon: str, target: str, situation: str, need: int, kind: str
) -> None:
    p = plan(parse_weapon(weapon), parse_target(target), parse_situation(situation), edition=Edition.TENTH)
    assert (p.save_need, p.save_kind) == (need, kind)
    through = min(1.0, (need - 1) / 6)
    assert p_kill(weapon, target, situation) == pytest.approx(4 / 6 * 3 / 6 * through)


def test_feel_no_pain_per_wound() -> None:
    # each wound lost is ignored on a 5+: a 2-damage attack kills a 2-wound model only if both fail
    assert p_kill("A1 S8 AP0 D1, torrent", "T4 Sv7+ W1 fnp5+") == pytest.approx(5 / 6 * 4 / 6)
    assert p_kill("A1 S8 AP0 D2, torrent", "T4 Sv7+ W2 fnp5+") == pytest.approx(5 / 6 * (4 / 6) ** 2)
    wounds = odds("A1 S8 AP0 D2, torrent", "T4 Sv7+ W2 fnp5+").wounds
    assert wounds.probability(1) == pytest.approx(5 / 6 * 2 * 4 / 6 * 2 / 6)


def test_overkill_damage_is_lost_past_a_model() -> None:
    # two D3-damage... flat 3 damage attacks into 2-wound models: each kills one, the third wound is lost
    result = odds("A2 S8 AP0 D 3, torrent", "T4 Sv7+ W2 x2")
    assert result.slain.probability(2) == pytest.approx((5 / 6) ** 2)
    assert result.slain.probability(1) == pytest.approx(2 * 5 / 6 * 1 / 6)
    assert result.wounds.outcomes == (0, 2, 4)
    single = odds("A2 S8 AP0 D 3, torrent", "T4 Sv7+ W4")
    assert single.wounds.probability(4) == pytest.approx((5 / 6) ** 2)
    assert single.wounds.probability(3) == pytest.approx(2 * 5 / 6 * 1 / 6)


def test_devastating_mortal_wounds_are_lost_past_the_model_too() -> None:
    # Oct 2024 Devastating Wounds: 3 mortal wounds into 1-wound models kill one model, not three
    result = odds("A1 S4 AP0 D 3, torrent, devastating wounds", "T4 Sv2+ W1 x3")
    assert result.slain.maximum == 1


@pytest.mark.parametrize(
    ("weapon", "target", "mean_damage"),
    [
        ("A1 S8 AP0 D 3, torrent", "T4 Sv7+ W20 -1 damage", 2),
        ("A1 S8 AP0 D1, torrent", "T4 Sv7+ W20 -1 damage", 1),
        ("A1 S8 AP0 D 3, torrent", "T4 Sv7+ W20 half damage", 2),
        ("A1 S8 AP0 D1, torrent", "T4 Sv7+ W20 half damage", 1),
        ("A1 S8 AP0 DD6, torrent, reroll damage", "T4 Sv7+ W20", 3 / 6 * 5 + 3 / 6 * 3.5),
        ("A1 S8 AP0 DD6+1, torrent", "T4 Sv7+ W20", 4.5),
    ],
)
def test_damage_modifiers(weapon: str, target: str, mean_damage: float) -> None:
    assert odds(weapon, target).wounds.mean == pytest.approx(5 / 6 * mean_damage)


def test_hazardous_is_one_test_per_model() -> None:
    result = odds("A1 BS3+ S4 AP0 D1, hazardous x3", "T4 Sv7+ W1")
    assert result.hazardous is not None
    assert result.hazardous.at_least(1) == pytest.approx(1 - (5 / 6) ** 3)


def test_roll_shows_every_step_with_scripted_dice() -> None:
    weapon = parse_weapon("A3 BS3+ S4 AP-1 D2, sustained hits 1, lethal hits")
    target = parse_target("T4 Sv4+ W2 x2 fnp6+")
    # hits: 6 (critical: lethal + 1 sustained hit), 3, 1; wounds for the 2 hits: 4, 2;
    # saves for 1 lethal + 1 wound: 2, 5; damage 2 -> FNP 6, 1
    rng = ScriptedRandom([6, 3, 1, 4, 2, 2, 5, 6, 1])
    result = roll(weapon, target, None, rng)
    assert [d.value for d in result.hit_dice] == [6, 3, 1]
    assert (result.hits, result.lethal) == (3, 1)
    assert [d.value for d in result.wound_dice] == [4, 2]
    assert result.wounds == 2
    assert [d.value for d in result.save_dice] == [2, 5]
    assert result.unsaved == 1
    (step,) = result.damage
    assert (step.damage, step.fnp, step.lost, step.slain) == (2, (6, 1), 1, False)
    assert (result.wounds_dealt, result.models_slain) == (1, 0)
    text = "\n".join(result.lines())
    assert "**6**" in text and "FNP 6 1" in text


def test_roll_rerolls_show_the_first_die() -> None:
    rng = ScriptedRandom([1, 5, 4])
    result = roll(parse_weapon("A1 BS3+ S4 AP0 D1, reroll hits 1"), parse_target("T4 Sv7+ W1"), None, rng)
    assert result.hit_dice[0].rerolled == 1 and result.hit_dice[0].value == 5
    assert "~~1~~" in "\n".join(result.lines())
    assert result.models_slain == 1


def test_devastating_wounds_are_allocated_after_the_rest() -> None:
    weapon = parse_weapon("A2 S4 AP0 D1, torrent, devastating wounds")
    # wounds: 6 (devastating), 4 (normal); save for the normal one: 1 (fails)
    result = roll(weapon, parse_target("T4 Sv3+ W1 x2"), None, ScriptedRandom([6, 4, 1]))
    assert [s.mortal for s in result.damage] == [False, True]
    assert result.models_slain == 2


def test_limits() -> None:
    with pytest.raises(ProfileError, match="200"):
        parse_weapon("A21 BS3+ S4 AP0 D1 x10")
    with pytest.raises(ProfileError, match="attacks"):
        distribution(parse_weapon("AD6 BS3+ S4 AP0 D1 x30, blast"), parse_target("T4 Sv3+ W1 x50"))
    with pytest.raises(ProfileError, match="1 to 50"):
        parse_target("T4 Sv3+ W1 x51")
    assert MAX_ATTACKS == 200


def test_biggest_allowed_attack_is_worked_out() -> None:
    result = odds("A200 BS3+ S5 AP-1 DD6, sustained hits D3", "T4 Sv3+ W10 x50 fnp6+")
    assert 0 < result.slain.mean < 50
    assert sum(result.slain.probabilities) == pytest.approx(1)


@settings(max_examples=40, deadline=None)
@given(
    attacks=st.integers(1, 6),
    skill=st.integers(2, 6),
    strength=st.integers(1, 12),
    toughness=st.integers(1, 12),
    ap=st.integers(0, 4),
    damage=st.sampled_from(["1", "2", "D3", "D6+1"]),
    save=st.integers(2, 7),
    wounds=st.integers(1, 6),
    models=st.integers(1, 6),
    fnp=st.sampled_from(["", "fnp5+", "fnp6+"]),
    seed=st.integers(0, 10**6),
)
def test_invariants(attacks, skill, strength, toughness, ap, damage, save, wounds, models, fnp, seed) -> None:
    weapon = parse_weapon(f"A{attacks} BS{skill}+ S{strength} AP-{ap} D{damage}")
    target = parse_target(f"T{toughness} Sv{save}+ W{wounds} x{models} {fnp}")
    exact = distribution(weapon, target)
    assert sum(exact.wounds.probabilities) == pytest.approx(1)
    assert exact.slain.minimum >= 0 and exact.slain.maximum <= models
    assert exact.wounds.maximum <= wounds * models
    rolled = roll(weapon, target, None, random.Random(seed))
    assert rolled.wounds_dealt in exact.wounds.outcomes
    assert rolled.models_slain in exact.slain.outcomes
    assert rolled.models_slain * wounds <= rolled.wounds_dealt


def test_too_much_allocation_work_is_refused_with_the_reason() -> None:
    with pytest.raises(ProfileError, match="50 models of 50 wounds"):
        odds("A200 BS2+ S10 AP-4 DD6, sustained hits 10", "T4 Sv7+ W50 x50 fnp6+")

"""Defences with a scope (issue 39): each holds only against the attacks it names, the best of
one kind wins, and a scope that never applies changes nothing. Every number is worked by hand."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.wh40k.attack import distribution, roll
from rules.wh40k.profiles import Edition, ProfileError, parse_target, parse_weapon


def mean_wounds(weapon: str, target: str, edition: Edition = Edition.TENTH) -> float:
    return distribution(parse_weapon(weapon), parse_target(target), edition=edition).wounds.mean


def test_the_grammar_reads_and_writes_scoped_defences() -> None:
    line = "T3 Sv2+ W1 x10 fnp3+ vs psychic/mortal inv4+ vs ranged -1 damage vs melee"
    target = parse_target(line)
    assert target.describe() == line
    assert [d.word for d in target.scoped] == [
        "fnp3+ vs psychic/mortal",
        "inv4+ vs ranged",
        "-1 damage vs melee",
    ]
    with pytest.raises(ProfileError, match="psychic"):
        parse_target("T3 Sv2+ W1 fnp3+ vs bolters")
    with pytest.raises(ProfileError, match="followed by `vs`"):
        parse_target("T3 Sv2+ W1 stealth vs ranged")


def test_an_fnp_against_psychic_and_mortal_wounds_does_not_stop_ordinary_attacks() -> None:
    # Prosecutors: 12 torrent hits of S8 AP-6 on T3 Sv2+ W1 x10: 12 x 5/6 = 10 wounds, no save
    weapon = "A1 S8 AP-6 D1 x12, torrent"
    plain = mean_wounds(weapon, "T3 Sv2+ W1 x10")
    assert mean_wounds(weapon, "T3 Sv2+ W1 x10 fnp3+ vs psychic/mortal") == pytest.approx(plain, abs=1e-12)
    assert plain == pytest.approx(9.5, abs=0.05)  # the 9.5, not 3.3
    # a Psychic weapon meets it: each wound ignored on 3+
    psychic = mean_wounds(weapon + ", psychic", "T3 Sv2+ W1 x10 fnp3+ vs psychic/mortal")
    assert psychic == pytest.approx(mean_wounds(weapon, "T3 Sv2+ W1 x10 fnp3+"), abs=1e-12)


def test_an_fnp_against_mortal_wounds_acts_on_devastating_wounds_only() -> None:
    # one torrent hit, S5 v T4 wounds on 3+, a 6 is a Devastating Wound; Sv2+ at AP0 fails on 1
    # FNP 4+ vs mortal: 3/6 x 1/6 (unsaved) + 1/6 x 1/2 (mortal, FNP fails) = 1/6
    weapon = "A1 S5 AP0 D1, torrent, devastating wounds"
    assert mean_wounds(weapon, "T4 Sv2+ W1 fnp4+ vs mortal") == pytest.approx(1 / 6, abs=1e-12)
    # FNP 4+ against everything: 3/6 x 1/6 x 1/2 + 1/6 x 1/2 = 1/8
    assert mean_wounds(weapon, "T4 Sv2+ W1 fnp4+") == pytest.approx(1 / 8, abs=1e-12)
    # mixed saves take the other path through the engine: the same answer for the first model
    mixed = "T4 Sv2+ W1 x1 fnp4+ vs mortal + Sarge: Sv3+ W5"
    assert mean_wounds(weapon, mixed) == pytest.approx(1 / 6, abs=1e-12)


def test_a_ranged_only_invulnerable_save_is_not_used_in_the_fight_phase() -> None:
    # AP-3 on Sv3+: armour 6+ (1/6 saved); inv 4+ saves half. BS2+, S8 v T4 wounds on 2+
    shots = "A6 BS2+ S8 AP-3 D1"
    fists = "A6 WS2+ S8 AP-3 D1, melee"
    hits_wounds = 6 * 5 / 6 * 5 / 6
    assert mean_wounds(shots, "T4 Sv3+ W1 x6 inv4+ vs ranged") == pytest.approx(hits_wounds / 2, rel=1e-9)
    assert mean_wounds(fists, "T4 Sv3+ W1 x6 inv4+ vs ranged") == pytest.approx(hits_wounds * 5 / 6, rel=1e-9)
    assert mean_wounds(fists, "T4 Sv3+ W1 x6 inv4+ vs melee") == pytest.approx(hits_wounds / 2, rel=1e-9)


def test_an_fnp_against_damage_1_is_not_used_against_a_lascannon() -> None:
    lascannon = "A1 BS2+ S12 AP-3 D 2, torrent"
    bolter = "A1 BS2+ S12 AP-3 D1, torrent"
    target = "T4 Sv7+ W2 fnp5+ vs d1"
    assert mean_wounds(lascannon, target) == pytest.approx(5 / 6 * 2, rel=1e-9)
    assert mean_wounds(bolter, target) == pytest.approx(5 / 6 * 4 / 6, rel=1e-9)


def test_two_defences_of_one_kind_never_add_the_best_that_applies_is_used() -> None:
    # FNP 6+, improved to 4+ against Psychic attacks
    target = "T4 Sv7+ W1 x6 fnp6+ fnp4+ vs psychic"
    plain = "A6 BS2+ S8 AP0 D1"
    assert mean_wounds(plain, target) == pytest.approx(mean_wounds(plain, "T4 Sv7+ W1 x6 fnp6+"), rel=1e-12)
    psychic = plain + ", psychic"
    assert mean_wounds(psychic, target) == pytest.approx(
        mean_wounds(psychic, "T4 Sv7+ W1 x6 fnp4+"), rel=1e-12
    )


def test_a_rolled_attack_rolls_no_fnp_die_where_the_scope_does_not_hold() -> None:
    target = parse_target("T4 Sv7+ W1 x10 fnp2+ vs mortal")
    rolled = roll(parse_weapon("A10 BS2+ S8 AP0 D1"), target, None, random.Random(3), edition=Edition.TENTH)
    assert rolled.damage and all(step.fnp == () for step in rolled.damage)
    assert rolled.wounds_dealt == len(rolled.damage)
    mortal = roll(
        parse_weapon("A10 BS2+ S8 AP0 D1, crit wound 2+, devastating wounds"),
        target,
        None,
        random.Random(3),
        edition=Edition.TENTH,
    )
    assert mortal.damage and all(step.fnp for step in mortal.damage if step.mortal)


def test_the_notes_say_whether_each_scoped_defence_held() -> None:
    odds = distribution(
        parse_weapon("A1 BS3+ S4 AP0 D1, devastating wounds"), parse_target("T4 Sv3+ W1 fnp5+ vs mortal")
    )
    assert any(
        "`fnp5+ vs mortal` (against mortal wounds): used against its Devastating" in n for n in odds.notes
    )


SCOPES = {"ranged": "melee", "melee": "ranged", "psychic": "plain", "mortal": "plain", "d1": "plain"}


@settings(max_examples=60, deadline=None)
@given(
    scope=st.sampled_from(sorted(SCOPES)),
    kind=st.sampled_from(["inv2+", "fnp2+", "-1 damage", "half damage"]),
    attacks=st.integers(1, 6),
    strength=st.integers(3, 10),
    toughness=st.integers(3, 8),
    ap=st.integers(0, 4),
    damage=st.sampled_from(["D 2", "D 3", "DD3"]),
    save=st.integers(2, 7),
    wounds=st.integers(1, 4),
    models=st.integers(1, 5),
    edition=st.sampled_from(list(Edition)),
)
def test_a_scope_that_never_applies_gives_exactly_the_odds_without_the_defence(
    scope, kind, attacks, strength, toughness, ap, damage, save, wounds, models, edition
) -> None:
    """The attack is built so the scope can't hold: a melee attack against `vs ranged`, a ranged
    one against `vs melee`, no Psychic, no Devastating Wounds, Damage over 1."""
    melee = ", melee" if SCOPES[scope] == "melee" else ""
    weapon = parse_weapon(f"A{attacks} BS3+ S{strength} AP-{ap} {damage}{melee}")
    base = f"T{toughness} Sv{save}+ W{wounds} x{models}"
    without = distribution(weapon, parse_target(base), edition=edition)
    scoped = distribution(weapon, parse_target(f"{base} {kind} vs {scope}"), edition=edition)
    assert scoped.wounds.as_dict() == without.wounds.as_dict()
    assert scoped.slain.as_dict() == without.slain.as_dict()


def test_toughness_is_the_highest_unless_the_unit_says_majority() -> None:
    # four T4 models and one T5: 20 S4 hits wound on 5+ against T5 (6.67), 4+ against T4 (10.0)
    hits = "A1 S4 AP0 D1 x20, torrent"
    mixed = "T4 Sv7+ W1 x4 + T5 W1 x1"
    assert parse_target(mixed).toughness == 5
    assert distribution(parse_weapon(hits), parse_target(mixed)).mean_wounding == pytest.approx(20 / 3)
    majority = distribution(parse_weapon(hits), parse_target(mixed + " toughness:majority"))
    assert majority.mean_wounding == pytest.approx(10.0)
    assert distribution(parse_weapon(hits), parse_target(mixed)).plan.wound_need == 5
    kill_team = parse_target(mixed + " toughness:majority")
    assert (kill_team.toughness, kill_team.toughness_reason.split(":")[0]) == (
        4,
        "the majority's, ties to the highest",
    )
    assert parse_target("T4 Sv7+ W1 x2 + T5 W1 x2 toughness:majority").toughness == 5  # a tie: the highest
    assert parse_target(mixed + " toughness:3").toughness == 3
    notes = distribution(parse_weapon(hits), parse_target(mixed)).notes
    assert any("Toughness is 5: the highest among its models" in n for n in notes)

"""Reading the weapon, target and situation lines; every mistake points at the part that is wrong."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.wh40k import (
    DamageReduction,
    ProfileError,
    Reroll,
    Weapon,
    parse_situation,
    parse_target,
    parse_unit,
    parse_weapon,
)


def test_the_issue_examples() -> None:
    weapon = parse_weapon("A4 BS3+ S5 AP-1 D2 lethal hits, sustained hits 1, anti-infantry 4+, twin-linked")
    assert (weapon.attacks.text, weapon.skill, weapon.strength, weapon.ap, weapon.damage.text) == (
        "4",
        3,
        5,
        1,
        "2",
    )
    assert weapon.lethal_hits and weapon.twin_linked and not weapon.melee
    assert weapon.sustained_hits is not None and weapon.sustained_hits.text == "1"
    assert weapon.anti == (("infantry", 4),)
    target = parse_target("T4 Sv3+ W2 x5 inv5+ fnp6+")
    assert (target.toughness, target.save, target.wounds, target.models) == (4, 3, 2, 5)
    assert (target.invulnerable, target.feel_no_pain) == (5, 6)


@pytest.mark.parametrize(
    ("line", "check"),
    [
        ("A D6+1 BS 3+ S 9 AP -4 D D6", lambda w: (w.attacks.text, w.damage.text, w.ap) == ("D6+1", "D6", 4)),
        ("A2D6 WS2+ S6 AP-2 D:2", lambda w: w.melee and w.attacks.maximum == 12),
        ("A4 BS3+ S5 AP-1 D 6", lambda w: not w.damage.random and w.damage.bonus == 6),
        (
            "A4 BS3+ S5 AP-1 DD3 [SUSTAINED HITS D3] [DEVASTATING WOUNDS]",
            lambda w: w.sustained_hits.random and w.devastating_wounds,
        ),
        ("AD6 S4 AP0 D1, torrent", lambda w: w.torrent and w.skill is None),
        ("A1 BSN/A S4 AP0 D1, torrent", lambda w: w.torrent and w.skill is None),
        ("A2 BS3+ S9 AP-4 DD6, melta 2, heavy", lambda w: w.melta.bonus == 2 and w.heavy),
        (
            "A2 BS3+ S4 AP0 D1, rapid fire 2, blast, ignores cover, hazardous",
            lambda w: w.rapid_fire.bonus == 2 and w.blast and w.ignores_cover and w.hazardous,
        ),
        (
            "A2 WS3+ S4 AP0 D1, lance, twin linked, re-roll hit rolls of 1, reroll wounds",
            lambda w: (
                w.lance and w.twin_linked and w.reroll_hits is Reroll.ONES and w.reroll_wounds is Reroll.FAILS
            ),
        ),
        (
            "A2 BS3+ S4 AP0 DD6, reroll damage, +1 to hit, -1 wound",
            lambda w: w.reroll_damage and w.hit_modifier == 1 and w.wound_modifier == -1,
        ),
        ("A2 BS3+ S4 AP0 D1, pistol, precision", lambda w: w.ignored == ("pistol", "precision")),
        ("A2 BS3+ S4 AP0 D1 x5", lambda w: w.models == 5),
    ],
)
def test_weapon_forms(line, check) -> None:
    assert check(parse_weapon(line))


@pytest.mark.parametrize(
    ("line", "part", "reason"),
    [
        ("A4 BS7+ S5 AP-1 D2", "BS7+", "BS2+ to BS6+"),
        ("A4 BS3+ S0 AP-1 D2", "S0", "strength"),
        ("A4 BS3+ S5 AP-9 D2", "AP-9", "AP0 to AP-6"),
        ("A4 BS3+ S5 AP-1 D2, lethl hits", "lethl hits", "`lethal hits`"),
        ("A4 BS3+ S5 AP-1 D2, sustained hits", "sustained hits", "needs its number"),
        ("A4 BS3+ S5 AP-1 D2, anti-infantry 9+", "anti-infantry 9+", "2+ to 6+"),
        ("AX BS3+ S5 AP-1 D2", "AX", None),
        ("A4 BS3+ S5 AP-1 DD7", "DD7", "dice"),
        ("A4 BS3+ BS4+ S5 AP-1 D2", "BS4+", "twice"),
        ("A4 BS3+ S5 AP-1 D2, indirect fire", "indirect fire", "-1 hit"),
    ],
)
def test_weapon_errors_point_at_the_part(line: str, part: str, reason: str | None) -> None:
    with pytest.raises(ProfileError) as caught:
        parse_weapon(line)
    message = caught.value.message
    assert f"`{part}`" in message
    if reason:
        assert reason in message
    # the marker sits under the part
    marker = message.splitlines()[-1].strip("`")
    assert marker.index("^") == line.index(part.split()[0])
    assert marker.count("^") == len(part)


@pytest.mark.parametrize(
    ("line", "missing"),
    [
        ("BS3+ S5 AP-1 D2", "A (attacks)"),
        ("A4 BS3+ AP-1 D2", "S (strength)"),
        ("A4 BS3+ S5 AP-1", "D (damage)"),
        ("A4 S5 AP-1 D2", "BS or WS"),
        ("", "empty"),
    ],
)
def test_weapon_missing_parts(line: str, missing: str) -> None:
    with pytest.raises(ProfileError, match=missing.replace("(", r"\(").replace(")", r"\)")):
        parse_weapon(line)


def test_target_forms() -> None:
    t = parse_target("T10 SV2+ W13 4++ -1 damage, vehicle, monster")
    assert (t.toughness, t.save, t.wounds, t.invulnerable) == (10, 2, 13, 4)
    assert t.damage_reduction is DamageReduction.MINUS_ONE and t.keywords == ("vehicle", "monster")
    t = parse_target("T5 Sv3+ W3 5x half damage -1 to hit -1 wound FNP 5+")
    assert (t.models, t.damage_reduction, t.hit_modifier, t.wound_modifier, t.feel_no_pain) == (
        5,
        DamageReduction.HALVE,
        -1,
        -1,
        5,
    )


@pytest.mark.parametrize(
    ("line", "part", "reason"),
    [
        ("T4 Sv3+ W2 x51", "x51", "1 to 50"),
        ("T4 Sv1+ W2", "Sv1+", "2+"),
        ("T4 Sv3+ W2 inv7+", "inv7+", "2+ to 6+"),
        ("T4 Sv3+ W2 invul5+", "invul5+", "can't read"),
        ("T4 Sv3+ W2 T5", "T5", "twice"),
        ("T4 Sv3+ W2 -1 damage half damage", "halvedamage", "one damage ability"),
    ],
)
def test_target_errors_point_at_the_part(line: str, part: str, reason: str) -> None:
    with pytest.raises(ProfileError) as caught:
        parse_target(line)
    assert f"`{part}`" in caught.value.message and reason in caught.value.message


def test_target_needs_t_sv_w() -> None:
    with pytest.raises(ProfileError, match="W \\(wounds\\)"):
        parse_target("T4 Sv3+ x5")


def test_situation() -> None:
    s = parse_situation("Half range, charged, stationary, cover")
    assert s.half_range and s.charged and s.stationary and s.cover
    with pytest.raises(ProfileError, match="`charged`"):
        parse_situation("chargd")


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="ABDSWTPvx0123456789+-, :[]lethaisurnkdgcov", max_size=60))
def test_any_weapon_text_parses_or_says_why(text: str) -> None:
    try:
        parse_weapon(text)
    except ProfileError as error:
        assert error.message


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="TSvWxinfp0123456789+-, dmgahl", max_size=40))
def test_any_target_text_parses_or_says_why(text: str) -> None:
    try:
        parse_target(text)
    except ProfileError as error:
        assert error.message


@pytest.mark.parametrize(
    "line",
    [
        "A4 BS3+ S5 AP-1 D2, lethal hits, sustained hits 1, anti-infantry 4+, twin-linked",
        "AD6+1 WS2+ S12 AP-3 DD6 x3, devastating wounds, melta 2, lance, reroll hits 1, reroll damage, "
        "-1 wound",
        "A2D6 S4 AP0 D1, torrent, blast, rapid fire D3, ignores cover, hazardous, +1 hit, reroll wounds",
    ],
)
def test_describe_reads_back_the_same(line: str) -> None:
    weapon = parse_weapon(line)
    again = parse_weapon(weapon.describe())
    assert again.model_dump(exclude={"text"}) == weapon.model_dump(exclude={"text"})


def test_target_describe_reads_back() -> None:
    target = parse_target("T5 Sv3+ W3 x5 inv4+ fnp5+ half damage -1 hit infantry")
    assert parse_target(target.describe()).model_dump(exclude={"text"}) == target.model_dump(exclude={"text"})


def test_suggestions_complete_the_ability_being_typed() -> None:
    from rules.wh40k.profiles import suggest_weapon_line

    assert suggest_weapon_line("A4 BS3+ S5 AP-1 D2, twin") == ["A4 BS3+ S5 AP-1 D2, twin-linked"]
    assert suggest_weapon_line("A4 BS3+ S5 AP-1 D2 dev") == ["A4 BS3+ S5 AP-1 D2, devastating wounds"]
    offered = suggest_weapon_line("A4 BS3+ S5 AP-1 D2, sustained hits 1, ")
    assert offered and not any(o.endswith("sustained hits 2") for o in offered)
    assert len(offered) <= 25 and all(len(o) <= 100 for o in offered)
    assert all(parse_weapon(o) for o in offered)
    assert suggest_weapon_line("") == []


@pytest.mark.parametrize(
    ("line", "check"),
    [
        ("A1 BS4+ S4 AP0 D1, crit hit 5+, crit wound 4+", lambda w: (w.crit_hit, w.crit_wound) == (5, 4)),
        ("A3 BS3+ S4 AP0 D1, blast 2", lambda w: w.blast == 2),
        ("A3 WS3+ S4 AP0 D1, cleave 1", lambda w: w.cleave == 1 and w.melee),
        ("A1 BS3+ S4 AP0 D1, psychic", lambda w: w.psychic),
        ("A1 BS3+ S4 AP0 D1, anti-keyword:necron 4+", lambda w: w.anti == (("necron", 4),)),
        ("heavy bolter: A3 BS4+ S5 AP-1 D2, sustained hits 1", lambda w: w.name == "heavy bolter"),
    ],
)
def test_new_weapon_words(line: str, check: Callable[[Weapon], bool]) -> None:
    weapon = parse_weapon(line)
    assert check(weapon)
    assert parse_weapon(weapon.describe()) == weapon.model_copy(
        update={"text": " ".join(weapon.describe().split())}
    )


@pytest.mark.parametrize(
    ("line", "part", "fragment"),
    [
        ("A1 BS3+ S4 AP0 D1, crit hit 1+", "crit hit 1+", "2+ to 6+"),
        ("A1 BS3+ S4 AP0 D1, cleave", "cleave", "needs its number"),
        ("A1 BS3+ S4 AP0 D1, anti-infntry 4+", "anti-infntry 4+", "Did you mean `anti-infantry`?"),
        ("A1 BS3+ S4 AP0 D1, blst", "blst", "Did you mean `blast`?"),
    ],
)
def test_new_weapon_words_refused(line: str, part: str, fragment: str) -> None:
    with pytest.raises(ProfileError) as caught:
        parse_weapon(line)
    assert f"`{part}`" in caught.value.message and fragment in caught.value.message


def test_target_words_and_keywords() -> None:
    target = parse_target("T4 Sv3+ W2 x5 stealth cover infantry keyword:necron")
    assert target.stealth and target.cover and target.keywords == ("infantry", "necron")
    assert target.describe() == "T4 Sv3+ W2 x5 stealth cover infantry keyword:necron"
    assert parse_target(target.describe()).keywords == target.keywords
    for word, guess in (("stelth", "stealth"), ("vehicel", "vehicle"), ("invul5+", "inv5+")):
        with pytest.raises(ProfileError, match=f"Did you mean `{re.escape(guess)}`"):
            parse_target(f"T4 Sv3+ W2 {word}")
    with pytest.raises(ProfileError, match="can't read"):
        parse_target("T4 Sv3+ W2 necron")


@pytest.mark.parametrize(
    ("line", "examples"),
    [
        ("A3 WS2+ S10 AP-3 D3+3", "`DD6`, `D2D6` or `DD3+1`"),
        ("A3+3 WS2+ S10 AP-3 D 3", "`AD6`, `A2D6` or `AD3+1`"),
    ],
)
def test_a_wrong_dice_amount_is_shown_as_it_is_typed(line: str, examples: str) -> None:
    # The characteristic's letter comes first: `D3+1` as damage reads as D then 3+1, so the example
    # for damage dice is `DD3+1` (and `D6` alone is refused: a roll or a flat 6?).
    with pytest.raises(ProfileError) as refused:
        parse_weapon(line)
    assert examples in str(refused.value)
    for example in examples.replace("`", "").replace(" or", ",").split(", "):
        parse_weapon(line.replace(line.split()[0 if examples.startswith("`A") else 4], example))


@pytest.mark.parametrize("damage", ["D6", "d6", "D3", "d3"])
def test_d3_or_d6_alone_as_damage_is_refused_with_both_readings(damage: str) -> None:
    line = f"multi-melta: A2 BS4+ S9 AP-4 {damage}, melta 2"
    with pytest.raises(ProfileError) as error:
        parse_weapon(line)
    size = damage[-1]
    text = str(error.value)
    assert f"`{damage}` is wrong" in text
    assert f"a roll of one D{size}" in text and f"a flat {size} damage" in text
    assert f"Write `DD{size}` for the roll" in text and f"`D {size}` (with a space) for a flat {size}" in text
    assert text.endswith(f"`{' ' * line.index(damage, 20)}^^`")  # the marker is under the damage
    with pytest.raises(ProfileError, match=rf"^Weapon line 2 of 2: .*`D {size}`"):
        parse_unit(f"A1 BS3+ S4 AP0 D1; {line}")


def test_the_two_unambiguous_forms_of_d6_damage() -> None:
    flat = parse_weapon("A2 BS4+ S9 AP-4 D 6")
    rolled = parse_weapon("A2 BS4+ S9 AP-4 DD6")
    assert (flat.damage.random, flat.damage.bonus, flat.damage.maximum) == (False, 6, 6)
    assert (rolled.damage.random, rolled.damage.text) == (True, "D6")
    assert parse_weapon("A1 BS3+ S4 AP0 d 3").damage.maximum == 3
    assert parse_weapon("A1 BS3+ S4 AP0 D D3").damage.text == "D3"
    assert parse_weapon("AD6 BS3+ S4 AP0 D2").attacks.text == "D6"  # attacks keep their letter
    # Herald echoes and saves the flat amount in the form it reads back the same
    assert flat.describe() == "A2 BS4+ S9 AP-4 D 6" and rolled.describe() == "A2 BS4+ S9 AP-4 DD6"
    assert parse_weapon(flat.describe()) == flat.model_copy(update={"text": flat.describe()})


def test_lines_herald_saved_before_may_still_read_d6_as_flat() -> None:
    old = parse_weapon("A2 BS4+ S9 AP-4 D6", flat_d6=True)
    assert (old.damage.random, old.damage.bonus) == (False, 6)
    unit = parse_unit("A1 BS3+ S4 AP0 D3; A1 BS3+ S4 AP0 DD3", flat_d6=True)
    assert [w.damage.random for w in unit.weapons] == [False, True]

"""The compact text form of a side: what it reads, and every mistake pointing at its part."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.errors import RuleError
from rules.infinity import Ammunition, NotationError, Side, parse_side
from rules.infinity.side import SaveOn
from tests.rules.infinity.helpers import side_strategy


@pytest.mark.parametrize(
    ("text", "side"),
    [
        ("SV16 B3 PS4 DA", Side(attribute=16, burst=3, ps=4, ammo=Ammunition.DA)),
        ("SV13 ARM2", Side(attribute=13, arm=2)),
        ("sv13 arm2, cover", Side(attribute=13, arm=2, cover=True)),
        ("SV11+6-3 B2", Side(attribute=11, modifier=3, burst=2)),
        ("SV11 +6 -3", Side(attribute=11, modifier=3)),
        ("SV10+15", Side(attribute=10, modifier=15)),
        ("SV14 B4 DAM15 AP+EXP", Side(attribute=14, burst=4, dam=15, ammo=Ammunition.EXP, ap=True)),
        ("SV14 DA AP", Side(attribute=14, ammo=Ammunition.DA, ap=True)),
        ("SV12 AP", Side(attribute=12, ap=True)),
        ("SV12 T2 CONT", Side(attribute=12, t2=True, continuous=True)),
        ("SV12 E/M BTS3", Side(attribute=12, ammo=Ammunition.EM, bts=3)),
        ("SV12 em", Side(attribute=12, ammo=Ammunition.EM)),
        ("SV12 PARA PH10", Side(attribute=12, ammo=Ammunition.PARA, ph=10)),
        ("SV12 STUN(ARM)", Side(attribute=12, ammo=Ammunition.STUN, stun_save=SaveOn.ARM)),
        ("SV12 stun(bts)", Side(attribute=12, ammo=Ammunition.STUN)),
        ("SV12 AP+STUN(ARM)", Side(attribute=12, ammo=Ammunition.STUN, stun_save=SaveOn.ARM, ap=True)),
        ("SV12 plasma", Side(attribute=12, ammo=Ammunition.PLASMA)),
        ("SV12 SHOCK", Side(attribute=12, ammo=Ammunition.SHOCK)),
        ("B0 ARM3", Side(burst=0, arm=3)),
    ],
)
def test_reads(text, side):
    assert parse_side(text) == side


@pytest.mark.parametrize(
    ("text", "part", "says"),
    [
        ("SV16 B9 PS4", "B9", "Burst 9"),
        ("SV16 B3 PS4 DX", "DX", "Did you mean"),
        ("SV16 B3 PS", "PS", "PS4"),
        ("SV16 SV14", "SV14", "already"),
        ("SV16 B2 B3", "B3", "already"),
        ("SV16 DA EXP", "EXP", "already DA"),
        ("SV16 AP AP+DA", "AP+DA", "twice"),
        ("SV16 PS4 DAM13", "DAM13", "not both"),
        ("SV31", "SV31", "0 to 30"),
        ("SV13 ARM25", "ARM25", "ARM 25"),
        ("SV13 AP+PARA PH10", "AP+PARA", "PARA"),
        ("SV13 +500", "+500", "MODs"),
        ("SV13 B-1", "B-1", "not a part"),
        ("SV13 B٣", "B٣", "not a part"),
        ("SV B3", "SV", "SV13"),
    ],
)
def test_mistakes_point_at_their_part(text, part, says):
    with pytest.raises(NotationError) as caught:
        parse_side(text)
    assert caught.value.part == part
    assert says in caught.value.message
    assert f"`{part}`" in caught.value.message


@pytest.mark.parametrize("text", ["", "   ", "B3 PS4", "x" * 101])
def test_empty_missing_sv_or_too_long(text):
    with pytest.raises(RuleError):
        parse_side(text)


sides = side_strategy(ammo=[a for a in Ammunition if a is not Ammunition.PARA])


@given(sides)
def test_describe_reads_back_to_the_same_side(side):
    assert parse_side(side.describe()) == side


@given(st.text(max_size=40))
def test_any_text_reads_or_raises_a_rule_error(text):
    try:
        side = parse_side(text)
    except RuleError as error:
        assert error.message
    else:
        assert parse_side(side.describe()) == side


def test_stun_always_says_what_it_saves_on():
    assert parse_side("SV12 STUN").describe() == "SV12 STUN(BTS)"
    assert parse_side("SV12 STUN(ARM)").describe() == "SV12 STUN(ARM)"
    with pytest.raises(RuleError, match="E/M already halves BTS"):
        parse_side("SV12 AP+E/M")

"""The fight state: JSON round-trips, limits, purity, and invariants under any sequence of steps."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.errors import RuleError
from rules.space_infantry import (
    ActivateZones,
    AddUnit,
    AddVehicle,
    DetermineRange,
    Disengage,
    Engage,
    FightState,
    SquadHit,
    WoundUnit,
    ZoneAttack,
    apply,
    load_boss,
    start_fight,
    status_lines,
)
from rules.space_infantry.boss import MAX_UNITS, SCHEMA_VERSION
from tests.rules.space_infantry.helpers import B, S, ScriptedRandom, finish_turn, squad


def mid_fight(boss) -> FightState:
    s = squad(boss, ("Kai", B, 3), ("Doc", S, 1))
    s = apply(s, AddVehicle(name="Titan", dmg=4, sp=2)).state
    s = apply(s, Engage(unit="Kai", zone=boss.outer_zones[0].name)).state
    s = apply(s, DetermineRange(), ScriptedRandom([3])).state
    return apply(s, ActivateZones(), ScriptedRandom([2] * 8)).state


@pytest.mark.parametrize("boss_id", ["elder_leviathan", "siege_crawler", "brood_queen"])
def test_json_round_trip(boss_id):
    s = mid_fight(load_boss(boss_id))
    text = s.model_dump_json()
    back = FightState.model_validate_json(text)
    assert back == s
    assert back.schema_version == SCHEMA_VERSION
    assert '"schema_version":1' in text
    # Undo is restoring the previous snapshot: the restored state plays on the same way.
    a = apply(back, WoundUnit(unit="Kai", amount=1))
    b = apply(s, WoundUnit(unit="Kai", amount=1))
    assert a.state == b.state and [str(e) for e in a.events] == [str(e) for e in b.events]


def test_apply_never_changes_its_input(leviathan):
    s = mid_fight(leviathan)
    before = s.model_dump_json()
    apply(s, ZoneAttack(zone="Mouth", successes=1))
    apply(finish_turn(s), SquadHit(unit="Kai", damage=4))
    assert s.model_dump_json() == before


def test_squad_size_limit(leviathan):
    s = start_fight(leviathan).state
    for i in range(MAX_UNITS):
        s = apply(s, AddUnit(name=f"U{i}")).state
    with pytest.raises(RuleError, match=f"at most {MAX_UNITS} units"):
        apply(s, AddUnit(name="One more"))


@pytest.mark.parametrize(
    ("name", "wounds", "message"),
    [("", 1, "empty"), ("x" * 33, 1, "at most 32"), ("Kai", 0, "1 to 10 wounds"), ("Kai", 11, "1 to 10")],
)
def test_unit_input_limits(leviathan, name, wounds, message):
    with pytest.raises(RuleError, match=message):
        apply(start_fight(leviathan).state, AddUnit(name=name, wounds=wounds))


def test_duplicate_unit_names(leviathan):
    s = squad(leviathan, ("Kai", B, 1))
    with pytest.raises(RuleError, match="already a unit called KAI"):
        apply(s, AddUnit(name="KAI"))


def test_removing_a_unit_disengages_it(leviathan):
    s = apply(squad(leviathan, ("Kai", B, 1), ("Lee", B, 1)), Engage(unit="Kai", zone="Mouth")).state
    from rules.space_infantry import RemoveUnit

    s = apply(s, RemoveUnit(name="kai")).state
    assert [u.name for u in s.units] == ["Lee"] and s.engagements == {}


def test_start_and_status(leviathan):
    r = start_fight(leviathan)
    assert any("cannot gain the Ambush advantage" in e for e in map(str, r.events))
    lines = status_lines(mid_fight(leviathan))
    assert lines[0] == "Elder Leviathan - turn 1, range Charge"
    assert "Mouth: 5/5 HP; engaged: Kai" in lines


def test_range_needs_units(leviathan):
    with pytest.raises(RuleError, match="add units first"):
        apply(start_fight(leviathan).state, DetermineRange(), random.Random(1))


# Property: whatever a player does, HP and wounds stay in bounds and errors are RuleErrors. -------

UNITS = ["Kai", "Lee", "Doc"]
steps = st.one_of(
    st.builds(DetermineRange),
    st.builds(ActivateZones),
    st.builds(Engage, unit=st.sampled_from(UNITS), zone=st.sampled_from(
        ["Mouth", "Body", "Left Claw", "Heart", "Crest", "Brain", "Tail", "Spawn Gland", "Egg Sac"])),
    st.builds(Disengage, unit=st.sampled_from(UNITS)),
    st.builds(SquadHit, unit=st.sampled_from(UNITS), damage=st.integers(-2, 40), grenade=st.booleans()),
    st.builds(ZoneAttack, zone=st.sampled_from(["Mouth", "Body", "Left Claw", "Heart", "Tail", "Egg Sac"]),
              successes=st.integers(0, 12)),
    st.builds(WoundUnit, unit=st.sampled_from(UNITS), amount=st.integers(-3, 5)),
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boss_id=st.sampled_from(["elder_leviathan", "brood_queen"]), seq=st.lists(steps, max_size=40),
       seed=st.integers(0, 10_000))
def test_hp_and_wounds_never_negative(boss_id, seq, seed):
    boss = load_boss(boss_id)
    rng = random.Random(seed)
    s = squad(boss, ("Kai", B, 3), ("Lee", B, 2), ("Doc", S, 1))
    for action in seq:
        try:
            s = apply(s, action, rng).state
        except RuleError:
            continue
        assert all(0 <= hp <= boss.zone(z).hp for z, hp in s.zone_hp.items())
        assert all(0 <= u.wounds <= u.max_wounds for u in s.units)
        assert all(not s.unit(u).out for u in s.engagements)
        for z in boss.outer_zones:
            assert len(s.at_opening(z.name)) <= (z.engage_limit or 0)
        for e in s.engagements.values():
            assert s.zone_hp[e.zone] > 0
    assert FightState.model_validate_json(s.model_dump_json()) == s

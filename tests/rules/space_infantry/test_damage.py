"""The squad's damage to the boss: Stone Skin, overflow, grenades and elimination."""

from __future__ import annotations

import pytest

from rules.errors import RuleError
from rules.space_infantry import (
    ActivateZones,
    DetermineRange,
    Engage,
    Outcome,
    Phase,
    SquadHit,
    apply,
)
from rules.space_infantry.boss import stone_skin
from tests.rules.space_infantry.helpers import B, ScriptedRandom, finish_turn, squad


def in_combat(state):
    state = apply(state, DetermineRange(), ScriptedRandom([1])).state
    # The zones attack first (with no successes here), then the squad hits.
    return finish_turn(apply(state, ActivateZones(), ScriptedRandom([1] * 10)).state)


def hit(state, unit, damage, grenade=False):
    return apply(state, SquadHit(unit=unit, damage=damage, grenade=grenade))


def next_turn(state, *engagements):
    state = apply(finish_turn(state), DetermineRange(), ScriptedRandom([1])).state
    for unit, zone in engagements:
        state = apply(state, Engage(unit=unit, zone=zone)).state
    return finish_turn(apply(state, ActivateZones(), ScriptedRandom([1] * 10)).state)


@pytest.mark.parametrize(("damage", "left"), [(0, 0), (1, 0), (2, 1), (3, 1), (4, 2), (5, 2), (9, 4)])
def test_stone_skin_halves_each_attack_rounding_down(leviathan, damage, left):
    s = squad(leviathan, ("Kai", B, 2))
    s = apply(s, Engage(unit="Kai", zone="Mouth")).state
    s = in_combat(s)
    assert stone_skin(s, damage) == left
    r = hit(s, "Kai", damage)
    assert r.state.zone_hp["Mouth"] == 5 - min(left, 5)
    assert f"{damage} damage, Stone Skin leaves {left}" in str(r.events[0])


def test_stone_skin_applies_per_attack_not_per_turn(leviathan):
    s = squad(leviathan, ("Kai", B, 2), ("Lee", B, 2))
    s = apply(s, Engage(unit="Kai", zone="Mouth")).state
    s = apply(s, Engage(unit="Lee", zone="Mouth")).state
    s = in_combat(s)
    s = hit(hit(s, "Kai", 3).state, "Lee", 3).state  # 1 + 1, not (3 + 3) // 2
    assert s.zone_hp["Mouth"] == 3


def test_no_stone_skin_means_full_damage(queen):
    s = squad(queen, ("Kai", B, 2))
    s = in_combat(apply(s, Engage(unit="Kai", zone="Tail")).state)
    assert hit(s, "Kai", 3).state.zone_hp["Tail"] == 2


def test_damage_through_destroyed_outer_zone_reaches_internal(leviathan):
    s = squad(leviathan, ("Kai", B, 2))
    s = in_combat(apply(s, Engage(unit="Kai", zone="Mouth")).state)
    s = hit(s, "Kai", 10).state  # Stone Skin: 5, all of Mouth
    assert s.zone_hp == {"Mouth": 0, "Body": 5}
    assert s.engagements["Kai"].zone == "Body"
    s = next_turn(s)
    s = hit(s, "Kai", 6).state
    assert s.zone_hp["Body"] == 2


def test_overflow_from_outer_zone_flows_inwards(queen):
    s = squad(queen, ("Kai", B, 2))
    s = in_combat(apply(s, Engage(unit="Kai", zone="Left Claw")).state)
    r = hit(s, "Kai", 7)
    assert r.state.zone_hp["Left Claw"] == 0
    assert r.state.zone_hp["Heart"] == 3
    assert any("remaining 3 damage goes through Left Claw into Heart" in e for e in map(str, r.events))


def test_overflow_from_internal_zone_is_lost(queen):
    s = squad(queen, ("Kai", B, 2))
    s = in_combat(apply(s, Engage(unit="Kai", zone="Egg Sac")).state)
    s = hit(s, "Kai", 6).state
    s = next_turn(s)
    r = hit(s, "Kai", 9)
    assert r.state.zone_hp["Spawn Gland"] == 0
    assert all(hp >= 0 for hp in r.state.zone_hp.values())
    assert r.state.zone_hp["Tail"] == 5
    assert any("5 damage beyond the zone's HP is lost" in e for e in map(str, r.events))


def test_grenade_damage_stays_in_one_zone(queen):
    s = squad(queen, ("Kai", B, 2))
    s = in_combat(apply(s, Engage(unit="Kai", zone="Left Claw")).state)
    r = hit(s, "Kai", 7, grenade=True)
    assert r.state.zone_hp["Left Claw"] == 0
    assert r.state.zone_hp["Heart"] == 6
    assert any("3 damage beyond the zone's HP is lost" in e for e in map(str, r.events))
    assert "grenade" in str(r.events[0])


def test_unengaged_unit_cannot_damage_the_boss(leviathan):
    s = in_combat(squad(leviathan, ("Kai", B, 2)))
    with pytest.raises(RuleError, match="Kai is not engaged"):
        hit(s, "Kai", 3)


def test_squad_attacks_only_in_combat(leviathan):
    s = squad(leviathan, ("Kai", B, 2))
    s = apply(s, Engage(unit="Kai", zone="Mouth")).state
    with pytest.raises(RuleError, match="during the combat turn"):
        hit(s, "Kai", 3)


def test_damage_out_of_bounds(leviathan):
    s = in_combat(apply(squad(leviathan, ("Kai", B, 2)), Engage(unit="Kai", zone="Mouth")).state)
    with pytest.raises(RuleError, match="between 0 and 99"):
        hit(s, "Kai", -1)


def test_destroying_a_non_vital_zone_does_not_eliminate(leviathan):
    s = squad(leviathan, ("Kai", B, 2))
    s = in_combat(apply(s, Engage(unit="Kai", zone="Mouth")).state)
    s = hit(s, "Kai", 10).state
    assert s.outcome is None
    assert not s.is_over()


def test_elimination_needs_every_vital_part_only(crawler):
    s = squad(crawler, ("Kai", B, 3), ("Lee", B, 3))
    s = apply(s, Engage(unit="Kai", zone="Left Tread")).state
    s = apply(s, Engage(unit="Lee", zone="Cannon")).state
    s = in_combat(s)
    s = hit(s, "Kai", 18).state  # 9 after Stone Skin: Left Tread 4, Engine 5
    assert s.zone_hp["Engine"] == 0
    assert s.outcome is None  # the Crew Cab is vital too
    r = hit(s, "Lee", 14)  # 7: Cannon 3, Crew Cab 4
    s = r.state
    assert s.zone_hp["Crew Cab"] == 0
    assert s.outcome is Outcome.BOSS_ELIMINATED
    assert s.phase is Phase.OVER
    assert s.zone_hp["Right Tread"] == 4 and s.zone_hp["Hull Plates"] == 6
    assert any("Siege Crawler is eliminated" in e for e in map(str, r.events))
    with pytest.raises(RuleError, match="The fight is over"):
        apply(s, DetermineRange(), ScriptedRandom([1]))


def test_leviathan_falls_with_its_body(leviathan):
    s = squad(leviathan, ("Kai", B, 2))
    s = in_combat(apply(s, Engage(unit="Kai", zone="Mouth")).state)
    s = hit(s, "Kai", 20).state  # 10: Mouth 5, the other 5 flow into the Body
    assert s.zone_hp == {"Mouth": 0, "Body": 0}
    assert s.outcome is Outcome.BOSS_ELIMINATED

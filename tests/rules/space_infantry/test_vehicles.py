"""A-V attacks, with the Vehicle rules' worked examples."""

from __future__ import annotations

import pytest

from rules.errors import RuleError
from rules.space_infantry import (
    ActivateZones,
    AddResource,
    AddVehicle,
    AVAttack,
    AVSource,
    DetermineRange,
    Engage,
    Resource,
    SquadHit,
    Vehicle,
    VehicleHit,
    apply,
    resolve_av_attack,
)
from rules.space_infantry.vehicles import SCORPIO_AV, apply_standard_damage, make_vehicle
from tests.rules.space_infantry.helpers import B, ScriptedRandom, finish_turn, squad


def titan() -> Vehicle:
    return make_vehicle("Titan", dmg=4, sp=2, heavy=True)


def test_seed_example_1_heavy_weapons_fail_to_penetrate():
    # Heavy Weapons (A-V 3, PEN 0): the player's SL roll gave 1 SL; the penetration RN is 3.
    r = resolve_av_attack(titan(), sl=1, pen=0, rng=ScriptedRandom([3]), attacker="Heavy Weapons")
    assert [(x.rn, x.pen, x.hit) for x in r.rolls] == [(3, 0, False)]
    assert r.hits == 0 and r.vehicle.wounds == 0 and not r.destroyed


def test_seed_example_2_scorpio_scores_one_wound():
    # A Fire Team with the Scorpio (A-V 4, PEN 0): 1 SL; the penetration RN is 5.
    r = resolve_av_attack(titan(), sl=1, source=AVSource.SCORPIO, rng=ScriptedRandom([5]),
                          attacker="Fire Team")
    assert [(x.rn, x.hit) for x in r.rolls] == [(5, True)]
    assert r.hits == 1 and r.vehicle.wounds == 1
    assert not r.destroyed  # 2 SP: one hit is not enough
    assert any(f"A-V {SCORPIO_AV}, PEN 0" in n for n in map(str, r.notes))


@pytest.mark.parametrize(("rn", "pen", "hit"), [(3, 0, False), (4, 0, True), (3, 1, True), (1, 2, False)])
def test_rn_plus_pen_against_dmg(rn, pen, hit):
    r = resolve_av_attack(titan(), sl=1, pen=pen, rng=ScriptedRandom([rn]))
    assert r.rolls[0].hit is hit


def test_scorpio_ignores_the_pen_argument():
    r = resolve_av_attack(titan(), sl=1, pen=3, source=AVSource.SCORPIO, rng=ScriptedRandom([3]))
    assert r.pen == 0 and not r.rolls[0].hit


def test_destroyed_when_wounds_reach_sp_and_draws_stop():
    rng = ScriptedRandom([6, 5, 6])
    r = resolve_av_attack(titan(), sl=3, rng=rng)
    assert r.destroyed and r.vehicle.wounds == 2
    assert len(r.rolls) == 2 and rng.values == [6]
    assert "Titan is destroyed." in map(str, r.events)
    with pytest.raises(RuleError, match="already destroyed"):
        resolve_av_attack(r.vehicle, sl=1, rng=ScriptedRandom([6]))


@pytest.mark.parametrize(("rn", "destroyed"), [(1, False), (2, True), (6, True)])
def test_unarmoured_vehicle_dies_on_rn_two_plus_without_pen(rn, destroyed):
    pilum = make_vehicle("Pilum", dmg=5, sp=3, heavy=False)
    r = resolve_av_attack(pilum, sl=1, pen=4, rng=ScriptedRandom([rn]))
    assert r.destroyed is destroyed


def test_melee_note():
    r = resolve_av_attack(titan(), sl=0, melee=True, rng=ScriptedRandom([]))
    assert any("+1AP" in n for n in map(str, r.notes)) and r.rolls == []


def test_heavy_armor_ignores_standard_attacks():
    with pytest.raises(RuleError, match="Heavy Armor and ignores standard attacks"):
        apply_standard_damage(titan(), 3)
    pilum, _ = apply_standard_damage(make_vehicle("Pilum", dmg=3, sp=2, heavy=False), 2)
    assert pilum.destroyed


def test_bad_inputs():
    with pytest.raises(RuleError, match="SL must be"):
        resolve_av_attack(titan(), sl=-1, rng=ScriptedRandom([]))
    with pytest.raises(RuleError, match="DMG"):
        make_vehicle("Titan", dmg=0, sp=2)
    with pytest.raises(RuleError, match="at most 32"):
        make_vehicle("T" * 40, dmg=4, sp=2)


def combat(state):
    state = apply(state, DetermineRange(), ScriptedRandom([2])).state  # Melee
    return apply(state, ActivateZones(), ScriptedRandom([1, 1])).state


def test_vehicle_in_a_fight_with_the_scorpio(leviathan):
    s = squad(leviathan, ("Kai", B, 2), ("Lee", B, 2))
    s = apply(s, AddVehicle(name="Titan", dmg=4, sp=2)).state
    s = apply(s, Engage(unit="Kai", zone="Mouth")).state
    s = combat(s)
    with pytest.raises(RuleError, match="no Scorpio"):
        apply(s, AVAttack(unit="Kai", vehicle="Titan", sl=1, source=AVSource.SCORPIO), ScriptedRandom([5]))
    s = apply(s, AddResource(resource=Resource.SCORPIO)).state
    r = apply(s, AVAttack(unit="Kai", vehicle="titan", sl=1, source=AVSource.SCORPIO), ScriptedRandom([5]))
    assert r.state.vehicles[0].wounds == 1
    assert [d.value for d in r.draws] == [5]
    assert r.av is not None and r.av.hits == 1
    assert any("+1AP" in e for e in map(str, r.events))  # Melee range note
    with pytest.raises(RuleError, match="used the Scorpio this turn"):
        apply(r.state, SquadHit(unit="Kai", damage=2))
    # Next turn Kai is free to use his own skills again.
    s = apply(finish_turn(r.state), DetermineRange(), ScriptedRandom([2])).state
    s = finish_turn(apply(s, ActivateZones(), ScriptedRandom([1])).state)
    assert apply(s, SquadHit(unit="Kai", damage=2)).state.zone_hp["Mouth"] == 4


def test_vehicle_hit_and_errors(leviathan):
    s = squad(leviathan, ("Kai", B, 2))
    s = apply(s, AddVehicle(name="Pilum", dmg=3, sp=2, heavy=False)).state
    s = apply(s, AddVehicle(name="Titan", dmg=4, sp=2)).state
    with pytest.raises(RuleError, match="already a vehicle"):
        apply(s, AddVehicle(name="pilum", dmg=3, sp=2))
    s = combat(s)
    s = apply(s, VehicleHit(vehicle="Pilum", damage=1)).state
    assert s.vehicles[0].wounds == 1
    with pytest.raises(RuleError, match="Heavy Armor"):
        apply(s, VehicleHit(vehicle="Titan", damage=1))
    with pytest.raises(RuleError, match="Did you mean Titan"):
        apply(s, VehicleHit(vehicle="Titen", damage=1))


def test_vehicle_attacks_wait_for_the_combat_turn(crawler):
    """A-V attacks and standard hits on vehicles are squad attacks: combat turn only, like SquadHit."""
    s = squad(crawler, ("Kai", B, 2))
    s = apply(s, AddVehicle(name="Tank", dmg=5, sp=3)).state
    s = apply(s, AddVehicle(name="Jeep", dmg=2, sp=2, heavy=False)).state
    s = apply(s, AddResource(resource=Resource.SCORPIO)).state
    for phase_state in (s, apply(s, DetermineRange(), ScriptedRandom([2])).state):
        for action in (AVAttack(unit="Kai", vehicle="Tank", sl=3, pen=1),
                       AVAttack(unit="Kai", vehicle="Tank", sl=1, source=AVSource.SCORPIO),
                       VehicleHit(vehicle="Jeep", damage=1)):
            with pytest.raises(RuleError, match="during the combat turn") as err:
                apply(phase_state, action, ScriptedRandom([6, 6, 6]))
            assert "activation" not in str(err.value).split(":")[0]
    s = apply(apply(s, DetermineRange(), ScriptedRandom([2])).state, ActivateZones(),
              ScriptedRandom([1] * 8)).state
    assert apply(s, AVAttack(unit="Kai", vehicle="Tank", sl=1, pen=1), ScriptedRandom([4])).av.hits == 1
    assert apply(s, VehicleHit(vehicle="Jeep", damage=1)).state.vehicles[1].wounds == 1


def test_an_av_attack_lists_one_rn_draw_per_sl() -> None:
    import random

    from rules.space_infantry import make_vehicle, resolve_av_attack

    result = resolve_av_attack(make_vehicle("Tank", dmg=5, sp=2), sl=3, pen=1, rng=random.Random(4))
    assert [d.purpose for d in result.draws] == ["SL 1", "SL 2", "SL 3"]
    assert [d.value for d in result.draws] == [r.rn for r in result.rolls]
    assert all(d.die == 6 for d in result.draws)

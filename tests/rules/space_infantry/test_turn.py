"""The combat turn: range, activations, zone attacks and their allocation."""

from __future__ import annotations

import pytest

from rules.errors import RuleError
from rules.space_infantry import (
    ActivateZones,
    Column,
    DetermineRange,
    Engage,
    Outcome,
    Phase,
    Range,
    SquadHit,
    WoundUnit,
    ZoneAttack,
    apply,
    next_step,
    propose_allocation,
)
from rules.space_infantry.boss import _damage_zone
from tests.rules.space_infantry.helpers import B, S, ScriptedRandom, finish_turn, squad


def turn(state, range_rn, activation_rns=(), engage=()):
    r = apply(state, DetermineRange(), ScriptedRandom([range_rn]))
    state = r.state
    for unit, zone in engage:
        state = apply(state, Engage(unit=unit, zone=zone)).state
    a = apply(state, ActivateZones(), ScriptedRandom(list(activation_rns)))
    return r, a


@pytest.mark.parametrize(
    ("rns", "ranges"),
    [
        ([1, 2, 3, 5], [Range.FIRE, Range.FIRE, Range.MELEE, Range.CHARGE]),
        ([2, 2, 1, 2], [Range.MELEE, Range.MELEE, Range.FIRE, Range.FIRE]),
        ([3, 4, 5, 2], [Range.CHARGE, Range.MELEE, Range.CHARGE, Range.MELEE]),
        ([6, 6, 3, 1], [Range.CHARGE, Range.CHARGE, Range.MELEE, Range.FIRE]),
    ],
)
def test_range_reads_set_then_current_column_and_charge_as_melee(leviathan, rns, ranges):
    s = squad(leviathan, ("Kai", B, 2))
    for rn, expected in zip(rns, ranges, strict=True):
        column = s.next_column()
        r = apply(s, DetermineRange(), ScriptedRandom([rn]))
        assert r.draws[0].value == rn and r.draws[0].purpose == "range"
        assert r.state.range is expected
        assert leviathan.lookup_range(rn, column) is expected
        s = finish_turn(apply(r.state, ActivateZones(), ScriptedRandom([1, 1])).state)
    assert s.turn == 4


def test_first_turn_uses_set_column_and_charge_next_uses_melee(leviathan):
    s = squad(leviathan, ("Kai", B, 2))
    assert s.next_column() is Column.SET
    r = apply(s, DetermineRange(), ScriptedRandom([3]))
    assert r.state.range is Range.CHARGE
    assert "Set column -> Charge" in str(r.events[0]) and "+1AP" in str(r.events[0])
    assert r.state.next_column() is Column.MELEE


def test_only_standing_outer_zones_activate_until_one_falls(leviathan):
    s = squad(leviathan, ("Kai", B, 2))
    _, a = turn(s, 3, [4], engage=[("Kai", "Mouth")])
    assert [x.zone for x in a.activations] == ["Mouth"]
    act = a.activations[0]
    assert (act.rn, act.range, act.skill, act.ap_bonus) == (4, Range.CHARGE, 3, 1)
    assert "Mouth (RN 4): Melee skill 3, +1AP (Charge)" in str(a.events[0])
    assert [d.value for d in a.draws] == [4]
    s = apply(finish_turn(a.state), SquadHit(unit="Kai", damage=10)).state  # Mouth falls
    _, a = turn(s, 1, [2])  # Melee column, RN 1 -> Fire
    assert [x.zone for x in a.activations] == ["Body"]
    assert a.activations[0].skill == 5 and a.activations[0].ap_bonus == 0


def test_destroyed_zone_before_its_attack_does_nothing(leviathan):
    # Only a fight saved by an older Herald (hits before the zones' attacks) gets here: the
    # zones attack first now, so the zone's fall is made by hand.
    s = squad(leviathan, ("Kai", B, 2))
    _, a = turn(s, 2, [5], engage=[("Kai", "Mouth")])
    with pytest.raises(RuleError, match="The zones attack first"):
        apply(a.state, SquadHit(unit="Kai", damage=10))
    s = a.state.model_copy(deep=True)
    events: list[str] = []
    _damage_zone(s, "Mouth", 10, flow=False, events=events)
    assert "Mouth falls before its successes are entered: it does not attack this turn." in map(str, events)
    # Nothing is left to enter, so the turn is not held up waiting for the fallen zone.
    assert s.pending_activations() == [] and "Mouth" not in next_step(s)
    with pytest.raises(RuleError, match="destroyed before its successes were entered"):
        apply(s, ZoneAttack(zone="Mouth", successes=3))
    assert s.unit("Kai").wounds == 2
    assert apply(s, DetermineRange(), ScriptedRandom([1])).state.turn == 2


def test_zone_without_fire_skill_does_not_attack_at_fire(crawler):
    s = squad(crawler, ("Kai", B, 2))
    _, a = turn(s, 1, [1, 2, 3, 4])
    by_zone = {x.zone: x for x in a.activations}
    assert by_zone["Left Tread"].skill is None and by_zone["Left Tread"].resolved
    assert by_zone["Cannon"].skill == 4
    assert {x.zone for x in a.state.pending_activations()} == {"Cannon", "Hull Plates"}
    assert "no Fire attack" in str(a.events[0])
    with pytest.raises(RuleError, match="already resolved"):
        apply(a.state, ZoneAttack(zone="Left Tread", successes=1))


def test_next_turn_waits_for_open_activations(leviathan):
    s = squad(leviathan, ("Kai", B, 2))
    _, a = turn(s, 2, [5])
    with pytest.raises(RuleError, match="enter the successes of Mouth"):
        apply(a.state, DetermineRange(), ScriptedRandom([1]))
    with pytest.raises(RuleError, match="already"):
        apply(apply(s, DetermineRange(), ScriptedRandom([1])).state, DetermineRange(), ScriptedRandom([1]))


def test_activate_needs_a_range(leviathan):
    with pytest.raises(RuleError, match="Determine the range"):
        apply(squad(leviathan, ("Kai", B, 2)), ActivateZones(), ScriptedRandom([1]))


def test_zone_attack_needs_activation(queen):
    s = squad(queen, ("Kai", B, 2))
    with pytest.raises(RuleError, match="after they are activated"):
        apply(s, ZoneAttack(zone="Tail", successes=1))
    _, a = turn(s, 1, [1] * 5)
    with pytest.raises(RuleError, match="Heart did not activate"):
        apply(a.state, ZoneAttack(zone="Heart", successes=1))


def test_deadly_doubles_wounds_and_goes_to_engaged_units(leviathan):
    s = squad(leviathan, ("Kai", B, 3), ("Lee", B, 3))
    _, a = turn(s, 2, [1], engage=[("Kai", "Mouth")])
    r = apply(a.state, ZoneAttack(zone="Mouth", successes=1))
    assert r.allocation == {"Kai": 1}  # one success, two wounds
    assert r.state.unit("Kai").wounds == 1 and r.state.unit("Lee").wounds == 3
    assert "Deadly: 2 wounds each" in str(r.events[0])
    assert "Kai takes 1 success = 2 wounds (1/3 left)." in map(str, r.events)


def test_without_deadly_one_wound_per_success(crawler):
    s = squad(crawler, ("Kai", B, 3))
    _, a = turn(s, 1, [1] * 4)  # Fire range: the Cannon shoots
    r = apply(a.state, ZoneAttack(zone="Cannon", successes=2))
    assert r.state.unit("Kai").wounds == 1
    assert r.allocation == {"Kai": 2} and "Kai takes 2 successes = 2 wounds (1/3 left)." in map(str, r.events)


def test_unengaged_zone_hits_only_free_units(leviathan):
    s = squad(leviathan, ("Kai", B, 4), ("Lee", B, 4), ("Ray", B, 4))
    _, a = turn(s, 2, [1], engage=[("Kai", "Mouth")])
    s = a.state
    # Mouth has Kai engaged: only Kai can take its wounds.
    with pytest.raises(RuleError, match=r"Lee is not engaged.*Give these successes to Kai"):
        apply(s, ZoneAttack(zone="Mouth", successes=1, allocation={"Lee": 1}))


def test_engaged_units_are_safe_from_other_zones(queen):
    s = squad(queen, ("Kai", B, 4), ("Lee", B, 4), ("Ray", B, 4))
    _, a = turn(s, 6, [1] * 5, engage=[("Kai", "Crest"), ("Lee", "Left Claw")])
    s = a.state
    for zone in ("Right Claw", "Tail", "Egg Sac"):
        assert propose_allocation(s, zone, 2) == {"Ray": 2}
    with pytest.raises(RuleError, match="Kai is engaged with Crest: Tail's damage can't reach them"):
        apply(s, ZoneAttack(zone="Tail", successes=1, allocation={"Kai": 1}))
    s = apply(finish_turn(s), SquadHit(unit="Lee", damage=4)).state  # Left Claw falls; Lee: the Heart
    _, a = turn(s, 6, [1] * 5)
    s = a.state
    assert "Heart" in [x.zone for x in a.activations]
    with pytest.raises(RuleError, match="Kai is engaged with Crest: Heart's damage can't reach them"):
        apply(s, ZoneAttack(zone="Heart", successes=1, allocation={"Kai": 1}))
    r = apply(s, ZoneAttack(zone="Heart", successes=1, allocation={"lee": 1}))
    assert r.state.unit("Lee").wounds == 2


def test_internal_zone_without_units_at_its_openings_hits_free_units(queen):
    s = squad(queen, ("Kai", B, 4), ("Lee", B, 4))
    _, a = turn(s, 6, [1] * 5, engage=[("Kai", "Crest")])
    s = apply(finish_turn(a.state), SquadHit(unit="Kai", damage=3)).state  # Crest falls; Kai: the Brain
    s = apply(finish_turn(s), DetermineRange(), ScriptedRandom([6])).state
    s = apply(s, Engage(unit="Kai", zone="Tail")).state
    s = apply(s, ActivateZones(), ScriptedRandom([1] * 6)).state
    assert propose_allocation(s, "Brain", 1) == {"Lee": 1}


def test_proposal_goes_to_the_healthiest(crawler):
    # Without Deadly a success is one wound: one at a time to whoever has most left: Kai 4->3,
    # Kai (tie, squad order) 3->2, Ray 3->2, then Kai again.
    s = squad(crawler, ("Kai", B, 4), ("Lee", B, 2), ("Ray", B, 3))
    assert propose_allocation(s, "Cannon", 4) == {"Kai": 3, "Ray": 1}
    assert propose_allocation(s, "Cannon", 20) == {"Kai": 4, "Lee": 2, "Ray": 3}


def test_deadly_proposal_gives_each_success_to_one_unit(leviathan):
    s = squad(leviathan, ("Alpha", B, 3), ("Bravo", B, 3))
    # 1 success is one hit of 2 wounds on one unit, never split into 1 + 1.
    assert propose_allocation(s, "Mouth", 1) == {"Alpha": 1}
    # 2 successes: one each, nobody out.
    assert propose_allocation(s, "Mouth", 2) == {"Alpha": 1, "Bravo": 1}
    # 3 successes (6 wounds on 3 + 3): someone must go out, and only one does.
    assert propose_allocation(s, "Mouth", 3) == {"Alpha": 2, "Bravo": 1}
    # More successes than the squad can take: the rest are dropped, nothing lands on an out unit.
    assert propose_allocation(s, "Mouth", 9) == {"Alpha": 2, "Bravo": 2}


def test_deadly_proposal_spares_whom_it_can_and_sacrifices_the_weakest(leviathan):
    s = squad(leviathan, ("Kai", B, 2), ("Lee", B, 4), ("Ray", B, 1))
    # Lee (4 left) survives a hit; Kai (2) and Ray (1) would not.
    assert propose_allocation(s, "Mouth", 1) == {"Lee": 1}
    # Once no hit can be survived, it goes to the unit with the fewest wounds left.
    assert propose_allocation(s, "Mouth", 2) == {"Lee": 1, "Ray": 1}
    r = apply(s, DetermineRange(), ScriptedRandom([2])).state
    r = apply(apply(r, ActivateZones(), ScriptedRandom([1])).state, ZoneAttack(zone="Mouth", successes=2))
    assert [(u.name, u.wounds) for u in r.state.units] == [("Kai", 2), ("Lee", 2), ("Ray", 0)]
    assert "Ray takes 1 success = 2 wounds (0/1 left)." in map(str, r.events)
    assert "1 wound beyond what the targets had left is lost." in map(str, r.events)


def test_player_allocation_is_in_successes_and_must_add_up(leviathan):
    s = squad(leviathan, ("Kai", B, 4), ("Lee", B, 2))
    _, a = turn(s, 2, [1])
    # Mouth scores 2 successes = 4 wounds: the player gives out the 2 successes, not the 4 wounds.
    with pytest.raises(RuleError, match=r"Mouth scored 2 successes \(4 wounds: each success is 2 wounds on "
                       r"one unit\), but your allocation gives out 4 successes\. .*adding up to 2\."):
        apply(a.state, ZoneAttack(zone="Mouth", successes=2, allocation={"Kai": 2, "Lee": 2}))
    with pytest.raises(RuleError, match=r"gives out 1 success\. .*adding up to 2\.$"):
        apply(a.state, ZoneAttack(zone="Mouth", successes=2, allocation={"Kai": 1}))
    with pytest.raises(RuleError, match="You gave Kai -1 successes"):
        apply(a.state, ZoneAttack(zone="Mouth", successes=2, allocation={"Kai": -1, "Lee": 3}))
    # Lee (2 wounds) goes out with 1 success; a second one is wasted while Kai can take it.
    with pytest.raises(RuleError, match=r"Lee has 2 wounds left, so 1 success puts them out, but you gave "
                       r"them 2 while Kai can still take a hit: give the extra success to Kai\."):
        apply(a.state, ZoneAttack(zone="Mouth", successes=2, allocation={"Lee": 2}))
    r = apply(a.state, ZoneAttack(zone="Mouth", successes=2, allocation={"Lee": 1, "Kai": 1}))
    assert r.allocation == {"Lee": 1, "Kai": 1}
    assert r.state.unit("Lee").out and r.state.unit("Kai").wounds == 2
    assert "Kai takes 1 success = 2 wounds (2/4 left)." in map(str, r.events)
    # Both successes on Kai is fine: 4 wounds, Kai out, Lee spared.
    r = apply(a.state, ZoneAttack(zone="Mouth", successes=2, allocation={"Kai": 2}))
    assert r.state.unit("Kai").out and r.state.unit("Lee").wounds == 2


def test_successes_beyond_the_squad_may_be_left_out_or_put_on_out_units(leviathan):
    s = squad(leviathan, ("Kai", B, 3), ("Lee", B, 1))
    _, a = turn(s, 2, [1])
    # 5 successes; Kai needs 2 to go out and Lee 1, so 3 take everyone out and 2 are lost.
    with pytest.raises(RuleError, match=r"adding up to 5 \(or at least 3, which takes every unit"):
        apply(a.state, ZoneAttack(zone="Mouth", successes=5, allocation={"Kai": 2}))
    short = apply(a.state, ZoneAttack(zone="Mouth", successes=5, allocation={"Kai": 2, "Lee": 1}))
    full = apply(a.state, ZoneAttack(zone="Mouth", successes=5, allocation={"Kai": 4, "Lee": 1}))
    for r in (short, full):
        assert r.state.outcome is Outcome.SQUAD_OUT
        assert "6 wounds beyond what the targets had left are lost." in map(str, r.events)
    assert propose_allocation(a.state, "Mouth", 5) == {"Kai": 2, "Lee": 1}


def test_without_deadly_the_typed_numbers_are_still_wounds_too(crawler):
    s = squad(crawler, ("Kai", B, 3), ("Lee", B, 2))
    _, a = turn(s, 1, [1] * 4)  # Fire range: the Cannon shoots
    with pytest.raises(RuleError, match=r"Cannon scored 3 successes, but your allocation gives out 2"):
        apply(a.state, ZoneAttack(zone="Cannon", successes=3, allocation={"Kai": 2}))
    with pytest.raises(RuleError, match="Lee has 2 wounds left, so 2 successes put them out"):
        apply(a.state, ZoneAttack(zone="Cannon", successes=3, allocation={"Lee": 3}))
    assert propose_allocation(a.state, "Cannon", 3) == {"Kai": 2, "Lee": 1}
    r = apply(a.state, ZoneAttack(zone="Cannon", successes=3, allocation={"Kai": 1, "Lee": 2}))
    assert r.state.unit("Kai").wounds == 2 and r.state.unit("Lee").out


def test_excess_wounds_beyond_everyone_are_lost(leviathan):
    s = squad(leviathan, ("Kai", B, 1))
    _, a = turn(s, 2, [1], engage=[("Kai", "Mouth")])
    r = apply(a.state, ZoneAttack(zone="Mouth", successes=3, allocation={"Kai": 1}))
    assert r.state.unit("Kai").wounds == 0
    assert r.state.outcome is Outcome.SQUAD_OUT and r.state.phase is Phase.OVER


def test_unit_at_zero_is_out_and_disengaged(leviathan):
    s = squad(leviathan, ("Kai", B, 2), ("Lee", B, 2))
    _, a = turn(s, 2, [1], engage=[("Kai", "Mouth")])
    r = apply(a.state, ZoneAttack(zone="Mouth", successes=1))
    assert r.state.unit("Kai").out
    assert "Kai" not in r.state.engagements
    assert "Kai is out." in map(str, r.events)
    with pytest.raises(RuleError, match="Kai is out"):
        apply(r.state, SquadHit(unit="Kai", damage=1))


def test_wound_and_heal_by_hand(leviathan):
    s = squad(leviathan, ("Kai", B, 3), ("Doc", S, 1))
    s = apply(s, WoundUnit(unit="Kai", amount=2)).state
    assert s.unit("Kai").wounds == 1
    s = apply(s, WoundUnit(unit="Kai", amount=-5)).state
    assert s.unit("Kai").wounds == 3
    with pytest.raises(RuleError):
        apply(s, WoundUnit(unit="Kai", amount=0))

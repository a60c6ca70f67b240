"""Second new-user round: entered successes stand, one attack per Scorpio user, removals and
finished fights, the standard RN for A-V attacks, and the bosses' special rules said at start."""

from __future__ import annotations

import random

import pytest

from rules.errors import RuleError
from rules.space_infantry import (
    ActivateZones,
    AddResource,
    AddUnit,
    AddVehicle,
    AVAttack,
    AVSource,
    DetermineRange,
    Engage,
    EnterSuccesses,
    Outcome,
    Phase,
    RemoveUnit,
    Resource,
    SquadHit,
    WoundUnit,
    ZoneAttack,
    apply,
    next_step,
    special_rule_lines,
    start_fight,
)
from rules.space_infantry.vehicles import make_vehicle
from tests.rules.space_infantry.helpers import B, ScriptedRandom, finish_turn, squad


def leviathan_turn(leviathan, range_rn=5, activation_rn=3):
    """Alpha and Bravo (3 wounds each) engage the Mouth; turn 1 is at Charge, Mouth activated."""
    s = squad(leviathan, ("Alpha", B, 3), ("Bravo", B, 3))
    for unit in ("Alpha", "Bravo"):
        s = apply(s, Engage(unit=unit, zone="Mouth")).state
    s = apply(s, DetermineRange(), ScriptedRandom([range_rn])).state
    return apply(s, ActivateZones(), ScriptedRandom([activation_rn])).state


def test_entered_successes_are_given_out_before_the_squad_hits(leviathan):
    s = leviathan_turn(leviathan)
    entered = apply(s, EnterSuccesses(zone="Mouth", successes=2))
    assert [str(e) for e in entered.events] == [
        "Mouth scores 2 successes (Deadly: 2 wounds each): 4 wounds.",
        "The successes wait for their allocation: Herald proposes Alpha 1 success = 2 wounds, "
        "Bravo 1 success = 2 wounds.",
    ]
    assert entered.allocation == {"Alpha": 1, "Bravo": 1}
    s = entered.state
    act = s.activation("Mouth")
    assert act is not None and act.awaiting_allocation and act.targets == ["Alpha", "Bravo"]
    assert s.unit("Alpha").wounds == 3  # nothing given out yet
    # Issue 15 (2): the zones attack first, so a hit that would end the fight cannot leave entered
    # successes waiting; the refusal says what to do first.
    with pytest.raises(RuleError, match=r"The zones attack first this turn: give out the successes of "
                       r"Mouth \(Accept or your own allocation\), then Alpha can hit"):
        apply(s, SquadHit(unit="Alpha", damage=10))
    done = apply(s, ZoneAttack(zone="Mouth", successes=2))
    assert "Alpha takes 1 success = 2 wounds (1/3 left)." in map(str, done.events)
    assert done.state.unit("Bravo").wounds == 1 and done.state.pending_activations() == []
    hit = apply(done.state, SquadHit(unit="Alpha", damage=10))
    assert hit.state.destroyed("Mouth") and hit.state.engagements["Alpha"].zone == "Body"


def test_successes_are_entered_once(leviathan):
    s = apply(leviathan_turn(leviathan), EnterSuccesses(zone="Mouth", successes=1)).state
    with pytest.raises(RuleError, match=r"already entered \(1\) and wait for their allocation"):
        apply(s, EnterSuccesses(zone="Mouth", successes=0))
    with pytest.raises(RuleError, match="entered as 1, not 0"):
        apply(s, ZoneAttack(zone="Mouth", successes=0))
    with pytest.raises(RuleError, match="the successes of Mouth wait for their allocation"):
        apply(s, DetermineRange(), ScriptedRandom([1]))
    step = next_step(s)
    assert ("Mouth's 1 success = 2 wounds waits for its allocation: Herald proposes "
            "**Alpha 1 success = 2 wounds**") in step
    assert "Enter the successes" not in step


def test_a_miss_or_nobody_to_wound_is_resolved_at_once(leviathan):
    s = leviathan_turn(leviathan)
    r = apply(s, EnterSuccesses(zone="Mouth", successes=0))
    assert [str(e) for e in r.events] == ["Mouth scores 0 successes (Deadly: 2 wounds each): 0 wounds."]
    assert r.state.pending_activations() == [] and r.allocation == {}


def test_a_hit_before_the_successes_are_entered_waits_for_the_zones(leviathan):
    # Issue 15 (3): who types first no longer decides whether the Mouth attacks.
    s = leviathan_turn(leviathan)
    assert next_step(s) == ("Enter the successes of Mouth (0 if it missed).\n"
                            "Then attack with your engaged units: the zones attack first.")
    with pytest.raises(RuleError, match=r"enter the successes of Mouth \(0 if it missed\), then Alpha "
                       "can hit. Nothing was applied."):
        apply(s, SquadHit(unit="Alpha", damage=10))
    s = apply(s, EnterSuccesses(zone="Mouth", successes=0)).state
    assert apply(s, SquadHit(unit="Alpha", damage=10)).state.destroyed("Mouth")


def test_a_second_hit_is_allowed_but_said(leviathan):
    s = apply(leviathan_turn(leviathan), EnterSuccesses(zone="Mouth", successes=0)).state
    first = apply(s, SquadHit(unit="Alpha", damage=2))
    assert not any("already attacked" in e for e in map(str, first.events))
    second = apply(first.state, SquadHit(unit="Alpha", damage=2))
    assert str(second.events[0]) == "Alpha already attacked this turn: make sure this is a new attack."
    assert second.state.zone_hp["Mouth"] == 3
    # A new turn starts the count again.
    s = apply(second.state, DetermineRange(), ScriptedRandom([1])).state
    assert s.attackers == []


def test_the_scorpio_user_makes_no_other_attack(leviathan):
    s = leviathan_turn(leviathan)
    s = apply(s, AddResource(resource=Resource.SCORPIO)).state
    s = apply(s, AddVehicle(name="Titan", dmg=4, sp=5)).state
    s = apply(s, AVAttack(unit="Alpha", vehicle="Titan", sl=2, source=AVSource.SCORPIO),
              ScriptedRandom([1, 1])).state
    with pytest.raises(RuleError, match="used the Scorpio this turn, so it uses no other skill"):
        apply(s, AVAttack(unit="Alpha", vehicle="Titan", sl=1), ScriptedRandom([6]))
    with pytest.raises(RuleError, match="used the Scorpio this turn"):
        apply(s, SquadHit(unit="Alpha", damage=1))
    # A unit that already attacked can't take the Scorpio afterwards either.
    s = apply(s, EnterSuccesses(zone="Mouth", successes=0)).state
    s = apply(s, SquadHit(unit="Bravo", damage=1)).state
    with pytest.raises(RuleError, match="Bravo already attacked this turn: the Scorpio's user"):
        apply(s, AVAttack(unit="Bravo", vehicle="Titan", sl=1, source=AVSource.SCORPIO), ScriptedRandom([6]))


class _Bounds(random.Random):
    """Records the bounds of every randint."""

    def __init__(self) -> None:
        super().__init__(0)
        self.bounds: list[tuple[int, int]] = []

    def randint(self, a: int, b: int) -> int:
        self.bounds.append((a, b))
        return b


def test_av_attacks_draw_the_standard_rn_whatever_the_boss_die(queen):
    assert queen.rn_die == 10
    s = squad(queen, ("Kai", B, 2))
    s = apply(s, DetermineRange(), ScriptedRandom([1])).state
    s = apply(s, ActivateZones(), ScriptedRandom([1, 1, 1, 1, 1])).state
    s = apply(s, AddVehicle(name="Titan", dmg=4, sp=5)).state
    rng = _Bounds()
    r = apply(s, AVAttack(unit="Kai", vehicle="Titan", sl=2), rng)
    assert rng.bounds == [(1, 6), (1, 6)]
    assert [(d.die, d.value) for d in r.draws] == [(6, 6), (6, 6)]


def test_units_a_pending_attack_may_wound_cannot_leave(leviathan):
    s = apply(leviathan_turn(leviathan), EnterSuccesses(zone="Mouth", successes=1)).state
    with pytest.raises(RuleError, match="Mouth's attack, not resolved yet, may still wound Alpha"):
        apply(s, RemoveUnit(name="Alpha"))
    s = apply(s, ZoneAttack(zone="Mouth", successes=1)).state
    with pytest.raises(RuleError, match="engaged with Mouth in the middle of the combat turn") as err:
        apply(s, RemoveUnit(name="Alpha"))
    assert "/si turn has determined the next range" in str(err.value)
    # A free unit nothing can wound may leave; so may anyone in the engagement window.
    s = apply(s, AddUnit(name="Spare", wounds=1)).state
    assert [u.name for u in apply(s, RemoveUnit(name="Spare")).state.units] == ["Alpha", "Bravo"]
    s = apply(s, DetermineRange(), ScriptedRandom([1])).state
    assert "Alpha leaves the squad." in map(str, apply(s, RemoveUnit(name="Alpha")).events)


def test_nothing_changes_in_a_finished_fight(leviathan):
    s = squad(leviathan, ("Kai", B, 2))
    s = apply(s, Engage(unit="Kai", zone="Mouth")).state
    s = apply(s, DetermineRange(), ScriptedRandom([1])).state
    s = finish_turn(apply(s, ActivateZones(), ScriptedRandom([1])).state)
    won = apply(s, SquadHit(unit="Kai", damage=20)).state
    assert won.outcome is Outcome.BOSS_ELIMINATED and won.phase is Phase.OVER
    for action in (AddUnit(name="Late"), WoundUnit(unit="Kai", amount=-1), RemoveUnit(name="Kai"),
                   AddVehicle(name="Tank", dmg=3, sp=1)):
        with pytest.raises(RuleError, match="The fight is over: Elder Leviathan is eliminated"):
            apply(won, action)
    lost = apply(s, WoundUnit(unit="Kai", amount=2)).state
    assert lost.outcome is Outcome.SQUAD_OUT
    for action in (AddUnit(name="Late"), WoundUnit(unit="Kai", amount=-1)):
        with pytest.raises(RuleError, match="every unit is out, so nothing in it can change") as err:
            apply(lost, action)
        assert "anyone here can close the fight with /si end" in str(err.value)


def test_every_special_rule_is_said_at_the_start(crawler, queen, leviathan):
    crawler_start = [str(e) for e in start_fight(crawler).events]
    stone = "Stone Skin: the total damage of each attack on it is halved"
    assert any(e.startswith(stone) for e in crawler_start)
    queen_lines = [str(line) for line in special_rule_lines(queen)]
    assert "Deadly: every zone's attack deals 2 wounds for each success." in queen_lines
    assert any(line.startswith("Charge:") for line in queen_lines)
    assert len(special_rule_lines(leviathan)) == 4
    assert "every part of her is deadly" in (queen.description or "").lower()
    assert all(not z.abilities for z in crawler.zones)


def test_a_vehicle_without_heavy_armor_needs_no_dmg(leviathan):
    assert make_vehicle("Pilum", sp=1, heavy=False).dmg is None
    assert make_vehicle("Pilum", dmg=3, sp=1, heavy=False).dmg is None
    with pytest.raises(RuleError, match="has Heavy Armor, so it needs its DMG"):
        make_vehicle("Titan", sp=2)
    r = apply(start_fight(leviathan).state, AddVehicle(name="Pilum", dmg=3, sp=1, heavy=False))
    assert [str(e) for e in r.events] == [
        "Vehicle Pilum joins the fight (SP 1, no Heavy Armor: an A-V hit destroys it on RN 2+).",
        # The DMG given is not used, and the reply says so (issue 25 item 14).
        "DMG 3 is not used: a vehicle without Heavy Armor has no DMG to beat, and an A-V hit destroys it "
        "on RN 2+ (give `heavy:true` for Heavy Armor).",
    ]

"""A whole Elder Leviathan fight, step by step, as a cog would drive it."""

from __future__ import annotations

from pydantic import TypeAdapter

from rules.space_infantry import (
    Action,
    ActivateZones,
    AddUnit,
    DetermineRange,
    Engage,
    Outcome,
    SquadHit,
    UnitKind,
    ZoneAttack,
    apply,
    next_step,
    start_fight,
)
from tests.rules.space_infantry.helpers import ScriptedRandom


def test_full_fight(leviathan):
    log: list[str] = []
    snapshots: list[str] = []

    def step(state, action, rns=()):
        snapshots.append(state.model_dump_json())
        r = apply(state, action, ScriptedRandom(rns))
        log.extend(map(str, r.events))
        return r.state

    start = start_fight(leviathan)
    s = start.state
    log.extend(map(str, start.events))
    assert next_step(s) == "Add units to the squad."
    s = step(s, AddUnit(name="Kai", wounds=2))
    s = step(s, AddUnit(name="Lee", wounds=2))
    s = step(s, AddUnit(name="Doc", unit_kind=UnitKind.SPECIALIST, wounds=1))
    assert "determine the range" in next_step(s)
    s = step(s, DetermineRange(), [4])  # Set column, 3-4: Charge
    assert "Engage or disengage" in next_step(s)
    s = step(s, Engage(unit="Kai", zone="Mouth"))
    s = step(s, Engage(unit="Lee", zone="Mouth"))
    s = step(s, ActivateZones(), [2])
    assert "Mouth (RN 2): Melee skill 3, +1AP (Charge)." in log
    assert "Enter the successes of Mouth" in next_step(s)
    s = step(s, ZoneAttack(zone="Mouth", successes=1, allocation={"Lee": 1}))  # 1 success = 2 wounds
    assert s.unit("Lee").out and "Lee" not in s.engagements
    s = step(s, SquadHit(unit="Kai", damage=7))  # Stone Skin: 3
    assert s.zone_hp["Mouth"] == 2
    s = step(s, DetermineRange(), [6])  # Melee column after a Charge: 5+ is Charge again
    s = step(s, Engage(unit="Doc", zone="Mouth"))  # Lee is out, so no basic unit is free
    s = step(s, ActivateZones(), [3])
    s = step(s, ZoneAttack(zone="Mouth", successes=0))  # the zones attack first
    s = step(s, SquadHit(unit="Doc", damage=4))  # 2: Mouth falls; Kai and Doc go on to the Body
    assert s.engaged_with("Body") == ["Kai", "Doc"]
    s = step(s, DetermineRange(), [1])
    s = step(s, ActivateZones(), [5])
    assert [a.zone for a in s.activations] == ["Body"]
    s = step(s, ZoneAttack(zone="Body", successes=0))
    s = step(s, SquadHit(unit="Kai", damage=10))
    assert s.outcome is Outcome.BOSS_ELIMINATED
    assert "eliminated" in next_step(s)
    assert log[-1] == "Elder Leviathan is eliminated: every vital part is destroyed."
    # Undo: the bot restores the last snapshot.
    undone = type(s).model_validate_json(snapshots[-1])
    assert undone.outcome is None and undone.zone_hp["Body"] == 5


def test_actions_parse_from_json():
    adapter = TypeAdapter(Action)
    action = adapter.validate_json('{"kind": "engage", "unit": "Kai", "zone": "Mouth"}')
    assert action == Engage(unit="Kai", zone="Mouth")
    assert adapter.validate_python({"kind": "determine_range"}) == DetermineRange()

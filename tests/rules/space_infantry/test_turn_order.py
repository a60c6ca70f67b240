"""Issue 15: the combat turn's order, an empty squad, and attacks with one target or none."""

from __future__ import annotations

import pytest

from rules.errors import RuleError
from rules.space_infantry import (
    ActivateZones,
    DetermineRange,
    Engage,
    EnterSuccesses,
    RemoveUnit,
    apply,
    next_step,
)
from tests.rules.space_infantry.helpers import B, ScriptedRandom, squad


def test_an_empty_squad_cannot_activate_the_zones(leviathan):
    s = squad(leviathan, ("Kai", B, 2))
    s = apply(s, DetermineRange(), ScriptedRandom([1])).state
    s = apply(s, RemoveUnit(name="Kai")).state
    with pytest.raises(RuleError, match=r"The squad has no unit able to fight: add units first\."):
        apply(s, ActivateZones(), ScriptedRandom([1, 1]))


def test_an_attack_with_one_unit_in_reach_is_applied_at_once(leviathan):
    s = squad(leviathan, ("Kai", B, 3), ("Lee", B, 3))
    s = apply(s, Engage(unit="Kai", zone="Mouth")).state
    s = apply(s, DetermineRange(), ScriptedRandom([2])).state  # Melee
    s = apply(s, Engage(unit="Lee", zone="Mouth")).state
    s = apply(s, ActivateZones(), ScriptedRandom([3])).state
    # Two units in reach: the successes wait for their allocation.
    two = apply(s, EnterSuccesses(zone="Mouth", successes=1))
    assert two.state.awaiting_allocation()
    # One unit in reach: nothing to allocate, so it is applied and said.
    s = squad(leviathan, ("Kai", B, 3))
    s = apply(s, Engage(unit="Kai", zone="Mouth")).state
    s = apply(s, DetermineRange(), ScriptedRandom([2])).state
    s = apply(s, ActivateZones(), ScriptedRandom([3])).state
    one = apply(s, EnterSuccesses(zone="Mouth", successes=1))
    assert one.state.pending_activations() == []
    assert "Kai takes 1 success = 2 wounds (1/3 left)." in map(str, one.events)
    assert str(one.events[-1]) == (
        "Kai is the only unit Mouth can reach, so its successes are applied at once: "
                              "there is nothing to allocate.")


def test_a_zone_that_reaches_nobody_asks_for_no_successes(queen):
    # Kai engages the Crest, so the other outer zones (no unit of theirs, no free unit) reach nobody.
    s = squad(queen, ("Kai", B, 4))
    s = apply(s, Engage(unit="Kai", zone="Crest")).state
    s = apply(s, DetermineRange(), ScriptedRandom([6])).state
    r = apply(s, ActivateZones(), ScriptedRandom([1] * 5))
    assert [a.zone for a in r.state.awaiting_successes()] == ["Crest"]
    assert ("Tail can reach no unit (every unit still standing engages another zone): it hurts nobody, "
            "no successes to enter.") in map(str, r.events)
    assert "Enter the successes of Crest (0 if it missed)." in next_step(r.state)

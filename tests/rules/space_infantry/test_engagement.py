"""Who may engage which zone, and when."""

from __future__ import annotations

import pytest

from rules.errors import NotFoundError, RuleError
from rules.space_infantry import (
    ActivateZones,
    DetermineRange,
    Disengage,
    Engage,
    Phase,
    SquadHit,
    WoundUnit,
    apply,
    legal_engagements,
)
from tests.rules.space_infantry.helpers import B, S, ScriptedRandom, finish_turn, squad


def engage(state, unit, zone, via=None):
    return apply(state, Engage(unit=unit, zone=zone, via=via)).state


def destroy(state, unit, zone_hits):
    """Run a turn in which ``unit`` deals each of ``zone_hits`` damages (no zone attacks)."""
    state = apply(state, DetermineRange(), ScriptedRandom([1])).state
    state = finish_turn(apply(state, ActivateZones(), ScriptedRandom([1] * 10)).state)
    for damage in zone_hits:
        state = apply(state, SquadHit(unit=unit, damage=damage)).state
    return finish_turn(state)


def test_outer_zone_takes_at_most_its_limit(leviathan):
    s = squad(leviathan, ("Kai", B, 2), ("Lee", B, 2), ("Ray", B, 2))
    s = engage(engage(s, "Kai", "Mouth"), "Lee", "Mouth")
    with pytest.raises(RuleError, match=r"at most 2 units can engage it, and Kai and Lee already do"):
        engage(s, "Ray", "Mouth")


def test_moving_within_the_limit_does_not_count_twice(leviathan):
    s = squad(leviathan, ("Kai", B, 2), ("Lee", B, 2))
    s = engage(engage(s, "Kai", "Mouth"), "Lee", "Mouth")
    assert engage(s, "Kai", "Mouth").engagements["Kai"].zone == "Mouth"


def test_internal_zone_needs_a_destroyed_connected_outer_zone(leviathan):
    s = squad(leviathan, ("Kai", B, 2))
    with pytest.raises(RuleError, match="Body is an internal zone: destroy Mouth first"):
        engage(s, "Kai", "Body")


def test_internal_zone_through_destroyed_outer_zone(queen):
    s = squad(queen, ("Kai", B, 2), ("Lee", B, 2))
    s = engage(s, "Kai", "Left Claw")
    s = destroy(s, "Kai", [4])
    assert s.zone_hp["Left Claw"] == 0
    # Kai followed the connection inwards and now counts as engaged with the Heart.
    assert s.engagements["Kai"].zone == "Heart"
    assert s.engagements["Kai"].via == "Left Claw"
    assert s.engaged_with("Heart") == ["Kai"]
    s = apply(s, DetermineRange(), ScriptedRandom([1])).state
    s = engage(s, "Lee", "Heart")
    assert s.engagements["Lee"].via == "Left Claw"
    s = engage(s, "Lee", "left claw")  # naming the destroyed outer zone also leads inwards
    assert s.engagements["Lee"].zone == "Heart"


def test_via_picks_the_opening(crawler):
    s = squad(crawler, ("Kai", B, 2), ("Lee", B, 2))
    s = engage(s, "Kai", "Left Tread")
    s = destroy(s, "Kai", [8])  # Stone Skin: 8 -> 4, exactly the Tread's HP
    s = apply(s, DetermineRange(), ScriptedRandom([1])).state
    with pytest.raises(RuleError, match="reached through Left Tread, not Right Tread"):
        engage(s, "Lee", "Engine", via="Right Tread")
    assert engage(s, "Lee", "Engine", via="Left Tread").engagements["Lee"].via == "Left Tread"


def test_destroyed_outer_zone_keeps_its_limit_for_units_going_through(leviathan):
    s = squad(leviathan, ("Kai", B, 2), ("Lee", B, 2), ("Ray", B, 2))
    s = engage(engage(s, "Kai", "Mouth"), "Lee", "Mouth")
    s = destroy(s, "Kai", [10])
    assert s.at_opening("Mouth") == ["Kai", "Lee"]
    s = apply(s, DetermineRange(), ScriptedRandom([1])).state
    with pytest.raises(RuleError, match="at most 2 units"):
        engage(s, "Ray", "Body")


def test_destroyed_outer_zone_leading_nowhere_cannot_be_engaged(crawler):
    s = squad(crawler, ("Kai", B, 2), ("Lee", B, 2))
    s = engage(s, "Kai", "Cannon")
    s = destroy(s, "Kai", [6, 8])  # Cannon (3 HP) then the Crew Cab (4 HP)
    assert s.zone_hp["Crew Cab"] == 0
    assert "Kai" not in s.engagements
    s = apply(s, DetermineRange(), ScriptedRandom([1])).state
    with pytest.raises(RuleError, match="leads to no standing internal zone"):
        engage(s, "Lee", "Cannon")
    with pytest.raises(RuleError, match="already destroyed"):
        engage(s, "Lee", "Crew Cab")


def test_specialist_engages_only_when_no_basic_unit_is_free(leviathan):
    s = squad(leviathan, ("Kai", B, 2), ("Doc", S, 1), ("Lee", B, 2))
    with pytest.raises(RuleError, match=r"Doc is a specialist.*Engage Kai and Lee first"):
        engage(s, "Doc", "Mouth")
    s = engage(s, "Kai", "Mouth")
    with pytest.raises(RuleError, match="Engage Lee first"):
        engage(s, "Doc", "Mouth")
    s = engage(s, "Lee", "Mouth")
    # Every basic unit is engaged; Doc may engage (here Mouth is full, so the limit stops him).
    with pytest.raises(RuleError, match="at most 2"):
        engage(s, "Doc", "Mouth")
    s = apply(s, Disengage(unit="Lee")).state
    with pytest.raises(RuleError, match="specialist"):
        engage(s, "Doc", "Mouth")


def test_specialist_may_engage_when_the_free_basic_unit_is_out(leviathan):
    s = squad(leviathan, ("Kai", B, 2), ("Doc", S, 1))
    s = apply(s, WoundUnit(unit="Kai", amount=2)).state
    assert s.unit("Kai").out
    assert engage(s, "Doc", "Mouth").engagements["Doc"].zone == "Mouth"


def test_engagement_only_in_its_window(leviathan):
    s = squad(leviathan, ("Kai", B, 2), ("Lee", B, 2))
    s = engage(s, "Kai", "Mouth")  # before the first turn: allowed
    s = apply(s, DetermineRange(), ScriptedRandom([1])).state
    assert s.phase is Phase.ENGAGEMENT
    s = engage(s, "Lee", "Mouth")
    s = apply(s, ActivateZones(), ScriptedRandom([3])).state
    assert s.phase is Phase.COMBAT
    with pytest.raises(RuleError, match="only after the range is determined"):
        apply(s, Disengage(unit="Kai"))
    with pytest.raises(RuleError, match="only after the range is determined"):
        engage(s, "Lee", "Mouth")


def test_disengage_and_errors(leviathan):
    s = squad(leviathan, ("Kai", B, 2))
    with pytest.raises(RuleError, match="Kai is not engaged"):
        apply(s, Disengage(unit="Kai"))
    s = apply(engage(s, "Kai", "Mouth"), Disengage(unit="kai")).state
    assert s.engagements == {}


def test_unknown_names_suggest_real_ones(leviathan):
    s = squad(leviathan, ("Kai", B, 2))
    with pytest.raises(NotFoundError, match="Did you mean Mouth"):
        engage(s, "Kai", "Mouht")
    with pytest.raises(NotFoundError, match="Did you mean Kai"):
        engage(s, "Kia", "Mouth")


def test_out_unit_cannot_engage(leviathan):
    s = squad(leviathan, ("Kai", B, 1), ("Lee", B, 1))
    s = apply(s, WoundUnit(unit="Kai", amount=1)).state
    with pytest.raises(RuleError, match="Kai is out"):
        engage(s, "Kai", "Mouth")


def test_legal_engagements(queen):
    s = squad(queen, ("Kai", B, 2), ("Doc", S, 1))
    pairs = legal_engagements(s)
    assert ("Kai", "Left Claw") in pairs
    assert not any(z == "Heart" for _, z in pairs)
    assert not any(u == "Doc" for u, _ in pairs)

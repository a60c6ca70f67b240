"""Rules fixes from a new player's test: wording, healing, moving, names and the proposal."""

from __future__ import annotations

import pytest

from rules.errors import RuleError
from rules.space_infantry import (
    ActivateZones,
    AddUnit,
    AddVehicle,
    DetermineRange,
    Engage,
    Outcome,
    SquadHit,
    WoundUnit,
    ZoneAttack,
    apply,
    check_allocation,
    next_step,
    propose_allocation,
)
from rules.space_infantry.common import possessive
from tests.rules.space_infantry.helpers import B, ScriptedRandom, finish_turn, squad


@pytest.mark.parametrize("name", ["@here", "<@1>", "a`b", "*Kai*", "Kai>", "Lee:2", "A, B"])
def test_names_that_could_ping_or_break_markdown_are_refused(leviathan, name):
    s = squad(leviathan)
    with pytest.raises(RuleError, match="characters that names can't use"):
        apply(s, AddUnit(name=name))
    with pytest.raises(RuleError, match="characters that names can't use"):
        apply(s, AddVehicle(name=name, dmg=3, sp=1))


def test_possessive():
    assert (possessive("Hicks"), possessive("Kai")) == ("Hicks'", "Kai's")


def test_healing_reports_what_was_healed_and_a_return_from_out(leviathan):
    s = squad(leviathan, ("Kai", B, 2), ("Lee", B, 2))
    s = apply(s, WoundUnit(unit="Kai", amount=1)).state
    r = apply(s, WoundUnit(unit="Kai", amount=-5))
    healed = "Kai is healed by 1 wound (of the 5 asked; it was missing 1): 2/2 left."
    assert [str(e) for e in r.events] == [healed]
    full = apply(r.state, WoundUnit(unit="Kai", amount=-1))
    assert "nothing to heal" in str(full.events[0])
    s = apply(s, WoundUnit(unit="Kai", amount=1)).state
    back = apply(s, WoundUnit(unit="Kai", amount=-2))
    assert str(back.events[0]) == "Kai is healed by 2 wounds: 2/2 left."
    assert "Kai is back in the fight" in str(back.events[1])


def test_moving_a_unit_names_the_zone_it_leaves(queen):
    s = squad(queen, ("Kai", B, 2))
    s = apply(s, Engage(unit="Kai", zone="Left Claw")).state
    r = apply(s, Engage(unit="Kai", zone="Crest"))
    assert [str(e) for e in r.events] == ["Kai leaves Left Claw.", "Kai engages Crest (1/1)."]
    again = apply(r.state, Engage(unit="Kai", zone="Crest"))
    assert [str(e) for e in again.events] == ["Kai engages Crest (1/1)."]


def test_lost_wounds_and_possessive_wording(leviathan):
    s = squad(leviathan, ("Hicks", B, 1))
    s = apply(s, Engage(unit="Hicks", zone="Mouth")).state
    s = apply(s, DetermineRange(), ScriptedRandom([1])).state
    s = apply(s, ActivateZones(), ScriptedRandom([4])).state
    hit = apply(finish_turn(s), SquadHit(unit="Hicks", damage=3))
    assert str(hit.events[0]).startswith("Hicks' attack on Mouth")
    r = apply(s, ZoneAttack(zone="Mouth", successes=1))  # Deadly: 2 wounds on a 1-wound unit
    assert "Hicks takes 1 success = 2 wounds (0/1 left)." in map(str, r.events)
    assert "1 wound beyond what the targets had left is lost." in map(str, r.events)
    assert r.state.outcome is Outcome.SQUAD_OUT
    assert "start a new fight" not in next_step(r.state)
    assert "the fight is over" in next_step(r.state) and "anyone here can end" in next_step(r.state)


def test_the_proposal_takes_as_few_units_out_as_the_spread_rule_allows(queen):
    s = squad(queen, ("A", B, 1), ("B", B, 1), ("C", B, 1))
    # Two successes on three 1-wound units: putting both on C would waste one while A and B can
    # still take a hit, which the allocation rule does not allow, so two units must go out.
    with pytest.raises(RuleError, match=r"C has 1 wound left, so 1 success puts them out.*A and B"):
        check_allocation(s, "Crest", 2, {"C": 2})
    assert propose_allocation(s, "Crest", 2) == {"A": 1, "B": 1}
    # With a choice, the successes go where they take nobody out (Deadly: 2 wounds each).
    s = squad(queen, ("A", B, 1), ("B", B, 5), ("C", B, 1))
    assert propose_allocation(s, "Crest", 2) == {"B": 2}

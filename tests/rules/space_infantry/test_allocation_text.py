"""Reading a typed allocation, and the A-V attack's Melee override."""

from __future__ import annotations

import pytest

from rules.errors import RuleError
from rules.space_infantry import (
    ActivateZones,
    AddVehicle,
    AVAttack,
    DetermineRange,
    ZoneAttack,
    apply,
    parse_allocation,
)
from tests.rules.space_infantry.helpers import B, ScriptedRandom, squad


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Kai:2, Lee:1", {"Kai": 2, "Lee": 1}),
        ("Kai = 2; Lee=1", {"Kai": 2, "Lee": 1}),
        ("Fire Team: 3\nDoc:0", {"Fire Team": 3, "Doc": 0}),
        (" Kai : 2 ,", {"Kai": 2}),
        ("rico:3 hicks:1", {"rico": 3, "hicks": 1}),
        ("Fire Team:2 Lee:1", {"Fire Team": 2, "Lee": 1}),
    ],
)
def test_parse_allocation_reads_names_and_numbers(text, expected):
    assert parse_allocation(text) == expected


@pytest.mark.parametrize("text", ["", " , ", "Kai", "Kai:two", ":2", "Kai:2 Lee", "x" * 500])
def test_parse_allocation_refuses_what_it_cannot_read(text):
    with pytest.raises(RuleError):
        parse_allocation(text)


@pytest.mark.parametrize("text", ["Kai:1, Kai:1", "Kai:1 kai:2"])
def test_parse_allocation_refuses_a_unit_named_twice(text):
    with pytest.raises(RuleError, match="named twice"):
        parse_allocation(text)


def test_a_parsed_allocation_goes_through_the_legality_check(leviathan):
    s = squad(leviathan, ("Kai", B, 2), ("Lee", B, 2))
    s = apply(s, DetermineRange(), ScriptedRandom([1])).state
    s = apply(s, ActivateZones(), ScriptedRandom([3])).state
    # The numbers are successes: 'Kai:4' gives out 4 of Mouth's 2 successes.
    with pytest.raises(RuleError, match=r"gives out 4 successes.*adding up to 2"):
        apply(s, ZoneAttack(zone="Mouth", successes=2, allocation=parse_allocation("Kai:4")))
    ok = apply(s, ZoneAttack(zone="Mouth", successes=2, allocation=parse_allocation("kai:1, lee:1")))
    assert ok.allocation == {"Kai": 1, "Lee": 1}
    assert ok.state.unit("Kai").out and ok.state.unit("Lee").out


def test_av_attack_melee_note_can_be_forced_or_read_from_the_range(leviathan):
    s = squad(leviathan, ("Kai", B, 2))
    s = apply(s, AddVehicle(name="Titan", dmg=4, sp=2)).state
    s = apply(s, DetermineRange(), ScriptedRandom([1])).state  # Fire
    s = apply(s, ActivateZones(), ScriptedRandom([1])).state
    assert not any("Melee" in e for e in map(str, apply(s, AVAttack(unit="Kai", vehicle="Titan", sl=1),
                                               ScriptedRandom([1])).events))
    forced = apply(s, AVAttack(unit="Kai", vehicle="Titan", sl=1, melee=True), ScriptedRandom([1]))
    assert any("+1AP" in e for e in map(str, forced.events))

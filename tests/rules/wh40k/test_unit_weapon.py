"""``Unit: Weapon`` fires that weapon from every model carrying it (issue 39), whatever shape the
export gives the selections; ``xN`` fires it from fewer."""

from __future__ import annotations

import pytest

from rules.wh40k.roster import RosterUnit, parse_roster
from tests import rosters


def read(unit: dict, shape: str) -> RosterUnit:
    tree = rosters.roster_tree([unit])
    data = rosters.as_json(tree) if shape == "json" else rosters.as_ros(tree)
    return parse_roster(data).units[0]


@pytest.mark.parametrize("shape", ["json", "ros"])
@pytest.mark.parametrize("whole_unit", [False, True])
def test_a_weapon_fires_from_every_carrier(shape: str, whole_unit: bool) -> None:
    squad = read(rosters.intercessors(whole_unit=whole_unit), shape)
    rifle = squad.weapon("Bolt rifle")
    assert rifle is not None
    assert rifle.label() == "Bolt rifle x10"
    assert rifle.line() == "A2 BS3+ S4 AP-1 D1 x10, heavy"
    one = squad.weapon("bolt rifle x1")
    assert one is not None and one.line() == "A2 BS3+ S4 AP-1 D1, heavy"
    assert squad.weapon("bolt rifle x3").count == 3  # type: ignore[union-attr]
    assert squad.weapon("bolt rifle x30").count == 10  # type: ignore[union-attr]


@pytest.mark.parametrize("shape", ["json", "ros"])
def test_a_weapon_profile_is_chosen_for_every_carrier_and_named_once(shape: str) -> None:
    squad = read(rosters.hellblasters(), shape)
    supercharge = squad.weapon("Plasma incinerator - supercharge")
    assert supercharge is not None and supercharge.count == 5
    assert squad.weapon_names() == ["Plasma incinerator - standard", "Plasma incinerator - supercharge"]

"""A roster's units carry their points and Enhancements, read the same from New Recruit's JSON and
BattleScribe's XML (issue 38.18: `/tournament list show` lists them as BCP and New Recruit do)."""

from __future__ import annotations

import pytest

from rules.wh40k.roster import parse_roster
from tests import rosters


def tree_with_an_enhancement() -> dict:
    tree = rosters.roster_tree(points=1000)
    seer = tree["roster"]["forces"][0]["selections"][3]
    seer["costs"] = [{"name": "pts", "value": 60}]
    crown = {"name": "Ember Crown", "type": "upgrade", "number": 1, "group": "Enhancements"}
    veil = {"name": "Veil", "type": "upgrade", "number": 1, "categories": [{"name": "Enhancement"}]}
    seer["selections"][0]["selections"] += [
        {**crown, "costs": [{"name": "pts", "value": 15}]},
        {**veil, "costs": [{"name": "pts", "value": 10}]},
    ]
    return tree


@pytest.mark.parametrize("write", [rosters.as_json, rosters.as_ros])
def test_unit_points_sum_every_selection_and_enhancements_are_named(write) -> None:  # type: ignore[no-untyped-def]
    units = {u.name: u for u in parse_roster(write(tree_with_an_enhancement()), "list").units}
    # The seer: 60 for the unit, 15 and 10 for its two Enhancements.
    assert (units["Lantern Seer"].points, units["Lantern Seer"].enhancements) == (85, ("Ember Crown", "Veil"))
    assert (units["Gravel Hulk"].points, units["Gravel Hulk"].enhancements) == (210, ())
    assert units["Ash Wardens"].weapon_labels()[-1] == "Ember carbine x9"


def test_a_unit_without_costs_has_no_points() -> None:
    units = parse_roster(rosters.as_json(rosters.roster_tree()), "list").units
    assert next(u for u in units if u.name == "Lantern Seer").points is None

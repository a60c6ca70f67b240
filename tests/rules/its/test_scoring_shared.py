"""Claims both players draw from (issue 25.8): the two sheets never hold more than the table does."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from rules.errors import RuleError
from rules.its.content import load_scenarios
from rules.its.match import Match
from rules.its.scenario import Scenario
from rules.its.scoring import (
    ScoreSheet,
    SheetSide,
    Side,
    apply,
    best_case,
    check_claims,
    new_sheet,
    score,
    score_sheet,
)

LIBRARY = load_scenarios()


def _fill(scenario: Scenario, sheet: ScoreSheet, side: Side, entries: dict[str, object]) -> ScoreSheet:
    for entry_id, value in entries.items():
        sheet = apply(scenario, sheet, side, entry_id, value)
    return sheet


def test_acquisition_both_sides_holding_the_coffin_and_the_antennas_is_flagged() -> None:
    """The issue's 9-9: one Tech-Coffin and two antennas cannot all belong to both players."""
    acquisition = LIBRARY.get("acquisition")
    claims = {"tech_coffin": True, "antennas_activated": 2, "antennas_controlled": 2}
    sheet = new_sheet(acquisition, 300)
    sheet = _fill(acquisition, sheet, Side.A, claims)
    sheet = _fill(acquisition, sheet, Side.B, claims)
    result = score_sheet(acquisition, sheet)
    assert (result.total_a, result.total_b) == (9, 9)
    assert {c.label for c in result.conflicts} == {
        "the Tech-Coffin",
        "the Communication Antennas Activated",
        "the Communication Antennas Controlled",
    }
    coffin = next(c for c in result.conflicts if c.label == "the Tech-Coffin")
    assert coffin.text("Ann", "Bo").startswith("Ann and Bo both claim the Tech-Coffin")
    antennas = next(c for c in result.conflicts if c.label.endswith("Activated"))
    assert "Ann claims 2 and Bo 2" in antennas.text("Ann", "Bo") and "only 2" in antennas.text()
    with pytest.raises(RuleError, match="cannot be confirmed"):
        check_claims(acquisition, sheet)


def test_acquisition_claims_that_share_the_table_pass() -> None:
    acquisition = LIBRARY.get("acquisition")
    sheet = new_sheet(acquisition, 300)
    sheet = _fill(acquisition, sheet, Side.A, {"tech_coffin": True, "antennas_activated": 1})
    sheet = _fill(acquisition, sheet, Side.B, {"antennas_activated": 1, "antennas_controlled": 2})
    assert score_sheet(acquisition, sheet).conflicts == []
    check_claims(acquisition, sheet)


def test_quadrant_control_both_dominating_every_quadrant_is_flagged_per_round() -> None:
    """The issue's 6-6: four Quadrants each round, each Dominated by one player at most."""
    qc = LIBRARY.get("quadrant-control")
    sheet = new_sheet(qc, 300)
    sheet = apply(qc, sheet, Side.A, "quadrants_each_round", [4, 4, 4])
    sheet = apply(qc, sheet, Side.B, "quadrants_each_round", [4, 4, 4])
    result = score_sheet(qc, sheet)
    assert (result.total_a, result.total_b) == (3, 3)
    assert [c.round for c in result.conflicts] == [1, 2, 3]
    assert (
        result.conflicts[0].text().startswith("Round 1: Side A claims 4 and Side B 4 of the four Quadrants")
    )
    one_round = apply(qc, sheet, Side.B, "quadrants_each_round", [0, 0, 1])
    assert [c.round for c in score_sheet(qc, one_round).conflicts] == [3]
    shared_table = apply(qc, sheet, Side.A, "quadrants_each_round", [2, 3, 1])
    shared_table = apply(qc, shared_table, Side.B, "quadrants_each_round", [2, 1, 3])
    assert score_sheet(qc, shared_table).conflicts == []


def test_frontline_sector_nearest_one_player_is_the_farthest_from_the_other() -> None:
    frontline = LIBRARY.get("frontline")
    sheet = new_sheet(frontline, 300)
    both_near = _fill(frontline, sheet, Side.A, {"nearest_sector": True})
    both_near = _fill(frontline, both_near, Side.B, {"nearest_sector": True})
    assert score_sheet(frontline, both_near).conflicts == []
    clash = _fill(frontline, sheet, Side.A, {"nearest_sector": True})
    clash = _fill(frontline, clash, Side.B, {"farthest_sector": True})
    assert [c.label for c in score_sheet(frontline, clash).conflicts] == [
        "the Sector nearest one player (the farthest from the other)"
    ]
    other_way = _fill(frontline, sheet, Side.B, {"nearest_sector": True})
    other_way = _fill(frontline, other_way, Side.A, {"farthest_sector": True})
    assert len(score_sheet(frontline, other_way).conflicts) == 1


def test_cryogenics_counts_only_the_dominated_option() -> None:
    cryo = LIBRARY.get("cryogenics")
    sheet = new_sheet(cryo, 300)
    sheet = apply(cryo, sheet, Side.A, "hvt_quadrants", {"dominate": 2})
    threatened = apply(cryo, sheet, Side.B, "hvt_quadrants", {"threaten": 2})
    assert score_sheet(cryo, threatened).conflicts == []
    dominated = apply(cryo, sheet, Side.B, "hvt_quadrants", {"dominate": 1})
    assert [c.label for c in score_sheet(cryo, dominated).conflicts] == ["the Quadrants with an HVT"]


@pytest.mark.parametrize("scenario_id", LIBRARY.ids())
def test_every_shared_pool_refuses_both_sides_claiming_everything(scenario_id: str) -> None:
    """For all 25 scenarios: one side's best sheet is possible; both sides' best sheets are not,
    wherever the scenario shares something on the table."""
    scenario = LIBRARY.get(scenario_id)
    for tier in scenario.tier_list:
        best = best_case(scenario, tier)
        assert score(scenario, tier, best, SheetSide()).conflicts == []
        assert score(scenario, tier, SheetSide(), best).conflicts == []
        both = score(scenario, tier, best, best)
        assert {c.label for c in both.conflicts} == {p.label for p in scenario.shared}


def test_scenarios_where_a_thing_belongs_to_one_player_say_so() -> None:
    shared = {s: {p.label for p in LIBRARY.get(s).shared} for s in LIBRARY.ids()}
    for scenario_id in ("acquisition", "uplink-center", "quadrant-control", "supremacy", "superiority",
                        "frontline", "battleground", "frostbyte", "panic-room", "the-armory",
                        "power-pack", "supplies", "unmasking", "cryogenics"):  # fmt: skip
        assert shared[scenario_id], scenario_id
    # Consoles both players can count as Hacked are not shared.
    assert not any("Console" in label for label in shared["supremacy"])


def test_a_pool_must_name_entries_a_player_records() -> None:
    data = LIBRARY.get("acquisition").model_dump(mode="json")
    data["shared"] = [{"label": "x", "total": 1, "entries": ["classified"]}]
    with pytest.raises(ValidationError, match="not an objective a player records"):
        Scenario.model_validate(data)
    data["shared"] = [{"label": "x", "total": 1, "entries": ["nothing"]}]
    with pytest.raises(ValidationError):
        Scenario.model_validate(data)
    qc = LIBRARY.get("quadrant-control").model_dump(mode="json")
    qc["shared"] = [{"label": "x", "total": 1, "entries": ["quadrants_each_round", "classified"]}]
    with pytest.raises(ValidationError):
        Scenario.model_validate(qc)


def test_a_match_cannot_be_confirmed_while_claims_clash() -> None:
    acquisition = LIBRARY.get("acquisition")
    sheet = new_sheet(acquisition, 300)
    sheet = apply(acquisition, sheet, Side.A, "tech_coffin", True)
    sheet = apply(acquisition, sheet, Side.B, "tech_coffin", True)
    match = Match(sheet=sheet)
    with pytest.raises(RuleError, match="both claim the Tech-Coffin"):
        match.toggle_confirmation(Side.A, acquisition)
    fixed = match.model_copy(update={"sheet": apply(acquisition, sheet, Side.B, "tech_coffin", False)})
    assert fixed.toggle_confirmation(Side.A, acquisition).confirmed == [Side.A]

"""A match a tournament's pairing seated: its sheet follows the round's scenario (issue 34.3), and
a pairing taken back closes it (issue 34.1)."""

from __future__ import annotations

import pytest

from rules.its.content import load_scenarios
from rules.its.match import Match, MatchClosed, Seat, paired_match
from rules.its.scoring import Side, new_sheet

LIBRARY = load_scenarios()
ANN, BO = Seat(user_id=1, name="Ann"), Seat(user_id=2, name="Bo")


def test_a_pairing_keeps_its_sheet_for_the_rounds_scenario_and_replaces_one_for_another() -> None:
    bare = paired_match(None, [ANN, BO], None)
    assert bare is not None and bare.sheet is None and bare.paired
    acquisition = new_sheet(LIBRARY.get("acquisition"), 300)
    scored = paired_match(bare, [ANN, BO], acquisition)
    assert scored is not None and scored.sheet == acquisition
    confirmed = scored.model_copy(update={"confirmed": [Side.A]})
    assert paired_match(confirmed, [ANN, BO], acquisition) is None  # kept, confirmation and all
    changed = paired_match(confirmed, [ANN, BO], new_sheet(LIBRARY.get("frostbyte"), 300))
    assert changed is not None and changed.sheet is not None and changed.sheet.scenario_id == "frostbyte"
    assert changed.confirmed == [] and changed.sheet_step == confirmed.sheet_step + 1


def test_a_closed_match_refuses_every_sheet_change_with_its_reason() -> None:
    scenario = LIBRARY.get("acquisition")
    match = Match(seats=[ANN, BO], sheet=new_sheet(scenario, 300), confirmed=[Side.A]).close("Void: see #2")
    with pytest.raises(MatchClosed, match="Void: see #2"):
        match.edit_entry(scenario, Side.B, "tech_coffin", True)
    with pytest.raises(MatchClosed, match="Void: see #2"):
        match.check_open()

"""The ITS cog's components stay inside Discord's limits for every shipped scenario."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cogs.its.library import load_content
from cogs.its.sheet import sheet_view
from cogs.its.sheet_forms import entry_modal, find_entry, parse_entry
from cogs.its.sheet_texts import entry_text
from rules.errors import NotFoundError, RuleError
from rules.its.content import load_scenarios
from rules.its.scoring import ControlKind, SheetSide, Side, apply, controls, new_sheet

LIBRARY = load_scenarios()
BIG_GAME, BIG_MESSAGE = 10**12, 10**19


@pytest.mark.parametrize("scenario_id", sorted(LIBRARY.ids()))
async def test_sheet_components_fit_discord_limits(scenario_id: str) -> None:
    scenario = LIBRARY.get(scenario_id)
    for tier in scenario.tier_list:
        found = controls(scenario, tier)
        view = sheet_view(
            BIG_GAME, 10**6, ("A" * 32, "B" * 32), (SheetSide(), SheetSide()), found, [], entry_text
        )
        for item in view.children:
            data = item.to_component_dict()
            assert len(data["custom_id"]) <= 100
            for option in data.get("options", []):
                assert len(option["label"]) <= 100 and len(option["value"]) <= 100
                assert len(option.get("description") or "") <= 100
        for index, control in enumerate(found):
            modal = entry_modal(
                game_id=BIG_GAME,
                side=Side.B,
                message_id=BIG_MESSAGE,
                control=control,
                index=index,
                name="N" * 32,
                value=None,
                victory_points=0,
            )
            payload = modal.to_dict()
            assert len(payload["custom_id"]) <= 100 and len(payload["title"]) <= 45
            assert 1 <= len(modal.children) <= 5
            assert find_entry(found, payload["custom_id"].rsplit(":", 1)[1]) == (index, control)


def test_parse_entry_reads_what_players_type() -> None:
    battleground = LIBRARY.get("battleground")
    choice = next(c for c in controls(battleground, 300) if c.kind is ControlKind.CHOICE)
    first_id, first_label = choice.options[0]
    assert parse_entry(choice, [first_label.upper()]) == first_id
    assert parse_entry(choice, ["1"]) == first_id
    assert parse_entry(choice, ["none"]) is None
    with pytest.raises(RuleError, match="type one of"):
        parse_entry(choice, ["banana"])
    toggle = next(c for c in controls(battleground, 300) if c.kind is ControlKind.TOGGLE)
    assert parse_entry(toggle, ["Y"]) is True and parse_entry(toggle, [""]) is False
    quadrant = LIBRARY.get("quadrant-control")
    rounds = next(c for c in controls(quadrant, 300) if c.kind is ControlKind.ROUND_COUNTERS)
    assert parse_entry(rounds, ["1", "", "3"]) == [1, 0, 3]
    with pytest.raises(RuleError, match="whole number"):
        parse_entry(rounds, ["-1", "0", "0"])
    vp = controls(quadrant, 300)[-1]
    assert parse_entry(vp, ["212 pts"]) == 212


@settings(max_examples=400, deadline=None)
@given(st.data())
def test_any_typed_text_is_saved_or_refused_with_a_rule_error(data: st.DataObject) -> None:
    scenario = data.draw(st.sampled_from(list(LIBRARY)))
    tier = data.draw(st.sampled_from(scenario.tier_list))
    control = data.draw(st.sampled_from(controls(scenario, tier)))
    texts = data.draw(st.lists(st.text(max_size=12), min_size=0, max_size=5))
    sheet = new_sheet(scenario, tier)
    with contextlib.suppress(RuleError):
        apply(scenario, sheet, Side.A, control.entry_id, parse_entry(control, texts))


CONTENT = load_content()


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=120))
def test_lookups_never_raise_anything_but_not_found(text: str) -> None:
    for choices in (CONTENT.scenario_choices(text), CONTENT.rule_choices(text), CONTENT.card_choices(text)):
        assert len(choices) <= 25
        assert all(len(label) <= 100 and len(value) <= 100 for label, value in choices)
    for find in (CONTENT.scenario, CONTENT.rule, CONTENT.card):
        with contextlib.suppress(NotFoundError):
            find(text)
    for suggest in (CONTENT.suggest_scenarios, CONTENT.suggest_rules, CONTENT.suggest_cards):
        assert len(suggest(text)) <= 3

"""The offline driver's forms with radio groups, checkbox groups and checkboxes (discord.py 2.7's
components inside a Label): refused as Discord refuses them, when sent and when submitted."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot.offline import Modal, OfflineError, _choice_answer, check_modal
from bot.views import form_values


def _form(*components: discord.ui.Item[Any]) -> dict[str, Any]:
    modal = discord.ui.Modal(title="Ballot", custom_id="test:ballot")
    for item in components:
        modal.add_item(item)
    return modal.to_dict()


def _radio(n: int) -> discord.ui.Label[Any]:
    options = [discord.RadioGroupOption(label=f"Choice {i}", value=f"c{i}") for i in range(n)]
    return discord.ui.Label(text="Pick", component=discord.ui.RadioGroup(custom_id="pick", options=options))


def _boxes(n: int, low: int, high: int) -> discord.ui.Label[Any]:
    options = [discord.CheckboxGroupOption(label=f"Item {i}", value=f"i{i}") for i in range(n)]
    group = discord.ui.CheckboxGroup(custom_id="ticks", options=options, min_values=low, max_values=high)
    return discord.ui.Label(text="Tick", component=group)


def test_a_legal_form_passes_and_bad_ones_are_refused() -> None:
    check = discord.ui.Label(text="Bad game?", component=discord.ui.Checkbox(custom_id="bad"))
    check_modal(_form(_radio(3), _boxes(4, 0, 4), check))
    with pytest.raises(Exception, match="2 to 10 options"):
        check_modal(_form(_radio(1)))
    with pytest.raises(Exception, match="min_values 0 / max_values 5"):
        check_modal(_form(_boxes(4, 0, 5)))
    raw = _form(_radio(3))
    raw["components"] = [raw["components"][0]["component"]]  # outside its Label
    with pytest.raises(Exception, match="inside a Label"):
        check_modal(raw)


def test_submitting_checks_the_choices_like_discord() -> None:
    radio = _form(_radio(3))["components"][0]["component"]
    assert _choice_answer(radio, "c1") == {"type": 21, "custom_id": "pick", "value": "c1"}
    with pytest.raises(OfflineError, match="not 'c9'"):
        _choice_answer(radio, "c9")
    with pytest.raises(OfflineError, match="required"):
        _choice_answer(radio, None)
    boxes = _form(_boxes(4, 0, 2))["components"][0]["component"]
    assert _choice_answer(boxes, ["i0", "i3"])["values"] == ["i0", "i3"]
    with pytest.raises(OfflineError, match="0 to 2 boxes, not 3"):
        _choice_answer(boxes, ["i0", "i1", "i2"])
    with pytest.raises(OfflineError, match="once each"):
        _choice_answer(boxes, ["i0", "i0"])


def test_the_fields_and_the_values_a_handler_reads() -> None:
    check = discord.ui.Label(text="Bad game?", component=discord.ui.Checkbox(custom_id="bad"))
    raw = _form(_radio(3), _boxes(4, 0, 4), check)
    modal = Modal("test:ballot", "Ballot", raw["components"], 1, user=None)  # type: ignore[arg-type]
    assert [(f["custom_id"], f["label"]) for f in modal.fields] == [
        ("pick", "Pick"),
        ("ticks", "Tick"),
        ("bad", "Bad game?"),
    ]
    submitted = {
        "components": [
            {"type": 18, "component": _choice_answer(raw["components"][0]["component"], "c2")},
            {"type": 18, "component": _choice_answer(raw["components"][1]["component"], ["i1", "i2"])},
            {"type": 18, "component": _choice_answer(raw["components"][2]["component"], True)},
        ]
    }
    assert form_values(submitted) == {"pick": "c2", "ticks": "i1\ni2", "bad": "true"}

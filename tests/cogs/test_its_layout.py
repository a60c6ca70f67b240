"""The ITS cog's shape: old games and old messages keep working, and its modules import one way."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from bot.offline import OfflineDriver
from cogs.its import ALL_ITEMS
from cogs.its.sheet import FORM_ID, STALE_FORM_ID
from cogs.its.state import ItsMatch

PACKAGE = Path(__file__).resolve().parents[2] / "cogs" / "its"

#: A game as the first version of the cog stored it.
STORED = {
    "seats": [{"user_id": 11, "name": "Ann"}, {"user_id": 12, "name": "Bo"}],
    "draw_scenario": None,
    "draw": None,
    "revealed": [],
    "sheet": {
        "schema_version": 1,
        "scenario_id": "acquisition",
        "tier": 300,
        "a": {"values": {"tech_coffin": True}, "victory_points": 120},
        "b": {"values": {}, "victory_points": 0},
    },
    "confirmed": ["b"],
    "tracker_step": 0,
    "sheet_step": 2,
}


#: Fields added since, with the value a match stored before them reads as.
ADDED = {"invited": None, "seat_step": 0, "paired": False, "closed": None}


def test_a_stored_match_reads_and_writes_the_same_fields() -> None:
    match = ItsMatch.model_validate(STORED)
    assert match.names() == ("Ann", "Bo") and match.sheet is not None
    assert match.model_dump(mode="json") == {**STORED, **ADDED}


#: Every custom id format Herald ever posted, and the item that answers it after a restart.
OLD_IDS = [
    ("its:pg:m:300:1:acquisition", "PageButton"),
    ("its:pg:r:0:0:t:pairings", "PageButton"),
    ("its:dym:c:0:its14-standard:3", "SuggestButton"),
    ("its:keep:5:0:1:0", "KeepButton"),
    ("its:intel:5:1:0", "IntelcomButton"),
    ("its:hvt:5:0:x", "SecureHvtButton"),
    ("its:hvt:5:1:2", "SecureHvtButton"),
    ("its:hvtask:5:0:2", "HvtAskButton"),
    ("its:hvtok:5:1:x", "HvtConfirmButton"),
    ("its:hvtok:5:1:0", "HvtConfirmButton"),
    ("its:hvtback:5:0", "HvtBackButton"),
    ("its:cm:5:t3:a:0", "CountermeasuresButton"),
    ("its:cm:5:17:e:0", "CountermeasuresButton"),  # before tracker steps
    ("its:cm:5:t0:p:1", "CountermeasuresButton"),  # player 1 goes first
    ("its:ed:5:s2:a", "SheetSelect"),
    ("its:ed:5:9:b", "SheetSelect"),  # before sheet steps
    ("its:ok:5:s2:b", "ConfirmButton"),
    ("its:ok:5:9:a", "ConfirmButton"),
    ("its:end:5", "EndButton"),
    ("its:seat:5:1:y", "SeatButton"),
    ("its:seat:5:2:n", "SeatButton"),
    ("its:fix:5:a:1234:tech_coffin", "FixButton"),
    ("its:fix:5:b:1234:#3", "FixButton"),
    ("its:endyes:5:0", "AgreeButton"),
    ("its:endno:5:1", "DeclineButton"),
]


@pytest.mark.parametrize(("custom_id", "item"), OLD_IDS)
def test_every_old_custom_id_is_still_answered(custom_id: str, item: str) -> None:
    answering = [
        cls.__name__ for cls in ALL_ITEMS if cls.__discord_ui_compiled_template__.fullmatch(custom_id)
    ]
    assert answering == [item]


def test_the_entry_form_ids_are_still_answered() -> None:
    assert re.fullmatch(FORM_ID, "its:sm:5:a:1234:tech_coffin")
    assert re.fullmatch(FORM_ID, "its:sm:5:b:1234:#3")
    assert not re.fullmatch(FORM_ID, "its:sm:5:c:1234:x") and re.fullmatch(STALE_FORM_ID, "its:sm:5:c")


def _imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("cogs.its"):
            found.add(node.module)
            found.update(f"{node.module}.{a.name}" for a in node.names)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.startswith("cogs.its"))
    modules = {f"cogs.its.{p.stem}" for p in PACKAGE.glob("*.py") if p.stem != "__init__"}
    return found & modules


GRAPH = {f"cogs.its.{p.stem}": _imports(p) for p in PACKAGE.glob("*.py") if p.stem != "__init__"}


def test_no_import_cycle_between_the_modules() -> None:
    done: set[str] = set()

    def visit(module: str, path: tuple[str, ...]) -> None:
        assert module not in path, " -> ".join([*path, module])
        if module in done:
            return
        for imported in GRAPH.get(module, set()):
            visit(imported, (*path, module))
        done.add(module)

    for module in GRAPH:
        visit(module, ())


def test_only_the_package_imports_the_command_declarations() -> None:
    assert [m for m, imported in GRAPH.items() if "cogs.its.commands" in imported] == []


@pytest.mark.parametrize("path", sorted(PACKAGE.glob("*.py")), ids=lambda p: p.name)
def test_no_module_is_long(path: Path) -> None:
    assert len(path.read_text(encoding="utf-8").splitlines()) <= 500


async def test_a_private_note_stays_on_the_hand_when_a_card_is_kept(driver: OfflineDriver) -> None:
    await driver.command("/its classified draw mission:Supplies", user="alice")
    bob = await driver.command("/its classified draw mission:Supplies deck:its18-operations", user="bob")
    private = bob.messages[0]
    keep = next(b for b in private.buttons if b.label.startswith("Keep "))
    kept = await driver.press(private, keep.label, user="bob")
    assert kept.edited == [private]
    assert "Your deck/mode choice was not used" in private.text
    assert keep.custom_id not in [b.custom_id for b in private.buttons]  # the buttons moved on

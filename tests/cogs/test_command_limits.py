"""Every slash command stays inside Discord's limits: 25 subcommands or options per level, 100
characters per description, 8,000 characters of names, descriptions and choices per command."""

from __future__ import annotations

from typing import Any

from bot.offline import OfflineDriver

MAX_PER_LEVEL = 25
MAX_DESCRIPTION = 100
MAX_COMMAND_CHARS = 8000


def _chars(node: dict[str, Any]) -> int:
    total = len(node.get("name", "")) + len(node.get("description", ""))
    for choice in node.get("choices", []) or []:
        total += len(choice["name"]) + len(str(choice["value"]))
    return total + sum(_chars(option) for option in node.get("options", []) or [])


def _check_level(node: dict[str, Any], path: str) -> None:
    options = node.get("options", []) or []
    assert len(options) <= MAX_PER_LEVEL, (path, len(options))
    assert len(node.get("description", "")) <= MAX_DESCRIPTION, (path, node.get("description"))
    for option in options:
        _check_level(option, f"{path} {option['name']}")


async def test_every_command_fits_discords_limits(driver: OfflineDriver) -> None:
    tree = driver.bot.tree
    sizes = {}
    for command in tree.get_commands():
        declared = command.to_dict(tree)
        _check_level(declared, f"/{command.name}")
        sizes[command.name] = _chars(declared)
        assert sizes[command.name] <= MAX_COMMAND_CHARS, (command.name, sizes[command.name])
    tournament = tree.get_command("tournament").to_dict(tree)
    names = {o["name"] for o in tournament["options"]}
    assert {"list", "checkin", "top"} <= names

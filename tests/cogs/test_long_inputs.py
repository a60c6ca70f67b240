"""Every string option of every command, filled with 6,000 characters (issue 16, item 2).

The offline driver refuses any message Discord would refuse for its size (bot/offline.py
``check_limits``), as Discord does with a 400; the bot then reports an incident. So a command
whose reply does not fit shows up here as an unanswered interaction or an incident.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.offline import Attachment, Channel, OfflineDriver, OfflineError

LONG = 6000


def _value(param: app_commands.Parameter, driver: OfflineDriver) -> Any:
    if param.choices:
        return param.choices[0].value
    kind = param.type
    if kind is discord.AppCommandOptionType.string:
        return "a" * min(LONG, int(param.max_value or LONG))
    if kind is discord.AppCommandOptionType.integer:
        low = int(param.min_value) if param.min_value is not None else 1
        return max(low, min(1, int(param.max_value) if param.max_value is not None else 1))
    if kind is discord.AppCommandOptionType.number:
        return float(param.min_value if param.min_value is not None else 1)
    if kind is discord.AppCommandOptionType.boolean:
        return False
    if kind in (discord.AppCommandOptionType.user, discord.AppCommandOptionType.mentionable):
        return driver.user("bob")
    if kind is discord.AppCommandOptionType.channel:
        return driver.add_channel("elsewhere")
    if kind is discord.AppCommandOptionType.attachment:
        return Attachment("long.json", b"{}")
    raise AssertionError(f"no test value for {kind}")


async def _prepare(driver: OfflineDriver, group: str) -> Channel:
    channel = driver.add_channel(f"long-{group}")
    if group == "si":
        await driver.command("/si boss start boss:elder_leviathan", channel=channel)
        await driver.command("/si squad add name:Kai wounds:3", channel=channel)
        await driver.command("/si vehicle add name:Tank sp:3 dmg:5", channel=channel)
    elif group == "its":
        await driver.command("/its classified draw mission:Frontline", channel=channel)
    return channel


def _order(command: app_commands.Command[Any, ..., Any]) -> tuple[int, str]:
    last = command.name in {"end", "undo", "remove", "delete", "finish"}
    return (1 if last else 0, command.qualified_name)


async def test_every_string_option_at_6000_characters_gets_a_reply_that_fits(driver: OfflineDriver) -> None:
    commands = sorted(
        (c for c in driver.bot.tree.walk_commands() if isinstance(c, app_commands.Command)), key=_order
    )
    channels: dict[str, Channel] = {}
    failures: list[str] = []
    tried = 0
    for command in commands:
        strings = [p for p in command.parameters if p.type is discord.AppCommandOptionType.string]
        if not strings:
            continue
        group = command.qualified_name.split()[0]
        if group not in channels:
            channels[group] = await _prepare(driver, group)
        options = {p.display_name: _value(p, driver) for p in command.parameters}
        try:
            reply = await driver.command(command.qualified_name, channel=channels[group], **options)
        except OfflineError as error:
            failures.append(f"/{command.qualified_name}: the driver refused the input: {error}")
            continue
        tried += 1
        if not reply.answered:
            failures.append(f"/{command.qualified_name}: no answer")
        elif "Incident `" in reply.text:
            failures.append(f"/{command.qualified_name}: incident: {reply.text[:200]}")
    assert tried >= 10
    assert not failures, "\n".join(failures)


async def test_echoed_input_is_shortened_where_it_is_quoted(driver: OfflineDriver) -> None:
    boss = await driver.command("/si boss start boss:" + "b" * 3000)
    assert boss.message.ephemeral and len(boss.text) < 300 and "b…" in boss.text
    mission = await driver.command("/its mission name:" + "q" * 3000)
    assert mission.message.ephemeral and len(mission.text) < 300


def test_the_driver_refuses_what_discord_refuses() -> None:
    import pytest

    from bot.offline import check_limits

    check_limits({"content": "x" * 2000, "embeds": [{"description": "d" * 4096}]})
    for too_big in (
        {"content": "x" * 2001},
        {"embeds": [{"title": "t" * 257}]},
        {"embeds": [{"description": "d" * 4000}, {"description": "d" * 2001}]},
        {"embeds": [{"fields": [{"name": "n", "value": "v" * 1025}]}]},
        {"components": [{"type": 1, "components": [{"type": 2, "label": "l" * 81, "custom_id": "x"}]}]},
    ):
        with pytest.raises(discord.HTTPException):
            check_limits(too_big)

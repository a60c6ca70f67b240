"""/roll and /help as a player sees them, through real interactions."""

from __future__ import annotations

import logging

import pytest
from discord import app_commands

from bot.offline import OfflineDriver, OfflineError


async def test_roll_shows_every_die_the_label_and_the_total(driver: OfflineDriver) -> None:
    reply = await driver.command("/roll expression:4d6kh3 label:fireball", user="alice")
    message = reply.message
    assert not message.ephemeral
    embed = message.embed
    assert embed.title == "🎲 fireball"
    assert embed.author.name == "Alice"
    assert embed.description.startswith("4d6kh3 (") and "~~" in embed.description  # the dropped die
    total = int(embed.fields[0].value.strip("*"))
    assert embed.fields[0].name == "Total" and 3 <= total <= 18
    assert f"`{total}`" in embed.description


async def test_success_pool_shows_the_count(driver: OfflineDriver) -> None:
    embed = (await driver.command("/roll expression:10d6>=4")).message.embed
    assert embed.fields[0].name == "Successes"
    assert "successes" in embed.description


async def test_private_roll_is_ephemeral_and_unseen_by_others(driver: OfflineDriver) -> None:
    reply = await driver.command("/roll expression:2d6 private:true", user="alice")
    assert reply.message.ephemeral
    assert reply.message not in driver.history(user=driver.user("bob"))
    assert reply.message in driver.history(user=driver.user("alice"))


@pytest.mark.parametrize(
    ("expression", "needle"),
    [
        ("4d6k", "column 4"),
        ("1001d6", "more than 1000 dice"),
        ("1d0", "0-sided"),
        ("9" * 201, "limit is 200"),
    ],
)
async def test_bad_expressions_get_an_ephemeral_explanation(
    driver: OfflineDriver, expression: str, needle: str
) -> None:
    message = (await driver.command("roll", expression=expression)).message
    assert message.ephemeral
    assert needle in message.text
    assert "Traceback" not in message.text


async def test_help_lists_every_command_from_the_tree(driver: OfflineDriver) -> None:
    message = (await driver.command("/help")).message
    assert message.ephemeral
    for command in driver.bot.tree.walk_commands():
        if not isinstance(command, app_commands.Group):
            assert f"`/{command.qualified_name}`" in message.text
    assert len(message.text) < 6000  # Discord's limit for one message's embeds


async def test_unexpected_errors_show_only_an_incident_id(driver: OfflineDriver, caplog, monkeypatch) -> None:
    def explode(*args, **kwargs):
        raise KeyError("secret internals")

    import sys

    monkeypatch.setattr(sys.modules["cogs.dice"], "roll_all", explode)
    with caplog.at_level(logging.ERROR, logger="herald.errors"):
        message = (await driver.command("/roll expression:2d6")).message
    assert message.ephemeral
    assert "Incident `" in message.text
    assert "secret internals" not in message.text and "KeyError" not in message.text
    incident = message.text.split("`")[1]
    assert any(incident in record.getMessage() for record in caplog.records)


async def test_two_players_rolling_at_once(driver: OfflineDriver) -> None:
    import asyncio

    replies = await asyncio.gather(*(driver.command("/roll expression:1d20", user=n) for n in ("ann", "ben")))
    assert {r.message.embed.author.name for r in replies} == {"Ann", "Ben"}


async def test_the_driver_refuses_what_discord_would(driver: OfflineDriver) -> None:
    with pytest.raises(OfflineError, match="no option"):
        await driver.command("/roll expresion:2d6")
    with pytest.raises(OfflineError, match="needs expression"):
        await driver.command("/roll")
    with pytest.raises(OfflineError, match="true or false"):
        await driver.command("/roll expression:2d6 private:maybe")


# --- no roll stalls the bot (issue 16, item 1) ---------------------------------------------------

HOSTILE = "1000d6" + "kh999" * 38


async def test_the_hostile_keep_chain_is_refused_privately(driver: OfflineDriver) -> None:
    message = (await driver.command("roll", expression=HOSTILE)).message
    assert message.ephemeral
    assert "too much work" in message.text


async def test_rolls_run_off_the_event_loop(driver: OfflineDriver, monkeypatch) -> None:
    import sys
    import threading

    module = sys.modules["cogs.dice"]
    real = module.roll_all
    threads: list[threading.Thread] = []

    def spy(*args, **kwargs):
        threads.append(threading.current_thread())
        return real(*args, **kwargs)

    monkeypatch.setattr(module, "roll_all", spy)
    await driver.command("/roll expression:2d6")
    assert threads and threads[0] is not threading.main_thread()


async def test_a_roll_elsewhere_is_answered_while_a_heavy_one_runs(driver: OfflineDriver) -> None:
    import asyncio

    from rules.dice import MAX_WORK, roll

    other = driver.add_channel("other")
    heavy, light = await asyncio.gather(
        driver.command("roll", expression="1000d6" + "kh999" * 10, user="ann"),
        driver.command("/roll expression:2d6", user="ben", channel=other),
    )
    assert light.message.embed.fields[0].name == "Total"
    assert heavy.message.embed.fields[0].name == "Total"
    # The heavy roll's work is bounded, so the thread it runs on holds the interpreter briefly.
    import random

    assert roll("1000d6" + "kh999" * 10, random.Random(0)).work <= MAX_WORK

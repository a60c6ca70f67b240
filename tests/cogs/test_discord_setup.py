"""Discord set-up: the invite's permissions, and saying which one is missing where (issue 25.16)."""

from __future__ import annotations

import logging
import re
from pathlib import Path

import discord
import pytest

from bot.offline import INVITE_PERMISSIONS, OfflineDriver
from bot.permissions import NEEDED

README = Path(__file__).resolve().parents[2] / "README.md"


def test_readme_invites_with_every_permission_herald_needs() -> None:
    """README's invite list, Herald's own list and the driver's default permissions agree, and
    include Create Public Threads, without which /tournament pair opens no game thread."""
    step = README.read_text().split("OAuth2 → URL Generator", 1)[1].split("\n4. ", 1)[0]
    invited = set(re.findall(r"\*\*([A-Z][A-Za-z ]+)\*\*", step))
    assert invited == {name for name, _ in NEEDED.values()}
    assert "Create Public Threads" in invited
    assert discord.Permissions(**dict.fromkeys(NEEDED, True)) == INVITE_PERMISSIONS


def test_the_invite_asks_no_manage_threads() -> None:
    """Discord lets a thread's creator rename it, and Herald renames only threads it opened;
    Manage Threads would let it delete or lock anyone's threads, so nobody is asked for it."""
    step = README.read_text().split("OAuth2 → URL Generator", 1)[1].split("\n4. ", 1)[0]
    assert "**Manage Threads**" not in step and "needs no Manage Threads" in step
    assert "manage_threads" not in NEEDED and not INVITE_PERMISSIONS.manage_threads


async def test_start_up_warns_per_server_about_a_missing_permission(
    driver: OfflineDriver, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING, logger="herald"):
        await driver.ready()
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]  # the invite's permissions

    driver.set_permissions(create_public_threads=False)
    with caplog.at_level(logging.WARNING, logger="herald"):
        await driver.ready()
    warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warnings) == 1
    assert "Offline server" in warnings[0] and "everywhere: Create Public Threads" in warnings[0]
    assert "/tournament pair" in warnings[0]


async def test_joining_a_server_warns_about_a_channel_that_lacks_one(
    driver: OfflineDriver, caplog: pytest.LogCaptureFixture
) -> None:
    driver.add_channel("pairings")
    driver.add_channel("secret")
    driver.set_permissions(driver.channels["pairings"], attach_files=False, create_public_threads=False)
    driver.set_permissions(driver.channels["secret"], view_channel=False)  # hidden on purpose: no gap
    with caplog.at_level(logging.WARNING, logger="herald"):
        await driver.join_guild()
    (warning,) = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert "in #pairings: Create Public Threads, Attach Files" in warning
    assert "everywhere" not in warning and "#general" not in warning and "#secret" not in warning


async def test_help_says_what_is_missing_in_its_channel(driver: OfflineDriver) -> None:
    fine = (await driver.command("/help")).message
    assert fine.ephemeral and "lacks" not in fine.text

    driver.set_permissions(driver.channel, create_public_threads=False)
    warned = (await driver.command("/help")).message
    assert warned.ephemeral
    assert warned.text.startswith("⚠ In this channel Herald lacks Create Public Threads")
    assert "/tournament pair opens a thread per game" in warned.text
    elsewhere = (await driver.command("/help", channel=driver.add_channel("other"))).message
    assert "lacks" not in elsewhere.text


async def test_the_tournament_topic_names_the_permission_it_needs_only_when_missing(
    driver: OfflineDriver,
) -> None:
    """Issue 38.14: where Herald has every permission, the topic says nothing about them; where
    one the commands need is missing, it names it."""
    shown = await driver.command("/help topic:tournament")
    assert "[Permissions]" not in shown.text and "also needs" not in shown.text, shown.text
    driver.set_permissions(driver.channel, create_public_threads=False)
    shown = await driver.command("/help topic:tournament")
    assert "[Permissions] Herald also needs Create Public Threads" in shown.text
    assert "Manage Threads" not in shown.text  # renaming its own threads needs none
    assert "Permissions" not in (await driver.command("/help topic:roll")).message.text
    elsewhere = await driver.command("/help topic:tournament", channel=driver.add_channel("other"))
    assert "[Permissions]" not in elsewhere.text


async def test_pairing_without_the_permission_says_so(driver: OfflineDriver) -> None:
    """The game threads need Create Public Threads: without it, Discord refuses each thread and
    the pairing says why instead of failing."""
    driver.set_permissions(driver.channel, create_public_threads=False)
    await driver.command('/tournament create name:"Cup" tier:300', user="olga")
    for name, faction in (("ann", "PanOceania"), ("bo", "Ariadna"), ("cy", "Nomads"), ("di", "Tohaa")):
        await driver.command(f'/tournament join faction:"{faction}"', user=name)
    await driver.command("/tournament mission round:1 scenario:acquisition", user="olga")
    paired = await driver.command("/tournament pair", user="olga")
    assert "Incident" not in paired.text and "round 1 of 3" in paired.text
    assert "Create Public Threads" in paired.text and driver.threads() == []

"""Buttons that start or change a game follow the same rule as the game commands: where Herald keeps
no game (a DM, a group DM, another server, a server that added only Herald's commands) they are not
offered, and a press on one posted there anyway is refused before anything is stored (issue 34.6)."""

from __future__ import annotations

import dataclasses
import itertools

import pytest

from bot.offline import Channel, Message, OfflineDriver
from tests.cogs.tournament_helpers import refused

WHERE = ["dm", "private", "elsewhere", "commands_only"]
_ids = itertools.count(9_000_000_000_000_000_000)


def _copied(driver: OfflineDriver, message: Message, channel: Channel) -> Message:
    """``message`` as if Herald (an older one, that offered its buttons everywhere) had posted it
    in ``channel``."""
    copy = dataclasses.replace(message, id=next(_ids), channel_id=channel.id)
    driver.messages[copy.id] = copy
    return copy


@pytest.mark.parametrize("where", WHERE)
async def test_ba_pages_offer_no_battle_where_herald_keeps_none(driver: OfflineDriver, where: str) -> None:
    channel = driver.add_dm(f"out-{where}", where=where)
    page = (await driver.command('/ba mission name:"Deck Sweepers"', user="ann", channel=channel)).message
    assert not page.ephemeral and "Deck Sweepers" in page.text and page.buttons == []
    rolled = (await driver.command("/ba roll kind:asymmetric", user="ann", channel=channel)).message
    assert not rolled.ephemeral and "🎲" in rolled.text and rolled.buttons == []
    suggested = (await driver.command("/ba mission name:power", user="ann", channel=channel)).message
    if suggested.buttons:  # "did you mean": the mission it opens has no battle buttons either
        opened = (await driver.press(suggested, 1, user="ann")).message
        assert opened.buttons == []


@pytest.mark.parametrize("where", WHERE)
async def test_battle_buttons_are_refused_where_herald_keeps_no_game(
    driver: OfflineDriver, where: str
) -> None:
    channel = driver.add_dm(f"out-{where}", where=where)
    here = (await driver.command('/ba mission name:"Deck Sweepers"', user="ann")).message
    assert [b.label for b in here.buttons] == ["Start a battle as Attacker", "Start a battle as Defender"]
    old = _copied(driver, here, channel)
    text = refused(await driver.press(old, "Start a battle as Attacker", user="bo"), "That button")
    if where == "commands_only":
        assert "`bot` scope" in text, text
    else:
        assert "does not work" in text and "/ba mission" in text, text
    taken = (await driver.press(here, "Start a battle as Attacker", user="ann")).message
    joining = _copied(driver, taken, channel)
    refused(await driver.press(joining, "Join as Defender", user="bo"), "That button")
    assert await driver.bot.games.active_record(channel.id) is None


async def test_game_commands_in_a_server_without_heralds_bot_user_say_how_to_add_it(
    driver: OfflineDriver,
) -> None:
    channel = driver.add_dm("commands-only", where="commands_only")
    for command in (
        "/bf new",
        "/tournament create name:Cup tier:300",
        '/ba battle start mission:"Deck Sweepers" attacker:@ann defender:@bo',
    ):
        text = refused(await driver.command(command, user="ann", channel=channel), "`bot` scope")
        assert "README" in text, text
    rolled = await driver.command("/roll expression:2d6", user="ann", channel=channel)
    assert not rolled.message.ephemeral and "2d6" in rolled.text


async def test_help_blames_heralds_role_only_where_the_server_added_herald(driver: OfflineDriver) -> None:
    """Issue 34.9: where only a player's own install answers, the missing permissions are not the
    server's to grant to Herald's role; where only the commands were added, /help says how to add
    the bot."""
    elsewhere = driver.add_dm("their-server", where="elsewhere")
    driver.set_permissions(elsewhere, attach_files=False)
    shown = (await driver.command("/help", user="ann", channel=elsewhere)).message
    assert shown.ephemeral and "lacks" not in shown.text and "Herald's role" not in shown.text
    bare = driver.add_dm("no-bot", where="commands_only")
    shown = (await driver.command("/help", user="ann", channel=bare)).message
    assert shown.text.startswith("⚠ Herald was added to this server without its bot user"), shown.text
    assert "Herald's role" not in shown.text
    driver.set_permissions(driver.channel, attach_files=False)  # the server that added Herald: told
    shown = (await driver.command("/help", user="ann")).message
    assert shown.text.startswith("⚠ In this channel Herald lacks Attach Files")

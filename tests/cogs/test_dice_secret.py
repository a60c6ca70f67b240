"""Secret rolls for a game master (issue 38, item 27): `/roll ... secret:true` shows the result to
the roller and the server's game masters (a role set with `/dice gm role:`, a channel with
`/dice gm channel:`), and tells the channel only that a secret roll was made, with its label."""

from __future__ import annotations

import logging
import re

import pytest

from bot.offline import Message, OfflineDriver


def _parts(reply) -> tuple[Message, Message]:
    """The roller's private result and the channel's public notice."""
    private = [m for m in reply.messages if m.ephemeral]
    public = [m for m in reply.messages if not m.ephemeral]
    assert len(private) == 1 and len(public) == 1, reply.text
    return private[0], public[0]


def _result(message: Message) -> str:
    """The dice and total of a one-roll result (``1d20 (14) = `14` ... 14``)."""
    match = re.search(r"1d20 \(\d+\)[^`\n]* = `\d+`", message.text)
    assert match is not None, message.text
    return match.group(0)


async def test_a_secret_roll_needs_a_game_master_and_says_how_to_set_one(driver: OfflineDriver) -> None:
    reply = await driver.command("/roll expression:1d20 secret:true", user="alice")
    assert [m.ephemeral for m in reply.messages] == [True]
    assert "/dice gm role:" in reply.message.text and "/dice gm channel:" in reply.message.text
    assert not re.search(r"1d20 \(\d+\)", reply.message.text)  # nothing was rolled


async def test_only_manage_server_sets_the_game_masters(driver: OfflineDriver) -> None:
    refused = await driver.command("/dice gm role:GM", user="bob")
    assert refused.message.ephemeral and "Manage Server" in refused.message.text
    driver.user("olga", manage_guild=True)
    done = await driver.command("/dice gm role:GM", user="olga")
    assert done.message.ephemeral and "game masters" in done.message.text
    shown = await driver.command("/dice gm", user="bob")  # anyone may read who the game masters are
    assert shown.message.ephemeral and f"<@&{driver.role('GM')}>" in shown.message.text
    cleared = await driver.command("/dice gm clear:true", user="olga")
    assert "no game master" in cleared.message.text.lower()


async def test_a_secret_roll_shows_nothing_in_public_and_reveals_to_game_masters_only(
    driver: OfflineDriver, caplog: pytest.LogCaptureFixture
) -> None:
    driver.user("olga", manage_guild=True)
    await driver.command("/dice gm role:GM", user="olga")
    driver.give_role("carol", "GM")
    caplog.set_level(logging.INFO)

    reply = await driver.command("/roll expression:1d20+3 label:stealth secret:true", user="alice")
    private, public = _parts(reply)
    assert private.visible_to == driver.user("alice").id
    result = _result(private)
    assert "stealth" in public.text and "secret roll" in public.text
    assert not re.search(r"\d", public.text), public.text  # no number of the result, nor any other
    assert "Roll again" not in {b.label for b in public.buttons}

    nosy = await driver.press(public, "Reveal (game masters)", user="bob")
    assert nosy.message.ephemeral and "game master" in nosy.message.text
    assert result not in nosy.text and not re.search(r"1d20 \(\d+\)", nosy.text)

    gm = await driver.press(public, "Reveal (game masters)", user="carol")
    assert gm.message.ephemeral and gm.message.visible_to == driver.user("carol").id
    assert result in gm.message.text and "stealth" in gm.message.text and "Alice" in gm.message.text

    games = await driver.command("/games", user="alice")
    assert result not in games.text
    logged = "\n".join(r.getMessage() for r in caplog.records if r.levelno >= logging.INFO)
    assert "secret roll" in logged  # it is logged that one was made...
    assert result not in logged and "1d20+3" not in logged  # ...not what it was


async def test_a_game_master_channel_gets_the_whole_result(driver: OfflineDriver) -> None:
    driver.user("olga", manage_guild=True)
    room = driver.add_channel("gm-room")
    done = await driver.command("/dice gm channel:#gm-room", user="olga")
    assert done.message.ephemeral
    reply = await driver.command("/roll expression:1d20 # sneak secret:true", user="alice")
    private, public = _parts(reply)
    result = _result(private)
    assert "sneak" in public.text and not re.search(r"\d", public.text)
    assert not public.buttons  # no role: the channel is where game masters read it
    posted = driver.history(room)
    assert len(posted) == 1 and result in posted[0].text and "sneak" in posted[0].text
    assert posted[0].pings == set()  # nobody is pinged by it


async def test_outside_a_server_secret_just_answers_privately(driver: OfflineDriver) -> None:
    dm = driver.add_dm()
    reply = await driver.command("/roll expression:1d20 secret:true", user="alice", channel=dm)
    assert [m.ephemeral for m in reply.messages] == [True]
    _result(reply.message)
    assert "only you" in reply.message.text.lower()

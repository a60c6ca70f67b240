"""The offline driver models Discord's threads: POST /channels/{id}/threads and messages in them."""

from __future__ import annotations

import discord
import pytest

from bot.offline import OfflineDriver


async def test_a_thread_the_bot_opens_is_a_channel_with_its_own_messages(driver: OfflineDriver) -> None:
    data = await driver.bot.http.start_thread_without_message(
        driver.channel.id, name="Round 1 · Table 1", auto_archive_duration=1440, type=11
    )
    thread = driver.channels["Round 1 · Table 1"]
    assert int(data["id"]) == thread.id and thread.thread and thread.parent_id == driver.channel.id
    assert driver.threads(driver.channel) == [thread]
    await driver.bot.get_partial_messageable(thread.id).send("Good luck!")
    assert [m.content for m in driver.history(thread)] == ["Good luck!"]
    assert driver.history() == []  # nothing landed in the parent channel

    # The same name again (another tournament's table 1) is a second thread, not the first one.
    await driver.bot.http.start_thread_without_message(
        driver.channel.id, name="Round 1 · Table 1", auto_archive_duration=1440, type=11
    )
    assert len(driver.threads()) == 2


async def test_other_rest_calls_are_still_refused(driver: OfflineDriver) -> None:
    with pytest.raises(discord.HTTPException):
        await driver.bot.http.delete_channel(driver.channel.id)


@pytest.mark.loose_pings
async def test_a_message_records_whom_it_may_ping(driver: OfflineDriver) -> None:
    ann, bo = driver.user("ann"), driver.user("bo")
    channel = driver.bot.get_partial_messageable(driver.channel.id)
    await channel.send(f"{ann.mention} {bo.mention}")  # the bot's default: nobody
    await channel.send(f"{ann.mention} {bo.mention}", allowed_mentions=discord.AllowedMentions(users=[bo]))
    await channel.send(f"{ann.mention} {bo.mention}", allowed_mentions=discord.AllowedMentions(users=True))
    assert [m.pings for m in driver.history()] == [set(), {bo.id}, {ann.id, bo.id}]

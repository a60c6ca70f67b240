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


# -- Discord's thread rules and the bot's permissions ---------------------------------------------------


async def _open(driver: OfflineDriver, name: str, channel_id: int | None = None) -> dict:
    return await driver.bot.http.start_thread_without_message(
        channel_id or driver.channel.id, name=name, auto_archive_duration=1440, type=11
    )


@pytest.mark.parametrize("name", ["", "n" * 101])
async def test_a_thread_name_is_1_to_100_characters_and_never_cut(driver: OfflineDriver, name: str) -> None:
    """Start Thread without Message: name, "1-100 character channel name" (channel resource);
    Discord refuses a longer one with 400 rather than cutting it."""
    await _open(driver, "n" * 100)
    with pytest.raises(discord.HTTPException) as caught:
        await _open(driver, name)
    assert caught.value.status == 400 and "between 1 and 100" in caught.value.text
    assert [len(t.name) for t in driver.threads()] == [100]


async def test_the_bot_has_the_invite_permissions_and_no_more(driver: OfflineDriver) -> None:
    """By default the bot holds what README's invite link grants: enough to open public threads,
    not private ones."""
    perms = driver.bot_permissions(driver.channel)
    assert perms.create_public_threads and perms.send_messages_in_threads and not perms.manage_messages
    assert driver.guild.me.guild_permissions == perms
    await _open(driver, "public")
    with pytest.raises(discord.Forbidden):
        await driver.bot.http.start_thread_without_message(
            driver.channel.id, name="private", auto_archive_duration=1440, type=12
        )


async def test_without_create_public_threads_discord_refuses_the_thread(driver: OfflineDriver) -> None:
    """A thread needs CREATE_PUBLIC_THREADS in its channel (permissions topic, "Allows for creating
    public and announcement threads"); without it Discord answers 403 Forbidden, 50013 Missing
    Permissions. Taken away in one channel (an overwrite), the others still allow it."""
    other = driver.add_channel("other")
    driver.set_permissions(driver.channel, create_public_threads=False)
    with pytest.raises(discord.Forbidden) as caught:
        await _open(driver, "Round 1")
    assert caught.value.status == 403 and caught.value.code == 50013
    await _open(driver, "Round 1", other.id)
    assert driver.guild.me.guild_permissions.create_public_threads
    general = driver.guild.get_channel(driver.channel.id)
    assert general is not None and not general.permissions_for(driver.guild.me).create_public_threads

    driver.set_permissions(create_public_threads=False)  # now server-wide
    with pytest.raises(discord.Forbidden):
        await _open(driver, "Round 1", other.id)
    assert not driver.guild.me.guild_permissions.create_public_threads
    assert len(driver.threads()) == 1


async def test_a_missing_permission_reaches_interactions_as_app_permissions(driver: OfflineDriver) -> None:
    """Interactions carry "app_permissions": the bot's permissions in the channel, overwrites included
    (receiving-and-responding, Interaction Structure)."""
    seen = []

    async def look(interaction: discord.Interaction) -> None:
        seen.append(interaction.app_permissions)
        await interaction.response.send_message("looked")

    driver.bot.tree.add_command(discord.app_commands.Command(name="look", description="look", callback=look))
    driver.set_permissions(driver.channel, create_public_threads=False, attach_files=False)
    await driver.command("/look")
    await driver.command("/look", channel=driver.add_channel("other"))
    assert not seen[0].create_public_threads and not seen[0].attach_files and seen[0].send_messages
    assert seen[1].create_public_threads and seen[1].attach_files


async def test_messages_need_send_messages_and_in_threads_send_messages_in_threads(
    driver: OfflineDriver,
) -> None:
    """"users must have SEND_MESSAGES_IN_THREADS to talk in a thread" (threads topic, Permissions);
    Create Message needs SEND_MESSAGES in a channel (message resource, Limitations)."""
    data = await _open(driver, "Table 1")
    thread = driver.bot.get_partial_messageable(int(data["id"]))
    channel = driver.bot.get_partial_messageable(driver.channel.id)
    driver.set_permissions(send_messages_in_threads=False)
    await channel.send("still fine here")
    with pytest.raises(discord.Forbidden):
        await thread.send("Good luck!")
    driver.set_permissions(send_messages_in_threads=True, send_messages=False)
    await thread.send("Good luck!")
    with pytest.raises(discord.Forbidden):
        await channel.send("not here")
    assert [m.content for m in driver.history()] == ["still fine here"]


async def test_a_thread_is_renamed_as_discord_does_it(driver: OfflineDriver) -> None:
    data = await driver.bot.http.start_thread_without_message(
        driver.channel.id, name="R1 T1: Ann v Bo", auto_archive_duration=1440, type=11
    )
    thread = driver.channels["R1 T1: Ann v Bo"]
    renamed = await driver.bot.http.edit_channel(int(data["id"]), name="R1 T1: Cy v Bo")
    assert renamed["name"] == thread.name == "R1 T1: Cy v Bo" and driver.channels["R1 T1: Cy v Bo"] is thread
    with pytest.raises(discord.HTTPException):
        await driver.bot.http.edit_channel(thread.id, name="x" * 101)
    with pytest.raises(discord.HTTPException):
        await driver.bot.http.edit_channel(thread.id, name="")
    with pytest.raises(discord.NotFound):
        await driver.bot.http.edit_channel(12345, name="ghost")
    assert thread.name == "R1 T1: Cy v Bo"

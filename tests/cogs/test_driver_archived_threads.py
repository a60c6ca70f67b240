"""The offline driver archives idle threads as Discord does, and refuses to modify an archived
thread unless the same request unarchives it (channel resource, Modify Channel, Thread: "Requires
the thread to have archived set to false or be set to false in the request"; threads topic:
a thread archives after its auto_archive_duration without activity)."""

from __future__ import annotations

import discord
import pytest

from bot.offline import OfflineDriver


async def _open(driver: OfflineDriver, name: str, *, minutes: int = 1440) -> int:
    data = await driver.bot.http.start_thread_without_message(
        driver.channel.id, name=name, auto_archive_duration=minutes, type=11
    )
    return int(data["id"])


async def test_a_thread_archives_after_its_duration_without_a_message(driver: OfflineDriver) -> None:
    day, hour = await _open(driver, "a day"), await _open(driver, "an hour", minutes=60)
    by_id = {c.id: c for c in driver.threads()}
    assert driver.idle(minutes=59) == []
    assert driver.idle(minutes=1) == [by_id[hour]]
    # A message resets the idle clock: 23 h pass, a message, 23 h more, and it is still open.
    driver.idle(hours=23)
    await driver.bot.get_partial_messageable(day).send("still playing")
    assert driver.idle(hours=23) == [] and not by_id[day].archived
    assert driver.idle(hours=1) == [by_id[day]]
    assert by_id[day].payload()["thread_metadata"]["archived"] is True


async def test_an_archived_thread_is_renamed_only_by_unarchiving_it_in_the_same_request(
    driver: OfflineDriver,
) -> None:
    thread_id = await _open(driver, "R1 T1: Ann v Bo")
    thread = next(c for c in driver.threads() if c.id == thread_id)
    driver.archive(thread)
    with pytest.raises(discord.HTTPException) as caught:
        await driver.bot.http.edit_channel(thread_id, name="R1 T1: Cy v Bo")
    assert caught.value.status == 400 and caught.value.code == 50083
    assert "Thread is archived" in caught.value.text
    assert thread.name == "R1 T1: Ann v Bo" and thread.archived
    renamed = await driver.bot.http.edit_channel(thread_id, name="R1 T1: Cy v Bo", archived=False)
    assert renamed["name"] == thread.name == "R1 T1: Cy v Bo"
    assert renamed["thread_metadata"]["archived"] is False and not thread.archived


async def test_a_message_in_an_archived_thread_unarchives_it(driver: OfflineDriver) -> None:
    thread_id = await _open(driver, "R1 T2")
    thread = next(c for c in driver.threads() if c.id == thread_id)
    driver.archive(thread)
    await driver.bot.get_partial_messageable(thread_id).send("back")
    assert not thread.archived


async def test_a_deleted_thread_is_unknown(driver: OfflineDriver) -> None:
    thread_id = await _open(driver, "R1 T3")
    driver.delete_channel(next(c for c in driver.threads() if c.id == thread_id))
    with pytest.raises(discord.NotFound) as caught:
        await driver.bot.http.edit_channel(thread_id, name="gone", archived=False)
    assert caught.value.code == 10003
    with pytest.raises(discord.NotFound):
        await driver.bot.get_partial_messageable(thread_id).send("anyone?")


# -- who may rename a thread (threads topic: the thread's creator, or Manage Threads) ------------


async def test_the_bot_renames_a_thread_it_created_without_manage_threads(driver: OfflineDriver) -> None:
    assert not driver.bot_permissions(driver.channel).manage_threads  # README's invite asks none
    thread_id = await _open(driver, "R1 T1: Ann v Bo")
    thread = next(c for c in driver.threads() if c.id == thread_id)
    assert thread.payload()["owner_id"] == str(driver.bot.user.id)
    await driver.bot.http.edit_channel(thread_id, name="void · R1 T1: Ann v Bo", archived=False)
    assert thread.name == "void · R1 T1: Ann v Bo"


async def test_a_thread_someone_else_created_needs_manage_threads(driver: OfflineDriver) -> None:
    theirs = driver.add_channel("ann's thread", thread=True, owner=driver.user("ann"))
    assert theirs.payload()["owner_id"] == str(driver.user("ann").id)
    with pytest.raises(discord.Forbidden) as caught:
        await driver.bot.http.edit_channel(theirs.id, name="mine now")
    assert caught.value.status == 403 and caught.value.code == 50013
    assert theirs.name == "ann's thread"
    driver.set_permissions(manage_threads=True)
    await driver.bot.http.edit_channel(theirs.id, name="renamed by a moderator's grant")
    assert theirs.name == "renamed by a moderator's grant"

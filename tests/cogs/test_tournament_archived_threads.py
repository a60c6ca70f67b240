"""Game threads archive after a day without a message, and Discord refuses to rename an archived
thread unless the same request unarchives it: /tournament swap and unpair rename threads that
archived while idle, and a rename Discord still refuses is explained by its real cause."""

from __future__ import annotations

from bot.offline import OfflineDriver
from tests.cogs.test_tournament import _setup
from tests.cogs.tournament_helpers import games, name_of, public, state, thread_of


async def test_swap_renames_game_threads_that_archived_while_idle(driver: OfflineDriver) -> None:
    await _setup(driver)
    public(await driver.command("/tournament pair", user="olga"))
    s = await state(driver)
    one, two = (await games(driver))[:2]
    thread1, thread2 = thread_of(driver, s, one, 1), thread_of(driver, s, two, 1)
    archived = driver.idle(hours=25)  # nobody wrote in the threads for a day
    assert thread1 in archived and thread2 in archived and thread1.archived

    reply = await driver.command(
        f"/tournament swap player:@{name_of(driver, one.a)} other:@{name_of(driver, two.a)}", user="olga"
    )
    public(reply)
    assert not any("kept the old name" in m.text for m in reply.messages), reply.text
    t = (await state(driver)).tournament
    assert thread1.name == f"R1 T1: {t.name_of(two.a)} v {t.name_of(one.b)}"
    assert thread2.name == f"R1 T2: {t.name_of(one.a)} v {t.name_of(two.b)}"
    assert not thread1.archived and "changed this pairing" in driver.history(thread1)[-1].text


async def test_unpair_renames_archived_threads_void(driver: OfflineDriver) -> None:
    await _setup(driver)
    public(await driver.command("/tournament pair", user="olga"))
    s = await state(driver)
    threads = [thread_of(driver, s, g, 1) for g in await games(driver)]
    names = [t.name for t in threads]
    driver.idle(hours=25)
    reply = await driver.command("/tournament unpair", user="olga")
    assert "no longer count" in public(reply).text
    assert not any(m.ephemeral for m in reply.messages), reply.text
    assert [t.name for t in threads] == [f"void · {n}" for n in names]


async def test_a_rename_discord_still_refuses_is_explained_by_its_real_cause(driver: OfflineDriver) -> None:
    await _setup(driver)
    public(await driver.command("/tournament pair", user="olga"))
    s = await state(driver)
    gone = thread_of(driver, s, (await games(driver))[0], 1)
    driver.delete_channel(gone)  # a moderator deleted one game's thread
    reply = await driver.command("/tournament unpair", user="olga")
    assert "no longer count" in public(reply).text
    (note,) = [m for m in reply.messages if m.ephemeral]
    assert "1 thread kept the old name" in note.text and "deleted" in note.text, note.text
    assert "Manage Threads" not in note.text

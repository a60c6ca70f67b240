"""Threads of a pairing that was taken back are void: renamed, told so, and their sheet refuses
with a link to the live thread (issue 34.1)."""

from __future__ import annotations

import asyncio

from bot.offline import OfflineDriver
from cogs.its.state import ItsMatch
from tests.cogs.test_tournament import _setup
from tests.cogs.tournament_helpers import games, name_of, public, refused, state, thread_of


async def _closed(driver: OfflineDriver, thread_id: int) -> ItsMatch:
    for _ in range(200):
        found = await driver.bot.games.find(thread_id, ItsMatch, "its_match")
        if found is not None and found.state.closed:
            return found.state
        await asyncio.sleep(0.01)
    raise AssertionError("the void thread's match was never closed")


async def test_a_sheet_in_a_thread_of_a_taken_back_pairing_refuses_and_links_the_live_thread(
    driver: OfflineDriver,
) -> None:
    await _setup(driver)
    public(await driver.command("/tournament pair", user="olga"))
    s = await state(driver)
    g = (await games(driver))[0]
    a, b = name_of(driver, g.a), name_of(driver, g.b)
    old = thread_of(driver, s, g, 1)
    old_name = old.name
    sheet = public(await driver.press(driver.history(old)[0], "Open the score sheet", user=a))
    await driver.press(sheet, f"{a.title()}: confirm", user=a)

    undone = public(await driver.command("/tournament unpair", user="olga"))
    assert "no longer count" in undone.text
    assert old.name == f"void · {old_name}"
    notice = driver.history(old)[-1]
    assert "no longer counts" in notice.text and "took back round 1" in notice.text
    assert notice.pings == {int(g.a), int(g.b)}

    public(await driver.command("/tournament mission round:1 scenario:frontline", user="olga"))
    public(await driver.command("/tournament pair", user="olga"))
    s = await state(driver)
    live = next(
        t.thread_id for t in s.threads if t.round == 1 and t.table == s.tournament.current.game_of(g.b).table
    )
    assert live != old.id
    told = driver.history(old)[-1]
    assert "paired again" in told.text and f"<#{live}>" in told.text
    await _closed(driver, old.id)

    # The opponent confirms the old sheet: refused, with the live thread, and nothing recorded.
    why = refused(await driver.press(sheet, f"{b.title()}: confirm", user=b), "no longer counts")
    assert f"<#{live}>" in why
    assert all(game.result is None for game in (await state(driver)).tournament.current.games)
    missing = public(await driver.command("/tournament missing", user="olga"))
    assert driver.user(b).mention in missing.text or name_of(driver, g.b).title() in missing.text
    # /its score there refuses the same way, instead of starting a sheet that counts for nothing.
    refused(await driver.command("/its score", user=a, channel=old), "no longer counts", f"<#{live}>")


async def test_without_manage_threads_a_void_thread_is_still_renamed_and_told(
    driver: OfflineDriver,
) -> None:
    """Discord lets a thread's creator rename it, and Herald opened every game thread: the
    invite asks no Manage Threads, and even a server that took it away sees the void threads
    renamed, told, and their sheets closed, with nothing for the organiser to fix."""
    await _setup(driver)
    public(await driver.command("/tournament pair", user="olga"))
    s = await state(driver)
    g = (await games(driver))[0]
    old = thread_of(driver, s, g, 1)
    name = old.name
    driver.set_permissions(manage_threads=False)
    reply = await driver.command("/tournament unpair", user="olga")
    assert "no longer count" in public(reply).text
    assert not [m for m in reply.messages if m.ephemeral], reply.text
    assert old.name == f"void · {name}" and "no longer counts" in driver.history(old)[-1].text
    await _closed(driver, old.id)

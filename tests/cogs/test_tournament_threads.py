"""A pairing's thread opens the ITS score sheet with both players seated (issue 25.11)."""

from __future__ import annotations

import asyncio

from bot.offline import Channel, OfflineDriver
from cogs.its.state import ItsMatch
from tests.cogs.test_its_score import _set
from tests.cogs.test_tournament import _setup
from tests.cogs.tournament_helpers import games, name_of, public, refused, state, thread_of


async def _seated(driver: OfflineDriver, thread: Channel) -> ItsMatch:
    for _ in range(200):
        found = await driver.bot.games.find(thread.id, ItsMatch, "its_match")
        if found is not None:
            return found.state
        await asyncio.sleep(0.01)
    raise AssertionError("the thread's ITS match was never seated")


async def test_the_thread_button_opens_the_sheet_with_both_players_seated(driver: OfflineDriver) -> None:
    await _setup(driver)
    public(await driver.command("/tournament pair", user="olga"))
    s = await state(driver)
    g = (await games(driver))[0]
    a, b = name_of(driver, g.a), name_of(driver, g.b)
    thread = thread_of(driver, s, g, 1)
    opening = driver.history(thread)[0]
    assert "/its score mission:" not in opening.text and "Acquisition" in opening.text
    assert [button.label for button in opening.buttons] == ["Open the score sheet"]
    assert opening.pings == {int(g.a), int(g.b)}
    match = await _seated(driver, thread)
    assert [seat.user_id for seat in match.seats] == [int(g.a), int(g.b)] and match.invited is None
    assert (
        match.sheet is not None and match.sheet.scenario_id == "acquisition" and int(match.sheet.tier) == 300
    )

    refused(await driver.press(opening, "Open the score sheet", user="zed"), "only they can take part")
    await driver.restart()
    opened = await driver.press(opening, "Open the score sheet", user=b)
    sheet = public(opened)
    assert "Score sheet · Acquisition · 300 pts" in sheet.text
    assert not any("named you as their opponent" in m.text for m in opened.messages)  # no invitation
    await _set(driver, sheet, "a", "tech_coffin", "yes", user=a)
    await driver.press(sheet, f"{a.title()}: confirm", user=a)
    await driver.press(sheet, f"{b.title()}: confirm", user=b)
    for _ in range(200):
        played = (await state(driver)).tournament.current.game_of(g.a)
        if played is not None and played.result is not None:
            break
        await asyncio.sleep(0.01)
    assert played is not None and played.result is not None
    assert (played.result.op_a, played.result.op_b) == (3, 0)

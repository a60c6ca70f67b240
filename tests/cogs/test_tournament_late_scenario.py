"""A scenario set after the round was paired reaches its threads: the sheet is seated and its
button posted (issue 34.3)."""

from __future__ import annotations

import asyncio

from bot.offline import OfflineDriver
from tests.cogs.test_its_score import _set
from tests.cogs.tournament_helpers import PLAYERS, games, name_of, public, refused, state, thread_of


async def _paired_without_scenario(driver: OfflineDriver) -> None:
    public(await driver.command('/tournament create name:"Store Cup" tier:300', user="olga"))
    for name in PLAYERS[:4]:
        public(await driver.command("/tournament join faction:Nomads", user=name))
    reply = await driver.command("/tournament pair", user="olga")
    asked = reply.message
    if asked.ephemeral and asked.buttons:  # pairing with no scenario set asks first
        reply = await driver.press(asked, "Pair without a scenario", user="olga")
    assert "Incident" not in reply.text, reply.text


async def test_setting_the_scenario_after_pairing_posts_the_sheet_in_each_thread(
    driver: OfflineDriver,
) -> None:
    await _paired_without_scenario(driver)
    s = await state(driver)
    g = (await games(driver))[0]
    a, b = name_of(driver, g.a), name_of(driver, g.b)
    thread = thread_of(driver, s, g, 1)
    assert not driver.history(thread)[0].buttons
    refused(await driver.command("/its score", user=a, channel=thread), "mission:")

    public(await driver.command("/tournament mission round:1 scenario:acquisition", user="olga"))
    posted = driver.history(thread)[-1]
    assert "Acquisition" in posted.text and "set this round's scenario" in posted.text
    assert [button.label for button in posted.buttons] == ["Open the score sheet"]
    assert posted.pings == {int(g.a), int(g.b)}
    sheet = public(await driver.command("/its score", user=a, channel=thread))
    assert "Score sheet · Acquisition · 300 pts" in sheet.text
    await _set(driver, sheet, "a", "tech_coffin", "yes", user=a)
    await driver.press(sheet, f"{a.title()}: confirm", user=a)
    await driver.press(sheet, f"{b.title()}: confirm", user=b)
    for _ in range(200):
        played = (await state(driver)).tournament.current.game_of(g.a)
        if played is not None and played.result is not None:
            break
        await asyncio.sleep(0.01)
    assert played is not None and played.result is not None and played.result.op_a == 3


async def test_changing_a_paired_rounds_scenario_replaces_the_threads_sheet(driver: OfflineDriver) -> None:
    await _paired_without_scenario(driver)
    public(await driver.command("/tournament mission round:1 scenario:acquisition", user="olga"))
    s = await state(driver)
    g = (await games(driver))[0]
    a = name_of(driver, g.a)
    thread = thread_of(driver, s, g, 1)
    public(await driver.command("/tournament mission round:1 scenario:frostbyte", user="olga"))
    assert "Frostbyte" in driver.history(thread)[-1].text
    sheet = public(await driver.command("/its score", user=a, channel=thread))
    assert "Score sheet · Frostbyte · 300 pts" in sheet.text

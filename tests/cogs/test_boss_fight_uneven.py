"""Issue 38, item 23: a 35-point party against a 120-point boss is said before the start."""

from __future__ import annotations

from bot.offline import OfflineDriver
from rules.boss_fight import Phase
from rules.boss_fight.engine import hero_placements
from tests.cogs.test_boss_fight_start import PLAYERS, stored


async def test_the_lobby_and_the_start_say_the_sides_are_uneven(driver: OfflineDriver) -> None:
    lobby = (await driver.command("/bf new", user="alice")).message
    await driver.command("/bf join side:boss preset:bone_colossus", user="alice")
    assert "Uneven" not in lobby.text  # no party yet: nothing to compare
    await driver.command("/bf join side:hero preset:kestrel_the_archer", user="carol")
    assert "Uneven sides: the party has 35 points against the boss's 125" in lobby.text
    await driver.command("/bf join side:hero preset:mira_the_warden", user="bob")
    assert "the party has 78 points against the boss's 125" in lobby.text

    await driver.command("/bf place tile:F6", user="alice")
    for _ in PLAYERS.values():
        fight = (await stored(driver)).fight
        if fight is None or fight.current is None or fight.phase is not Phase.SETUP:
            break
        tile = hero_placements(fight, fight.current)[0].label()
        await driver.command(f"/bf place tile:{tile}", user=PLAYERS[fight.current.id])
    begins = (await driver.command("/bf start", user="bob")).message
    assert not begins.ephemeral
    assert "Uneven sides: the party has 78 points against the boss's 125" in begins.text


async def test_even_sides_get_no_warning(driver: OfflineDriver) -> None:
    lobby = (await driver.command("/bf new", user="alice")).message
    await driver.command("/bf join side:boss preset:the_gazer", user="alice")
    await driver.command("/bf join side:hero preset:kestrel_the_archer", user="carol")
    await driver.command("/bf join side:hero preset:mira_the_warden", user="bob")
    await driver.command("/bf join side:hero preset:orrin_the_sage", user="bob")
    assert "Hero" in lobby.text and "Uneven" not in lobby.text  # 121 against 120

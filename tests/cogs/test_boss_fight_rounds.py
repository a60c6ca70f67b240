"""/bf new rounds: the round limit is set when a game opens, shown in the lobby, and used by the fight."""

from __future__ import annotations

import pytest

from bot.offline import OfflineDriver, OfflineError
from cogs.boss_fight.game import KIND, BFGame


async def settings_of(driver: OfflineDriver):
    game = await driver.bot.games.find(driver.channel.id, BFGame, KIND.key)
    assert game is not None
    return game.state


async def test_by_default_there_is_no_limit_as_in_the_seed(driver: OfflineDriver) -> None:
    # The seed ends a fight only when a side is wiped out; a limit is the table's own option.
    lobby = (await driver.command("/bf new", user="alice")).message
    assert not lobby.ephemeral and "No round limit" in lobby.text
    assert (await settings_of(driver)).settings.round_limit is None


async def test_rounds_sets_the_limit_and_zero_plays_without_one(driver: OfflineDriver) -> None:
    lobby = (await driver.command("/bf new rounds:0", user="alice")).message
    assert "No round limit" in lobby.text
    assert (await settings_of(driver)).settings.round_limit is None
    await driver.command("/bf end", user="alice")
    lobby = (await driver.command("/bf new rounds:7", user="alice")).message
    assert "Round limit: 7 " in lobby.text
    game = await settings_of(driver)
    assert game.settings.round_limit == 7
    await driver.command("/bf join side:boss preset:bone_colossus", user="alice")
    await driver.command("/bf join side:hero preset:mira_the_warden", user="bob")
    await driver.command("/bf place tile:F6", user="alice")
    fight = (await settings_of(driver)).fight
    assert fight is not None and fight.settings.round_limit == 7


async def test_a_limit_over_99_is_refused(driver: OfflineDriver) -> None:
    # Discord's client enforces the option's range; the offline driver refuses the same way.
    with pytest.raises(OfflineError, match="rounds must be at most 99"):
        await driver.command("/bf new rounds:100", user="alice")
    assert await driver.bot.games.find(driver.channel.id, BFGame, KIND.key) is None

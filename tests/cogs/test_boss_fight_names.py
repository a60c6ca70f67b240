"""/bf names: the start of a preset's name is enough (even when it is a hero card's name too: the
preset wins, issue 24); ``card:<hero>`` gives a bare hero."""

from __future__ import annotations

from bot.offline import OfflineDriver
from cogs.boss_fight.game import BFGame


async def _game(driver: OfflineDriver) -> BFGame:
    game = await driver.bot.games.find(driver.channel.id, BFGame, "boss_fight")
    assert game is not None
    return game.state


async def test_the_start_of_a_preset_name_joins_with_that_preset(driver: OfflineDriver) -> None:
    await driver.command("/bf new", user="alice")
    joined = await driver.command("/bf join side:boss preset:bone", user="alice")
    assert joined.message.ephemeral and "Bone Colossus" in joined.message.text
    await driver.command("/bf join side:hero preset:vex_the", user="bob")
    await driver.command("/bf join side:hero preset:card:mira", user="bob")  # the hero card: a bare build
    game = await _game(driver)
    assert game.boss is not None and game.boss.name == "Bone Colossus" and sum(game.boss.deck.values()) == 30
    vex, mira = (seat.build for seat in game.heroes)
    assert sum(vex.deck.values()) == 30 and sum(mira.deck.values()) == 0


async def test_an_unknown_hero_lists_the_presets_and_the_heroes(driver: OfflineDriver) -> None:
    await driver.command("/bf new", user="alice")
    refused = await driver.command("/bf join side:hero preset:zz", user="bob")
    assert refused.message.ephemeral and "No hero preset or hero card is called" in refused.message.text
    assert "mira_the_warden" in refused.message.text and "pell" in refused.message.text

"""/bf start deals round 1: the last placement only says the fight waits for it.

Also a game stored before the engine held round 1 (dealt at its last placement, not yet started
by the cog) still starts with /bf start, without dealing twice.
"""

from __future__ import annotations

import random

from bot.offline import Message, OfflineDriver
from cogs.boss_fight.game import KIND, BFGame
from rules.boss_fight import Phase, StartFight, apply
from rules.boss_fight.engine import hero_placements

PLAYERS = {"boss": "alice", "mira_vale": "bob", "kestrel": "carol"}


async def stored(driver: OfflineDriver) -> BFGame:
    game = await driver.bot.games.find(driver.channel.id, BFGame, KIND.key)
    assert game is not None
    return game.state


async def placed_game(driver: OfflineDriver) -> Message:
    """A lobby with presets and every piece placed; the public message of the last placement."""
    await driver.command("/bf new", user="alice")
    await driver.command("/bf join side:boss preset:bone_colossus", user="alice")
    await driver.command("/bf join side:hero preset:mira_the_warden", user="bob")
    await driver.command("/bf join side:hero preset:kestrel_the_archer", user="carol")
    last = (await driver.command("/bf place tile:F6", user="alice")).message
    for _ in PLAYERS.values():
        fight = (await stored(driver)).fight
        if fight is None or fight.current is None or fight.phase is not Phase.SETUP:
            break
        tile = hero_placements(fight, fight.current)[0].label()
        last = (await driver.command(f"/bf place tile:{tile}", user=PLAYERS[fight.current.id])).message
    assert not last.ephemeral, last.text
    return last


async def test_the_fight_is_dealt_at_bf_start_not_at_the_last_placement(driver: OfflineDriver) -> None:
    last = await placed_game(driver)
    assert "/bf start" in last.text and "Round 1" not in last.text
    assert "the fight begins." not in last.text
    fight = (await stored(driver)).fight
    assert fight is not None and fight.phase is Phase.SETUP and fight.round == 0
    assert all(not c.piles.hand for c in fight.characters)
    early = (await driver.command("/bf hand", user="bob")).message
    assert early.ephemeral and "/bf start" in early.text

    begins = (await driver.command("/bf start", user="bob")).message
    assert not begins.ephemeral
    assert "The fight begins." in begins.text and "Round 1. Initiative:" in begins.text
    assert "draws 4 cards" in begins.text
    game = await stored(driver)
    assert game.started and game.fight is not None and game.fight.round == 1
    assert all(len(c.piles.hand) == 4 for c in game.fight.characters)
    assert game.fight.current is not None
    assert begins.pings == {driver.user(PLAYERS[game.fight.current.id]).id}
    again = (await driver.command("/bf start", user="carol")).message
    assert again.ephemeral and "already started" in again.text


async def test_a_game_stored_before_the_start_step_still_starts(driver: OfflineDriver) -> None:
    await placed_game(driver)
    async with driver.bot.games.update(
        driver.channel.id, BFGame, kind=KIND.key, actor_id=driver.user("alice").id, action="legacy"
    ) as handle:
        # What the engine used to store: round 1 dealt at the last placement, no hold_start field.
        dealt = apply(handle.state.fight, StartFight(), random.Random(0)).state.model_dump(mode="json")
        del dealt["hold_start"]
        handle.state = BFGame.model_validate({**handle.state.model_dump(mode="json"), "fight": dealt})
        handle.summary = "an older game"
    before = (await stored(driver)).fight
    assert before is not None and before.hold_start is False and before.round == 1

    begins = (await driver.command("/bf start", user="alice")).message
    assert not begins.ephemeral and "The fight begins! Round 1; initiative:" in begins.text
    game = await stored(driver)
    assert game.started and game.fight is not None
    assert [c.piles.hand for c in game.fight.characters] == [c.piles.hand for c in before.characters]

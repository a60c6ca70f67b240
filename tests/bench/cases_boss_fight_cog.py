"""/bf through the offline driver: one action with its public message and board image, and /bf hand."""

from __future__ import annotations

import itertools
from typing import Any

from bot.offline import OfflineDriver
from cogs.boss_fight.game import BFGame
from rules.boss_fight.engine import hero_placements
from tests.bench import Case
from tests.cogs.test_boss_fight_game import PLAYERS, choose, typed

_channels = itertools.count(1)


async def _game(driver: OfflineDriver) -> Any:
    """A three-player preset game at its first turn, in a channel of its own."""
    channel = driver.add_channel(f"bench-bf-{next(_channels)}")
    await driver.command("/bf new", user="alice", channel=channel)
    await driver.command("/bf join side:boss preset:bone_colossus", user="alice", channel=channel)
    await driver.command("/bf join side:hero preset:mira_the_warden", user="bob", channel=channel)
    await driver.command("/bf join side:hero preset:kestrel_the_archer", user="carol", channel=channel)
    await driver.command("/bf place tile:F6", user="alice", channel=channel)
    for _ in range(2):
        fight = await _fight(driver, channel)
        tile = hero_placements(fight, fight.current)[0].label()
        await driver.command(f"/bf place tile:{tile}", user=PLAYERS[fight.current.id], channel=channel)
    await driver.command("/bf start", user="alice", channel=channel)
    return channel


async def _fight(driver: OfflineDriver, channel: Any) -> Any:
    game = await driver.bot.games.find(channel.id, BFGame, "boss_fight")
    assert game is not None and game.state.fight is not None
    return game.state.fight


class _Table:
    """Plays one action per call, opening a new game when one ends."""

    def __init__(self, driver: OfflineDriver, channel: Any) -> None:
        self.driver, self.channel = driver, channel

    async def act(self) -> Any:
        fight = await _fight(self.driver, self.channel)
        if fight.is_over():
            self.channel = await _game(self.driver)
            fight = await _fight(self.driver, self.channel)
        return await _typed_in(self.driver, self.channel, fight)


async def _typed_in(driver: OfflineDriver, channel: Any, fight: Any) -> Any:
    original = driver.channel
    driver.channel = channel
    try:
        return await typed(driver, fight, choose(fight), preview=False)  # one action, no private preview
    finally:
        driver.channel = original


async def _setup_table(driver: OfflineDriver) -> _Table:
    return _Table(driver, await _game(driver))


async def _hand(driver: OfflineDriver, channel: Any) -> Any:
    fight = await _fight(driver, channel)
    return await driver.command("bf hand", user=PLAYERS[fight.current.id], channel=channel)


async def _gazer_to_place(driver: OfflineDriver) -> Any:
    """The Gazer (a 3x3 boss) to place on the Great Hall (20x20), in a channel of its own."""
    channel = driver.add_channel(f"bench-bf-place-{next(_channels)}")
    await driver.command("/bf new map:great_hall", user="alice", channel=channel)
    await driver.command("/bf join side:boss preset:the_gazer", user="alice", channel=channel)
    await driver.command("/bf join side:hero preset:mira_the_warden", user="bob", channel=channel)
    return channel


async def _place_autocomplete(driver: OfflineDriver, channel: Any) -> Any:
    found = await driver.autocomplete("bf place", "tile", "", user="alice", channel=channel)
    # Time a success: a full menu of anchors, not an empty answer (an autocomplete that failed).
    assert len(found) == 25 and "The Gazer at rotation 0" in found[0]["name"], found[:1]
    return found


CASES = [
    Case(
        "/bf play (an action: one public message with the board PNG)",
        lambda d, t: t.act(),
        setup=_setup_table,
        calls=150,
        target_p99_ms=200,
    ),
    Case(
        "/bf hand (private, buttons per card)",
        _hand,
        setup=_game,
        calls=300,
        target_p99_ms=20,
        expect="private",
        contains="hand",
    ),
    Case(
        "/bf place tile: autocomplete (3x3 boss, 20x20 map)",
        _place_autocomplete,
        setup=_gazer_to_place,
        calls=200,
        target_p99_ms=50,
        expect="choices",
    ),
]

"""/bf through the offline driver: one action with its public message and board image, and /bf hand."""

from __future__ import annotations

import itertools
from typing import Any

from bot.offline import OfflineDriver
from cogs.boss_fight.game import BFGame
from renderers import hex_board
from rules.boss_fight import sight
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
    """Plays one action per call; a new game is opened, untimed, when one ends (``ready``).

    The next game's set-up (eight commands: /bf new, three joins, three placements, /bf start)
    was once timed as part of the play after a game ended: those calls were the case's p99 when it
    ran alone (issue 38, item 28), not the plays.
    """

    def __init__(self, driver: OfflineDriver, channel: Any) -> None:
        self.driver, self.channel = driver, channel

    async def ready(self, *, cold: bool = False) -> None:
        """A game to play in: a new one when the last ended (``cold``: always a new one, and the
        caches a board fills emptied, as for a board never drawn in this process)."""
        if cold or (await _fight(self.driver, self.channel)).is_over():
            self.channel = await _game(self.driver)
        if cold:
            _forget_boards()

    async def act(self) -> Any:
        return await _typed_in(self.driver, self.channel, await _fight(self.driver, self.channel))


def _forget_boards() -> None:
    """Empty what a board's first drawing and first move lists fill: the empty board picture, the
    sight lines and their answers."""
    hex_board._base_layer.cache_clear()
    hex_board._widest_label.cache_clear()
    sight.sightlines.cache_clear()
    sight._sees.cache_clear()


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
        prepare=lambda d, t: t.ready(),
        calls=150,
        target_p99_ms=200,
    ),
    Case(
        "/bf play, cold: a new game's first action, board caches emptied",
        lambda d, t: t.act(),
        setup=_setup_table,
        prepare=lambda d, t: t.ready(cold=True),
        calls=40,
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

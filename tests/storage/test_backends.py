"""Many processes on one database (issue 13): the version check, job claims, shards, moving a
SQLite database to PostgreSQL, and ``python -m bot check``."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from pydantic import ValidationError

from bot.app import create_bot
from bot.games import ChannelBusy, GameKind, GameState, GameStore
from bot.offline import OfflineDriver
from bot.scheduler import STALE_AFTER, Scheduler
from bot.settings import Settings, parse_shard_ids
from bot.storage import Database, SqlGameRepository, SqlJobRepository, SqlMetaRepository, connect
from bot.storage.copy import copy_database
from bot.storage.database import dollar_placeholders, postgres_types
from bot.storage.health import row_counts, schema_version
from cogs.its.state import ItsMatch
from cogs.space_infantry.game import SIGame

ROOT = Path(__file__).resolve().parents[2]


class Tally(GameState):
    count: int = 0
    marks: list[str] = []


KIND = GameKind("tally", "a tally", "/tally start", "/tally end")


async def instance(url: str) -> tuple[Database, GameStore]:
    """One bot process's storage: its own connection(s) to the shared database."""
    db = await connect(url)
    store = GameStore(SqlGameRepository(db))
    store.register_kind(KIND)
    return db, store


# -- one channel's game written from two processes -------------------------------------------------


async def test_two_instances_updating_one_game_at_once_lose_and_double_nothing(database_url: str) -> None:
    (db_a, store_a), (db_b, store_b) = await instance(database_url), await instance(database_url)
    await store_a.start(channel_id=7, guild_id=1, kind="tally", state=Tally(), actor_id=1)
    refused = 0

    async def add(store: GameStore, mark: str) -> None:
        nonlocal refused
        while True:  # a player whose move was refused as stale tries again
            try:
                async with store.update(7, Tally, kind="tally", actor_id=1, action="add") as game:
                    await asyncio.sleep(0)
                    game.state = Tally(count=game.state.count + 1, marks=[*game.state.marks, mark])
                    game.summary = mark
                return
            except ChannelBusy:
                refused += 1

    await asyncio.gather(*(add(store, f"{name}{i}") for i in range(100) for name, store in
                           (("a", store_a), ("b", store_b))))
    game = await store_b.get(7, Tally, "tally")
    assert game.state.count == 200 and game.version == 201
    assert sorted(game.state.marks) == sorted(f"{n}{i}" for n in "ab" for i in range(100))
    events = await store_a.events(game.id, limit=500)
    assert len(events) == 201 and sorted(e.version for e in events) == list(range(1, 202))
    assert refused > 0  # the two processes really did collide, and the check caught every one
    await db_a.close()
    await db_b.close()


# -- scheduled jobs across processes ---------------------------------------------------------------


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 1, 1, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


async def test_a_job_is_claimed_by_one_instance_and_taken_over_when_it_stops(database_url: str) -> None:
    clock = Clock()
    db_a, db_b = await connect(database_url), await connect(database_url)
    a, b = Scheduler(SqlJobRepository(db_a), clock=clock), Scheduler(SqlJobRepository(db_b), clock=clock)
    started, ran = asyncio.Event(), []
    never = asyncio.Event()

    async def stuck(context: object, payload: dict[str, object]) -> None:
        started.set()
        await never.wait()  # this process stops before the job finishes

    async def nudge(context: object, payload: dict[str, object]) -> None:
        ran.append((context, payload))

    a.register("nudge", stuck)
    b.register("nudge", nudge)
    b.context = "b"
    await b.schedule("nudge", in_=timedelta(minutes=1), payload={"game": 1}, key="nudge:1")
    clock.now += timedelta(minutes=2)
    a_pass = asyncio.ensure_future(a.run_due())
    await started.wait()
    assert await b.run_due() == 0 and ran == []  # a holds the claim
    a_pass.cancel()  # a stops
    await asyncio.gather(a_pass, return_exceptions=True)
    await db_a.close()
    clock.now += STALE_AFTER - timedelta(seconds=1)
    assert await b.run_due() == 0  # not yet: a might only be slow
    clock.now += timedelta(seconds=2)
    assert await b.run_due() == 1 and ran == [("b", {"game": 1})]  # taken over, once
    assert await b.run_due() == 0
    await db_b.close()


async def test_many_instances_claiming_together_run_every_job_exactly_once(database_url: str) -> None:
    clock = Clock()
    dbs = [await connect(database_url) for _ in range(3)]
    ran: list[int] = []
    schedulers = []
    for db in dbs:
        scheduler = Scheduler(SqlJobRepository(db), clock=clock)

        async def handler(context: object, payload: dict[str, int]) -> None:
            await asyncio.sleep(0)
            ran.append(payload["n"])

        scheduler.register("tick", handler)
        schedulers.append(scheduler)
    for n in range(60):
        await schedulers[0].schedule("tick", payload={"n": n})
    counts = await asyncio.gather(*(s.run_due() for s in schedulers))
    assert sum(counts) == 60 and sorted(ran) == list(range(60))
    for db in dbs:
        await db.close()


# -- shards and command sync -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "ids"), [("0-3", [0, 1, 2, 3]), ("0,1", [0, 1]), ("4-5, 9", [4, 5, 9]), ("2", [2])]
)
def test_shard_ids_are_ranges_or_lists(text: str, ids: list[int]) -> None:
    assert parse_shard_ids(text) == ids


@pytest.mark.parametrize(
    ("env", "problem"),
    [
        ({"SHARD_IDS": "0-1"}, "needs SHARD_COUNT"),
        ({"SHARD_IDS": "2-4", "SHARD_COUNT": "4"}, "shards are 0 to 3"),
        ({"SHARD_IDS": "3-1", "SHARD_COUNT": "4"}, "backwards"),
        ({"SHARD_IDS": "a", "SHARD_COUNT": "4"}, "not a shard number"),
    ],
)
def test_shard_settings_that_cannot_work_say_why(
    monkeypatch: pytest.MonkeyPatch, env: dict[str, str], problem: str
) -> None:
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    with pytest.raises(ValidationError, match=problem):
        Settings(_env_file=None)


def test_only_the_process_with_shard_zero_syncs_commands_unless_told(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    first = Settings(database_path=path, shard_count=4, shard_ids="0-1", _env_file=None)
    second = Settings(database_path=path, shard_count=4, shard_ids="2-3", _env_file=None)
    assert first.syncs_commands and not second.syncs_commands
    assert Settings(database_path=path, _env_file=None).syncs_commands  # one process: all shards
    assert not Settings(database_path=path, sync_commands=False, _env_file=None).syncs_commands
    bot = create_bot(second)
    assert bot.shard_count == 4 and bot.shard_ids == [2, 3]


async def test_a_process_that_does_not_sync_leaves_the_commands_alone(tmp_path: Path) -> None:
    settings = Settings(database_path=tmp_path / "h.sqlite3", shard_count=2, shard_ids="1", _env_file=None)
    bot = create_bot(settings)
    synced = []

    async def sync_commands_if_changed() -> bool:
        synced.append(True)
        return True

    bot.sync_commands_if_changed = sync_commands_if_changed  # type: ignore[method-assign]
    await bot.on_ready()
    assert synced == []


# -- dialect helpers ---------------------------------------------------------------------------------


def test_placeholders_and_types_translate_for_postgres() -> None:
    assert dollar_placeholders("UPDATE t SET a = ?, b = 'x?' WHERE c = ?") == (
        "UPDATE t SET a = $1, b = 'x?' WHERE c = $2"
    )
    sql = "CREATE TABLE r (id INTEGER PRIMARY KEY AUTOINCREMENT, user_id INTEGER NOT NULL, odds REAL)"
    assert postgres_types(sql) == (
        "CREATE TABLE r (id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,"
        " user_id BIGINT NOT NULL, odds DOUBLE PRECISION)"
    )


# -- moving a SQLite database to PostgreSQL -----------------------------------------------------------


async def _fill(driver: OfflineDriver) -> dict[str, int]:
    """Games of every kind Herald has, an ended one, a pending job and a meta row."""
    fight = driver.add_channel("fight")
    await driver.command("/si boss start boss:elder_leviathan", channel=fight)
    await driver.command("/si squad add name:Kai wounds:10", channel=fight)
    await driver.command("/si wound unit:Kai wounds:1", channel=fight)
    match = driver.add_channel("match")
    await driver.command("/its classified draw mission:Countermeasures", channel=match, user="alice")
    await driver.command("/its classified draw mission:Countermeasures", channel=match, user="bob")
    done = driver.add_channel("done")
    await driver.command("/si boss start boss:elder_leviathan", channel=done)
    await driver.command("/si end", channel=done)
    await driver.bot.scheduler.schedule("nudge", in_=timedelta(days=1), payload={"x": 1}, key="nudge:x")
    await driver.bot.meta.set("moved", "yes")
    return {"fight": fight.id, "match": match.id, "done": done.id}


async def test_migrate_db_copies_every_game_playable_and_twice_adds_nothing(
    tmp_path: Path, postgres_url: str
) -> None:
    source_path = tmp_path / "herald.sqlite3"
    before = await OfflineDriver.open(source_path, rng_seed=3, out_dir=tmp_path / "a")
    channels = await _fill(before)
    fight_before = await before.bot.games.find(channels["fight"], SIGame, "space_infantry")
    players = dict(before.users)
    await before.close()

    source, target = await connect(source_path), await connect(postgres_url)
    first = await copy_database(source, target)
    second = await copy_database(source, target)
    source_counts, target_counts = await row_counts(source), await row_counts(target)
    assert await schema_version(target) == await schema_version(source)
    await source.close()
    await target.close()
    assert first.ok and second.ok
    assert {t.table for t in first.tables} >= {"games", "game_events", "jobs", "meta"}
    assert all(t.copied == t.source_rows for t in first.tables)
    assert all(t.copied == 0 and t.already_there == t.source_rows for t in second.tables)
    assert target_counts == source_counts and source_counts["games"] == 3

    after = OfflineDriver(postgres_url, rng_seed=4, out_dir=tmp_path / "b")
    for name, channel_id in channels.items():
        after.add_channel(name, channel_id=channel_id)
    after.users.update(players)  # the same Discord users as before the move
    await after.start()
    try:
        fight = await after.bot.games.find(channels["fight"], SIGame, "space_infantry")
        assert fight is not None and fight_before is not None and fight.state == fight_before.state
        wounded = await after.command("/si wound unit:Kai wounds:1", channel=after.channels["fight"])
        assert not wounded.message.ephemeral
        fight = await after.bot.games.find(channels["fight"], SIGame, "space_infantry")
        assert fight is not None and fight.state.fight.unit("Kai").wounds == 8
        match = await after.bot.games.find(channels["match"], ItsMatch, "its_match")
        assert match is not None and len(match.state.seats) == 2
        scored = await after.command(
            "/its score mission:Countermeasures tier:300 opponent:bob", channel=after.channels["match"],
            user="alice",
        )
        assert "Score sheet" in scored.message.text
        # New rows get new ids after the copied ones.
        started = await after.command("/si boss start boss:elder_leviathan", channel=after.channels["done"])
        assert not started.message.ephemeral
        assert await SqlMetaRepository(after.bot.db).get("moved") == "yes"
        assert [j.key for j in await after.bot.scheduler.pending()] == ["nudge:x"]
    finally:
        await after.close()


# -- the command line ---------------------------------------------------------------------------------


def _bot(tmp_path: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    environment = {k: v for k, v in os.environ.items() if not k.startswith(("DATABASE_", "SHARD_"))}
    environment.update(env, PYTHONPATH=str(ROOT))
    return subprocess.run(
        [sys.executable, "-m", "bot", *args], cwd=tmp_path, env=environment, capture_output=True, text=True,
        timeout=120,
    )


def test_check_migrates_and_reports_version_and_counts(tmp_path: Path, database_url: str) -> None:
    result = _bot(tmp_path, "check", DATABASE_URL=database_url)
    assert result.returncode == 0, result.stderr
    # every numbered migration, in order (a number another branch reserved may be missing)
    versions = sorted(int(f.name[:4]) for f in (ROOT / "bot/storage/migrations").glob("[0-9]*.sql"))
    newest = versions[-1]
    every = ", ".join(str(n) for n in versions)
    assert f"schema version: {newest} (applied now: {every})" in result.stdout
    assert "games: 0 rows" in result.stdout and "jobs: 0 rows" in result.stdout
    again = _bot(tmp_path, "check", DATABASE_URL=database_url)
    assert again.returncode == 0 and f"schema version: {newest}\n" in again.stdout


def test_check_fails_with_a_reason_when_the_database_is_unreachable(tmp_path: Path) -> None:
    result = _bot(tmp_path, "check", DATABASE_URL="postgresql://herald:secret@127.0.0.1:9/herald")
    assert result.returncode == 1
    assert "could not open its database at postgresql://herald:***@127.0.0.1:9/herald" in result.stderr
    assert "secret" not in result.stderr and "DATABASE_URL" in result.stderr


def test_migrate_db_on_the_command_line_says_what_it_did(tmp_path: Path, postgres_url: str) -> None:
    path = tmp_path / "h.sqlite3"
    assert _bot(tmp_path, "check", DATABASE_PATH=str(path)).returncode == 0
    result = _bot(tmp_path, "migrate-db", "--to", postgres_url, DATABASE_PATH=str(path))
    assert result.returncode == 0, result.stderr
    assert "counts match" in result.stdout and "games: 0 rows, 0 copied" in result.stdout
    missing = _bot(tmp_path, "migrate-db", "--to", postgres_url, "--from", str(tmp_path / "nope.sqlite3"))
    assert missing.returncode == 1 and "There is no database at" in missing.stderr


async def test_processes_starting_together_apply_each_migration_once(postgres_url: str) -> None:
    from bot.storage import open_database

    dbs = [await open_database(postgres_url).open() for _ in range(3)]
    applied = await asyncio.gather(*(db.migrate() for db in dbs))
    versions = sorted(int(f.name[:4]) for f in (ROOT / "bot/storage/migrations").glob("[0-9]*.sql"))
    newest = versions[-1]
    assert sorted(v for done in applied for v in done) == versions
    assert await schema_version(dbs[0]) == newest
    for db in dbs:
        await db.close()

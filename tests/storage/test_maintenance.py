"""``python -m bot maintenance`` while the bot writes to the same database (issue 26, item 5).

Maintenance deletes in short writes of at most ``batch`` rows, never rewrites the whole file
unless told to (``--vacuum``, bot stopped), keeps SQLite's write-ahead log to about a batch, and
the bot's writes (on their own connection, as from another process) wait their turn and succeed.
"""

from __future__ import annotations

import asyncio
import os
import re
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from bot.games import GameKind, GameState, GameStore, GameUpdate
from bot.storage import Database, SqlGameRepository, connect
from bot.storage.maintenance import run_maintenance
from bot.storage.sqlite import SqliteDatabase

LONG_AGO = "2020-01-01T00:00:00.000+00:00"
NOW = datetime.now(UTC) + timedelta(days=1)


class Board(GameState):
    moves: list[int] = []


async def fill(db: Database, *, old_games: int, ended_games: int, steps: int, patch_bytes: int) -> None:
    """``old_games`` ended long ago (deleted by maintenance) and ``ended_games`` recently (they
    lose their undo data), each with ``steps`` logged steps carrying a patch of ``patch_bytes``."""
    patch = '{"moves": "' + "x" * patch_bytes + '"}'
    async with db.transaction() as tx:
        for status_time, count, first in (
            (LONG_AGO, old_games, 10_000),
            (NOW.isoformat(), ended_games, 20_000),
        ):
            if not count:
                continue
            await tx.execute(
                "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)"
                " INSERT INTO games (guild_id, channel_id, kind, status, state, schema_version, version,"
                " created_by, created_at, updated_at)"
                " SELECT NULL, ? + i, 'board', 'ended', '{}', 1, ?, 1, ?, ? FROM n",
                (count, first, steps + 1, status_time, status_time),
            )
        await tx.execute(
            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)"
            " INSERT INTO game_events (game_id, version, actor_id, action, summary, detail, undo_patch, at)"
            " SELECT g.id, n.i + 1, 1, 'move', 'a move', '{}', ?, g.updated_at FROM games g, n"
            " WHERE g.status = 'ended'",
            (steps, patch),
        )
        for _ in range(3):
            await tx.execute(
                "INSERT INTO jobs (kind, due_at, status, created_at) VALUES ('nudge', ?, 'done', ?)",
                (LONG_AGO, LONG_AGO),
            )


async def bot_store(url: str | Path) -> tuple[Database, GameStore]:
    """The bot's side: its own connection, with an active game in channel 1."""
    db = await connect(url)
    store = GameStore(SqlGameRepository(db))
    store.register_kind(GameKind("board", "a board", "/board start", "/board end"))
    if await store.active_record(1) is None:
        await store.start(channel_id=1, guild_id=None, kind="board", state=Board(), actor_id=1)
    return db, store


def move(n: int) -> Any:
    def change(game: GameUpdate[Board]) -> None:
        game.state = Board(moves=[*game.state.moves, n])
        game.summary = f"move {n}"

    return change


async def counts(db: Database) -> tuple[int, int, int]:
    async with db.reading() as tx:
        games = (await tx.fetchone("SELECT COUNT(*) FROM games"))[0]
        events = (await tx.fetchone("SELECT COUNT(*) FROM game_events"))[0]
        patches = (
            await tx.fetchone(
                "SELECT COUNT(*) FROM game_events WHERE undo_patch IS NOT NULL"
                " AND game_id IN (SELECT id FROM games WHERE status = 'ended')"
            )
        )[0]
    return int(games), int(events), int(patches)


class Statements:
    """Records every statement a SQLite connection runs."""

    def __init__(self, db: SqliteDatabase) -> None:
        self.seen: list[str] = []
        self._execute = db.conn.execute
        db.conn.execute = self.execute  # type: ignore[method-assign]

    def execute(self, sql: str, *args: Any) -> Any:
        self.seen.append(sql)
        return self._execute(sql, *args)


async def test_maintenance_writes_in_short_batches_and_lets_the_bot_in_between(tmp_path: Path) -> None:
    """After every maintenance write, the bot writes with a busy timeout of 0: it never has to
    wait, because maintenance holds no lock between its writes; and the write-ahead log stays
    about one batch long."""
    path = tmp_path / "herald.sqlite3"
    bot_db, store = await bot_store(path)
    assert isinstance(bot_db, SqliteDatabase)
    await bot_db.conn.execute("PRAGMA busy_timeout = 0")  # any lock held now fails at once
    db = await connect(path)
    assert isinstance(db, SqliteDatabase)
    await fill(db, old_games=40, ended_games=20, steps=25, patch_bytes=2000)
    await db.checkpoint()
    wal_before = os.path.getsize(f"{path}-wal")
    _, events_before, _ = await counts(db)
    statements = Statements(db)
    moves = 0

    async def bot_writes(took: float) -> None:
        nonlocal moves
        moves += 1
        await store.apply(1, Board, move(moves), kind="board", actor_id=1, action="move")

    report = await run_maintenance(db, now=NOW, retention_days=180, batch=100, rest=bot_writes)
    assert report.games_deleted == 40 and report.events_deleted == 40 * 25
    assert report.patches_dropped == 60 * 25
    # 1500 patches in 15 writes, 1000 old steps in 10 and 40 games in 4, 3 jobs in 1, plus reclaiming
    assert report.writes == moves >= 15 + 10 + 4 + 1
    game = await store.get(1, Board, "board")
    assert game.state.moves == list(range(1, moves + 1))  # every bot write landed, in order
    assert not any(re.match(r"\s*VACUUM", s, re.I) for s in statements.seen)  # no full rewrite
    # The log never held much more than one batch (100 patches of 2 KB), where deleting it all
    # at once, or a VACUUM, puts megabytes through it.
    assert 0 < report.log_peak < 1024 * 1024, report.log_peak
    assert os.path.getsize(f"{path}-wal") <= wal_before  # it did not grow
    assert await counts(db) == (21, events_before - 1000 + moves, 0)
    await db.close()
    await bot_db.close()


async def test_a_bot_writing_during_maintenance_never_fails(database_url: str) -> None:
    """Two connections really at once (another process's worth): maintenance with its own
    pacing, and the bot making moves until maintenance is done; every move is saved."""
    bot_db, store = await bot_store(database_url)
    db = await connect(database_url)
    await fill(db, old_games=30, ended_games=10, steps=20, patch_bytes=1000)
    done = asyncio.Event()
    saved: list[int] = []

    async def bot_moves() -> None:
        n = 0
        while not done.is_set() or n < 5:
            n += 1
            await store.apply(1, Board, move(n), kind="board", actor_id=1, action="move", interaction_id=n)
            saved.append(n)
            await asyncio.sleep(0.005)  # a busy channel, not a flood (the state grows with each move)

    async def maintain() -> Any:
        try:
            return await run_maintenance(db, now=NOW, retention_days=180, batch=50)
        finally:
            done.set()

    report, _ = await asyncio.gather(maintain(), bot_moves())
    assert report.games_deleted == 30 and report.events_deleted == 600 and report.patches_dropped == 800
    game = await store.get(1, Board, "board")
    assert game.state.moves == saved and len(saved) >= 5
    await db.close()
    await bot_db.close()


async def test_a_new_sqlite_file_gives_freed_pages_back_in_steps(tmp_path: Path) -> None:
    path = tmp_path / "herald.sqlite3"
    db = await connect(path)
    assert isinstance(db, SqliteDatabase)
    async with db.reading() as tx:
        assert (await tx.fetchone("PRAGMA auto_vacuum"))[0] == 2  # incremental
    await fill(db, old_games=40, ended_games=0, steps=25, patch_bytes=3000)
    await db.checkpoint()
    full = os.path.getsize(path)
    steps: list[float] = []

    async def count(took: float) -> None:
        steps.append(took)

    report = await run_maintenance(db, now=NOW, retention_days=180, batch=200, rest=count)
    await db.checkpoint()
    assert "free pages given back in steps" in report.space
    assert await db.free_bytes() == 0
    assert os.path.getsize(path) < full / 2
    await db.close()


async def test_an_older_file_keeps_its_free_pages_until_vacuum_with_the_bot_stopped(tmp_path: Path) -> None:
    import sqlite3

    path = tmp_path / "herald.sqlite3"
    raw = sqlite3.connect(path)  # a file made before new files got incremental auto-vacuum
    raw.execute("PRAGMA auto_vacuum = NONE")
    raw.execute("CREATE TABLE placeholder (x)")  # the first table fixes the mode
    raw.commit()
    raw.close()
    db = await connect(path)
    async with db.reading() as tx:
        assert (await tx.fetchone("PRAGMA auto_vacuum"))[0] == 0
    await fill(db, old_games=40, ended_games=0, steps=25, patch_bytes=3000)

    async def no_rest(took: float) -> None:
        return None

    report = await run_maintenance(db, now=NOW, retention_days=180, rest=no_rest)
    assert "--vacuum" in report.space and await db.free_bytes() > 0
    size = os.path.getsize(path)
    report = await run_maintenance(db, now=NOW, retention_days=180, vacuum=True, rest=no_rest)
    assert report.space.startswith("rewritten whole") and await db.free_bytes() == 0
    assert os.path.getsize(path) < size / 2
    async with db.reading() as tx:
        assert (await tx.fetchone("PRAGMA auto_vacuum"))[0] == 2  # later runs give space back in steps
    await db.close()


async def test_vacuum_on_postgres_rewrites_only_when_asked(postgres_url: str) -> None:
    db = await connect(postgres_url)
    await fill(db, old_games=5, ended_games=0, steps=5, patch_bytes=100)

    async def no_rest(took: float) -> None:
        return None

    report = await run_maintenance(db, now=NOW, retention_days=180, rest=no_rest)
    assert "alongside the bot" in report.space and report.games_deleted == 5
    report = await run_maintenance(db, now=NOW, retention_days=180, vacuum=True, rest=no_rest)
    assert report.space.startswith("rewritten whole")
    await db.close()


def test_maintenance_from_the_command_line_says_what_it_did(tmp_path: Path) -> None:
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[2]
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "DATABASE_URL")}
    env.update(PYTHONPATH=str(root), DATABASE_PATH=str(tmp_path / "h.sqlite3"))
    for extra in ([], ["--vacuum"]):
        result = subprocess.run(
            [sys.executable, "-m", "bot", "maintenance", *extra],
            cwd=tmp_path,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert result.returncode == 0, result.stderr
        assert "0 ended games deleted" in result.stdout and "short writes" in result.stdout
    assert "rewritten whole" in result.stdout


@pytest.mark.parametrize("flag", ["--vaccum"])
def test_a_mistyped_flag_is_refused(tmp_path: Path, flag: str) -> None:
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[2]
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "DATABASE_URL")}
    env.update(PYTHONPATH=str(root), DATABASE_PATH=str(tmp_path / "h.sqlite3"))
    result = subprocess.run(
        [sys.executable, "-m", "bot", "maintenance", flag],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 2 and "--vacuum" in result.stderr


async def test_vacuum_while_another_process_writes_says_to_stop_the_bot(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import sqlite3

    import bot.storage.sqlite
    from bot.__main__ import maintenance
    from bot.settings import Settings

    path = tmp_path / "h.sqlite3"
    db = await connect(path)  # the file and its tables
    await db.close()
    monkeypatch.setattr(bot.storage.sqlite, "BUSY_TIMEOUT_MS", 50)
    running_bot = sqlite3.connect(path, isolation_level=None)
    running_bot.execute("BEGIN IMMEDIATE")  # the bot in the middle of a write
    try:
        code = await maintenance(Settings(database_path=path, _env_file=None), ["--vacuum"])
    finally:
        running_bot.execute("ROLLBACK")
        running_bot.close()
    assert code == 1
    assert "stop the bot before running maintenance with --vacuum" in capsys.readouterr().err

"""The default backend: one aiosqlite connection with WAL, foreign keys and a busy timeout."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import sqlite3
from collections.abc import AsyncIterator, Iterable, Sequence
from pathlib import Path
from typing import Any

import aiosqlite

from bot.storage.database import (
    MIGRATIONS_DIR,
    SQLITE,
    IntegrityError,
    Row,
    migrations,
    parents_first,
    storable,
    utcnow,
)

log = logging.getLogger("herald.storage")

#: How long a write waits for another process's write (``python -m bot maintenance``, a second
#: shard) before failing; every write Herald makes takes milliseconds.
BUSY_TIMEOUT_MS = 5000
#: Bytes the write-ahead log is cut back to once it has been copied into the database, however
#: large one burst of writes made it.
WAL_SIZE_LIMIT = 64 * 1024 * 1024


class SqliteDatabase:
    """The bot's single connection to a SQLite file.

    aiosqlite runs every statement on one worker thread, but coroutines can still interleave
    between statements, so every unit of work (a read or a transaction) holds ``_lock``: a
    write never sees another coroutine's half-finished transaction. Other processes on the same
    file wait for each other through ``BEGIN IMMEDIATE`` and the busy timeout.
    """

    dialect = SQLITE

    def __init__(self, path: Path | str, *, read_only: bool = False) -> None:
        self.path = str(path)
        self.label = self.path
        self.read_only = read_only
        self._conn: aiosqlite.Connection | None = None
        self._lock = asyncio.Lock()
        self.query_count = 0

    async def open(self) -> SqliteDatabase:
        if self.read_only:
            return await self._open_reader()
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self._conn = await aiosqlite.connect(self.path, isolation_level=None)
        self._conn.row_factory = aiosqlite.Row
        async with self._conn.execute("SELECT COUNT(*) FROM sqlite_master") as cursor:
            row = await cursor.fetchone()
        if row is not None and row[0] == 0:
            # A new file (the mode is fixed by its first table; an older file changes at its next
            # full VACUUM): maintenance can then give freed pages back a few at a time while the
            # bot runs. Only here: setting it on a file in use needs the write lock.
            await self._conn.execute("PRAGMA auto_vacuum = INCREMENTAL")
        await self._conn.execute("PRAGMA journal_mode = WAL")
        await self._conn.execute(f"PRAGMA journal_size_limit = {WAL_SIZE_LIMIT}")
        await self._conn.execute("PRAGMA foreign_keys = ON")
        await self._conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        await self._conn.execute("PRAGMA synchronous = NORMAL")
        return self

    async def _open_reader(self) -> SqliteDatabase:
        """A second connection to the same file that only reads (the web pages'). In WAL mode a
        reader sees the last committed state without waiting for the writer or holding it up, and
        this object's lock is its own: the bot's reads and writes never queue behind it."""
        if self.path == ":memory:":
            raise ValueError("an in-memory database has no second connection: share the bot's")
        self._conn = await aiosqlite.connect(self.path, isolation_level=None)
        self._conn.row_factory = aiosqlite.Row
        await self._conn.execute("PRAGMA query_only = ON")
        await self._conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        return self

    async def close(self) -> None:
        if self._conn is not None:
            await self._conn.close()
            self._conn = None

    @property
    def conn(self) -> aiosqlite.Connection:
        if self._conn is None:
            raise RuntimeError("the database is not open")
        return self._conn

    # -- migrations -----------------------------------------------------------------------

    async def migrate(self, directory: Path = MIGRATIONS_DIR) -> list[int]:
        if self.read_only:
            raise RuntimeError("a read-only connection does not migrate")
        async with self._lock:
            await self.conn.execute(
                "CREATE TABLE IF NOT EXISTS schema_migrations ("
                " version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)"
            )
            async with self.conn.execute("SELECT version FROM schema_migrations") as cursor:
                done = {row[0] for row in await cursor.fetchall()}
            applied = []
            for migration in migrations(directory, self.dialect):
                if migration.version in done:
                    continue
                script = migration.path.read_text(encoding="utf-8")
                try:
                    await self.conn.executescript(
                        "BEGIN IMMEDIATE;\n"
                        f"{script}\n;"
                        f"INSERT INTO schema_migrations (version, name, applied_at) "
                        f"VALUES ({migration.version}, '{migration.name}', '{utcnow()}');\n"
                        "COMMIT;"
                    )
                except Exception:
                    if self.conn.in_transaction:
                        await self.conn.execute("ROLLBACK")
                    raise
                log.info("applied migration %04d_%s", migration.version, migration.name)
                applied.append(migration.version)
            return applied

    # -- statements -----------------------------------------------------------------------

    @contextlib.asynccontextmanager
    async def transaction(self) -> AsyncIterator[SqliteTransaction]:
        """``BEGIN IMMEDIATE`` ... ``COMMIT``; any exception, cancellation included, rolls back.

        aiosqlite runs each statement on its own thread: cancelling the task that awaits one does
        not stop it. So BEGIN, COMMIT and ROLLBACK are always run to the end (:meth:`_complete`),
        and a cancellation at any await leaves the connection outside a transaction, with either
        the whole unit of work written or none of it.
        """
        if self.read_only:
            raise RuntimeError("this connection only reads")
        async with self._lock:
            try:
                await self._complete("BEGIN IMMEDIATE")
                yield SqliteTransaction(self)
                await self._complete("COMMIT")
            except BaseException:
                await self._rollback()
                raise

    async def _complete(self, sql: str) -> None:
        """Run ``sql`` to its end even if the awaiting task is cancelled meanwhile (then re-raise)."""
        task = asyncio.ensure_future(self.conn.execute(sql))
        try:
            await asyncio.shield(task)
        except asyncio.CancelledError:
            with contextlib.suppress(Exception):
                await asyncio.wait([task])
            raise

    async def _rollback(self) -> None:
        if not self.conn.in_transaction:
            # A BEGIN may still be queued on the connection's thread: wait for it by queueing a no-op.
            with contextlib.suppress(Exception):
                await self._complete("SELECT 1")
        if self.conn.in_transaction:
            try:
                await self._complete("ROLLBACK")
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("rollback failed")

    @contextlib.asynccontextmanager
    async def reading(self) -> AsyncIterator[SqliteTransaction]:
        """Statements outside a write transaction, still serialised with the writers."""
        async with self._lock:
            yield SqliteTransaction(self)

    # -- the schema and the file ----------------------------------------------------------

    async def tables(self) -> list[str]:
        async with self.reading() as tx:
            names = [
                r[0]
                for r in await tx.fetchall(
                    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
                    " AND name != 'schema_migrations' ORDER BY name"
                )
            ]
            parents = {
                name: {r["table"] for r in await tx.fetchall(f'PRAGMA foreign_key_list("{name}")')}
                for name in names
            }
        return parents_first(names, parents)

    async def columns(self, table: str) -> list[str]:
        async with self.reading() as tx:
            return [r["name"] for r in await tx.fetchall(f'PRAGMA table_info("{table}")')]

    async def size_bytes(self) -> int:
        total = 0
        for suffix in ("", "-wal"):
            path = self.path + suffix
            if self.path != ":memory:" and os.path.exists(path):
                total += os.path.getsize(path)
        return total

    async def checkpoint(self) -> int:
        """Copy what the write-ahead log holds into the file (PASSIVE: it never waits for, or
        holds up, another connection), so the log is reused from its start instead of growing.
        Returns how many bytes of pages the log held."""
        async with self.reading() as tx:
            row = (await tx.fetchall("PRAGMA wal_checkpoint(PASSIVE)"))[0]
            page = (await tx.fetchall("PRAGMA page_size"))[0][0]
        return max(0, int(row[1])) * int(page)

    async def reclaim(self, pages: int) -> int:
        """Give up to ``pages`` free pages back to the file system in one short write; how many.

        Only a file with incremental auto-vacuum can (new files, and any file after
        ``compact(full=True)``); others keep their free pages for new rows and give back 0.
        """
        async with self.reading() as tx:
            mode = (await tx.fetchall("PRAGMA auto_vacuum"))[0][0]
            free = (await tx.fetchall("PRAGMA freelist_count"))[0][0]
        if mode != 2 or not free:
            return 0
        async with self.reading() as tx:
            # A script runs the pragma to its end (a plain execute stops after one page), as its
            # own short write transaction, which waits for other writers like any write.
            self.query_count += 1
            await self.conn.executescript(f"PRAGMA incremental_vacuum({int(pages)});")
            left = (await tx.fetchall("PRAGMA freelist_count"))[0][0]
        return int(free) - int(left)

    async def free_bytes(self) -> int:
        """Space inside the file that holds no data (reused by new rows before the file grows)."""
        async with self.reading() as tx:
            free = (await tx.fetchall("PRAGMA freelist_count"))[0][0]
            size = (await tx.fetchall("PRAGMA page_size"))[0][0]
        return int(free) * int(size)

    async def compact(self, *, full: bool = False) -> None:
        """``full``: rewrite the whole file (VACUUM), with incremental auto-vacuum from then on.
        It holds every other writer off until done and passes the whole file through the
        write-ahead log: only with the bot stopped. Without ``full`` there is nothing to do
        here: :meth:`reclaim` gives space back while the bot runs."""
        if not full:
            return
        async with self.reading() as tx:
            await tx.execute("PRAGMA auto_vacuum = INCREMENTAL")
            await tx.execute("VACUUM")
            await tx.fetchall("PRAGMA wal_checkpoint(TRUNCATE)")

    async def after_copy(self, tables: Sequence[str]) -> None:
        """Nothing to do: SQLite continues after the largest id on its own."""


class SqliteTransaction:
    def __init__(self, db: SqliteDatabase) -> None:
        self._db = db

    async def _cursor(self, sql: str, params: Iterable[Any]) -> aiosqlite.Cursor:
        self._db.query_count += 1
        try:
            return await self._db.conn.execute(sql, storable(params))
        except sqlite3.IntegrityError as error:
            raise IntegrityError(str(error)) from error

    async def execute(self, sql: str, params: Iterable[Any] = ()) -> int:
        cursor = await self._cursor(sql, params)
        try:
            if cursor.description is not None:  # RETURNING: a statement runs as its rows are read
                await cursor.fetchall()
            return cursor.rowcount
        except sqlite3.IntegrityError as error:
            raise IntegrityError(str(error)) from error
        finally:
            await cursor.close()

    async def fetchone(self, sql: str, params: Iterable[Any] = ()) -> Row | None:
        rows = await self.fetchall(sql, params)
        return rows[0] if rows else None

    async def fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[Row]:
        cursor = await self._cursor(sql, params)
        try:
            return list(await cursor.fetchall())
        except sqlite3.IntegrityError as error:  # RETURNING: a statement runs as its rows are read
            raise IntegrityError(str(error)) from error
        finally:
            await cursor.close()

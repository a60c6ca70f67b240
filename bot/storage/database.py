"""One aiosqlite connection with WAL, foreign keys, a busy timeout and numbered migrations."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from collections.abc import AsyncIterator, Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import aiosqlite

log = logging.getLogger("herald.storage")

MIGRATIONS_DIR = Path(__file__).with_name("migrations")
_MIGRATION_NAME = re.compile(r"^(\d{4})_([a-z0-9_]+)\.sql$")
BUSY_TIMEOUT_MS = 5000


def utcnow() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


class Database:
    """The bot's single connection.

    aiosqlite runs every statement on one worker thread, but coroutines can still interleave
    between statements, so every unit of work (a read or a transaction) holds ``_lock``: a
    write never sees another coroutine's half-finished transaction.
    """

    def __init__(self, path: Path | str) -> None:
        self.path = str(path)
        self._conn: aiosqlite.Connection | None = None
        self._lock = asyncio.Lock()
        #: Statements executed since opening: lets tests bound the work a command does.
        self.query_count = 0

    async def open(self) -> Database:
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self._conn = await aiosqlite.connect(self.path, isolation_level=None)
        self._conn.row_factory = aiosqlite.Row
        await self._conn.execute("PRAGMA journal_mode = WAL")
        await self._conn.execute("PRAGMA foreign_keys = ON")
        await self._conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        await self._conn.execute("PRAGMA synchronous = NORMAL")
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
        """Apply every migration not yet recorded, in order; return the versions applied."""
        files = sorted(p for p in directory.glob("*.sql") if _MIGRATION_NAME.match(p.name))
        async with self._lock:
            await self.conn.execute(
                "CREATE TABLE IF NOT EXISTS schema_migrations ("
                " version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)"
            )
            async with self.conn.execute("SELECT version FROM schema_migrations") as cursor:
                done = {row[0] for row in await cursor.fetchall()}
            applied = []
            for path in files:
                match = _MIGRATION_NAME.match(path.name)
                assert match is not None
                version, name = int(match.group(1)), match.group(2)
                if version in done:
                    continue
                script = path.read_text(encoding="utf-8")
                try:
                    await self.conn.executescript(
                        "BEGIN IMMEDIATE;\n"
                        f"{script}\n;"
                        f"INSERT INTO schema_migrations (version, name, applied_at) "
                        f"VALUES ({version}, '{name}', '{utcnow()}');\n"
                        "COMMIT;"
                    )
                except Exception:
                    if self.conn.in_transaction:
                        await self.conn.execute("ROLLBACK")
                    raise
                log.info("applied migration %04d_%s", version, name)
                applied.append(version)
            return applied

    # -- statements -----------------------------------------------------------------------

    @contextlib.asynccontextmanager
    async def transaction(self) -> AsyncIterator[Transaction]:
        """``BEGIN IMMEDIATE`` ... ``COMMIT``; any exception, cancellation included, rolls back.

        aiosqlite runs each statement on its own thread: cancelling the task that awaits one does
        not stop it. So BEGIN, COMMIT and ROLLBACK are always run to the end (:meth:`_complete`),
        and a cancellation at any await leaves the connection outside a transaction, with either
        the whole unit of work written or none of it.
        """
        async with self._lock:
            try:
                await self._complete("BEGIN IMMEDIATE")
                yield Transaction(self)
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
    async def reading(self) -> AsyncIterator[Transaction]:
        """Statements outside a write transaction, still serialised with the writers."""
        async with self._lock:
            yield Transaction(self)


class Transaction:
    """The statements available inside :meth:`Database.transaction` or :meth:`Database.reading`."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def execute(self, sql: str, params: Iterable[Any] = ()) -> aiosqlite.Cursor:
        self._db.query_count += 1
        return await self._db.conn.execute(sql, tuple(params))

    async def fetchone(self, sql: str, params: Iterable[Any] = ()) -> aiosqlite.Row | None:
        cursor = await self.execute(sql, params)
        try:
            return await cursor.fetchone()
        finally:
            await cursor.close()

    async def fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[aiosqlite.Row]:
        cursor = await self.execute(sql, params)
        try:
            return list(await cursor.fetchall())
        finally:
            await cursor.close()
